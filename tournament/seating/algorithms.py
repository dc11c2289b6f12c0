"""Seating for Skat tournaments: table sizes, the first-series draw and later-series reseating.

Pure Python on plain entry ids (no Django, no database), so views, management commands and the
benchmark share one implementation. Every plan is reproducible: the same entries (in any order),
seed, policy, keep-apart and met pairs always give the same plan, because all randomness comes
from ``random.Random(seed)`` and the search is bounded by a work count, never by the clock.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from engine.words import Phrase, gettext_noop, phrase

Pair = frozenset[int]


class TablePolicy(StrEnum):
    PREFER_FOUR = "prefer_four"  # as many four-tables as possible (the default)
    THREE_ONLY = "three_only"
    FOUR_ONLY = "four_only"

    @property
    def label(self) -> str:
        """The name a settings form shows (an English msgid: the form says it with
        ``gettext``)."""
        return _POLICY_LABELS[self]


_POLICY_LABELS = {
    TablePolicy.PREFER_FOUR: gettext_noop("As many four-tables as possible"),
    TablePolicy.THREE_ONLY: gettext_noop("Three-tables only"),
    TablePolicy.FOUR_ONLY: gettext_noop("Four-tables only"),
}


class SeatingError(ValueError):
    """A seating request that cannot be met; the message tells the organizer what would work.

    ``words`` is the message as a :class:`Phrase` (the site says it in the reader's language,
    ``tournament.words.say``); ``str()`` is the English. A plain string is a developer's."""

    def __init__(self, words: Phrase | str) -> None:
        self.words = words
        super().__init__(str(words))


@dataclass(frozen=True)
class Plan:
    tables: tuple[tuple[int, ...], ...]  # per table (table 1 first), entry ids in seat order 1..k
    seed: str
    repeat_pairs: int = 0  # pairs seated together who already met in an earlier series
    apart_violations: int = 0  # keep-apart pairs seated together (0 whenever possible)


# --- table sizes --------------------------------------------------------------------------------


