"""What the comparative pages show: hand records with suit symbols, the room's movement."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from django.utils.translation import pgettext

from engine import Rank, seat_of
from engine.analysis import LetterAnalysis
from engine.cards import BY_CODE, JACK_ORDER
from engine.decks import sorted_hand
from tournament.comparative.analysis import analyses
from tournament.comparative.services import TableRounds
from tournament.deal_words import say_words
from tournament.models import Deck, Series
from tournament.parsing import INT_MAX, int_param
from tournament.seating.page import Jump


@dataclass(frozen=True)
class SuitCards:
    symbol: str
    colour: str  # "red" or "black": the page prints hearts and diamonds red
    ranks: str  # "A 10 K" (Jacks are shown apart, as trumps of every suit game)


@dataclass(frozen=True)
class HandRecord:
    letter: str
    jacks: tuple[SuitCards, ...]
    suits: tuple[SuitCards, ...]


@dataclass(frozen=True)
class OpenCell:
    """One game of one hand with open cards: the card points (Null: won or lost)."""

    text: str
    won: bool
    mark: str  # "S" Schneider, "W" Schwarz (the score sheet's letters), or ""
    best: bool  # the hand's best game


@dataclass(frozen=True)
class OpenRow:
    letter: str
    cells: tuple[OpenCell, ...]  # in the order of engine.analysis.GAMES
    best: str  # the best game in words, as the score sheet says a deal
    value: int


@dataclass(frozen=True)
class DeckRecord:
    number: int
    dealer: str
    hands: tuple[HandRecord, ...]
    skat: tuple[SuitCards, ...]
    analysis: tuple[OpenRow, ...] = ()  # empty until the deck is analysed


def _by_suit(codes: list[str], jacks: bool) -> tuple[SuitCards, ...]:
    """The cards of ``codes`` suit by suit, Clubs first, each Ace down to 7 (the engine's
    ``HAND_ORDER``): only the Jacks, or all but the Jacks."""
    cards = sorted_hand(BY_CODE[code] for code in codes)
    groups = []
    for suit in JACK_ORDER:
        ranks = [card.rank.label for card in cards
                 if card.suit is suit and (card.rank is Rank.JACK) == jacks]
        if ranks:
            groups.append(SuitCards(suit.symbol, suit.colour, " ".join(ranks)))
    return tuple(groups)


def deck_record(deck: Deck, analysed: tuple[LetterAnalysis, ...] = ()) -> DeckRecord:
    letters = sorted(deck.hands, key=seat_of)
    hands = tuple(HandRecord(letter, _by_suit(deck.hands[letter], True),
                             _by_suit(deck.hands[letter], False)) for letter in letters)
    skat = _by_suit(deck.skat, True) + _by_suit(deck.skat, False)
    return DeckRecord(deck.number, deck.dealer, hands, skat,
                      tuple(open_row(letter) for letter in analysed))


def open_row(letter: LetterAnalysis) -> OpenRow:
    best = letter.best
    return OpenRow(str(letter.letter), tuple(
        OpenCell(str(g.card_points) if g.card_points is not None else
                 (pgettext("a Null game with open cards", "won") if g.won else
                  pgettext("a Null game with open cards", "lost")),
                 g.won, "W" if g.schwarz else "S" if g.schneider else "", g is best)
        for g in letter.games), say_words(best.words), best.value)


def hand_records(series: Series) -> list[DeckRecord]:
    """Every deck of the series with its analysis once made, as the hand-record page and
    its print show it (two queries)."""
    decks = list(series.decks.order_by("number"))
    analysed = analyses(decks, series.tournament.rules)
    return [deck_record(d, analysed.get(d.pk, ())) for d in decks]


MOVEMENT_TABLES_PER_PAGE = 48  # 36 decks make rows of 36 rounds: a section of 36 a page


def movement_pages(room: list[TableRounds]) -> list[list[TableRounds]]:
    """The room's tables in pages of whole sections (a deck's path stays on one page), at most
    ``MOVEMENT_TABLES_PER_PAGE`` tables unless one section is bigger."""
    pages: list[list[TableRounds]] = []
    current: list[TableRounds] = []
    for _, lines in groupby(room, key=lambda line: line.section):
        section = list(lines)
        if current and len(current) + len(section) > MOVEMENT_TABLES_PER_PAGE:
            pages.append(current)
            current = []
        current += section
    if current:
        pages.append(current)
    return pages


def movement_jumps(pages: list[list[TableRounds]]) -> list[Jump]:
    return [Jump(f"{lines[0].table}–{lines[-1].table}" if len(lines) > 1 else str(lines[0].table),
                 number) for number, lines in enumerate(pages, start=1)]


def page_of_movement_table(pages: list[list[TableRounds]], typed: str) -> str | None:
    """"?page=3#table-80": the page that shows the table a person typed, None if none."""
    table = int_param(typed.strip(), 1, INT_MAX)
    for number, lines in enumerate(pages, start=1):
        if any(line.table == table for line in lines):
            return f"?page={number}#table-{table}"
    return None
