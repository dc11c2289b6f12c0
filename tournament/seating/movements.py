"""The movement of comparative (duplicate) Skat: which numbered decks each table plays when.

In comparative Skat every table plays the same deals, pre-dealt into numbered decks, so that a
player's score can be set against everyone who held the same cards. Players keep their table and
seat letter for the whole event; the decks travel, in groups, to the next table. A movement
shares one set of decks among the tables of a section so that every table plays every deck
exactly once and no deck is at two tables in one round. A comparison needs one table size, so a
section is all three-tables or all four-tables; ``seating.leftover`` says what to do with the
players who do not fill one.

Pure Python over counts (no Django, no database) and deterministic: the same counts always give
the same movement, sections and options. Rounds, tables and decks are numbered from 1, as the
room calls them: ``rounds[r - 1][t - 1]`` holds the decks of table t in round r.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

Counts = tuple[tuple[int, int], ...]


class MovementError(ValueError):
    """Counts no movement can serve; the message says which counts would work.

    ``alternatives`` holds the same counts as data: for ``movement`` and ``sections`` pairs
    (tables, decks), for ``leftover`` pairs (players, table size), each accepted by the
    function that refused.
    """

    def __init__(self, message: str, alternatives: Counts = ()) -> None:
        super().__init__(message)
        self.alternatives = alternatives


# --- one section: the movement --------------------------------------------------------------------


@dataclass(frozen=True)
class Movement:
    """Which decks each table of one section plays in each round.

    The decks are split into ``tables`` equal groups of ``decks_per_round`` (group g holds decks
    g·k + 1 … (g + 1)·k); in round r table t plays group (t − 1 + r − 1) mod ``tables``. So a
    group passes from table t to table t − 1 after each round (table 1 passes to the last
    table), as boards do in a bridge Mitchell movement, and there are ``tables`` rounds.
    """

    tables: int
    decks: int
    rounds: tuple[tuple[tuple[int, ...], ...], ...]  # rounds[r - 1][t - 1]: decks, ascending

    @property
    def decks_per_round(self) -> int:
        return self.decks // self.tables

    def decks_of(self, round: int, table: int) -> tuple[int, ...]:
        """The decks table ``table`` plays in round ``round``, in the order it plays them."""
        self._check("round", round, self.tables, "rounds")
        self._check("table", table, self.tables, "tables")
        return self.rounds[round - 1][table - 1]

    def table_of(self, round: int, deck: int) -> int:
        """The table at which deck ``deck`` is played in round ``round``."""
        self._check("round", round, self.tables, "rounds")
        self._check("deck", deck, self.decks, "decks")
        group = (deck - 1) // self.decks_per_round
        return (group - (round - 1)) % self.tables + 1

    def path(self, deck: int) -> tuple[tuple[int, int], ...]:
        """The (round, table) pairs deck ``deck`` visits, round 1 first: every table once."""
        return tuple((r, self.table_of(r, deck)) for r in range(1, self.tables + 1))

    def _check(self, what: str, number: int, most: int, plural: str) -> None:
        if not 1 <= number <= most:
            raise MovementError(
                f"{what} {number} does not exist: this movement has {most} {plural}, "
                f"numbered from 1"
            )


def movement(tables: int, decks: int) -> Movement:
    """The movement of ``decks`` decks around ``tables`` tables of one section.

    Refuses (``MovementError``, naming counts that work) fewer than 2 tables (one table has
    nobody to be compared with), no decks, and a deck count that is not a multiple of the
    table count (the groups that travel must be equal, or some table would wait for decks).
    """
    if tables < 2 or decks < 1 or decks % tables:
        raise _movement_refusal(tables, decks)
    k = decks // tables
    groups = [tuple(range(g * k + 1, (g + 1) * k + 1)) for g in range(tables)]
    rounds = tuple(
        tuple(groups[(t - 1 + r) % tables] for t in range(1, tables + 1)) for r in range(tables)
    )
    return Movement(tables=tables, decks=decks, rounds=rounds)


def _movement_refusal(tables: int, decks: int) -> MovementError:
    if tables < 2 or decks < 1:
        wants = []
        if tables < 2:
            wants.append(f"at least 2 tables (it has {counted(tables, 'table')})")
        if decks < 1:
            wants.append(f"at least 1 deck (it has {counted(decks, 'deck')})")
        # The nearest counts that make sense, then the nearest of those that divide.
        t, d = max(tables, 2), max(decks, 1)
        alternatives = ((t, d),) if d % t == 0 else _near_divisions(t, d)
        return MovementError(
            f"a comparison needs {' and '.join(wants)}; "
            f"{_would_work(alternatives, tables, decks)}",
            alternatives,
        )
    alternatives = _near_divisions(tables, decks)
    message = (
        f"{counted(decks, 'deck')} cannot be shared by {counted(tables, 'table')} in equal "
        f"groups; {_would_work(alternatives, tables, decks)}"
    )
    if tables > decks:
        message += (
            ". More tables than decks need sections, each with its own copy of the decks"
        )
    return MovementError(message, alternatives)


def _near_divisions(tables: int, decks: int) -> Counts:
    """The nearest table counts (≥ 2) dividing ``decks``, below and above ``tables``, then the
    nearest multiples of ``tables`` (≥ ``tables``) below and above ``decks``."""
    divisors = _divisors(decks)
    fewer = [t for t in divisors if t < tables]
    more = [t for t in divisors if t > tables]
    tables_that_work = ([fewer[-1]] if fewer else []) + ([more[0]] if more else [])
    below = decks - decks % tables
    decks_that_work = ([below] if below >= tables else []) + [below + tables]
    return tuple((t, decks) for t in tables_that_work) + tuple(
        (tables, d) for d in decks_that_work
    )


def _divisors(decks: int) -> list[int]:
    """The section sizes ``decks`` can serve: its divisors from 2 up, ascending."""
    small = [t for t in range(1, isqrt(max(decks, 0)) + 1) if decks % t == 0]
    return sorted({*small, *(decks // t for t in small)} - {1})


# --- a room: sections ---------------------------------------------------------------------------


def sections(tables: int, decks: int) -> list[int]:
    """Split a room of ``tables`` tables into sections that each play the whole set of decks.

    Each section plays its own ``movement(size, decks)`` with its own copy of the same decks, so
    every deck is still compared across the whole room. A section has at least 2 tables and its
    size divides ``decks`` (at most ``decks`` tables, one deck per round).

    The rule, in order:

    1. as few sections as possible: each one costs a full copy of the decks to deal;
    2. then as equal as possible: the smallest difference between the biggest and the smallest
       section, so that rounds end at similar times;
    3. then the biggest sections first: the list read from the left is as large as possible
       (a tie-break only, so that the answer is one and the same every time).

    Sizes are returned biggest first, e.g. ``sections(10, 12) == [6, 4]``, ``sections(6, 12) ==
    [6]``, ``sections(13, 12) == [6, 4, 3]``. Refuses (naming counts that work) fewer than 2
    tables and counts no split can serve, e.g. an odd room when the decks have no odd divisor.
    """
    sizes = _divisors(decks)
    fewest = _fewest_parts(tables, sizes) if tables >= 2 else None
    if fewest is None:
        raise _sections_refusal(tables, decks)
    # Windows [low, high] of allowed sizes, narrowest first and, among equally narrow ones,
    # highest first (rule 3); the first window that can make ``tables`` in ``fewest`` parts wins.
    windows = sorted(
        ((low, high) for low in sizes for high in sizes if low <= high),
        key=lambda w: (w[1] - w[0], -w[1]),
    )
    for low, high in windows:
        allowed = [s for s in sizes if low <= s <= high]
        reach = _reach(tables, fewest, allowed)
        if reach[fewest] >> tables & 1:
            return _largest_first(tables, fewest, allowed, reach)
    raise AssertionError("the full window always works")  # pragma: no cover


def _fewest_parts(tables: int, sizes: list[int]) -> int | None:
    """The fewest sizes (repeats allowed) that add up to ``tables``, or None if none do."""
    fewest: list[int | None] = [0] + [None] * tables
    for total in range(1, tables + 1):
        options = [p for s in sizes if s <= total and (p := fewest[total - s]) is not None]
        fewest[total] = min(options) + 1 if options else None
    return fewest[tables]


def _reach(tables: int, parts: int, sizes: list[int]) -> list[int]:
    """reach[c] has bit x set when c sizes (repeats allowed) add up to x ≤ ``tables``."""
    mask = (1 << (tables + 1)) - 1
    reach = [1]
    for _ in range(parts):
        step = 0
        for s in sizes:
            step |= reach[-1] << s
        reach.append(step & mask)
    return reach


def _largest_first(tables: int, parts: int, sizes: list[int], reach: list[int]) -> list[int]:
    """The list of ``parts`` sizes adding up to ``tables`` that is largest read from the left."""
    chosen: list[int] = []
    rest = tables
    for left in range(parts - 1, -1, -1):
        size = next(s for s in reversed(sizes) if s <= rest and reach[left] >> (rest - s) & 1)
        chosen.append(size)
        rest -= size
    return chosen


def _splits(tables: int, decks: int) -> bool:
    return tables >= 2 and _fewest_parts(tables, _divisors(decks)) is not None


def _sections_refusal(tables: int, decks: int) -> MovementError:
    sizes = _divisors(decks)
    if tables < 2:
        alternatives: Counts = ((sizes[0], decks),) if sizes else ((2, 2),)
        return MovementError(
            f"a comparison needs at least 2 tables (the room has {counted(tables, 'table')}); "
            f"{_would_work(alternatives, tables, decks)}",
            alternatives,
        )
    found: list[tuple[int, int]] = []
    if sizes:
        t = tables - 1
        while t >= 2 and not _splits(t, decks):
            t -= 1
        if t >= 2:
            found.append((t, decks))
        t = tables + 1
        while not _splits(t, decks):  # ends: every multiple of the largest size splits
            t += 1
        found.append((t, decks))
    d = decks - 1
    while d >= 2 and not _splits(tables, d):
        d -= 1
    if d >= 2:
        found.append((tables, d))
    d = max(decks + 1, 2)
    while not _splits(tables, d):  # ends: 2s and 3s make every table count from 2, so 6 does
        d += 1
    found.append((tables, d))
    if sizes:
        reason = (
            f"a room of {counted(tables, 'table')} cannot be split into sections whose sizes "
            f"divide {counted(decks, 'deck')} (sections of {_or(sizes)} tables)"
        )
    else:
        reason = f"{counted(decks, 'deck')} cannot be shared by 2 or more tables"
    alternatives = tuple(found)
    return MovementError(
        f"{reason}; {_would_work(alternatives, tables, decks)}", alternatives
    )


# --- words --------------------------------------------------------------------------------------


def counted(n: int, noun: str) -> str:
    """"1 table", "2 tables": a count with its noun."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _or(numbers: list[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _would_work(alternatives: Counts, tables: int, decks: int) -> str:
    """Counts that work, in words: "4 or 6 tables, or 10 or 15 decks, would work"; a pair that
    changes both counts reads "2 tables with 2 decks"."""
    other_tables = [t for t, d in alternatives if d == decks and t != tables]
    other_decks = [d for t, d in alternatives if t == tables and d != decks]
    parts = []
    if other_tables:
        parts.append(f"{_or(other_tables)} tables")
    if other_decks:
        parts.append(f"{_or(other_decks)} decks")
    parts += [
        f"{counted(t, 'table')} with {counted(d, 'deck')}"
        for t, d in alternatives
        if t != tables and d != decks
    ]
    return ", or ".join(parts) + (", would work" if len(parts) > 1 else " would work")
