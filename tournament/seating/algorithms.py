"""Seating for Skat tournaments: table sizes, the first-series draw and later-series reseating.

Pure Python on plain entry ids (no Django, no database), so views, management commands and the
benchmark share one implementation. Every plan is reproducible: the same entries (in any order),
seed, policy, keep-apart and met pairs always give the same plan, because all randomness comes
from ``random.Random(seed)`` and the search is bounded by a work count, never by the clock.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

Pair = frozenset[int]


class TablePolicy(StrEnum):
    PREFER_FOUR = "prefer_four"  # as many four-tables as possible (the default)
    THREE_ONLY = "three_only"
    FOUR_ONLY = "four_only"

    @property
    def label(self) -> str:
        """The name a settings form shows."""
        return _POLICY_LABELS[self]


_POLICY_LABELS = {
    TablePolicy.PREFER_FOUR: "As many four-tables as possible",
    TablePolicy.THREE_ONLY: "Three-tables only",
    TablePolicy.FOUR_ONLY: "Four-tables only",
}


class SeatingError(ValueError):
    """A seating request that cannot be met; the message tells the organizer what would work."""


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
        raise SeatingError(f"at least 3 players are needed; you have {players} checked in")
    if policy is TablePolicy.THREE_ONLY:
        return _one_size(players, 3, "three", "four")
    if policy is TablePolicy.FOUR_ONLY:
        return _one_size(players, 4, "four", "three")
    if players == 5:  # the only count >= 3 that is not 4a + 3b
        raise SeatingError(
            "5 players cannot be seated at tables of 3 and 4: check in one more for two "
            "three-tables (6) or seat 4 at one four-table and leave one out"
        )
    # Fewest three-tables: never more than three, since four of them could be three four-tables.
    threes = next(b for b in range(4) if (players - 3 * b) % 4 == 0)
    return [4] * ((players - 3 * threes) // 4) + [3] * threes


def _one_size(players: int, size: int, name: str, other: str) -> list[int]:
    if players % size == 0:
        return [size] * (players // size)
    lower = players - players % size
    upper = lower + size
    counts = f"{lower} or {upper} players can" if lower else f"{upper} players can"
    # Mixing sizes helps every count except 5, which no mix of 3s and 4s can seat.
    hint = f"; or allow {other}-tables" if players != 5 else ""
    raise SeatingError(f"{players} players cannot be seated at {name}-tables only: {counts}{hint}")


# --- pairs --------------------------------------------------------------------------------------


def pairs_of(plan_tables: Plan | Iterable[Iterable[int]]) -> set[Pair]:
    """Every pair of players sharing a table."""
    tables = plan_tables.tables if isinstance(plan_tables, Plan) else plan_tables
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}


def count_repeats(
    tables: Plan | Iterable[Iterable[int]], met: Iterable[Pair] | Iterable[tuple[int, int]]
) -> int:
    """How many pairs seated together in ``tables`` are in ``met``."""
    return len(pairs_of(tables) & _pair_set(met))


def _pair_set(pairs: Iterable[Iterable[int]]) -> set[Pair]:
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
    met_pairs = _pair_set(met)
    apart_pairs = _pair_set(keep_apart)

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


# --- seating by results -------------------------------------------------------------------------


def by_standings(
    ranking: Sequence[int],
    seed: str,
    policy: TablePolicy | str = TablePolicy.PREFER_FOUR,
    keep_apart: Iterable[tuple[int, int]] = (),
) -> Plan:
    """The best together, by points, as Preisskat does.

    ``ranking`` holds the players to seat (the caller's checked-in entries), best first, with
    ties already ordered by the caller. It is cut into tables of ``table_sizes(len(ranking),
    policy)``, four-tables first, so table 1 gets the top players, table 2 the next and so on.

    A keep-apart pair that lands at one table is separated by a swap: the lower-ranked member
    changes places with the nearest-ranked player of the next table (nearest to him in the
    ranking, the better one on a tie), skipping players whose swap would put another keep-apart
    pair together; if the next table has no such player, the table after it is tried, and so
    on. At the foot table (or when no table below will do) the higher-ranked member moves up
    instead, with the nearest-ranked player of the table above. Every swap lowers the number of
    pairs together, so this ends; a pair that no swap can separate stays together and is
    counted in ``apart_violations``.

    Only the seat order within each table comes from ``seed`` (seat 1 is the scorekeeper).
    ``repeat_pairs`` is 0: this function does not know earlier series; the code that stores the
    plan counts repeats.
    """
    ids = list(ranking)
    _require_once(ids)
    sizes = table_sizes(len(ids), policy)
    rank = {entry: i for i, entry in enumerate(ids)}
    members = _cut(ids, sizes)
    apart = {pair for pair in _pair_set(keep_apart) if pair <= rank.keys()}
    _separate(members, rank, apart)
    tables = _draw_seat_order(members, random.Random(seed))
    return Plan(tables=tables, seed=seed, apart_violations=len(pairs_of(tables) & apart))


def progressive(
    previous: Sequence[Sequence[int]],
    table_ranking: Mapping[int, Sequence[int]] | Sequence[Sequence[int]],
    seed: str,
    present: Iterable[int] | None = None,
    policy: TablePolicy | str = TablePolicy.PREFER_FOUR,
) -> Plan:
    """Progressive movement after a series: winners move up a table, the head's loser to the foot.

    ``previous`` is the last series' tables in table order (``previous[0]`` is table 1, the head;
    the last is the foot), each the entry ids seated there. ``table_ranking[i]`` lists the
    players of table i+1 (so a mapping is keyed 0 .. T-1, like the sequence) ordered by their
    result at that table, best first; it must name exactly that table's players. Ties are the
    caller's to break (seed-002 §2.1 offers first-to-score or a cut).

    1. Movement (USPCC 1898, Progressive Euchre, read for Skat; seed-002 §2.1, §2.11): the best
       player of every table t >= 2 moves up to table t-1; the worst player of table 1 goes to
       the foot table T; everybody else stays. With one table nobody moves. Every table keeps
       its size, so when nobody left or joined and the sizes are already those of
       ``table_sizes`` (four-tables at the head), this is the whole plan.
    2. Players who left: everybody seated before who is not in ``present`` is dropped (a winner
       who left does not move up; his seat above is filled by step 4). Players who joined:
       those in ``present`` who were not seated before start at the foot, after everybody else,
       in id order (so the plan does not depend on the order of ``present``). ``present=None``
       means: the same players as before, nobody left or joined.
    3. The room is read as one ladder from the head to the foot: table by table, and within a
       table the best stayer (by his result at that table), then the player who just moved
       in, then the other stayers by result; the joiners last.
    4. The ladder is cut again into ``table_sizes(n, policy)`` (four-tables first, the number
       of tables may change). So a table that has to shrink sends its worst stayer down a
       table, and a table that has to grow gets the best stayer of the table below; the player
       who just moved is the last to be moved again. A gap (someone left) ripples: every table
       below it passes one player up, so nobody jumps more than the gap requires and nobody
       from the foot jumps to the head.

    Only the seat order within each table comes from ``seed``. ``repeat_pairs`` and
    ``apart_violations`` are 0: progressive movement ignores earlier meetings and keep-apart
    pairs by design; the code that stores the plan counts both.
    """
    seated_tables = [list(table) for table in previous]
    if not seated_tables:
        raise SeatingError("progressive seating needs the tables of the previous series")
    seated = [entry for table in seated_tables for entry in table]
    _require_once(seated)
    results = _table_results(seated_tables, table_ranking)

    ladder: list[int] = []
    last = len(results) - 1
    for t, result in enumerate(results):
        if last == 0:  # a single table is its own head and foot: nobody moves
            ladder.extend(result)
            continue
        leaving = result[-1] if t == 0 else result[0]
        arriving = results[t + 1][0] if t < last else results[0][-1]
        stayers = [entry for entry in result if entry != leaving]
        ladder.extend([*stayers[:1], arriving, *stayers[1:]])

    if present is None:
        joined: list[int] = []
    else:
        here = set(present)
        ladder = [entry for entry in ladder if entry in here]
        joined = sorted(here.difference(seated))
    ladder.extend(joined)
    members = _cut(ladder, table_sizes(len(ladder), policy))
    return Plan(tables=_draw_seat_order(members, random.Random(seed)), seed=seed)


def moves(
    previous: Sequence[Sequence[int]], plan: Plan | Sequence[Sequence[int]]
) -> dict[int, tuple[int | None, int | None]]:
    """Who changes table between two plans: entry -> (old table, new table), numbered from 1.

    ``None`` stands for "not seated" (a player who left or joined); players who keep their
    table are left out. Handy for announcing a progressive plan and for checking one.
    """
    tables = plan.tables if isinstance(plan, Plan) else plan
    before = {entry: t for t, table in enumerate(previous, start=1) for entry in table}
    after = {entry: t for t, table in enumerate(tables, start=1) for entry in table}
    return {
        entry: (before.get(entry), after.get(entry))
        for entry in sorted(before.keys() | after.keys())
        if before.get(entry) != after.get(entry)
    }


def _require_once(entries: Sequence[int]) -> None:
    if len(set(entries)) != len(entries):
        twice = min(e for e, k in Counter(entries).items() if k > 1)
        raise SeatingError(f"each player can be seated once, but entry {twice} is listed twice")


def _cut(ladder: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """Split ``ladder`` into consecutive tables of ``sizes``."""
    members, start = [], 0
    for size in sizes:
        members.append(list(ladder[start:start + size]))
        start += size
    return members


def _draw_seat_order(
    members: Sequence[Sequence[int]], rng: random.Random
) -> tuple[tuple[int, ...], ...]:
    tables = []
    for seats in members:
        seats = list(seats)
        rng.shuffle(seats)  # seat 1 is the scorekeeper, so seat order is drawn
        tables.append(tuple(seats))
    return tuple(tables)


def _table_results(
    tables: list[list[int]],
    table_ranking: Mapping[int, Sequence[int]] | Sequence[Sequence[int]],
) -> list[list[int]]:
    """The result order of every table, checked against who sat there."""
    count = len(tables)
    if isinstance(table_ranking, Mapping):
        if set(table_ranking) != set(range(count)):
            raise SeatingError(
                f"table_ranking needs one result per table, keyed 0 to {count - 1} "
                "(table 1 is key 0)"
            )
        results = [list(table_ranking[t]) for t in range(count)]
    else:
        results = [list(result) for result in table_ranking]
        if len(results) != count:
            raise SeatingError(
                f"table_ranking has {len(results)} results for {count} tables; give one per table"
            )
    for number, (table, result) in enumerate(zip(tables, results, strict=True), start=1):
        if not table:
            raise SeatingError(f"table {number} of the previous series has no players")
        if len(result) != len(table) or set(result) != set(table):
            raise SeatingError(
                f"the result of table {number} must rank exactly its {len(table)} players, "
                f"each once"
            )
    return results


def _separate(members: list[list[int]], rank: dict[int, int], apart: set[Pair]) -> None:
    """Swap keep-apart pairs apart in a ranked plan (see :func:`by_standings`), in place."""
    if not apart:
        return
    partners: dict[int, set[int]] = {}
    for a, b in (tuple(pair) for pair in apart):
        partners.setdefault(a, set()).add(b)
        partners.setdefault(b, set()).add(a)

    def clashes(entry: int, t: int, leaving: int) -> bool:
        mates = partners.get(entry, ())
        return any(other in mates for other in members[t] if other != leaving)

    def swap(entry: int, t: int, targets: Iterable[int]) -> bool:
        for u in targets:
            fits = [q for q in members[u]
                    if not clashes(q, t, leaving=entry) and not clashes(entry, u, leaving=q)]
            if fits:
                q = min(fits, key=lambda q: (abs(rank[q] - rank[entry]), rank[q]))
                members[t][members[t].index(entry)] = q
                members[u][members[u].index(q)] = entry
                return True
        return False

    stuck: set[Pair] = set()
    while True:
        table_of = {entry: t for t, seats in enumerate(members) for entry in seats}
        together = [
            (table_of[a], max(rank[a], rank[b]), min(rank[a], rank[b]), pair)
            for pair in apart - stuck
            for a, b in [tuple(pair)]
            if table_of[a] == table_of[b]
        ]
        if not together:
            return
        t, _, _, pair = min(together, key=lambda item: item[:3])
        higher, lower = sorted(pair, key=rank.__getitem__)
        if not (swap(lower, t, range(t + 1, len(members)))
                or swap(higher, t, range(t - 1, -1, -1))):
            stuck.add(pair)
