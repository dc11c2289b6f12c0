"""A comparative tournament's scores per deck and seat letter, from the deals played from
a pre-dealt deck (docs/rules.md §12, §13): three queries."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext

from engine import ScoringSystem
from scoring.comparative import LETTERS, DeckResult
from scoring.ranking import deal_scores
from scoring.results.scope import Scope
from scoring.results.tables import DEAL_FIELDS, deal_result, load_seats
from scoring.standings import DealResult, ranked_entry
from tournament.models import PUBLIC_STATES, Deal, Deck, SheetStatus


@dataclass(frozen=True)
class DeckInfo:
    """One pre-dealt deck of a counted series."""

    id: int
    series: int
    number: int
    dealer: str  # the dealer's letter; at a four-table it sits the deck out


@dataclass(frozen=True)
class TravellerLine:
    """One table's play of one deck, as a bridge traveller lists it."""

    deck: int  # the Deck's id
    table: int  # the table's number in its series
    deal: int  # the deal's number on that table's sheet
    declarer: int | None  # the declarer's entry; None for Ramsch and passed deals
    declarer_letter: str | None
    description: str  # the game in words, as the sheet shows it (the reader's language)
    value: int
    won: bool | None
    players: Mapping[str, int]  # letter -> entry, for every letter that received cards
    scores: Mapping[str, int]  # letter -> the score the tournament's system gave that deal
    # what the open-card analysis is compared with: the record's game key, trump, points
    game: str = ""
    trump: str = ""
    card_points: int | None = None


@dataclass(frozen=True)
class ComparativeData:
    decks: Mapping[int, DeckInfo]  # Deck id -> deck, every deck of the counted series
    lines: tuple[TravellerLine, ...]  # by series, deck, table
    results: tuple[DeckResult, ...]  # one a letter of every line: what the comparison reads
    expected: Mapping[int, int]  # Deck id -> the tables of its series that should play it
    provisional: bool  # some counted sheet is not confirmed yet
    problems: tuple[str, ...]  # deals the comparison had to leave out, in sentences


def _load_decks(scope: Scope) -> dict[int, DeckInfo]:
    """The decks of the counted series by id, in series and deck order (one query)."""
    rows = Deck.objects.filter(series__tournament=scope.tournament)
    if scope.series is not None:
        rows = rows.filter(series__number=scope.series)
    if scope.released_only:
        rows = rows.filter(series__status__in=PUBLIC_STATES)
    return {pk: DeckInfo(pk, s, n, dealer) for pk, s, n, dealer in rows.values_list(
        "id", "series__number", "number", "dealer").order_by("series__number", "number")}


def _compared_letters(at_table: dict[int, int], deck: DeckInfo, dealer: int,
                      deal: DealResult, problems: list[str]) -> dict[str, int]:
    """Letter -> entry of the players compared on this deal: at a four-table the deck's
    dealer letter holds no cards (and a sheet whose dealer is not the deck's is reported)."""
    letters = {LETTERS[position - 1]: entry for position, entry in sorted(at_table.items())
               if 1 <= position <= len(LETTERS)}
    if len(at_table) == 4:
        letters.pop(deck.dealer, None)
        if dealer != LETTERS.index(deck.dealer) + 1:
            problems.append(gettext(
                "Series %(series)s, table %(table)s, deal %(deal)s: the sheet has seat "
                "%(seat)s dealing, but %(letter)s dealt deck %(deck)s and sits it out; "
                "%(letter)s is not compared.") % {
                "series": deck.series, "table": deal.table_number, "deal": deal.number,
                "seat": dealer, "letter": deck.dealer, "deck": deck.number})
    return letters


def load_comparative(scope: Scope, system: ScoringSystem) -> ComparativeData:
    """The counted deals that were played from a pre-dealt deck, as each letter's
    score per deck (three queries: seats, decks, deals).

    A score is what ``system`` gives the player for that deal (``ranking.deal_scores``). At
    a four-table the deck's dealer letter received no cards and is not compared. A deck
    expects one result a letter from every published table of its series: a table that
    could not finish, or is not counted yet, leaves the deck to the Neuberg scaling.
    """
    tables = load_seats(scope)
    live = set(tables.meta) - tables.drafts
    counted = {t for t in live
               if not scope.confirmed_only or tables.meta[t][2] == SheetStatus.CONFIRMED}
    provisional = any(tables.meta[t][2] != SheetStatus.CONFIRMED for t in counted)
    per_series = Counter(tables.meta[t][0] for t in live)
    decks = _load_decks(scope)
    expected = {pk: per_series[d.series] for pk, d in decks.items() if per_series[d.series]}

    lines: list[TravellerLine] = []
    results: list[DeckResult] = []
    problems: list[str] = []
    seen: dict[tuple[int, int], int] = {}  # (table, deck) -> the deal that counts
    for table_id, deck_id, dealer, *row in Deal.objects.filter(
            table_id__in=counted, deck__isnull=False).values_list(
            "table_id", "deck_id", "dealer", *DEAL_FIELDS).order_by(
            "table_id", "number"):
        deck = decks.get(deck_id)
        deal = deal_result(tables, table_id, row, scope.tournament.rules)
        if deck is None or deck.series != deal.series:
            problems.append(gettext(
                "Series %(series)s, table %(table)s, deal %(deal)s names a deck of another "
                "series: not compared.") % {"series": deal.series, "table": deal.table_number,
                                            "deal": deal.number})
            continue
        if (table_id, deck_id) in seen:
            problems.append(gettext(
                "Series %(series)s, table %(table)s played deck %(deck)s twice (deals "
                "%(first)s and %(again)s): only deal %(first)s counts.") % {
                "series": deck.series, "table": deal.table_number, "deck": deck.number,
                "first": seen[(table_id, deck_id)], "again": deal.number})
            continue
        seen[(table_id, deck_id)] = deal.number
        at_table = tables.holders(table_id, deal.number)
        scores = deal_scores(system, deal)
        letters = _compared_letters(at_table, deck, dealer, deal, problems)
        # a substitute who is not ranked is not compared either: that deck and letter count
        # one result fewer and are scaled by Neuberg
        letters = {letter: entry for letter, entry in letters.items() if ranked_entry(entry)}
        declarer_seat = row[DEAL_FIELDS.index("declarer")]
        lines.append(TravellerLine(
            deck=deck_id, table=deal.table_number or 0, deal=deal.number,
            declarer=deal.declarer,
            declarer_letter=LETTERS[declarer_seat - 1] if deal.declarer is not None else None,
            description=deal.description, value=deal.value, won=deal.won, players=letters,
            scores={letter: scores.get(entry, 0) for letter, entry in letters.items()},
            game=row[DEAL_FIELDS.index("game")], trump=row[DEAL_FIELDS.index("trump")],
            card_points=row[DEAL_FIELDS.index("card_points")]))
        results.extend(DeckResult(deck_id, letter, entry, scores.get(entry, 0))
                       for letter, entry in letters.items())
    order = {pk: index for index, pk in enumerate(decks)}
    lines.sort(key=lambda line: (order[line.deck], line.table))
    return ComparativeData(decks, tuple(lines), tuple(results), expected, provisional,
                           tuple(problems))
