"""Columns an outer app adds to the standings: the money's "Prize money" beside the places.

Scoring is an inner ring and imports no outer app; an outer app registers a column here from
its ``AppConfig.ready`` instead. A column is a function of the visitor (which series count for
them) and the series' number (None: the standings overall) that answers an ``ExtraColumn``,
or None where it has nothing to show. ``StandingsTable`` (``scoring.listings``) gives each
row its values, so the page, its sorting and its downloads read the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tournament.permissions import Visitor

Cell = object  # what a download holds of a value: a number stays a number (exports.cells)


def _as_text(value: int) -> str:
    return str(value)


def _as_is(value: int) -> Cell:
    return value


@dataclass(frozen=True)
class ExtraColumn:
    """One column of the standings: its title and a value per player, by participant
    number (the rows' ``number``). The values sort the column; ``show`` writes one for the
    page, ``export`` for a download. A player without a value has ``missing``."""

    name: str  # an identifier, unique among the columns: the column's key and sort alias
    title: str
    values: Mapping[int, int]
    show: Callable[[int], str] = _as_text
    export: Callable[[int], Cell] = _as_is
    missing: int = 0

    def value_of(self, number: int) -> int:
        return self.values.get(number, self.missing)


StandingsColumn = Callable[[Visitor, "int | None"], "ExtraColumn | None"]

# By name: an app that is made ready twice (a test's settings) registers its column once.
_COLUMNS: dict[str, StandingsColumn] = {}


def register_standings_column(name: str, column: StandingsColumn) -> None:
    """Add ``column`` to every standings page, overall and of each series (and to their
    downloads)."""
    _COLUMNS[name] = column


def standings_columns(visitor: Visitor, number: int | None = None) -> list[ExtraColumn]:
    """The extra columns of the standings ``visitor`` sees (of series ``number``), in the
    order they were registered; a column with nothing to show is left out."""
    found = (column(visitor, number) for column in _COLUMNS.values())
    return [extra for extra in found if extra is not None]
