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

from engine.words import Phrase, gettext_noop, phrase

Counts = tuple[tuple[int, int], ...]


class MovementError(ValueError):
    """Counts no movement can serve; the message says which counts would work.

    ``alternatives`` holds the same counts as data: for ``movement`` and ``sections`` pairs
    (tables, decks), for ``leftover`` pairs (players, table size), each accepted by the
    function that refused. ``words`` is the message as a :class:`Phrase` (the site says it in
    the reader's language, ``tournament.words.say``); ``str()`` is the English.
    """

    def __init__(self, message: Phrase | str, alternatives: Counts = ()) -> None:
        super().__init__(str(message))
        self.words = message
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
            wants.append(phrase(gettext_noop("at least 2 tables (it has %(tables)s)"),
                                tables=counted_words(tables, "table")))
        if decks < 1:
            wants.append(phrase(gettext_noop("at least 1 deck (it has %(decks)s)"),
                                decks=counted_words(decks, "deck")))
        # The nearest counts that make sense, then the nearest of those that divide.
        t, d = max(tables, 2), max(decks, 1)
        alternatives = ((t, d),) if d % t == 0 else _near_divisions(t, d)
        return MovementError(
            phrase(gettext_noop("a comparison needs %(wants)s; %(alternatives)s"),
                   wants=_and(wants), alternatives=_would_work(alternatives, tables, decks)),
            alternatives,
        )
    alternatives = _near_divisions(tables, decks)
    text = (gettext_noop("%(decks)s cannot be shared by %(tables)s in equal groups; "
                         "%(alternatives)s. More tables than decks need sections, each with its "
                         "own copy of the decks") if tables > decks else
            gettext_noop("%(decks)s cannot be shared by %(tables)s in equal groups; "
                         "%(alternatives)s"))
    return MovementError(phrase(text, decks=counted_words(decks, "deck"),
                                tables=counted_words(tables, "table"),
                                alternatives=_would_work(alternatives, tables, decks)),
                         alternatives)


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
            phrase(gettext_noop("a comparison needs at least 2 tables (the room has "
                                "%(tables)s); %(alternatives)s"),
                   tables=counted_words(tables, "table"),
                   alternatives=_would_work(alternatives, tables, decks)),
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
    alternatives = tuple(found)
    would_work = _would_work(alternatives, tables, decks)
    if sizes:
        return MovementError(phrase(
            gettext_noop("a room of %(tables)s cannot be split into sections whose sizes divide "
                         "%(decks)s (sections of %(sizes)s tables); %(alternatives)s"),
            tables=counted_words(tables, "table"), decks=counted_words(decks, "deck"),
            sizes=_or(sizes), alternatives=would_work), alternatives)
    return MovementError(phrase(
        gettext_noop("%(decks)s cannot be shared by 2 or more tables; %(alternatives)s"),
        decks=counted_words(decks, "deck"), alternatives=would_work), alternatives)


# --- words --------------------------------------------------------------------------------------


def counted(n: int, noun: str) -> str:
    """"1 table", "2 tables": a count with its noun (English; ``counted_words`` for people)."""
    return str(counted_words(n, noun))


# noun -> (one, more): a count with its noun, chosen by n == 1 (English's and German's rule:
# a pure module has no ngettext)
_COUNTED = {
    "table": (gettext_noop("%(n)s table"), gettext_noop("%(n)s tables")),
    "deck": (gettext_noop("%(n)s deck"), gettext_noop("%(n)s decks")),
    "player": (gettext_noop("%(n)s player"), gettext_noop("%(n)s players")),
    "three-table": (gettext_noop("%(n)s three-table"), gettext_noop("%(n)s three-tables")),
    "four-table": (gettext_noop("%(n)s four-table"), gettext_noop("%(n)s four-tables")),
}


def counted_words(n: int, noun: str) -> Phrase:
    """ "1 table", "2 tables" as a :class:`Phrase` (``noun`` one of ``_COUNTED``)."""
    one, more = _COUNTED[noun]
    return phrase(one if n == 1 else more, n=n)


def _or(numbers: list[int]) -> Phrase | str:
    """ "2, 4, 8 or 16"."""
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return words[0]
    # Translators: the end of a list of numbers: "2, 4, 8 or 16"
    return phrase(gettext_noop("%(list)s or %(last)s"), list=", ".join(words[:-1]),
                  last=words[-1])


def _and(parts: list[Phrase]) -> Phrase:
    joined = parts[0]
    for part in parts[1:]:
        # Translators: two of a list of details, e.g. "number and email"
        joined = phrase(gettext_noop("%(first)s and %(second)s"), first=joined, second=part)
    return joined


def _would_work(alternatives: Counts, tables: int, decks: int) -> Phrase:
    """Counts that work, in words: "4 or 6 tables, or 10 or 15 decks, would work"; a pair that
    changes both counts reads "2 tables with 2 decks"."""
    other_tables = [t for t, d in alternatives if d == decks and t != tables]
    other_decks = [d for t, d in alternatives if t == tables and d != decks]
    parts: list[Phrase] = []
    if other_tables:
        parts.append(phrase(gettext_noop("%(numbers)s tables"), numbers=_or(other_tables)))
    if other_decks:
        parts.append(phrase(gettext_noop("%(numbers)s decks"), numbers=_or(other_decks)))
    parts += [
        # Translators: counts that would work: "2 tables with 2 decks"
        phrase(gettext_noop("%(tables)s with %(decks)s"), tables=counted_words(t, "table"),
               decks=counted_words(d, "deck"))
        for t, d in alternatives
        if t != tables and d != decks
    ]
    if len(parts) <= 1:
        # Translators: counts that would work, e.g. "4 or 6 tables would work"
        return phrase(gettext_noop("%(counts)s would work"), counts=parts[0] if parts else "")
    joined = parts[0]
    for part in parts[1:]:
        # Translators: two of the counts that would work: "4 or 6 tables, or 10 or 15 decks"
        joined = phrase(gettext_noop("%(first)s, or %(second)s"), first=joined, second=part)
    # Translators: more than one choice of counts that would work: "4 or 6 tables, or 10 or 15
    # decks, would work"
    return phrase(gettext_noop("%(counts)s, would work"), counts=joined)
