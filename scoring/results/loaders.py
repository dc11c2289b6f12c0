"""Feeding the pure scoring functions from the database with a fixed number of queries: each
player's totals summed by the database (``load_totals``), a player's or a congress's deals and
penalties (``load_results``), the tournament's players (``players_of``). Each reads a
``Scope``."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max, Q, QuerySet, Sum
from django.utils.translation import gettext

from engine import NOT_GAMES, SEATS, ScoringSystem
from scoring.models import MissingDeals
from scoring.prizes import PrizeKind, PrizeSpec
from scoring.ranking import missing_deals_credit
from scoring.results.scope import Scope
from scoring.results.tables import (
    Absence,
    Tables,
    fetch_all,
    load_deals,
    load_penalties,
    load_seats,
    load_tables,
)
from scoring.standings import (
    OPPONENT_BONUS,
    DealResult,
    PenaltyResult,
    Tally,
    charge_penalties,
    ranked_entry,
)
from tournament.models import (
    Deal,
    Entry,
    Seat,
    SeriesStatus,
    SheetStatus,
    Tournament,
)
from tournament.names import person_key
from tournament.permissions import public_states
from tournament.privacy import filed, full, name_fields, shown
from tournament.sheets.foot import (
    DEAL_COLUMNS,
    HIGHEST,
    LOST,
    POINTS,
    SOLO,
    TOURNE,
    WON,
    DealColumns,
    foot_of,
)

# A game won, as the prizes ask the deals.
WON_GAME = Q(declarer__isnull=False) & ~Q(game__in=NOT_GAMES) & Q(won=True)


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
        # Translators: a player's name with his participant number, where another has the name
        return (gettext("%(name)s (no. %(number)s)") % {"name": self.name, "number": self.number}
                if self.namesake else self.name)

    @property
    def sort_label(self) -> str:
        """ "Müller, Jürgen (no. 12)", as ``label``."""
        return (gettext("%(name)s (no. %(number)s)") % {"name": self.sort_name,
                                                         "number": self.number}
                if self.namesake else self.sort_name)


def players_of(tournament: Tournament, public: bool = False) -> dict[int, PlayerInfo]:
    """Every entry's number, name and club; ``public``: the names as the public reads them
    (``tournament.privacy``: a pseudonym, a first name and initial)."""
    rows = fetch_all(Entry.objects.filter(tournament=tournament).values_list(
        "id", "number", *name_fields(), "club_id", "club__name"))
    found = {}
    for e, n, first, last, publication, pseudonym, c, club in rows:
        first, last = shown(first, last, publication, pseudonym, tournament.publication, public)
        found[e] = (n, first, last, c, club)
    # namesakes by the search key of the name read: "Müller" and "Mueller" are told apart by
    # number too, and so are two "Jürgen M."
    keys = Counter(person_key(first, last) for _, first, last, _, _ in found.values())
    return {e: PlayerInfo(e, n, full(first, last), filed(first, last), c, club or "",
                          keys[person_key(first, last)] > 1)
            for e, (n, first, last, c, club) in found.items()}


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
    """Each player's best won games by the numbers prizes 6, 3 and 7 rank them by first (the
    value; ``engine.against_rank``), the tables he won them at, and his count of the games
    each custom prize counts: what the prizes ask for candidates."""

    value: dict[int, int] = field(default_factory=dict)  # his highest game won
    solo: dict[int, int] = field(default_factory=dict)  # his best Solo won against matadors
    tourne: dict[int, int] = field(default_factory=dict)  # his best Tourné won against them
    counts: dict[frozenset[str], dict[int, int]] = field(default_factory=dict)
    # whether the ``*_at`` below hold every table: not when the database summed the seats
    # (``load_totals``), and the prizes ask it where their candidates won
    where_known: bool = True
    # where he won his highest game, his best Solo, his best Tourné: entry -> (table, seat)
    value_at: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    solo_at: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    tourne_at: dict[int, list[tuple[int, int]]] = field(default_factory=dict)


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


def load_totals(scope: Scope, specs: Sequence[PrizeSpec] = ()) -> Totals:
    """Each player's Points, games won and lost, Seeger-Fabian bonus and ``Bests`` for the
    prizes ``specs``, from the foot each table keeps of its sheet (``tournament.sheets.foot``)
    as its seats keep their columns of it: the database sums them per player (four queries:
    the tables, the sums, the penalties, the entries; rows grow with players, not deals).

    The same totals as ``standings`` sums over ``load_results``' deals (a test holds them
    equal). At a table where a substitute took a seat, the foot is added up from the deals,
    part by part, so that each deal counts for whoever played it (one query more, and one
    for those tables' seats). When a custom prize counts games, or for one player's tables,
    the tables' feet are read and added up here (``_add_foot``)."""
    kinds = _counted_kinds(specs)
    if kinds or scope.entry is not None:
        tables = load_seats(scope, feet=True, won_games=bool(kinds))
        bests = Bests(counts={games: {} for games in kinds})
        counted = tables.counted(scope.confirmed_only)
        split = tables.split_tables(counted)
        played = tables.played(counted)
        tallies: dict[int, Tally] = {entry: Tally() for entry in played}
        # a foot as a row of the table's columns (``FOOT_COLUMNS``), a part of a sheet alike
        kept = [(table_id, {}, row) for table_id, row in tables.feet.items()
                if table_id in counted and table_id not in split]
    else:
        tables = load_tables(scope)
        counted = tables.counted(scope.confirmed_only)
        split = tables.split_tables(counted)
        tallies, bests = _sum_seats(scope, split)
        played = frozenset(tallies) | tables.played(counted)
        for entry in played:
            tallies.setdefault(entry, Tally())
        kept = []
    per_table: dict[int, list[int]] = {}  # points, won, lost, deals
    for table_id, at_table, row in (*kept, *_parted_feet(tables, split)):
        games = tables.won_games.get(table_id, {}) if kinds else {}
        _add_foot(tallies, bests, kinds, tables, table_id, at_table, row, games)
        _add_table_sums(per_table, table_id, row)
    for table_id, row in tables.feet.items():  # an ended sheet the database summed
        if table_id not in per_table and table_id in tables.ended:
            _add_table_sums(per_table, table_id, row)
    credits = (_credit_missing_deals(tallies, tables, counted, per_table, scope.tournament)
               if scope.missing_deals == MissingDeals.TABLE_AVERAGE else {})
    penalties = load_penalties(tables, counted, scope if scope.entry is None else None)
    charge_penalties(tallies, penalties)
    return Totals({e: t for e, t in tallies.items() if ranked_entry(e)}, penalties,
                  _entries(scope.tournament), tables.provisional(counted), played,
                  tables.statuses, bests, tables.absences(counted, scope.tournament, credits))


def counted_seats(scope: Scope, leave_out: Iterable[int] = ()) -> QuerySet[Seat]:
    """The seats of the counted tables of published series (as ``Tables.counted`` and
    ``Tables.played`` count them), but those of the tables ``leave_out``."""
    seats = Seat.objects.filter(series__tournament=scope.tournament).exclude(
        series__status=SeriesStatus.DRAFT)  # by the seat's own series: no join of its table
    if scope.series is not None:
        seats = seats.filter(series__number=scope.series)
    if scope.released_only:
        seats = seats.filter(series__status__in=public_states(scope.in_play))
    if scope.confirmed_only:
        seats = seats.filter(table__sheet_status=SheetStatus.CONFIRMED)
    leave_out = sorted(leave_out)
    return seats.exclude(table_id__in=leave_out) if leave_out else seats


def _sum_seats(scope: Scope, leave_out: set[int]) -> tuple[dict[int, Tally], Bests]:
    """Each player's totals over his seats' columns of their tables' feet, summed by the
    database (one query), and his best games; every player seated there has a tally."""
    rows = counted_seats(scope, leave_out).values_list("entry_id").annotate(
        Sum("points"), Sum("won"), Sum("lost"), Sum("bonus"), Sum("others_lost"),
        Max("highest"), Max("solo"), Max("tourne")).order_by()
    tallies, bests = {}, Bests(where_known=False)
    for entry, points, won, lost, bonus, others_lost, value, solo, tourne in fetch_all(rows):
        tallies[entry] = Tally(points, won, lost, bonus, others_lost)
        for best, number in ((bests.value, value), (bests.solo, solo),
                             (bests.tourne, tourne)):
            if number is not None:
                best[entry] = number
    return tallies, bests


def _add_table_sums(per_table: dict[int, list[int]], table_id: int, row: Sequence[Any]) -> None:
    """A foot's Points, games won and lost and deals into its table's sums (for an ended
    sheet's average of the deals not played)."""
    sums = per_table.setdefault(table_id, [0, 0, 0, 0])
    sums[0] += sum(row[POINTS:POINTS + 4])
    sums[1] += sum(row[WON:WON + 4])
    sums[2] += sum(row[LOST:LOST + 4])
    sums[3] += row[0]


def _parted_feet(tables: Tables,
                 split: set[int]) -> Iterator[tuple[int, Mapping[int, int], list[Any]]]:
    """The feet of the tables where a substitute took a seat, one per part of the sheet that
    counts for the same players (one query)."""
    if not split:
        return
    parts: dict[tuple[int, tuple[tuple[int, int], ...]], list[DealColumns]] = defaultdict(list)
    for table_id, number, *columns in Deal.objects.filter(table_id__in=sorted(split)) \
            .values_list("table_id", "number", *DEAL_COLUMNS).order_by("table_id", "number"):
        holders = tuple(sorted(tables.holders(table_id, number).items()))
        parts[(table_id, holders)].append(tuple(columns))  # type: ignore[arg-type]
    for (table_id, holders), deals in parts.items():
        yield table_id, dict(holders), foot_of(deals).row()


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


def _counted_kinds(specs: Sequence[PrizeSpec]) -> list[frozenset[str]]:
    return sorted({s.games for s in specs if s.kind is PrizeKind.COUNT_WON}, key=sorted)


def _add_foot(tallies: dict[int, Tally], bests: Bests, kinds: Sequence[frozenset[str]],
              tables: Tables, table_id: int, at_table: Mapping[int, int], row: Sequence[Any],
              won_games: Mapping[str, Mapping[str, int]]) -> None:
    """One table's foot (or one part of it), a row of ``FOOT_COLUMNS`` values, into the
    tallies: what each seat scored, the games declared from it, the others' bonus for its lost
    games, its best games. ``at_table``: who played each seat in these deals
    (``Tables.holders``), else the seats. Read straight from the row: a congress has 2,400."""
    at_table = at_table or tables.seats[table_id]
    size = len(at_table)
    if size not in OPPONENT_BONUS:
        raise ValueError(f"{tables.reference(table_id)}: a table seats 3 or 4, not {size}")
    for entry in at_table.values():
        if entry not in tallies:
            tallies[entry] = Tally()
    lost_here = row[LOST] + row[LOST + 1] + row[LOST + 2] + row[LOST + 3]
    for i, seat in enumerate(SEATS):
        points, won, lost = row[POINTS + i], row[WON + i], row[LOST + i]
        entry = at_table.get(seat)
        if entry is None:
            if points or won or lost:
                raise ValueError(f"{tables.reference(table_id)}: seat {seat} scored but "
                                 "nobody sits there")
            continue
        tally = tallies[entry]
        tally.points += points
        tally.won += won
        tally.lost += lost
        others_lost = lost_here - lost
        if others_lost:
            tally.bonus += OPPONENT_BONUS[size] * others_lost
            tally.others_lost += others_lost
        if (won or lost) and ranked_entry(entry):
            highest, solo, tourne = row[HIGHEST + i], row[SOLO + i], row[TOURNE + i]
            if highest is not None:
                _keep_best(bests.value, bests.value_at, entry, highest, (table_id, seat))
            if solo is not None:
                _keep_best(bests.solo, bests.solo_at, entry, solo, (table_id, seat))
            if tourne is not None:
                _keep_best(bests.tourne, bests.tourne_at, entry, tourne, (table_id, seat))
            if kinds:
                _count_won(bests, entry, won_games.get(str(seat), {}), kinds)


def _keep_best(best: dict[int, int], at: dict[int, list[tuple[int, int]]], entry: int,
               number: int, seat: tuple[int, int]) -> None:
    """``number`` as ``entry``'s best if it is, and where (table, seat) he has his best."""
    kept = best.get(entry)
    if kept is None or number > kept:
        best[entry], at[entry] = number, [seat]
    elif number == kept:
        at.setdefault(entry, []).append(seat)


def _count_won(bests: Bests, entry: int, won_games: Mapping[str, int],
               kinds: Sequence[frozenset[str]]) -> None:
    for games in kinds:
        count = sum(won_games.get(game, 0) for game in games)
        if count:
            bests.counts[games][entry] = bests.counts[games].get(entry, 0) + count
