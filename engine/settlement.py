"""Settlement of a score sheet: every two players settle the difference of their totals
(000 §11, docs/rules.md §9)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction


def settle(totals: Sequence[int]) -> list[int]:
    """Net Points of each player against all the others: sum of (own − other)."""
    return [sum(own - other for other in totals) for own in totals]


def at_rate(points: int, cents_per_point: Fraction = Fraction(1, 4)) -> int:
    """Whole cents at the agreed limit, the fraction dropped as the book does (000 L4811)."""
    cents = points * cents_per_point
    return int(cents)  # int() truncates toward zero, dropping the fraction either way
