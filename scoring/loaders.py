"""Feeding the pure scoring functions from the database with a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from scoring.standings import DealResult, PenaltyResult
from tournament.models import (
    RELEASED_STATES,
    Deal,
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
    counted = {t for t, (_, _, status) in tables.meta.items()
               if not confirmed_only or status == SheetStatus.CONFIRMED}
    provisional = any(tables.meta[t][2] != SheetStatus.CONFIRMED for t in counted)
    deals = _load_deals(tables, counted, tournament.rule_set)
    penalties = _load_penalties(tables, counted)
    entries = tuple(Entry.objects.filter(tournament=tournament, withdrawn=False)
                    .values_list("id", flat=True))
    played = frozenset(entry for table_id in counted - tables.drafts
                       for entry in tables.seats[table_id].values())
    return Results(deals, penalties, entries, provisional, played)


@dataclass
class _Tables:
    """The tables that have seats, as their seats tell."""

    seats: dict[int, dict[int, int]] = field(default_factory=lambda: defaultdict(dict))
    meta: dict[int, tuple[int, int, str]] = field(default_factory=dict)  # (series, table, status)
    drafts: set[int] = field(default_factory=set)  # of a plan not yet published: nobody sat


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
        if series_status == SeriesStatus.DRAFT:
            tables.drafts.add(table_id)
    return tables


def _load_deals(tables: _Tables, counted: set[int], rules: str) -> tuple[DealResult, ...]:
    """The deals of the counted tables, by table and number (one query), in ``rules``."""
    deals = []
    for (table_id, number, declarer, contra_by, revoked_by, record, outcome,
         value) in Deal.objects.filter(table_id__in=counted).values_list(
            "table_id", "number", "declarer", "contra_by", "revoked_by", "record", "outcome",
            "value").order_by("table_id", "number"):
        at_table = tables.seats[table_id]
        by_seat = deal_entries(value, declarer, loser=record.get("loser"),
                               contra_by=contra_by, contra_value=outcome.get("contra_value"),
                               revoked_by=revoked_by,
                               revoke_value=outcome.get("revoke_value"))
        series_number, table_number, _ = tables.meta[table_id]
        deals.append(DealResult(
            series=series_number, table=table_id, table_number=table_number,
            table_size=len(at_table), number=number,
            players=tuple(at_table[p] for p in sorted(at_table)),
            declarer=at_table.get(declarer) if declarer else None,
            game=record.get("game", ""), trump=record.get("trump"),
            matadors=record.get("matadors", 0) or 0,
            won=outcome.get("won") if declarer else None, value=value,
            card_points=record.get("card_points"), passt_nicht=bool(record.get("passt_nicht")),
            entries={at_table[s]: v for s, v in by_seat.items()},
            rules=rules,
        ))
    return tuple(deals)


def _load_penalties(tables: _Tables, counted: set[int]) -> tuple[PenaltyResult, ...]:
    """The penalties of the counted tables, charged to the entry in the seat (one query)."""
    return tuple(
        PenaltyResult(entry=tables.seats[table_id][seat], points=points,
                      series=tables.meta[table_id][0])
        for table_id, seat, points in Penalty.objects.filter(table_id__in=counted)
        .values_list("table_id", "seat", "points")
    )
