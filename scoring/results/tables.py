"""Who sat where at the counted tables, as their seats tell, and the deal and penalty rows
of those tables as the pure scoring functions read them (seats become entries)."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import Exists, F, FilteredRelation, OuterRef, Q, QuerySet

from engine import RuleSet
from scoring.models import Substitutes
from scoring.results.scope import Scope
from scoring.standings import DealResult, PenaltyResult, ranked_entry
from tournament.deal_words import say_deal, say_penalty
from tournament.models import (
    Deal,
    Penalty,
    Seat,
    SeriesStatus,
    SheetStatus,
    Substitution,
    Table,
    Tournament,
)
from tournament.permissions import public_states
from tournament.sheets.foot import FOOT_COLUMNS, GAMES_COLUMN
from tournament.sheets.sheet import SEATS


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


@dataclass
class Tables:
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
    substituted: set[int] = field(default_factory=set)  # a substitute took a seat
    # table -> its foot's ``FOOT_COLUMNS`` values, where asked for and it has deals
    feet: dict[int, list] = field(default_factory=dict)
    won_games: dict[int, dict] = field(default_factory=dict)  # table -> its ``GAMES_COLUMN``

    def note(self, table_id: int, series_number: int, table_number: int, status: str,
             series_status: str, ended: int | None, substituted: bool) -> None:
        """A table's ``TABLE_COLUMNS``."""
        self.meta[table_id] = (series_number, table_number, status)
        self.statuses[series_number] = series_status
        if series_status == SeriesStatus.DRAFT:
            self.drafts.add(table_id)
        if ended is not None:
            self.ended[table_id] = ended
        if substituted:
            self.substituted.add(table_id)

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


# A table's columns the results read beside its seats, in the order ``Tables.note`` takes them.
TABLE_COLUMNS = ("series__number", "number", "sheet_status", "series__status", "ended_after",
                 "substituted")


def load_seats(scope: Scope, table_ids: Iterable[int] | None = None,
               feet: bool = False, won_games: bool = False) -> Tables:
    """Who sat where at each table, and each table's series, number and sheet status (one
    query, and one more for the substitutes where a table has one); with ``entry``, only the
    tables ``scope.entry`` sat at (or substituted at); with ``table_ids``, only those.
    ``feet``: each table's foot too (``Tables.feet``), the tables read apart from their
    seats (two queries: a congress's 12,600 seats would repeat its 3,150 tables' columns);
    ``won_games``: with the games won at each (the custom prizes that count games)."""
    tables = Tables(mode=scope.substitutes, rules=scope.tournament.rules)
    seat_rows = Seat.objects.filter(series__tournament=scope.tournament)
    if scope.series is not None:
        seat_rows = seat_rows.filter(series__number=scope.series)
    if scope.released_only:
        seat_rows = seat_rows.filter(series__status__in=public_states(scope.in_play))
    if scope.entry is not None:
        seat_rows = seat_rows.filter(
            Q(table_id__in=Seat.objects.filter(entry_id=scope.entry).values("table_id"))
            | Q(table_id__in=Substitution.objects.filter(substitute_id=scope.entry).values(
                "table_id")))
    if table_ids is not None:
        seat_rows = seat_rows.filter(table_id__in=table_ids)
    # fetched as they come: Django's conversion of a congress's seats costs more than the query
    if feet:
        for table_id, position, entry_id in fetch_all(seat_rows.values_list(
                "table_id", "position", "entry_id").order_by()):
            tables.seats[table_id][position] = entry_id
        for table_id, *columns in fetch_all(
                Table.objects.filter(**scope.filters(unconfirmed=True))
                .values_list("id", *TABLE_COLUMNS, *FOOT_COLUMNS,
                             *((GAMES_COLUMN,) if won_games else ())).order_by()):
            if table_id in tables.seats:  # a table whose seats an admin removed is none
                tables.note(table_id, *columns[:len(TABLE_COLUMNS)])
                foot = columns[len(TABLE_COLUMNS):]
                if foot[0]:  # a sheet with no deal adds nothing
                    tables.feet[table_id] = foot
                if won_games:
                    tables.won_games[table_id] = _json(foot[-1])
    else:
        for table_id, position, entry_id, *columns in fetch_all(seat_rows.values_list(
                "table_id", "position", "entry_id",
                *(f"table__{c}" if not c.startswith("series") else c for c in TABLE_COLUMNS))
                .order_by()):
            tables.seats[table_id][position] = entry_id
            tables.note(table_id, *columns)
    if tables.substituted:
        _load_substitutes(tables)
    return tables


