"""The check that every table's kept foot is what its deals add up to (tests/conftest.py)."""

from __future__ import annotations

from collections import defaultdict

from engine import OPPONENT_BONUS
from tournament.models import Deal, Seat, Table
from tournament.sheets.foot import DEAL_COLUMNS, Foot, foot_of


def stale_feet() -> list[tuple[int, Foot, Foot]]:
    """The tables whose kept foot differs from ``foot_of`` their deals, or whose seats keep
    another column of it: (id, kept, added)."""
    deals = defaultdict(list)
    for table_id, *columns in Deal.objects.values_list("table_id", *DEAL_COLUMNS):
        deals[table_id].append(tuple(columns))
    stale = []
    seats = defaultdict(dict)
    for table_id, position, *columns in Seat.objects.values_list("table_id", "position",
                                                                 *SEAT_COLUMNS):
        seats[table_id][position] = tuple(columns)
    for table_id, *columns in Table.objects.values_list("id", *foot_columns()):
        kept = Foot.from_columns(columns[:-1], columns[-1])
        added = foot_of(deals.get(table_id, ()))
        if kept != added or seats.get(table_id, {}) != seat_columns(added,
                                                                    seats.get(table_id, {})):
            stale.append((table_id, kept, added))
    return stale


SEAT_COLUMNS = ("points", "won", "lost", "others_lost", "bonus", "highest", "solo", "tourne")


def seat_columns(foot: Foot, seated) -> dict[int, tuple]:
    """What each seat of the table keeps of ``foot`` (``Seat.points`` …), said the long way."""
    lost_here = sum(foot.lost)
    bonus = OPPONENT_BONUS.get(len(seated), 0)
    return {seat: (foot.points[seat - 1], foot.won[seat - 1], foot.lost[seat - 1],
                   lost_here - foot.lost[seat - 1],
                   (lost_here - foot.lost[seat - 1]) * bonus, foot.highest[seat - 1],
                   foot.solo[seat - 1], foot.tourne[seat - 1]) for seat in seated}


def foot_columns() -> tuple[str, ...]:
    from tournament.sheets.foot import FOOT_COLUMNS, GAMES_COLUMN

    return (*FOOT_COLUMNS, GAMES_COLUMN)
