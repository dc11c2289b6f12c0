"""The movement of comparative (duplicate) Skat: which numbered decks each table plays when.

In comparative Skat every table plays the same deals, pre-dealt into numbered decks, so that a
player's score can be set against everyone who held the same cards. Players keep their table and
seat letter for the whole event; the decks travel, in groups, to the next table. A movement
shares one set of decks among the tables of a section so that every table plays every deck
exactly once and no deck is at two tables in one round. A comparison needs one table size, so a
section is all three-tables or all four-tables; ``leftover`` says what to do with the players
who do not fill one.

Pure Python over counts (no Django, no database) and deterministic: the same counts always give
the same movement, sections and options. Rounds, tables and decks are numbered from 1, as the
room calls them: ``rounds[r - 1][t - 1]`` holds the decks of table t in round r.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
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
            wants.append(f"at least 2 tables (it has {_count(tables, 'table')})")
        if decks < 1:
            wants.append(f"at least 1 deck (it has {_count(decks, 'deck')})")
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
        f"{_count(decks, 'deck')} cannot be shared by {_count(tables, 'table')} in equal "
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
            f"a comparison needs at least 2 tables (the room has {_count(tables, 'table')}); "
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
            f"a room of {_count(tables, 'table')} cannot be split into sections whose sizes "
            f"divide {_count(decks, 'deck')} (sections of {_or(sizes)} tables)"
        )
    else:
        reason = f"{_count(decks, 'deck')} cannot be shared by 2 or more tables"
    alternatives = tuple(found)
    return MovementError(
        f"{reason}; {_would_work(alternatives, tables, decks)}", alternatives
    )


# --- players who do not fill a table ------------------------------------------------------------


class Remedy(StrEnum):
    SECTION = "section"  # a section of the other table size, compared only within itself
    BYES = "byes"  # the players left over sit out


@dataclass(frozen=True)
class LeftoverOption:
    remedy: Remedy
    tables: int  # tables of the chosen size that play in the main comparison
    other_tables: int  # tables of the other size in their own section (0 for byes)
    moved: int  # players taken from full tables of the chosen size into the other section
    byes: int  # players who sit out
    sentence: str  # the option in the organizer's words


@dataclass(frozen=True)
class Leftover:
    """Players at tables of ``table_size``: full tables, the players left over, the options."""

    players: int
    table_size: int
    tables: int  # full tables of table_size
    left_over: int  # players who do not fill one: players − tables · table_size
    options: tuple[LeftoverOption, ...]  # best first; empty when nobody is left over


_SIZE_NAMES = {3: "three", 4: "four"}


# A fifth of it is the docstring: the options are explained where they are made.
def leftover(players: int, table_size: int) -> Leftover:
    """What to do with the players who do not fill a table of ``table_size`` (3 or 4).

    A comparison needs one table size, so the players left over cannot just join a smaller or
    bigger table of the same section. The options, best first:

    * ``Remedy.SECTION``: the players left over and the players of as few full tables as
      possible sit at tables of the other size, as a section of its own compared only within
      itself. Offered when that section has at least 2 tables (one table has nobody to be
      compared with) and the main comparison keeps at least 2 tables. Everybody plays, which
      is why it comes first; its players are compared with fewer tables.
    * ``Remedy.BYES``: the players left over sit out (a bye), always possible.

    Refuses a table size other than 3 or 4, and fewer than 2 full tables.
    """
    if table_size not in _SIZE_NAMES:
        raise MovementError(
            f"a Skat table has 3 or 4 players, not {table_size}", ((players, 3), (players, 4))
        )
    other = 7 - table_size
    name, other_name = _SIZE_NAMES[table_size], _SIZE_NAMES[other]
    full, rest = divmod(players, table_size)
    if full < 2:
        alternatives: Counts = ((2 * table_size, table_size),)
        if players // other >= 2:
            alternatives += ((players, other),)
        raise _too_few(players, name, table_size, alternatives)
    if not rest:
        return Leftover(players, table_size, full, 0, ())
    options = []
    moved_tables = next(
        (
            x
            for x in range(full - 1)  # the main comparison keeps at least 2 tables
            if (rest + x * table_size) % other == 0 and (rest + x * table_size) // other >= 2
        ),
        None,
    )
    if moved_tables is not None:
        moved = moved_tables * table_size
        seated = rest + moved
        others = seated // other
        taken = (
            f" and the {moved} of {_count(moved_tables, name + '-table')}" if moved else ""
        )
        options.append(
            LeftoverOption(
                remedy=Remedy.SECTION,
                tables=full - moved_tables,
                other_tables=others,
                moved=moved,
                byes=0,
                sentence=(
                    f"The {_count(rest, 'player')} left over{taken} sit at "
                    f"{others} {other_name}-tables, a section of their own compared only among "
                    f"those {others} tables; {full - moved_tables} {name}-tables play the main "
                    f"comparison"
                ),
            )
        )
    sits = "sits" if rest == 1 else "sit"
    options.append(
        LeftoverOption(
            remedy=Remedy.BYES,
            tables=full,
            other_tables=0,
            moved=0,
            byes=rest,
            sentence=f"{_count(rest, 'player')} {sits} out (a bye); {full} {name}-tables play",
        )
    )
    return Leftover(players, table_size, full, rest, tuple(options))


def _too_few(players: int, name: str, size: int, alternatives: Counts) -> MovementError:
    message = (
        f"a comparison needs at least 2 {name}-tables ({2 * size} players); "
        f"{_count(players, 'player')} fill only {_count(players // size, name + '-table')}"
    )
    if len(alternatives) > 1:
        other = alternatives[1][1]
        message += f"; they would fill {players // other} {_SIZE_NAMES[other]}-tables"
    return MovementError(message, alternatives)


# --- words --------------------------------------------------------------------------------------


def _count(n: int, noun: str) -> str:
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
        f"{_count(t, 'table')} with {_count(d, 'deck')}"
        for t, d in alternatives
        if t != tables and d != decks
    ]
    return ", or ".join(parts) + (", would work" if len(parts) > 1 else " would work")
