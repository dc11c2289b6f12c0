"""Feeding the pure scoring functions from the database with a fixed number of queries: each
player's totals summed by the database (``load_totals``), the deals the prizes ask for
(``load_prize_deals``), a player's or a congress's deals and penalties (``load_results``), a
comparative tournament's scores per deck (``load_comparative``)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.db import connections
from django.db.models import Case, Count, F, Max, Min, Q, QuerySet, Sum, Value, When

from engine import RuleSet, ScoringSystem
from scoring.comparative import LETTERS, DeckResult
from scoring.models import MissingDeals, Substitutes
from scoring.prizes import (
    SOLO_GRAND_GAMES,
    SOLO_SUIT_GAMES,
    TOURNE_GRAND_GAMES,
    TOURNE_SUIT_GAMES,
    PrizeDeals,
    PrizeKind,
    PrizeSpec,
    players_in_line,
)
from scoring.standings import (
    NOT_GAMES,
    OPPONENT_BONUS,
    DealResult,
    PenaltyResult,
    Tally,
    charge_penalties,
    deal_scores,
    missing_deals_credit,
    ranked_entry,
)
from tournament.models import (
    PUBLIC_STATES,
    Deal,
    Deck,
    Entry,
    Penalty,
    Seat,
    SeriesStatus,
    SheetStatus,
    Substitution,
    Tournament,
)
from tournament.sheets.sheet import SEATS


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


@dataclass(frozen=True)
class Scope:
    """Which deals count: of ``tournament``, perhaps of one series, perhaps only of released
    series (the public's), perhaps only of confirmed sheets (a results setting)."""

    tournament: Tournament
    confirmed_only: bool = False
    series: int | None = None
    released_only: bool = False
    substitutes: str = Substitutes.ABSENT_KEEPS  # whose points count for whom
    missing_deals: str = MissingDeals.NOTHING  # what the deals of an ended sheet count

    def deals(self) -> QuerySet[Deal]:
        """The deals of the counted tables, as one filter the database reads."""
        rows = Deal.objects.filter(table__series__tournament=self.tournament)
        if self.series is not None:
            rows = rows.filter(table__series__number=self.series)
        if self.released_only:
            rows = rows.filter(table__series__status__in=PUBLIC_STATES)
        if self.confirmed_only:
            rows = rows.filter(table__sheet_status=SheetStatus.CONFIRMED)
        return rows


def load_results(tournament: Tournament, confirmed_only: bool = False,
                 series: int | None = None, released_only: bool = False,
                 entry: int | None = None,
                 substitutes: str = Substitutes.ABSENT_KEEPS) -> Results:
    """Every deal and penalty of ``tournament`` as plain data: four queries in all.

    ``released_only`` keeps to series whose results are released to the public. Who played is
    read from the seats of the counted tables, so the pure functions never see the others.
    ``entry`` keeps to the tables that player sat at (his page; ``entries`` is then his).
    """
    tables = _load_seats(tournament, series, released_only, entry, substitutes=substitutes)
    tables.rules = tournament.rules
    counted = tables.counted(confirmed_only)
    deals = _load_deals(tables, counted, tables.rules)
    penalties = _load_penalties(tables, counted)
    entries = _entries(tournament) if entry is None else (entry,)
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
class Absence:
    """A counted table that could not finish: a substitute from a deal on, or a sheet the
    director ended early (docs/rules.md §10). Entries are ids."""

    series: int
    table: int  # its number
    seat: int | None = None  # a substitute's seat, his first deal, who he replaced
    from_deal: int | None = None
    substitute: int | None = None
    replaced: int | None = None
    ended_after: int | None = None  # an ended sheet: its last deal and the deals due
    scheduled: int | None = None
    credit: int = 0  # what each of its players got for the deals not played


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
    tables = _load_seats(scope.tournament, scope.series, scope.released_only,
                         substitutes=scope.substitutes)
    tables.rules = scope.tournament.rules
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
    penalties = _load_penalties(tables, counted)
    charge_penalties(tallies, penalties)
    return Totals({e: t for e, t in tallies.items() if ranked_entry(e)}, penalties,
                  _entries(scope.tournament), tables.provisional(counted),
                  tables.played(counted), tables.statuses, bests,
                  tables.absences(counted, scope.tournament, credits))


def _credit_missing_deals(tallies: dict[int, Tally], tables: _Tables, counted: set[int],
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


def _add_table_sums(tallies: dict[int, Tally], tables: _Tables, table_id: int,
                    declarer: int | None, row: Sequence[int],
                    at_table: Mapping[int, int]) -> None:
    """One table's sums for one declarer (or for the deals without one) into the tallies:
    what each seat scored, the declarer's games, the others' bonus for his lost games.
    ``at_table``: who played each seat in these deals (``_Tables.holders``)."""
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


def load_prize_deals(scope: Scope, specs: Sequence[PrizeSpec], bests: Bests) -> PrizeDeals:
    """What the prizes read of the deals, asked only for their candidates (two queries: the
    games that can take a prize, the seats of their tables).

    Prizes 3, 6 and 7 rank a player by his best game, first by one number (the matadors he
    played against, the value). ``bests`` holds each player's best numbers (``load_totals``),
    and only the games at or above the number of the last player who could still be in line
    (``players_in_line``) are read: everybody below ranks behind all of them, so the awards
    are those of ``prize_deals`` of every deal (a test holds them equal)."""
    in_line = players_in_line(specs)
    wanted = Q(pk__in=[])
    for numbers, games in ((bests.solo, AGAINST["solo"]), (bests.tourne, AGAINST["tourne"])):
        most = _in_line(numbers, in_line, lower=True)
        if most is not None:
            wanted |= Q(matadors__lte=most, game__in=games)
    highest = _in_line(bests.value, in_line)
    if highest is not None:
        wanted |= Q(value__gte=highest)
    rows = list(scope.deals().filter(WON_GAME, wanted).values_list(
        "table_id", *DEAL_FIELDS).order_by("table_id", "number"))
    tables = _load_seats(scope.tournament, scope.series, scope.released_only,
                         table_ids={row[0] for row in rows}, substitutes=scope.substitutes)
    rules = scope.tournament.rules
    # a table whose seats an admin removed is no table of the results (as in load_totals)
    games = tuple(game for game in (_deal_result(tables, table_id, row, rules)
                                    for table_id, *row in rows if table_id in tables.meta)
                  if game.declarer is None or ranked_entry(game.declarer))
    return PrizeDeals(games, {games: dict(count) for games, count in bests.counts.items()})


def _in_line(best: Mapping[int, int], in_line: int, lower: bool = False) -> int | None:
    """The best number of the ``in_line``-th player (the least when ``lower``); None when
    nobody has one."""
    if not best:
        return None
    ordered = sorted(best.values(), reverse=not lower)
    return ordered[min(in_line, len(ordered)) - 1]


@dataclass
class _Tables:
    """The tables that have seats, as their seats tell."""

    seats: dict[int, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))
    meta: dict[int, tuple[int, int, str]] = field(default_factory=dict)  # (series, table, status)
    drafts: set[int] = field(default_factory=set)  # of a plan not yet published: nobody sat
    statuses: dict[int, str] = field(default_factory=dict)  # series number -> status
    rules: RuleSet | None = None  # names the penalties' reasons
    ended: dict[int, int] = field(default_factory=dict)  # table -> the deal its sheet ended after
    # table -> (seat, first deal, entry) of its substitutes, in the order they sat down
    substitutes: dict[int, list[tuple[int, int, int]]] = field(default_factory=dict)
    mode: str = Substitutes.ABSENT_KEEPS  # whose points count for whom

    def split_tables(self, counted: set[int]) -> set[int]:
        """The counted tables whose seats count for another player from some deal on."""
        if self.mode == Substitutes.FOR_ABSENT:
            return set()
        return set(self.substitutes) & counted

    def holders(self, table_id: int, number: int) -> dict[int, int]:
        """Seat -> the entry deal ``number`` counts for: the seated player; from a
        substitute's first deal on, the substitute (``each_own``), nobody (``absent_keeps``:
        ``nobody``, never ranked), or still the seated player (``for_absent``)."""
        at_table = self.seats[table_id]
        if not number or self.mode == Substitutes.FOR_ABSENT or table_id not in self.substitutes:
            return at_table
        holders = dict(at_table)
        for seat, from_deal, entry in self.substitutes[table_id]:
            if number >= from_deal and seat in holders:
                holders[seat] = entry if self.mode == Substitutes.EACH_OWN else nobody(
                    table_id, seat)
        return holders

    def absences(self, counted: set[int], tournament: Tournament,
                 credits: Mapping[int, int]) -> tuple[Absence, ...]:
        """The substitutes and ended sheets of the counted tables, by series and table."""
        found = []
        for table_id in sorted(counted - self.drafts, key=lambda t: self.meta[t][:2]):
            series, number, _ = self.meta[table_id]
            seated = dict(self.seats[table_id])
            for seat, from_deal, entry in self.substitutes.get(table_id, ()):
                found.append(Absence(series, number, seat, from_deal, entry, seated.get(seat)))
                seated[seat] = entry
            if table_id in self.ended:
                found.append(Absence(series, number, ended_after=self.ended[table_id],
                                     scheduled=tournament.deals_at(len(self.seats[table_id])),
                                     credit=credits.get(table_id, 0)))
        return tuple(found)

    def counted(self, confirmed_only: bool) -> set[int]:
        return {t for t, (_, _, status) in self.meta.items()
                if not confirmed_only or status == SheetStatus.CONFIRMED}

    def provisional(self, counted: set[int]) -> bool:
        return any(self.meta[t][2] != SheetStatus.CONFIRMED for t in counted)

    def played(self, counted: set[int]) -> frozenset[int]:
        seated = {entry for table_id in counted - self.drafts
                  for entry in self.seats[table_id].values()}
        if self.mode == Substitutes.EACH_OWN:  # a substitute who counts is ranked
            seated |= {entry for table_id in counted - self.drafts
                       for _, _, entry in self.substitutes.get(table_id, ())}
        return frozenset(seated)

    def reference(self, table_id: int) -> str:
        series, table, _ = self.meta[table_id]
        return f"series {series}, table {table}"


def nobody(table_id: int, seat: int) -> int:
    """The entry a substitute's deals count for when they count for nobody: a negative
    number, one per seat, that the standings never rank (``standings.ranked_entry``)."""
    return -(table_id * 10 + seat)


def _load_seats(tournament: Tournament, series: int | None, released_only: bool,
                entry: int | None = None, table_ids: Iterable[int] | None = None,
                substitutes: str = Substitutes.ABSENT_KEEPS) -> _Tables:
    """Who sat where at each table, and each table's series, number and sheet status (one
    query, and one more for the substitutes where a table has one); with ``entry``, only the
    tables that player sat at (or substituted at); with ``table_ids``, only those."""
    tables = _Tables(mode=substitutes)
    seat_rows = Seat.objects.filter(series__tournament=tournament)
    if series is not None:
        seat_rows = seat_rows.filter(series__number=series)
    if released_only:
        seat_rows = seat_rows.filter(series__status__in=PUBLIC_STATES)
    if entry is not None:
        seat_rows = seat_rows.filter(
            Q(table_id__in=Seat.objects.filter(entry_id=entry).values("table_id"))
            | Q(table_id__in=Substitution.objects.filter(substitute_id=entry).values(
                "table_id")))
    if table_ids is not None:
        seat_rows = seat_rows.filter(table_id__in=table_ids)
    substituted = set()
    for (table_id, position, entry_id, series_number, table_number, status,
         series_status, ended, has_substitute) in seat_rows.values_list(
        "table_id", "position", "entry_id", "series__number", "table__number",
        "table__sheet_status", "series__status", "table__ended_after", "table__substituted",
    ):
        tables.seats[table_id][position] = entry_id
        tables.meta[table_id] = (series_number, table_number, status)
        tables.statuses[series_number] = series_status
        if series_status == SeriesStatus.DRAFT:
            tables.drafts.add(table_id)
        if ended is not None:
            tables.ended[table_id] = ended
        if has_substitute:
            substituted.add(table_id)
    if substituted:
        for table_id, seat, from_deal, substitute in Substitution.objects.filter(
                table_id__in=substituted).order_by("from_deal").values_list(
                "table_id", "seat", "from_deal", "substitute_id"):
            tables.substitutes.setdefault(table_id, []).append((seat, from_deal, substitute))
    return tables


def _load_deals(tables: _Tables, counted: set[int], rules: RuleSet) -> tuple[DealResult, ...]:
    """The deals of the counted tables, by table and number (one query), in ``rules``."""
    return tuple(
        _deal_result(tables, table_id, row, rules)
        for table_id, *row in Deal.objects.filter(table_id__in=counted).values_list(
            "table_id", *DEAL_FIELDS).order_by("table_id", "number"))


# What a DealResult is made of, in the order ``_deal_result`` reads it: the plain scoring
# columns, never the JSON record.
DEAL_FIELDS = ("number", "declarer", "game", "trump", "matadors", "won", "card_points",
               "passt_nicht", "value", "description",
               *(f"points_{seat}" for seat in SEATS))


def _deal_result(tables: _Tables, table_id: int, row, rules: RuleSet) -> DealResult:
    """One deal row (``DEAL_FIELDS``) of a table as scoring sees it: seats become entries."""
    (number, declarer, game, trump, matadors, won, card_points, passt_nicht, value,
     description, *points) = row
    at_table = tables.holders(table_id, number)
    series_number, table_number, _ = tables.meta[table_id]
    return DealResult(
        series=series_number, table=table_id, table_number=table_number,
        table_size=len(at_table), number=number,
        players=tuple(at_table[p] for p in sorted(at_table)),
        declarer=at_table.get(declarer) if declarer else None,
        game=game, trump=trump or None, matadors=matadors,
        won=won if declarer else None, value=value,
        card_points=card_points, passt_nicht=passt_nicht,
        entries={at_table[seat]: p for seat, p in zip(SEATS, points, strict=True) if p},
        rules=rules, description=description,
    )


def _load_penalties(tables: _Tables, counted: set[int]) -> tuple[PenaltyResult, ...]:
    """The penalties of the counted tables, charged to the entry in the seat (one query)."""
    return tuple(
        PenaltyResult(entry=entry, points=points,
                      series=tables.meta[table_id][0], table_number=tables.meta[table_id][1],
                      reason=_penalty_reason(tables.rules, reason, note))
        for table_id, seat, points, reason, note, after, deal in Penalty.objects.filter(
            table_id__in=counted).values_list("table_id", "seat", "points", "reason", "note",
                                              "after_deal", "deal")
        # charged to whoever played the seat in the deal before it, a misdeal to whoever
        # dealt its deal (a substitute's counts for nobody under ``absent_keeps``)
        if ranked_entry(entry := tables.holders(table_id, deal or max(after, 1))[seat])
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
            problems.append(
                f"Series {deck.series}, table {deal.table_number}, deal {deal.number}: "
                f"the sheet has seat {dealer} dealing, but {deck.dealer} dealt deck "
                f"{deck.number} and sits it out; {deck.dealer} is not compared.")
    return letters


def load_comparative(tournament: Tournament, system: ScoringSystem,
                     confirmed_only: bool = False, series: int | None = None,
                     released_only: bool = False,
                     substitutes: str = Substitutes.ABSENT_KEEPS) -> ComparativeData:
    """The deals of ``tournament`` that were played from a pre-dealt deck, as each letter's
    score per deck (three queries: seats, decks, deals).

    A score is what ``system`` gives the player for that deal (``standings.deal_scores``). At
    a four-table the deck's dealer letter received no cards and is not compared. A deck
    expects one result a letter from every published table of its series: a table that
    could not finish, or is not counted yet, leaves the deck to the Neuberg scaling.
    """
    tables = _load_seats(tournament, series, released_only, substitutes=substitutes)
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
        deal = _deal_result(tables, table_id, row, tournament.rules)
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
            description=description, value=deal.value, won=deal.won, players=letters,
            scores={letter: scores.get(entry, 0) for letter, entry in letters.items()}))
        results.extend(DeckResult(deck_id, letter, entry, scores.get(entry, 0))
                       for letter, entry in letters.items())
    order = {pk: index for index, pk in enumerate(decks)}
    lines.sort(key=lambda line: (order[line.deck], line.table))
    return ComparativeData(decks, tuple(lines), tuple(results), expected, provisional,
                           tuple(problems))
