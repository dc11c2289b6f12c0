"""Feeding the pure scoring functions from the database with a fixed number of queries: each
player's totals summed by the database (``load_totals``), a player's or a congress's deals and
penalties (``load_results``), the tournament's players (``players_of``). Each reads a
``Scope``."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import connections
from django.db.models import Case, Count, F, Max, Min, Q, QuerySet, Sum, Value, When

from engine import ScoringSystem
from scoring.models import MissingDeals
from scoring.prizes import (
    SOLO_GRAND_GAMES,
    SOLO_SUIT_GAMES,
    TOURNE_GRAND_GAMES,
    TOURNE_SUIT_GAMES,
    PrizeKind,
    PrizeSpec,
)
from scoring.ranking import missing_deals_credit
from scoring.results.scope import Scope
from scoring.results.tables import Absence, Tables, load_deals, load_penalties, load_seats
from scoring.standings import (
    NOT_GAMES,
    OPPONENT_BONUS,
    DealResult,
    PenaltyResult,
    Tally,
    charge_penalties,
    ranked_entry,
)
from tournament.models import Deal, Entry, Tournament
from tournament.sheets.sheet import SEATS


@dataclass(frozen=True)
class PlayerInfo:
    entry: int
    number: int
    name: str
    sort_name: str
    club_id: int | None
    club: str
    namesake: bool = False  # another entry of the tournament has the same name

    @property
    def label(self) -> str:
        """The name as the result pages show it: "Jürgen Müller (no. 12)" where another
        entry shares the name, on every width, page and PDF."""
        return f"{self.name} (no. {self.number})" if self.namesake else self.name

    @property
    def sort_label(self) -> str:
        """ "Müller, Jürgen (no. 12)", as ``label``."""
        return f"{self.sort_name} (no. {self.number})" if self.namesake else self.sort_name


def players_of(tournament: Tournament) -> dict[int, PlayerInfo]:
    rows = list(Entry.objects.filter(tournament=tournament).values_list(
        "id", "number", "first_name", "last_name", "club_id", "club__name", "name_key"))
    # namesakes by the search key: "Müller" and "Mueller" are told apart by number too
    keys = Counter(row[-1] for row in rows)
    return {e: PlayerInfo(e, n, f"{f} {last}", f"{last}, {f}", c, club or "", keys[key] > 1)
            for e, n, f, last, c, club, key in rows}


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




def load_results(scope: Scope) -> Results:
    """Every counted deal and penalty as plain data: four queries in all.

    Who played is read from the seats of the counted tables, so the pure functions never see
    the others. ``scope.entry`` keeps to the tables that player sat at (his page; ``entries``
    is then his)."""
    tables = load_seats(scope)
    counted = tables.counted(scope.confirmed_only)
    deals = load_deals(tables, counted, scope.tournament.rules)
    penalties = load_penalties(tables, counted)
    entries = _entries(scope.tournament) if scope.entry is None else (scope.entry,)
    return Results(deals, penalties, entries, tables.provisional(counted),
                   tables.played(counted), tables.statuses)


def _entries(tournament: Tournament) -> tuple[int, ...]:
    return tuple(Entry.objects.filter(tournament=tournament, withdrawn=False)
                 .values_list("id", flat=True))


@dataclass(frozen=True)
class Bests:
    """Each player's best won games by the numbers prizes 3, 6 and 7 rank them by first, and
    his count of the games each custom prize counts: what the prizes ask for candidates."""

    value: dict[int, int] = field(default_factory=dict)  # his highest game won
    solo: dict[int, int] = field(default_factory=dict)  # his Solo won against most: -n
    tourne: dict[int, int] = field(default_factory=dict)  # his Tourné won against most: -n
    counts: dict[frozenset[str], dict[int, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Totals:
    """Each player's totals over the counted deals, summed by the database, with what the
    pages say besides: the penalties, who did not play, whether the sheets are final."""

    tallies: dict[int, Tally]
    penalties: tuple[PenaltyResult, ...]
    entries: tuple[int, ...]  # every registered player who has not withdrawn
    provisional: bool  # some counted sheet is not confirmed yet
    played: frozenset[int]  # seated at a counted table of a published series
    statuses: dict[int, str] = field(default_factory=dict)  # series number -> status
    bests: Bests = field(default_factory=Bests)
    absences: tuple[Absence, ...] = ()  # substitutes and sheets ended early, by table

    @property
    def did_not_play(self) -> tuple[int, ...]:
        """Registered players who never sat at a counted table, listed apart, never ranked."""
        return tuple(sorted(e for e in self.entries if e not in self.played))


# The games prizes 3 and 7 are for (a Grand ranks above every suit).
AGAINST = {"solo": SOLO_SUIT_GAMES | SOLO_GRAND_GAMES,
           "tourne": TOURNE_SUIT_GAMES | TOURNE_GRAND_GAMES}
IS_GAME = Q(declarer__isnull=False) & ~Q(game__in=NOT_GAMES)
WON_GAME = IS_GAME & Q(won=True)


def load_totals(scope: Scope, specs: Sequence[PrizeSpec] = ()) -> Totals:
    """Each player's Points, games won and lost, Seeger-Fabian bonus and ``Bests`` for the
    prizes ``specs`` (five queries: seats, the sums per table and declarer, penalties,
    entries; rows grow with tables, not deals).

    The same totals as ``standings`` sums over ``load_results``' deals (a test holds them
    equal): what a deal adds to seat n is its ``points_n``, a game is a deal with a declarer
    that is neither passed nor a Ramsch."""
    tables = load_seats(scope)
    counted = tables.counted(scope.confirmed_only)
    tallies: dict[int, Tally] = {entry: Tally() for entry in tables.played(counted)}
    kinds = _counted_kinds(specs)
    bests = Bests(counts={games: {} for games in kinds})
    columns = (*(Sum(f"points_{seat}") for seat in SEATS),
               Count("id", filter=WON_GAME), Count("id", filter=IS_GAME & Q(won=False)),
               Count("id"),
               Max("value", filter=WON_GAME),
               *(Min("matadors", filter=WON_GAME & Q(matadors__lt=0, game__in=games))
                 for games in AGAINST.values()),
               *(Count("id", filter=WON_GAME & Q(game__in=games)) for games in kinds))
    # At a table where a substitute took a seat, the sums go deal by deal ("part": the deal's
    # number there, 0 elsewhere), so that each deal counts for whoever played it.
    split = tables.split_tables(counted)
    rows, group = scope.deals(), ["table_id", "declarer"]
    if split:
        rows = rows.annotate(part=Case(When(table_id__in=sorted(split), then=F("number")),
                                       default=Value(0)))
        group.append("part")
    sums = _fetch_all(rows.values_list(*group).annotate(
        **{f"c{i}": column for i, column in enumerate(columns)}).order_by())
    per_table: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # points, won, lost, deals
    for table_id, declarer, *row in sums:
        number = row.pop(0) if split else 0
        if table_id not in counted:
            continue
        at_table = tables.holders(table_id, number)
        _add_table_sums(tallies, tables, table_id, declarer, row, at_table)
        if (row[4] or row[5]) and ranked_entry(at_table.get(declarer, -1)):
            _add_bests(bests, at_table[declarer], row[7:], kinds)
        sums_of = per_table[table_id]
        sums_of[0] += sum(p or 0 for p in row[:4])
        sums_of[1] += row[4]
        sums_of[2] += row[5]
        sums_of[3] += row[6]
    credits = (_credit_missing_deals(tallies, tables, counted, per_table, scope.tournament)
               if scope.missing_deals == MissingDeals.TABLE_AVERAGE else {})
    penalties = load_penalties(tables, counted)
    charge_penalties(tallies, penalties)
    return Totals({e: t for e, t in tallies.items() if ranked_entry(e)}, penalties,
                  _entries(scope.tournament), tables.provisional(counted),
                  tables.played(counted), tables.statuses, bests,
                  tables.absences(counted, scope.tournament, credits))


def _credit_missing_deals(tallies: dict[int, Tally], tables: Tables, counted: set[int],
                          per_table: Mapping[int, list[int]],
                          tournament: Tournament) -> dict[int, int]:
    """Each player at a sheet the director ended early gets the table's average for every
    deal not played (docs/rules.md §10), in the tournament's scoring system; returns what
    each such table gave each of its players."""
    system = ScoringSystem(tournament.scoring_system)
    credits = {}
    for table_id, ended in tables.ended.items():
        if table_id not in counted or table_id in tables.drafts:
            continue
        size = len(tables.seats[table_id])
        points, won, lost, played = per_table.get(table_id, [0, 0, 0, 0])
        credit = missing_deals_credit(system, size, played, tournament.deals_at(size),
                                      points, won, lost)
        credits[table_id] = credit
        for entry in tables.holders(table_id, ended + 1).values():
            if credit and ranked_entry(entry):
                tallies.setdefault(entry, Tally()).credit += credit
    return credits


def _fetch_all(rows: QuerySet[Deal, tuple]) -> list[tuple]:
    """The rows of a ``values_list`` of integers in one fetch, without Django's conversion of
    each value (a tenth of a second at a congress's 12,000 sums)."""
    sql, params = rows.query.sql_with_params()
    with connections[rows.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _counted_kinds(specs: Sequence[PrizeSpec]) -> list[frozenset[str]]:
    return sorted({s.games for s in specs if s.kind is PrizeKind.COUNT_WON}, key=sorted)


def _add_table_sums(tallies: dict[int, Tally], tables: Tables, table_id: int,
                    declarer: int | None, row: Sequence[int],
                    at_table: Mapping[int, int]) -> None:
    """One table's sums for one declarer (or for the deals without one) into the tallies:
    what each seat scored, the declarer's games, the others' bonus for his lost games.
    ``at_table``: who played each seat in these deals (``Tables.holders``)."""
    if len(at_table) not in OPPONENT_BONUS:
        raise ValueError(f"{tables.reference(table_id)}: a table seats 3 or 4, "
                         f"not {len(at_table)}")
    for entry in at_table.values():
        if entry not in tallies:
            tallies[entry] = Tally()
    for seat, points in zip(SEATS, row[:4], strict=True):
        if points:
            if seat not in at_table:
                raise ValueError(f"{tables.reference(table_id)}: seat {seat} scored but "
                                 "nobody sits there")
            tallies[at_table[seat]].points += points
    won, lost = row[4], row[5]
    if not (won or lost):
        return
    if declarer not in at_table:
        raise ValueError(f"{tables.reference(table_id)}: a declarer in seat {declarer}, "
                         "where nobody sits")
    tallies[at_table[declarer]].won += won
    tallies[at_table[declarer]].lost += lost
    if lost:
        bonus = OPPONENT_BONUS[len(at_table)] * lost
        for seat, entry in at_table.items():
            if seat != declarer:
                tallies[entry].bonus += bonus
                tallies[entry].others_lost += lost


def _add_bests(bests: Bests, entry: int, row: Sequence[int | None],
               kinds: Sequence[frozenset[str]]) -> None:
    value, solo, tourne, *counts = row
    for numbers, number, pick in ((bests.value, value, max), (bests.solo, solo, min),
                                  (bests.tourne, tourne, min)):
        if number is not None:
            numbers[entry] = pick(numbers.get(entry, number), number)
    for games, count in zip(kinds, counts, strict=True):
        if count:
            bests.counts[games][entry] = bests.counts[games].get(entry, 0) + count
