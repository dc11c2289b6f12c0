"""The director's board as a django-tables2 table: it sorts and pages (a congress series has
1,050 tables), the slowest tables first until the director sorts otherwise."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.numbers import grouped

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
SECONDARY_NUM = {"th": {"class": "num col-secondary"}, "td": {"class": "num col-secondary"}}
PER_PAGE = 100  # a phone's page of a congress's 1,050 tables


class BoardTable(tables.Table):
    number = tables.Column(verbose_name=_("Table"), attrs=NUM)
    players = tables.Column(verbose_name=_("Players"), attrs=SECONDARY_NUM)
    progress = tables.Column(verbose_name=_("Deals"), order_by=("percent", "number"),
                             attrs={"td": {"class": "board-progress"}})
    state = tables.Column(verbose_name=_("State"), order_by=("state_order", "number"))
    last_entry = tables.Column(
        verbose_name=pgettext_lazy("the board's column: when a table last entered a deal",
                                   "Last deal"),
        order_by=("last_order", "number"), attrs=SECONDARY_NUM, default="")

    class Meta:
        attrs = {"class": "data board"}
        empty_text = _("This series has no tables yet.")
        row_attrs = {"class": lambda record: f"board-{record.state.key}",
                     "data-table": lambda record: str(record.number)}

    def render_number(self, record, value):
        return format_html('<a class="table-link" href="{}">{}</a>',
                           reverse("tournament:sheet", args=[record.token]), grouped(value))

    def render_progress(self, record):
        return format_html('<progress max="{}" value="{}"></progress> <span class="num">{}</span>',
                           record.deals or 1, record.played, record.progress)

    def render_state(self, record):
        since = ""
        if record.since is not None:
            since = format_html(' <small class="muted">{}</small>',
                                timezone.localtime(record.since).strftime("%H:%M"))
        reason = ""
        if record.reason:  # the phone's refusal, in its words: what to tell the table
            reason = format_html('<br><small class="board-reason">{}</small>', record.reason)
        return format_html('<span class="board-state board-state-{}">{}</span>{}{}',
                           record.state.key, record.state.label, since, reason)

    def render_last_entry(self, value):
        return timezone.localtime(value).strftime("%H:%M")
