"""Feeding the pure scoring functions from the database with a fixed number of queries: a
congress's deals and penalties (``load_results``), a comparative tournament's scores per deck
(``load_comparative``)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from engine import RuleSet, ScoringSystem, get_rule_set
from scoring.comparative import LETTERS, DeckResult
from scoring.standings import DealResult, PenaltyResult, deal_scores
from tournament.models import (
    RELEASED_STATES,
    Deal,
    Deck,
    Entry,
    Penalty,
    Seat,
    SeriesStatus,
    SheetStatus,
    Tournament,
)
from tournament.sheets.sheet import deal_entries


@dataclass(frozen=True)
class Results:
    deals: tuple[DealResult, ...]
    penalties: tuple[PenaltyResult, ...]
    entries: tuple[int, ...]  # every registered player who has not withdrawn
    provisional: bool  # some counted sheet is not confirmed yet
    # Seated at a counted table of a published series: these are ranked, even with 0 points.
    played: frozenset[int]
    # the status of each series with seats among those loaded, by number
    statuses: dict[int, str] = field(default_factory=dict)

    @property
    def did_not_play(self) -> tuple[int, ...]:
        """Registered players who never sat at a counted table, listed apart, never ranked."""
        return tuple(sorted(e for e in self.entries if e not in self.played))


def load_results(tournament: Tournament, confirmed_only: bool = False,
                 series: int | None = None, released_only: bool = False) -> Results:
    """Every deal and penalty of ``tournament`` as plain data: four queries in all.

    ``released_only`` keeps to series whose results are released to the public. Who played is
    read from the seats of the counted tables, so the pure functions never see the others.
    """
    tables = _load_seats(tournament, series, released_only)
    tables.rules = get_rule_set(tournament.rule_set)
    counted = {t for t, (_, _, status) in tables.meta.items()
               if not confirmed_only or status == SheetStatus.CONFIRMED}
    provisional = any(tables.meta[t][2] != SheetStatus.CONFIRMED for t in counted)
    deals = _load_deals(tables, counted, tournament.rule_set)
    penalties = _load_penalties(tables, counted)
    entries = tuple(Entry.objects.filter(tournament=tournament, withdrawn=False)
                    .values_list("id", flat=True))
    played = frozenset(entry for table_id in counted - tables.drafts
                       for entry in tables.seats[table_id].values())
    return Results(deals, penalties, entries, provisional, played, tables.statuses)


@dataclass
class _Tables:
    """The tables that have seats, as their seats tell."""

    seats: dict[int, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))
    meta: dict[int, tuple[int, int, str]] = field(default_factory=dict)  # (series, table, status)
    drafts: set[int] = field(default_factory=set)  # of a plan not yet published: nobody sat
    statuses: dict[int, str] = field(default_factory=dict)  # series number -> status
    rules: RuleSet | None = None  # names the penalties' reasons


def _load_seats(tournament: Tournament, series: int | None, released_only: bool) -> _Tables:
    """Who sat where at each table, and each table's series, number and sheet status (one
    query)."""
    tables = _Tables()
    seat_rows = Seat.objects.filter(series__tournament=tournament)
    if series is not None:
        seat_rows = seat_rows.filter(series__number=series)
    if released_only:
        seat_rows = seat_rows.filter(series__status__in=RELEASED_STATES)
    for (table_id, position, entry_id, series_number, table_number, status,
         series_status) in seat_rows.values_list(
        "table_id", "position", "entry_id", "series__number", "table__number",
        "table__sheet_status", "series__status",
    ):
        tables.seats[table_id][position] = entry_id
        tables.meta[table_id] = (series_number, table_number, status)
        tables.statuses[series_number] = series_status
        if series_status == SeriesStatus.DRAFT:
            tables.drafts.add(table_id)
    return tables


def _load_deals(tables: _Tables, counted: set[int], rules: str) -> tuple[DealResult, ...]:
    """The deals of the counted tables, by table and number (one query), in ``rules``."""
    return tuple(
        _deal_result(tables, table_id, row, rules)
        for table_id, *row in Deal.objects.filter(table_id__in=counted).values_list(
            "table_id", *DEAL_FIELDS).order_by("table_id", "number"))


# What a DealResult is made of, in the order ``_deal_result`` reads it.
DEAL_FIELDS = ("number", "declarer", "contra_by", "revoked_by", "record", "outcome", "value",
               "description")


def _deal_result(tables: _Tables, table_id: int, row, rules: str) -> DealResult:
    """One deal row (``DEAL_FIELDS``) of a table as scoring sees it: seats become entries."""
    number, declarer, contra_by, revoked_by, record, outcome, value, description = row
    at_table = tables.seats[table_id]
    by_seat = deal_entries(value, declarer, loser=record.get("loser"),
                           contra_by=contra_by, contra_value=outcome.get("contra_value"),
                           revoked_by=revoked_by,
                           revoke_value=outcome.get("revoke_value"))
    series_number, table_number, _ = tables.meta[table_id]
    return DealResult(
        series=series_number, table=table_id, table_number=table_number,
        table_size=len(at_table), number=number,
        players=tuple(at_table[p] for p in sorted(at_table)),
        declarer=at_table.get(declarer) if declarer else None,
        game=record.get("game", ""), trump=record.get("trump"),
        matadors=record.get("matadors", 0) or 0,
        won=outcome.get("won") if declarer else None, value=value,
        card_points=record.get("card_points"), passt_nicht=bool(record.get("passt_nicht")),
        entries={at_table[s]: v for s, v in by_seat.items()},
        rules=rules, description=description,
    )


def _load_penalties(tables: _Tables, counted: set[int]) -> tuple[PenaltyResult, ...]:
    """The penalties of the counted tables, charged to the entry in the seat (one query)."""
    return tuple(
        PenaltyResult(entry=tables.seats[table_id][seat], points=points,
                      series=tables.meta[table_id][0], table_number=tables.meta[table_id][1],
                      reason=_penalty_reason(tables.rules, reason, note))
        for table_id, seat, points, reason, note in Penalty.objects.filter(table_id__in=counted)
        .values_list("table_id", "seat", "points", "reason", "note")
    )


def _penalty_reason(rules: RuleSet | None, reason: str, note: str) -> str:
    """The reason as the sheet words it (``sheets.loaders.penalty_text`` without "Penalty:")."""
    kind = rules.penalty(reason) if rules else None
    text = kind.text if kind else reason
    return text + (f" ({note})" if note else "")


# -- Comparative Skat (docs/rules.md §12, §13) ------------------------------------------------


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
    description: str  # the game in words, as the sheet shows it
    value: int
    won: bool | None
    players: Mapping[str, int]  # letter -> entry, for every letter that received cards
    scores: Mapping[str, int]  # letter -> the score the tournament's system gave that deal


@dataclass(frozen=True)
class ComparativeData:
    decks: Mapping[int, DeckInfo]  # Deck id -> deck, every deck of the counted series
    lines: tuple[TravellerLine, ...]  # by series, deck, table
    results: tuple[DeckResult, ...]  # one a letter of every line: what the comparison reads
    expected: Mapping[int, int]  # Deck id -> the tables of its series that should play it
    provisional: bool  # some counted sheet is not confirmed yet
    problems: tuple[str, ...]  # deals the comparison had to leave out, in sentences


def _load_decks(tournament: Tournament, series: int | None,
                released_only: bool) -> dict[int, DeckInfo]:
    """The decks of the counted series by id, in series and deck order (one query)."""
    rows = Deck.objects.filter(series__tournament=tournament)
    if series is not None:
        rows = rows.filter(series__number=series)
    if released_only:
        rows = rows.filter(series__status__in=RELEASED_STATES)
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
            problems.append(
                f"Series {deck.series}, table {deal.table_number}, deal {deal.number}: "
                f"the sheet has seat {dealer} dealing, but {deck.dealer} dealt deck "
                f"{deck.number} and sits it out; {deck.dealer} is not compared.")
    return letters


def load_comparative(tournament: Tournament, system: ScoringSystem,
                     confirmed_only: bool = False, series: int | None = None,
                     released_only: bool = False) -> ComparativeData:
    """The deals of ``tournament`` that were played from a pre-dealt deck, as each letter's
    score per deck (three queries: seats, decks, deals).

    A score is what ``system`` gives the player for that deal (``standings.deal_scores``). At
    a four-table the deck's dealer letter received no cards and is not compared. A deck
    expects one result a letter from every published table of its series: a table that
    could not finish, or is not counted yet, leaves the deck to the Neuberg scaling.
    """
    tables = _load_seats(tournament, series, released_only)
    live = set(tables.meta) - tables.drafts
    counted = {t for t in live
               if not confirmed_only or tables.meta[t][2] == SheetStatus.CONFIRMED}
    provisional = any(tables.meta[t][2] != SheetStatus.CONFIRMED for t in counted)
    per_series = Counter(tables.meta[t][0] for t in live)
    decks = _load_decks(tournament, series, released_only)
    expected = {pk: per_series[d.series] for pk, d in decks.items() if per_series[d.series]}

    lines: list[TravellerLine] = []
    results: list[DeckResult] = []
    problems: list[str] = []
    seen: dict[tuple[int, int], int] = {}  # (table, deck) -> the deal that counts
    for table_id, deck_id, description, dealer, *row in Deal.objects.filter(
            table_id__in=counted, deck__isnull=False).values_list(
            "table_id", "deck_id", "description", "dealer", *DEAL_FIELDS).order_by(
            "table_id", "number"):
        deck = decks.get(deck_id)
        deal = _deal_result(tables, table_id, row, tournament.rule_set)
        if deck is None or deck.series != deal.series:
            problems.append(f"Series {deal.series}, table {deal.table_number}, deal "
                            f"{deal.number} names a deck of another series: not compared.")
            continue
        if (table_id, deck_id) in seen:
            problems.append(f"Series {deck.series}, table {deal.table_number} played deck "
                            f"{deck.number} twice (deals {seen[(table_id, deck_id)]} and "
                            f"{deal.number}): only deal {seen[(table_id, deck_id)]} counts.")
            continue
        seen[(table_id, deck_id)] = deal.number
        at_table = tables.seats[table_id]
        scores = deal_scores(system, deal)
        letters = _compared_letters(at_table, deck, dealer, deal, problems)
        declarer_seat = row[DEAL_FIELDS.index("declarer")]
        lines.append(TravellerLine(
            deck=deck_id, table=deal.table_number or 0, deal=deal.number,
            declarer=deal.declarer,
            declarer_letter=LETTERS[declarer_seat - 1] if deal.declarer is not None else None,
            description=description, value=deal.value, won=deal.won, players=letters,
            scores={letter: scores.get(entry, 0) for letter, entry in letters.items()}))
        results.extend(DeckResult(deck_id, letter, entry, scores.get(entry, 0))
                       for letter, entry in letters.items())
    order = {pk: index for index, pk in enumerate(decks)}
    lines.sort(key=lambda line: (order[line.deck], line.table))
    return ComparativeData(decks, tuple(lines), tuple(results), expected, provisional,
                           tuple(problems))
