"""Feeding the pure scoring functions from the database with a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

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
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    table_meta: dict[int, tuple[int, int, str]] = {}
    drafts: set[int] = set()  # tables of a plan not yet published: nobody sat down there
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
        seats[table_id][position] = entry_id
        table_meta[table_id] = (series_number, table_number, status)
        if series_status == SeriesStatus.DRAFT:
            drafts.add(table_id)

    counted = {t for t, (_, _, status) in table_meta.items()
               if not confirmed_only or status == SheetStatus.CONFIRMED}
    provisional = any(table_meta[t][2] != SheetStatus.CONFIRMED for t in counted)

    deals = []
    for (table_id, number, declarer, contra_by, revoked_by, record, outcome,
         value) in Deal.objects.filter(table_id__in=counted).values_list(
            "table_id", "number", "declarer", "contra_by", "revoked_by", "record", "outcome",
            "value").order_by("table_id", "number"):
        at_table = seats[table_id]
        by_seat = deal_entries(value, declarer, loser=record.get("loser"),
                               contra_by=contra_by, contra_value=outcome.get("contra_value"),
                               revoked_by=revoked_by,
                               revoke_value=outcome.get("revoke_value"))
        series_number, table_number, _ = table_meta[table_id]
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
            rules=tournament.rule_set,
        ))

    penalties = [
        PenaltyResult(entry=seats[table_id][seat], points=points,
                      series=table_meta[table_id][0])
        for table_id, seat, points in Penalty.objects.filter(table_id__in=counted)
        .values_list("table_id", "seat", "points")
    ]
    entries = tuple(Entry.objects.filter(tournament=tournament, withdrawn=False)
                    .values_list("id", flat=True))
    played = frozenset(entry for table_id in counted - drafts
                       for entry in seats[table_id].values())
    return Results(tuple(deals), tuple(penalties), entries, provisional, played)
