"""The rows of the comparative pages (docs/rules.md §13), built once for the pages and their
PDFs (``printing.comparative``): the standings and the book's columns per seat letter, a
deck's traveller, a player's decks against the field."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext, pgettext

from scoring.comparison import open_cards
from scoring.comparison import services as comparisons
from scoring.comparison.loaders import DeckInfo
from scoring.comparison.open_cards import BestGame, OpenNote
from scoring.comparison.services import Comparison, TravellerCell, TravellerRow
from scoring.results.loaders import PlayerInfo
from tournament.permissions import Visitor


def comparison(visitor: Visitor, number: int | None = None) -> Comparison:
    """The comparison the visitor may see, for the comparative pages and their PDFs; a
    tournament without a pre-dealt set, or a series it does not have, is a 404."""
    if number is not None and not visitor.tournament.series.filter(number=number).exists():
        raise Http404(gettext("No such series."))
    try:
        return comparisons.comparative_results(visitor, series=number)
    except comparisons.NotComparative:
        raise Http404(gettext("This tournament is not played comparatively.")) from None


@dataclass(frozen=True)
class ComparativeRow:
    """One player's line of the comparative standings."""

    place: str
    rank: int
    tied: bool
    number: int
    name: str
    sort_name: str
    decks: int
    matchpoints: Fraction
    percent: Fraction


@dataclass(frozen=True)
class LetterRow:
    """One line of a seat letter's column: a player's total on the decks he held it."""

    place: str
    tied: bool
    player: PlayerInfo
    decks: int
    points: Fraction | int


@dataclass(frozen=True)
class ComparativePage:
    comparison: Comparison
    rows: list[ComparativeRow]
    columns: list[tuple[str, list[LetterRow]]]  # by letter
    decks: list[tuple[int, list[DeckInfo]]]  # by series: the travellers' links


def comparative_page(visitor: Visitor, number: int | None = None) -> ComparativePage:
    found = comparison(visitor, number)
    rows = []
    for s in found.standings:
        player = found.player(s.player)
        rows.append(ComparativeRow(s.place, s.rank, s.tied, player.number, player.name,
                                   player.sort_name, s.decks, s.matchpoints, s.percent))
    columns = [(letter, [LetterRow(c.place, c.tied, found.player(c.player), c.decks, c.points)
                         for c in column])
               for letter, column in found.columns.items()]
    return ComparativePage(found, rows, columns, found.decks_by_series())


@dataclass(frozen=True)
class ShownLine:
    """A table's line of the traveller with the cells of the letters shown."""

    line: TravellerRow
    cells: tuple[TravellerCell | None, ...]
    open: OpenNote | None = None  # what the cards allowed, once the deck is analysed


@dataclass(frozen=True)
class DeckPage:
    comparison: Comparison
    number: int  # the series
    deck_number: int
    deck: DeckInfo | None  # None: no counted table has played it
    lines: list[TravellerRow]
    letters: list[str]  # the letters shown: at a four-table the dealer's sits the deck out
    rows: list[ShownLine]
    top: int | None
    best_games: list[BestGame] = field(default_factory=list)  # each letter's, open cards

    @property
    def decks(self) -> list[tuple[int, list[DeckInfo]]]:
        return self.comparison.decks_by_series()


def deck_page(visitor: Visitor, number: int, deck: int) -> DeckPage:
    found = comparison(visitor, number)
    if not 1 <= deck <= found.deal_set.decks:
        raise Http404(gettext("No such deck."))
    info = found.deck(number, deck)
    lines = found.traveller(info) if info else []
    # at a four-table the dealer's letter sits the deck out: its column would be all dashes
    sat_out = info.dealer if info and found.deal_set.table_size == 4 else None
    letters = [letter for letter in found.letters if letter != sat_out]
    # the hand's analysis is what its hand records show: to whom they show it (unreleased:
    # the organizers only)
    series = found.tournament.series.filter(number=number).first()
    open_notes, best = (open_cards.notes(info, lines, found.tournament.rules)
                        if series is not None and visitor.sees_hands_of(series) else ([], []))
    rows = [ShownLine(line, tuple(cell for letter, cell in zip(found.letters, line.cells,
                                                                   strict=True)
                                      if letter != sat_out),
                      open_notes[i] if open_notes else None) for i, line in enumerate(lines)]
    return DeckPage(found, number, deck, info, lines, letters, rows,
                    found.top(info) if info else None, best)


@dataclass(frozen=True)
class PlayerDeckRow:
    """A deck a player held cards on: his score against the field's with the same cards."""

    deck: str  # "series / deck"
    order: tuple[int, int]
    url: str  # the deck's traveller
    letter: str
    score: int
    field: Fraction | None  # the others' mean score; None: nobody else held those cards
    verdict: str  # how the field did with his cards
    difference: Fraction | None
    matchpoints: Fraction | None
    top: int | None
    percent: Fraction | None


def player_deck_rows(found: Comparison, entry: int) -> list[PlayerDeckRow]:
    rows = []
    for p in found.player_decks(entry):
        difference = None if p.field is None else p.field - p.score
        verdict = ("—" if difference is None else
                   pgettext("how the field did with a player's cards", "did better")
                   if difference > 0 else
                   pgettext("how the field did with a player's cards", "did worse")
                   if difference < 0 else
                   pgettext("how the field did with a player's cards", "did the same"))
        rows.append(PlayerDeckRow(
            f"{p.deck.series} / {p.deck.number}", (p.deck.series, p.deck.number),
            reverse("scoring:comparative_deck",
                    args=[found.tournament.slug, p.deck.series, p.deck.number]),
            p.letter, p.score, p.field, verdict, difference, p.matchpoints, p.top, p.percent))
    return rows
