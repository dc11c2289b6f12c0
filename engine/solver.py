"""The open-card solver: what the declarer takes when all three play perfectly with every card
in view (docs/hand-analysis.md; ``python -m engine solve``).

The searches run in C (``engine._solve``, built from engine/_solve.c by ``make install``):
the same searches as the pure Python reference, engine/solver_pure.py, on the same cards as
bits, some hundred times quicker. A checkout that was not built answers with the reference;
``pure=True`` asks it explicitly (the tests compare the two).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Protocol, cast

from . import solver_pure
from .solver_pure import WIN, Position, Solved, _Tables
from .tricks import Contract, Order


class _Searches(Protocol):
    """``engine._solve`` as mypy knows it: declared here, as a stub (.pyi) would count as one
    more source file in tests/test_typing.py. Each search gives the declarer's gain from the
    tricks left, by ``goal``, on the cards as ``_Tables`` lays them out."""

    POINTS: int  # his card points; Null: 1 if he must take a trick
    TRICKS: int  # his tricks
    MOST: int  # his card points, everybody playing for him
    FEWEST: int  # his card points, everybody playing against him

    def search(self, points: bytes, null: bool, declarer: int, hands: tuple[int, int, int],
               leader: int, goal: int, alpha: int, beta: int, /) -> int:
        """Searched in the window (alpha, beta), fail-soft."""

    def exact(self, points: bytes, null: bool, declarer: int, hands: tuple[int, int, int],
              leader: int, goal: int, /) -> int:
        """The exact value (MTD(f))."""

    def bracket(self, points: bytes, null: bool, declarer: int, hands: tuple[int, int, int],
                leader: int, goal: int, budget: int = 0, /) -> tuple[int, int]:
        """What MTD(f) proved (lower, upper) before ``budget`` nodes ran out (0: no limit)."""


try:
    _solve = cast(_Searches, import_module("._solve", __package__))
    COMPILED = True
except ImportError:  # not built (`make install` builds it): the reference answers
    COMPILED = False

__all__ = ["COMPILED", "WIN", "Position", "Solved", "best_play", "bounds", "can_reach", "solve",
           "wins"]


@cache
def _layout(contract: Contract) -> tuple[_Tables, bytes]:
    tables = _Tables(contract)
    return tables, bytes(tables.points)


def _args(position: Position) -> tuple[bytes, bool, int, tuple[int, int, int], int]:
    """The C searches' first arguments: points by slot, Null, declarer, hands, leader."""
    tables, points = _layout(position.contract)
    h = position.masks(tables)
    return points, tables.null, position.declarer, (h[0], h[1], h[2]), position.leader


def _compiled(pure: bool) -> bool:
    return COMPILED and not pure


def best_play(position: Position, *, pure: bool = False) -> int:
    """The declarer's card points of the tricks left under perfect play (Null: 1 if he must
    take a trick, else 0): narrow searches closing in on the value (MTD(f))."""
    if not _compiled(pure):
        return solver_pure.best_play(position)
    return _solve.exact(*_args(position), _solve.POINTS)


def can_reach(position: Position, target: int, *, pure: bool = False) -> bool:
    """Whether the declarer takes at least ``target`` card points of the tricks left against
    perfect defence: one narrow search, quicker than the exact points."""
    if not _compiled(pure):
        return solver_pure.can_reach(position, target)
    return _solve.search(*_args(position), _solve.POINTS, target - 1, target) >= target


def wins(position: Position, *, pure: bool = False) -> bool:
    """Whether the declarer wins against perfect defence: 61 card points with the Skat and
    his earlier tricks (Null: no trick)."""
    if position.contract.order is Order.NULL:
        return position.tricks == 0 and best_play(position, pure=pure) == 0
    return can_reach(position, WIN - position.taken, pure=pure)


def solve(position: Position, *, pure: bool = False) -> Solved:
    """The position's open-card result: the declarer's card points (with the Skat and his
    earlier tricks), won, Schneider (he has 90 or more, or 30 or fewer) and Schwarz (one side
    takes every trick, the declarer's earlier ones counted)."""
    if not _compiled(pure):
        return solver_pure.solve(position)
    if position.contract.order is Order.NULL:
        return Solved(None, wins(position), False, False)
    return solver_pure.solved_at(position, position.taken + best_play(position), _every_trick)


def _every_trick(position: Position, declarer_side: bool) -> bool:
    """Whether the declarer (or, not ``declarer_side``, his opponents) take every trick
    against the other side's best play, the tricks before this position counted."""
    size = len(position.hands[0])
    if position.tricks != (10 - size if declarer_side else 0):
        return False
    args = (*_args(position), _solve.TRICKS)
    if declarer_side:
        return _solve.search(*args, size - 1, size) >= size
    return _solve.search(*args, 0, 1) < 1


def bounds(position: Position, *, pure: bool = False, budget: int = 0) -> tuple[int, int]:
    """The fewest and the most card points the declarer can hold at the end under any play
    (the Skat and earlier tricks included): everybody playing against him, or for him.

    With a ``budget`` of nodes a search that would run on (a few hands take minutes) stops
    and gives what it proved: at most the fewest, at least the most, never narrower than the
    truth. The reference ignores it and is exact."""
    if not _compiled(pure):
        return solver_pure.bounds(position)
    args = _args(position)
    fewest, _ = _solve.bracket(*args, _solve.FEWEST, budget)
    _, most = _solve.bracket(*args, _solve.MOST, budget)
    return position.taken + fewest, position.taken + most
