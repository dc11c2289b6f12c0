"""The foot of a score sheet: what each seat's column adds up to over the sheet's deals, as the
results read it (issue 19, point 7). The table row keeps it, rewritten in the transaction of
every change to the sheet, so that standings and prizes sum one row a table instead of every
deal.

Pure: the deals come in as their plain scoring columns (``DEAL_COLUMNS``), the foot goes out
as the table's columns (``FOOT_COLUMNS``); ``tournament.sheets.rows`` reads and writes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine import NOT_GAMES, SEATS, SOLO_GAMES, TOURNE_GAMES, against_rank

# A deal as the foot reads it, in this order: never its record.
DEAL_COLUMNS = ("declarer", "game", "won", "value", "matadors", "trump", "card_points",
                *(f"points_{seat}" for seat in SEATS))

# The table's columns the foot is kept in, in the order ``Foot.from_columns`` reads them.
PER_SEAT = ("points", "won", "lost", "highest", "solo", "tourne")
FOOT_COLUMNS = ("deals_played", *(f"{what}_{seat}" for what in PER_SEAT for seat in SEATS))
GAMES_COLUMN = "won_games"  # {seat: {game: how many won}}, read only for the custom prizes
# Where each seat's numbers start in a row of ``FOOT_COLUMNS`` (seat n at the start + n - 1).
POINTS, WON, LOST, HIGHEST, SOLO, TOURNE = (1 + 4 * k for k in range(len(PER_SEAT)))

# (declarer, game, won, value, matadors, trump, card_points, points_1, …, points_4)
DealColumns = tuple[int | None, str, bool | None, int, int, str, int | None, int, int, int, int]
T = TypeVar("T")
Four = tuple[int, int, int, int]
FourOrNone = tuple[int | None, int | None, int | None, int | None]


@dataclass(frozen=True)
class Foot:
    """Per seat 1..4 (index 0..3): the Points the deals added, the games declared from the
    seat won and lost, the value of the highest game won (prize 6), the best Solo and the
    best Tourné won against matadors as the prizes rank them (``engine.against_rank``; prizes
    3 and 7), and the games won by key (the custom prizes that count games). A game is a deal
    with a declarer that is neither passed nor a Ramsch (``engine.NOT_GAMES``)."""

    deals: int = 0
    points: Four = (0, 0, 0, 0)
    won: Four = (0, 0, 0, 0)
    lost: Four = (0, 0, 0, 0)
    highest: FourOrNone = (None, None, None, None)
    solo: FourOrNone = (None, None, None, None)
    tourne: FourOrNone = (None, None, None, None)
    games: Mapping[int, Mapping[str, int]] = field(default_factory=dict)

    def columns(self) -> dict[str, object]:
        """The table's columns for this foot (``FOOT_COLUMNS`` and ``GAMES_COLUMN``)."""
        values: dict[str, object] = {"deals_played": self.deals}
        for what in PER_SEAT:
            for seat, number in zip(SEATS, getattr(self, what), strict=True):
                values[f"{what}_{seat}"] = number
        values[GAMES_COLUMN] = {str(seat): dict(won) for seat, won in self.games.items()}
        return values

    @classmethod
    def from_columns(cls, row: Sequence[Any],
                     games: Mapping[str, Mapping[str, int]] | None = None) -> Foot:
        """A foot from the table's ``FOOT_COLUMNS`` values in order (and its won games)."""
        return cls(row[0], _four(row[1:5]), _four(row[5:9]), _four(row[9:13]),
                   _four(row[13:17]), _four(row[17:21]), _four(row[21:25]),
                   {int(seat): won for seat, won in (games or {}).items()})

    def row(self) -> list[Any]:
        """The foot as a row of ``FOOT_COLUMNS`` values, as the table keeps it."""
        return [self.deals, *self.points, *self.won, *self.lost, *self.highest, *self.solo,
                *self.tourne]


def foot_of(deals: Iterable[DealColumns], start: Foot | None = None) -> Foot:
    """The foot of a sheet of ``deals``, each its ``DEAL_COLUMNS`` values in order; with
    ``start``, of a sheet with those deals added to the ones ``start`` is the foot of."""
    start = start or Foot()
    count = start.deals
    points, won, lost = list(start.points), list(start.won), list(start.lost)
    highest, solo, tourne = list(start.highest), list(start.solo), list(start.tourne)
    games = {seat: dict(won_there) for seat, won_there in start.games.items()}
    for declarer, game, won_it, value, matadors, trump, card_points, *seat_points in deals:
        count += 1
        for i, added in enumerate(seat_points):
            points[i] += added
        if declarer is None or game in NOT_GAMES or won_it is None:
            continue
        i = declarer - 1
        if not won_it:
            lost[i] += 1
            continue
        won[i] += 1
        by_game = games.setdefault(declarer, {})
        by_game[game] = by_game.get(game, 0) + 1
        highest[i] = value if highest[i] is None else max(value, highest[i] or 0)
        against = solo if game in SOLO_GAMES else tourne if game in TOURNE_GAMES else None
        rank = against_rank(game, trump, matadors, value, card_points)
        if against is not None and rank is not None:
            kept = against[i]
            against[i] = rank if kept is None else max(kept, rank)
    return Foot(count, _four(points), _four(won), _four(lost), _four(highest), _four(solo),
                _four(tourne), games)


def _four(values: Sequence[T]) -> tuple[T, T, T, T]:
    first, second, third, fourth = values
    return first, second, third, fourth
