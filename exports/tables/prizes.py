"""The prize list as a table: a row per prize of ``scoring.awards.page.prize_page``, its
winner, the reason read aloud, and what the page says beside it (by lot, a tie to draw,
provisional, not awarded)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.awards.page import PrizeRow


def _state(row: PrizeRow) -> str:
    """The page's words beside a prize, in the reader's language."""
    prize = row.prize
    if prize.unawarded:
        return ""  # the reason says why
    if prize.tie:
        # Translators: a prize list's note, followed by the tied players' names
        tied = ", ".join(f"{c.name} (#{c.number})" for c in row.candidates)
        return gettext("Tie between %(players)s: to be settled by lot.") % {"players": tied}
    notes = [gettext("by lot")] if prize.by_lot else []
    if prize.provisional:
        notes.append(gettext("Provisional until the tie above is settled."))
    return " ".join(notes)


class PrizeExport(tables.Table):
    prize = tables.Column(verbose_name=_("Prize number"), accessor="prize__number")
    title = tables.Column(verbose_name=pgettext_lazy("a prize's name", "Title"),
                          accessor="prize__title")
    winner = tables.Column(verbose_name=_("Winner"), empty_values=())
    number = tables.Column(verbose_name=pgettext_lazy("participant number", "No."),
                           empty_values=())
    club = tables.Column(verbose_name=pgettext_lazy("a player's club", "Club"),
                         empty_values=())
    reason = tables.Column(verbose_name=_("Reason"), accessor="prize__reason")
    note = tables.Column(verbose_name=_("Note"), empty_values=())

    def value_winner(self, record):
        return record.winners[0].name if record.winners else None

    def value_number(self, record):
        return record.winners[0].number if record.winners else None

    def value_club(self, record):
        return (record.winners[0].club or None) if record.winners else None

    def value_note(self, record):
        return _state(record) or None