def load_tables(scope: Scope) -> Tables:
    """The tables with seats, as ``load_seats`` has them, with the seats and the foot only of
    those that could not finish (a substitute, a sheet ended early): the others are summed
    seat by seat by the database (``loaders.load_totals``). One query, one more for their
    seats and feet where such a table is, one more for the substitutes where one sat down."""
    tables = Tables(mode=scope.substitutes, rules=scope.tournament.rules)
    seated = Table.objects.filter(**scope.filters(unconfirmed=True)).filter(
        Exists(Seat.objects.filter(table_id=OuterRef("pk"))))
    for table_id, *columns in fetch_all(seated.values_list("id", *TABLE_COLUMNS).order_by()):
        tables.note(table_id, *columns)
    apart = tables.substituted | set(tables.ended)
    if apart:
        for table_id, position, entry_id in Seat.objects.filter(
                table_id__in=apart).values_list("table_id", "position", "entry_id"):
            tables.seats[table_id][position] = entry_id
        for table_id, *foot in Table.objects.filter(id__in=apart).values_list(
                "id", *FOOT_COLUMNS):
            if foot[0]:
                tables.feet[table_id] = foot
    if tables.substituted:
        _load_substitutes(tables)
    return tables


def _load_substitutes(tables: Tables) -> None:
    for table_id, seat, from_deal, substitute in Substitution.objects.filter(
            table_id__in=tables.substituted).order_by("from_deal").values_list(
            "table_id", "seat", "from_deal", "substitute_id"):
        tables.substitutes.setdefault(table_id, []).append((seat, from_deal, substitute))


def _json(value: object) -> dict:
    """A JSON column fetched as it comes: text, or already decoded by the database driver."""
    return json.loads(value) if isinstance(value, str | bytes) else dict(value or {})


def fetch_all(rows: QuerySet) -> list[tuple]:
    """The rows of a ``values_list`` of plain columns in one fetch, without Django's
    conversion of each value (tens of milliseconds at a congress's 10,000 seats)."""
    try:
        sql, params = rows.query.sql_with_params()
    except EmptyResultSet:  # a filter that matches nothing (``id__in`` of no ids)
        return []
    with connections[rows.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def load_deals(tables: Tables, counted: set[int], rules: RuleSet) -> tuple[DealResult, ...]:
    """The deals of the counted tables, by table and number (one query), in ``rules``."""
    return tuple(
        deal_result(tables, table_id, row, rules)
        for table_id, *row in Deal.objects.filter(table_id__in=counted).values_list(
            "table_id", *DEAL_FIELDS).order_by("table_id", "number"))


# What a DealResult is made of, in the order ``deal_result`` reads it: the plain scoring
# columns, never the JSON record.
DEAL_FIELDS = ("number", "declarer", "game", "trump", "matadors", "won", "card_points",
               "passt_nicht", "value", "words",
               *(f"points_{seat}" for seat in SEATS))


def deal_result(tables: Tables, table_id: int, row, rules: RuleSet) -> DealResult:
    """One deal row (``DEAL_FIELDS``) of a table as scoring sees it: seats become entries."""
    (number, declarer, game, trump, matadors, won, card_points, passt_nicht, value,
     words, *points) = row
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
        rules=rules, description=say_deal(words),  # in the reader's language
    )


def load_penalties(tables: Tables, counted: set[int],
                   scope: Scope | None = None) -> tuple[PenaltyResult, ...]:
    """The penalties of the counted tables, charged to the entry in the seat (one query);
    with ``scope``, read by its filter rather than by the tables' ids (thousands of them at
    a congress, each a parameter to send). The seat's player comes with each penalty; at a
    table where a substitute took a seat, whoever played it then (``Tables.holders``)."""
    rows = (Penalty.objects.filter(**scope.filters("table__")) if scope is not None
            else Penalty.objects.filter(table_id__in=counted))
    rows = rows.annotate(seated_at=FilteredRelation(
        "table__seats", condition=Q(table__seats__position=F("seat"))),
        seated=F("seated_at__entry_id"))
    found = []
    for table_id, seat, points, reason, note, after, deal, seated in rows.values_list(
            "table_id", "seat", "points", "reason", "note", "after_deal", "deal", "seated"):
        if table_id not in counted:
            continue
        # charged to whoever played the seat in the deal before it, a misdeal to whoever
        # dealt its deal (a substitute's counts for nobody under ``absent_keeps``)
        entry = (tables.holders(table_id, deal or max(after, 1))[seat]
                 if table_id in tables.substitutes else seated)
        if entry is not None and ranked_entry(entry):
            found.append(PenaltyResult(entry=entry, points=points,
                                       series=tables.meta[table_id][0],
                                       table_number=tables.meta[table_id][1],
                                       reason=penalty_reason(tables.rules, reason, note)))
    return tuple(found)


def penalty_reason(rules: RuleSet | None, reason: str, note: str) -> str:
    """The reason as the sheet words it (``sheets.loaders.penalty_text`` without "Penalty:")."""
    return say_penalty(rules, reason, note)

