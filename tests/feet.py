"""The check that every table's kept foot is what its deals add up to (tests/conftest.py)."""

from __future__ import annotations

from collections import defaultdict

from tournament.models import Deal, Table
from tournament.sheets.foot import DEAL_COLUMNS, Foot, foot_of


def stale_feet() -> list[tuple[int, Foot, Foot]]:
    """The tables whose kept foot differs from ``foot_of`` their deals: (id, kept, added)."""
    deals = defaultdict(list)
    for table_id, *columns in Deal.objects.values_list("table_id", *DEAL_COLUMNS):
        deals[table_id].append(tuple(columns))
    stale = []
    for table_id, *columns in Table.objects.values_list("id", *foot_columns()):
        kept = Foot.from_columns(columns[:-1], columns[-1])
        added = foot_of(deals.get(table_id, ()))
        if kept != added:
            stale.append((table_id, kept, added))
    return stale


def foot_columns() -> tuple[str, ...]:
    from tournament.sheets.foot import FOOT_COLUMNS, GAMES_COLUMN

    return (*FOOT_COLUMNS, GAMES_COLUMN)
