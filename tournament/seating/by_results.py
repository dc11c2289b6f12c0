"""Seating a later series by the results so far (pure): the best together ("by standings"), or
progressive movement, the best of every table up one and the head table's last to the foot.
Plain functions over entry ids, like ``tournament.seating.algorithms``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from tournament.seating.algorithms import (
    Plan,
    SeatingError,
    TablePolicy,
    pair_set,
    pairs_of,
    table_sizes,
)

Pair = frozenset[int]



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
    apart = {pair for pair in pair_set(keep_apart) if pair <= rank.keys()}
    _separate(members, rank, apart)
    tables = _draw_seat_order(members, random.Random(seed))
    return Plan(tables=tables, seed=seed, apart_violations=len(pairs_of(tables) & apart))


# Half of it is the docstring: the movement's specification, kept beside the code.
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
