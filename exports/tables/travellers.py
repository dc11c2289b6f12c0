"""Comparative Skat's travellers as a table: every table's line of a deck (the traveller page's
``scoring.comparison.page.deck_page``) or of every deck of a series, and for each seat letter
its player, score and matchpoints, as the page shows them."""

from __future__ import annotations

from dataclasses import dataclass

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from exports.cells import exact
from scoring.comparison.services import TravellerCell, TravellerRow


@dataclass(frozen=True)
class DeckLine:
    """One table's line of a deck, with the cells of the letters the file shows."""

    deck: int
    line: TravellerRow
    cells: tuple[TravellerCell | None, ...]


class MatchpointsColumn(tables.Column):
    def value(self, value):
        return exact(value)


class TravellerExport(tables.Table):
    deck = tables.Column(verbose_name=_("Deck"))
    table = tables.Column(verbose_name=_("Table"), accessor="line__table")
    declarer_seat = tables.Column(verbose_name=pgettext_lazy("seat at a table", "Seat"),
                                  accessor="line__declarer_letter")
    declarer = tables.Column(verbose_name=_("Declarer"), accessor="line__declarer__name")
    game = tables.Column(verbose_name=_("Game"), accessor="line__description")
    value = tables.Column(verbose_name=pgettext_lazy("column: a game's value", "Value"),
                          accessor="line__value")

    def __init__(self, data, *, letters: list[str] | tuple[str, ...], **kwargs):
        """``letters``: the letters whose cells the rows carry, in their order."""
        mp = pgettext("matchpoints, abbreviated", "MP")
        extra = []
        for i, letter in enumerate(letters):
            extra += [
                (f"{letter}_player", tables.Column(verbose_name=f"{letter} · {_('Player')}",
                                                   accessor=f"cells__{i}__player__name")),
                (letter, tables.Column(verbose_name=letter, accessor=f"cells__{i}__score")),
                (f"{letter}_mp", MatchpointsColumn(verbose_name=f"{letter} · {mp}",
                                                   accessor=f"cells__{i}__matchpoints")),
            ]
        super().__init__(data, extra_columns=extra, **kwargs)
