"""The seating chart of a series as plain rows, for the room's pages and the printed chart."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tournament.models import Seat, Series
from tournament.names import name_key


@dataclass(frozen=True)
class SeatRow:
    table: int
    position: int
    number: int
    name: str
    sort_name: str
    club: str

    @property
    def key(self) -> str:
        """What "Where do I sit?" matches typed words against: "muller hans 12"."""
        return f"{name_key(self.sort_name)} {self.number}"


def seat_rows(series: Series) -> list[SeatRow]:
    """Every seat of a series with its player, in one query."""
    rows = Seat.objects.filter(series=series).values_list(
        "table__number", "position", "entry__number", "entry__first_name",
        "entry__last_name", "entry__club__name",
    )
    return [
        SeatRow(table, position, number, f"{first} {last}", f"{last}, {first}", club or "")
        for table, position, number, first, last, club in rows
    ]


def chart_by_table(series: Series) -> list[tuple[int, list[SeatRow]]]:
    tables: dict[int, list[SeatRow]] = defaultdict(list)
    for row in seat_rows(series):
        tables[row.table].append(row)
    return [(t, sorted(tables[t], key=lambda r: r.position)) for t in sorted(tables)]


def chart_by_player(series: Series) -> list[SeatRow]:
    return sorted(seat_rows(series), key=lambda r: (r.sort_name.lower(), r.number))
