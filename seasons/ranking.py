"""The season ranking: each player's results after the drops and the best N, their value (a
total, or a mean with missing units counted as 0 up to a divisor), the absence penalty, and the
order: the qualified ranked, equals sharing a rank ("3="), then the not qualified, then the
guests (docs/seasons.md). Exact to the end: values are ``Fraction``s, rounded half up only when
printed. Standard library only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from seasons.rules import AVERAGE, OMIT, Document, Id, Rules


@dataclass(frozen=True)
class Row:
    """One player's line of the ranking."""

    player: Id
    rank: str | None  # "1", "3=" (shared); None: not qualified, or a guest
    value: Fraction
    played: int
    missed: int
    counted: tuple[Id, ...]  # in the season's order
    dropped: tuple[Id, ...]  # played but not counted: the drops and those below the best N
    total: int  # of the counted scores: the first tie-break
    penalty: int
    qualified: bool
    guest: bool

    @property
    def printed_value(self) -> str:
        return printed(self.value)

    def as_json(self) -> dict[str, object]:
        return {"player": self.player, "rank": self.rank, "value": self.printed_value,
                "played": self.played, "counted": list(self.counted),
                "dropped": list(self.dropped), "penalty": self.penalty,
                "qualified": self.qualified}


def printed(value: Fraction) -> str:
    """Two decimals, half away from zero (1234.505 → "1234.51", −0.005 → "-0.01")."""
    cents, rest = divmod(abs(value) * 100, 1)
    whole = int(cents) + (1 if rest >= Fraction(1, 2) else 0)
    return f"{Decimal(-whole if value < 0 else whole).scaleb(-2):.2f}"


def counted_and_dropped(rules: Rules,
                        results: Sequence[tuple[Id, int]]) -> tuple[tuple[Id, ...],
                                                                    tuple[Id, ...]]:
    """Which of a player's results (in the season's order) count: one worst dropped per
    threshold reached (the earliest of equal scores first), then the best N of the rest (the
    earliest of equal scores kept)."""
    position = {unit: i for i, (unit, _) in enumerate(results)}
    kept = list(results)
    for _ in range(min(rules.drops(len(results)), len(kept))):
        kept.remove(min(kept, key=lambda r: (r[1], position[r[0]])))
    if rules.best is not None and len(kept) > rules.best:
        best = sorted(kept, key=lambda r: (-r[1], position[r[0]]))[:rules.best]
        kept = sorted(best, key=lambda r: position[r[0]])
    counted = {unit for unit, _ in kept}
    return (tuple(unit for unit, _ in results if unit in counted),
            tuple(unit for unit, _ in results if unit not in counted))


def value_of(rules: Rules, scores: Sequence[int]) -> Fraction:
    """The total of the counted scores, or their mean over at least ``zero_up_to`` units."""
    total = Fraction(sum(scores))
    if rules.value != AVERAGE:
        return total
    divisor = max(len(scores), rules.zero_up_to)
    return total / divisor if divisor else Fraction(0)


def row_of(document: Document, player: Id, guest: bool) -> Row:
    rules = document.rules
    results = document.results.get(player, ())
    counted, dropped = counted_and_dropped(rules, results)
    score = dict(results)
    scores = [score[unit] for unit in counted]
    played = len(results)
    missed = len(document.units) - played
    penalty = rules.absence_penalty.of(missed) if rules.absence_penalty else 0
    qualified = not guest and played >= rules.min_played
    return Row(player, None, value_of(rules, scores) - penalty, played, missed, counted,
               dropped, sum(scores), penalty, qualified, guest)


def _key(row: Row) -> tuple[Fraction, int, int]:
    return (-row.value, -row.total, -row.played)


def rank_season(document: Document) -> tuple[Row, ...]:
    """The ranking: the qualified by value, then total, then units played, equals sharing a
    rank; then the not qualified in the same order, unranked; then the guests (unless the
    rules omit them). Equals keep the order of the document's players."""
    rows = [row_of(document, p.id, p.guest) for p in document.players]
    qualified = sorted((r for r in rows if r.qualified), key=_key)
    keys = [_key(row) for row in qualified]
    ranked: list[Row] = []
    first = 0  # where the group of equals of the current row begins: one pass
    for i, row in enumerate(qualified):
        if i and keys[i] != keys[i - 1]:
            first = i
        shared = first < i or (i + 1 < len(keys) and keys[i + 1] == keys[i])
        ranked.append(_with_rank(row, f"{first + 1}=" if shared else str(first + 1)))
    others = sorted((r for r in rows if not r.qualified and not r.guest), key=_key)
    guests = ([] if document.rules.guests == OMIT
              else sorted((r for r in rows if r.guest), key=_key))
    return (*ranked, *others, *guests)


def _with_rank(row: Row, rank: str) -> Row:
    return replace(row, rank=rank)


def ranking_json(rows: Sequence[Row]) -> dict[str, object]:
    """The command's answer: ``{"ranking": [...]}``."""
    return {"ranking": [row.as_json() for row in rows]}