def table_sizes(players: int, policy: TablePolicy | str = TablePolicy.PREFER_FOUR) -> list[int]:
    """Sizes of the tables, four-tables first, e.g. 10 -> [4, 3, 3]."""
    policy = TablePolicy(policy)  # views may pass the stored string value
    if players < 3:
        raise SeatingError(phrase(gettext_noop("at least 3 players are needed; you have "
                                               "%(players)s checked in"), players=players))
    if policy is TablePolicy.THREE_ONLY:
        return _one_size(players, 3)
    if policy is TablePolicy.FOUR_ONLY:
        return _one_size(players, 4)
    if players == 5:  # the only count >= 3 that is not 4a + 3b
        raise SeatingError(phrase(gettext_noop(
            "5 players cannot be seated at tables of 3 and 4: check in one more for two "
            "three-tables (6) or seat 4 at one four-table and leave one out")))
    # Fewest three-tables: never more than three, since four of them could be three four-tables.
    threes = next(b for b in range(4) if (players - 3 * b) % 4 == 0)
    return [4] * ((players - 3 * threes) // 4) + [3] * threes


# (table size, a smaller count seats, mixing sizes helps) -> the refusal of _one_size
_ONE_SIZE_REFUSALS = {
    (3, True, True): gettext_noop("%(players)s players cannot be seated at three-tables only: "
                                  "%(lower)s or %(upper)s players can; or allow four-tables"),
    (3, True, False): gettext_noop("%(players)s players cannot be seated at three-tables only: "
                                   "%(lower)s or %(upper)s players can"),
    (4, True, True): gettext_noop("%(players)s players cannot be seated at four-tables only: "
                                  "%(lower)s or %(upper)s players can; or allow three-tables"),
    (4, True, False): gettext_noop("%(players)s players cannot be seated at four-tables only: "
                                   "%(lower)s or %(upper)s players can"),
    (4, False, True): gettext_noop("%(players)s players cannot be seated at four-tables only: "
                                   "%(upper)s players can; or allow three-tables"),
}


def _one_size(players: int, size: int) -> list[int]:
    if players % size == 0:
        return [size] * (players // size)
    lower = players - players % size
    upper = lower + size
    # Mixing sizes helps every count except 5, which no mix of 3s and 4s can seat.
    text = _ONE_SIZE_REFUSALS[size, bool(lower), players != 5]
    raise SeatingError(phrase(text, players=players, lower=lower, upper=upper))


# --- pairs --------------------------------------------------------------------------------------


def pairs_of(plan_tables: Plan | Iterable[Iterable[int]]) -> set[Pair]:
    """Every pair of players sharing a table."""
    tables = plan_tables.tables if isinstance(plan_tables, Plan) else plan_tables
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def count_repeats(
    tables: Plan | Iterable[Iterable[int]], met: Iterable[Pair] | Iterable[tuple[int, int]]
) -> int:
    """How many pairs seated together in ``tables`` are in ``met``."""
    return len(pairs_of(tables) & pair_set(met))


def pair_set(pairs: Iterable[Iterable[int]]) -> set[Pair]:
    # Pairs arrive as tuples or frozensets; a "pair" of one player means nothing and is dropped.
    result = set()
    for pair in pairs:
        key = frozenset(pair)
        if len(key) == 2:
            result.add(key)
    return result


# --- draw and reseat ----------------------------------------------------------------------------


def draw(
    entries: Sequence[int],
    seed: str,
    policy: TablePolicy | str = TablePolicy.PREFER_FOUR,
    keep_apart: Iterable[tuple[int, int]] = (),
) -> Plan:
    """Random draw for the first series; keep-apart pairs never share a table when avoidable."""
    return _seat(entries, seed, (), keep_apart, policy)


def reseat(
    entries: Sequence[int],
    seed: str,
    met: Iterable[Pair] | Iterable[tuple[int, int]],
    policy: TablePolicy | str = TablePolicy.PREFER_FOUR,
    keep_apart: Iterable[tuple[int, int]] = (),
) -> Plan:
    """Seat a later series so that as few pairs as possible meet again.

    ``met`` holds the pairs that shared a table in any earlier series. A keep-apart pair weighs
    more than every possible repeat together, so it is only seated together when unavoidable.
    """
    return _seat(entries, seed, met, keep_apart, policy)


def _seat(
    entries: Sequence[int],
    seed: str,
    met: Iterable[Iterable[int]],
    keep_apart: Iterable[Iterable[int]],
    policy: TablePolicy | str,
) -> Plan:
    ids = sorted(set(entries))  # sorted first so the plan does not depend on the input order
    if len(ids) != len(entries):
        twice = min(e for e, k in Counter(entries).items() if k > 1)
        raise SeatingError(f"each player can be seated once, but entry {twice} is listed twice")
    sizes = table_sizes(len(ids), policy)
    rng = random.Random(seed)
    met_pairs = pair_set(met)
    apart_pairs = pair_set(keep_apart)

    # Above the most repeats any plan can have, so one violation outweighs all repeats.
    apart_weight = sum(k * (k - 1) // 2 for k in sizes) + 1
    index = {entry: i for i, entry in enumerate(ids)}
    weights = _weights(index, met_pairs, apart_pairs, apart_weight)

    order = list(range(len(ids)))
    rng.shuffle(order)
    table_of = _greedy(order, sizes, weights)
    _improve(table_of, sizes, weights, rng, max_work=_WORK_PER_PLAYER * len(ids) + _WORK_BASE)

    members: list[list[int]] = [[] for _ in sizes]
    for i, t in enumerate(table_of):
        members[t].append(ids[i])
    for seats in members:
        rng.shuffle(seats)  # seat 1 is the scorekeeper, so seat order is drawn too
    tables = tuple(tuple(seats) for seats in members)
    together = pairs_of(tables)
    return Plan(
        tables=tables,
        seed=seed,
        repeat_pairs=len(together & met_pairs),
        apart_violations=len(together & apart_pairs),
    )


def _weights(
    index: dict[int, int], met: set[Pair], apart: set[Pair], apart_weight: int
) -> list[dict[int, int]]:
    """Conflict weight of each pair, as adjacency dicts over player positions."""
    weights: list[dict[int, int]] = [{} for _ in index]
    for pairs, weight in ((met, 1), (apart, apart_weight)):
        # Sorted so the dicts (and so every tie-break) do not depend on the caller's set order.
        known = sorted(
            tuple(sorted((index[a], index[b])))
            for a, b in (tuple(pair) for pair in pairs)
            if a in index and b in index  # pairs of players not playing this series are moot
        )
        for a, b in known:
            weights[a][b] = weights[a].get(b, 0) + weight
            weights[b][a] = weights[b].get(a, 0) + weight
    return weights


def _greedy(order: list[int], sizes: list[int], weights: list[dict[int, int]]) -> list[int]:
    """Seat players one by one at the first open table where they add the fewest conflicts."""
    table_of = [-1] * len(order)
    room = list(sizes)
    open_tables = list(range(len(sizes)))
    for p in order:
        conflict: dict[int, int] = {}
        for q, w in weights[p].items():
            t = table_of[q]
            if t >= 0:
                conflict[t] = conflict.get(t, 0) + w
        # Conflicted tables are at most p's degree, so this scan stays short.
        choice = next((t for t in open_tables if t not in conflict), None)
        if choice is None:
            choice = min(open_tables, key=conflict.__getitem__)
        table_of[p] = choice
        room[choice] -= 1
        if not room[choice]:
            open_tables.remove(choice)
    return table_of


# Search bounds. Work counts tables examined; proportional to the player count so that big
# fields get a comparable search per player, and bounded so that an impossible zero stops.
_WORK_PER_PLAYER = 40
_WORK_BASE = 6_000
_SCAN = 48  # tables examined per step in a big field: conflict-free targets are plentiful there
_NOISE = 0.08  # share of random swaps, to leave plateaus the best-swap rule cycles on
_TENURE = 6  # a player may not move back to the table he just left for up to this many steps


# Long on purpose: the search loop of re-seating, run ~10^5 times at a congress; its steps
# share a dozen local variables, and function calls per candidate swap would double the time.
def _improve(
    table_of: list[int],
    sizes: list[int],
    weights: list[dict[int, int]],
    rng: random.Random,
    max_work: int,
) -> None:
    """Min-conflicts local search over swaps, with a short tabu and noise; keeps the best plan.

    Each step takes a random conflicted player and swaps him with the player elsewhere whose
    swap lowers the total conflict weight most (or raises it least). Costs are updated
    incrementally: a swap only changes the costs of the players at the two tables involved.
    """
    n_tables = len(sizes)
    members: list[list[int]] = [[] for _ in sizes]
    for p, t in enumerate(table_of):
        members[t].append(p)

    def cost_at(p: int, t: int) -> int:
        wp = weights[p]
        return sum(wp.get(r, 0) for r in members[t] if r != p)

    pcost = [cost_at(p, t) for p, t in enumerate(table_of)]
    total = sum(pcost) // 2
    conflicted = _IndexedSet(p for p in range(len(table_of)) if pcost[p])
    best_total, best = total, table_of[:]
    tabu: dict[tuple[int, int], int] = {}
    step = work = 0
    others_all = list(range(n_tables))

    while total and work < max_work and n_tables > 1:
        step += 1
        p = conflicted.items[rng.randrange(len(conflicted.items))]
        tp = table_of[p]
        if n_tables - 1 <= _SCAN:
            candidates = [t for t in others_all if t != tp]
        else:
            candidates = [t for t in rng.sample(others_all, _SCAN + 1) if t != tp][:_SCAN]
        work += len(candidates) + 1
        home = members[tp]

        if rng.random() < _NOISE:
            tq = rng.choice(candidates)
            q = rng.choice(members[tq])
            delta = _swap_delta(weights, members, pcost, p, tp, q, tq)
        else:
            choice: tuple[int, int] | None = None
            delta = ties = 0
            for tq in candidates:
                p_tabu = tabu.get((p, tq), 0) > step
                for q in members[tq]:
                    d = _swap_delta(weights, members, pcost, p, tp, q, tq)
                    # A tabu move is still allowed when it beats the best plan seen (aspiration).
                    if (p_tabu or tabu.get((q, tp), 0) > step) and total + d >= best_total:
                        continue
                    if choice is None or d < delta:
                        choice, delta, ties = (q, tq), d, 1
                    elif d == delta:
                        ties += 1  # reservoir sampling: a uniform pick among equal swaps
                        if rng.randrange(ties) == 0:
                            choice = (q, tq)
            if choice is None:
                continue
            q, tq = choice

        # Swap p and q, forbid the reverse for a while, and refresh the two tables' costs.
        home.remove(p)
        members[tq].remove(q)
        home.append(q)
        members[tq].append(p)
        table_of[p], table_of[q] = tq, tp
        tenure = step + 1 + rng.randrange(_TENURE)
        tabu[(p, tp)] = tenure
        tabu[(q, tq)] = tenure
        total += delta
        for r in (*home, *members[tq]):
            pcost[r] = cost_at(r, table_of[r])
            if pcost[r]:
                conflicted.add(r)
            else:
                conflicted.discard(r)
        if total < best_total:
            best_total, best = total, table_of[:]

    table_of[:] = best


def _swap_delta(
    weights: list[dict[int, int]],
    members: list[list[int]],
    pcost: list[int],
    p: int,
    tp: int,
    q: int,
    tq: int,
) -> int:
    """Change of the total conflict weight if p (at table tp) and q (at tq) swap seats."""
    wp, wq = weights[p], weights[q]
    p_there = sum(wp.get(r, 0) for r in members[tq] if r != q)
    q_here = sum(wq.get(r, 0) for r in members[tp] if r != p)
    return p_there + q_here - pcost[p] - pcost[q]


class _IndexedSet:
    """A set with O(1) add, discard and uniform random pick (by position in ``items``)."""

    def __init__(self, items: Iterable[int] = ()) -> None:
        self.items: list[int] = []
        self._pos: dict[int, int] = {}
        for item in items:
            self.add(item)

    def add(self, item: int) -> None:
        if item not in self._pos:
            self._pos[item] = len(self.items)
            self.items.append(item)

    def discard(self, item: int) -> None:
        i = self._pos.pop(item, None)
        if i is None:
            return
        last = self.items.pop()
        if i < len(self.items):
            self.items[i] = last
            self._pos[last] = i
