"""The room's lists as tables: the seating plan of a series (the chart's rows,
``tournament.seating.charts``), the player list (the organizer's ``EntryTable``) and the audit
log (the audit page's entries and their changes, ``tournament.audit.shown_changes``)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.audit import shown_changes
from tournament.models import AuditAction
from tournament.registration.listings import EntryTable

NUMBER = pgettext_lazy("participant number", "No.")


class SeatingExport(tables.Table):
    """Seat rows (``charts.SeatRow``) in table and seat order."""

    table = tables.Column(verbose_name=_("Table"))
    seat = tables.Column(verbose_name=pgettext_lazy("seat at a table", "Seat"),
                         accessor="position")
    number = tables.Column(verbose_name=NUMBER)
    name = tables.Column(verbose_name=_("Player"), accessor="sort_name")
    club = tables.Column(verbose_name=pgettext_lazy("a player's club", "Club"))


class EntryExport(EntryTable):
    """The player list: number, name, club and status, without the check-in button."""

    action = tables.Column(exclude_from_export=True)

    class Meta(EntryTable.Meta):
        pass

    def value_number(self, value):
        return value

    def value_name(self, record):
        return record.sort_name

    def value_status(self, record):
        return record.status_label


class AuditExport(tables.Table):
    """Audit entries, newest first, each with the changes the audit page lists (in the
    reader's language). A congress keeps over 100,000 of them: ``export_rows`` writes the cells
    straight from each entry, read from the database in batches, instead of django-tables2's
    per-cell calls (which cost a second per thousand entries)."""

    at = tables.Column(verbose_name=_("When"))
    actor = tables.Column(verbose_name=_("Who"))
    action = tables.Column(verbose_name=_("What"))
    subject = tables.Column(verbose_name=_("Subject"), accessor="shown_subject")
    series = tables.Column(verbose_name=_("Series"))
    table = tables.Column(verbose_name=_("Table"))
    deal = tables.Column(verbose_name=_("Deal"))
    changes = tables.Column(verbose_name=_("Changed"), empty_values=())

    def __init__(self, data, *args, rules=None, options=None, **kwargs):
        super().__init__(data, *args, **kwargs)
        self.rules, self.options = rules, options

    def export_rows(self):
        """Each entry's cells in the columns' order; the actions' words said once."""
        labels = {value: str(label) for value, label in AuditAction.choices}
        entries = self.data.data
        if hasattr(entries, "iterator"):
            entries = entries.iterator(chunk_size=2000)
        for entry in entries:
            yield [entry.at, entry.actor, labels.get(entry.action, entry.action),
                   entry.shown_subject, entry.series, entry.table, entry.deal,
                   changed_lines(shown_changes(entry, self.rules, self.options))]


def changed_lines(changes) -> str | None:
    """One change a line, as the page lists them: "key: before → after"."""
    lines = []
    for key, old, new in changes:
        said = (f"{old} → {new}" if old is not None and new is not None
                else new if new is not None else old)
        lines.append(f"{key}: {said}" if key else str(said))
    return "\n".join(lines) or None
