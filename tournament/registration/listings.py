"""django-tables2 tables of the registration pages: entries and clubs."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from tournament.models import Club, Entry
from tournament.privacy import Publication, full, shown

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class EntryTable(tables.Table):
    """The tournament's entries; the check-in button posts back to the current page."""

    # Translators: the participant number, a narrow column head
    number = tables.Column(verbose_name=pgettext_lazy("participant number", "No."), attrs=NUM)
    name = tables.Column(verbose_name=gettext_lazy("Name"), accessor="last_name",
                         order_by=("last_name", "first_name"))
    club = tables.Column(verbose_name=gettext_lazy("Club"), accessor="club__name",
                         order_by=("club__name", "last_name"), default="")
    status = tables.Column(verbose_name=gettext_lazy("Status"), accessor="checked_in",
                           order_by=("withdrawn", "checked_in", "number"))
    action = tables.TemplateColumn(template_name="tournament/players/_check_in_button.html",
                                   verbose_name="", orderable=False, accessor="pk")

    class Meta:
        model = Entry
        fields = ("number", "name", "club", "status", "action")
        attrs = {"class": "data entries"}
        empty_text = gettext_lazy("No players match.")
        order_by = ("number",)

    def __init__(self, *args, slug: str, publication: str = Publication.FULL, **kwargs):
        super().__init__(*args, **kwargs)
        self.slug = slug
        self.publication = publication  # the tournament's choice (``tournament.privacy``)

    def render_number(self, record, value):
        url = reverse("tournament:entry_edit", args=[self.slug, value])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_name(self, record):
        public = full(*shown(record.first_name, record.last_name, record.publication,
                             record.pseudonym, self.publication))
        if public == record.name:
            return record.sort_name
        # the staff read the full name, and what the public reads beside it
        return format_html('{} <small class="muted">{}</small>', record.sort_name,
                           gettext("(public: %(name)s)") % {"name": public})

    def render_status(self, record):
        return format_html('<span class="status status-{}">{}</span>',
                           record.status.replace(" ", "-"), record.status_label)


class ClubTable(tables.Table):
    name = tables.Column(verbose_name=gettext_lazy("Club"))
    city = tables.Column(verbose_name=gettext_lazy("City"), default="")
    players = tables.Column(verbose_name=gettext_lazy("Players here"), attrs=NUM)
    manage = tables.Column(verbose_name="", accessor="pk", orderable=False, empty_values=())

    def __init__(self, *args, slug: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.slug = slug

    def render_manage(self, record):
        if not getattr(record, "own", False):
            return ""  # another organizer's club: not ours to merge or delete
        url = reverse("tournament:club", args=[self.slug, record.pk])
        return format_html('<a href="{}">{}</a>', url, gettext_lazy("Merge or delete"))

    class Meta:
        model = Club
        fields = ("name", "city", "players", "manage")
        attrs = {"class": "data clubs"}
        empty_text = gettext_lazy("No clubs yet.")
        order_by = ("name",)
