"""The season ranking as a django-tables2 table: rank, name (opening the player's season),
value, played, counted total, penalty. It sorts and pages; its records are
``season_rows.ranking_records`` in the ranking's order. Guests and players not qualified
are marked with a word and a row class, not by colour alone."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.listings import NUM, secondary
from tournament.numbers import decimals, grouped


def _row_class(record) -> str:
    if record["guest"]:
        return "guest"
    return "" if record["qualified"] else "not-qualified"


class SeasonRankingTable(tables.Table):
    rank = tables.Column(verbose_name=pgettext_lazy("season ranking", "Rank"), attrs=NUM,
                         order_by=("position",), empty_values=())
    name = tables.Column(verbose_name=_("Player"), order_by=("sort_name",))
    value = tables.Column(verbose_name=pgettext_lazy("season ranking", "Value"), attrs=NUM)
    played = tables.Column(verbose_name=pgettext_lazy("season ranking", "Played"), attrs=NUM)
    total = tables.Column(verbose_name=_("Counted total"), attrs=secondary(num=True))
    penalty = tables.Column(verbose_name=pgettext_lazy("season ranking", "Penalty"),
                            attrs=NUM)

    class Meta:
        attrs = {"class": "data season-ranking"}
        row_attrs = {"class": _row_class}
        order_by = ("rank",)
        empty_text = _("Nothing is counted yet.")

    def __init__(self, records, *args, penalties: bool = True, **kwargs):
        super().__init__(records, *args, **kwargs)
        if not penalties:
            self.columns.hide("penalty")

    def render_rank(self, value, record):
        return value or "–"

    def render_name(self, value, record):
        if record["guest"]:
            return format_html('<a href="{}">{}</a> <small class="muted">({})</small>',
                               record["url"], value, gettext("guest"))
        if not record["qualified"]:
            return format_html('<a href="{}">{}</a> <small class="muted">({})</small>',
                               record["url"], value, gettext("not qualified"))
        return format_html('<a href="{}">{}</a>', record["url"], value)

    def render_value(self, value, record):
        return decimals(record["value"])  # 12.50 / 12,50, rounded as the ranking prints

    def render_played(self, value):
        return grouped(value)

    def render_total(self, value):
        return grouped(value)

    def render_penalty(self, value):
        return f"−{grouped(value)}" if value else "–"
