"""Seating by results (``tournament/seating/by_results.py``, pure): by standings (the best
together) and progressive movement."""

import random

import pytest

from tournament.seating.algorithms import Plan, SeatingError, TablePolicy, pairs_of, table_sizes
from tournament.seating.by_results import by_standings, moves, progressive

# --- helpers ------------------------------------------------------------------------------------


def cut(ids, sizes):
    tables, start = [], 0
    for size in sizes:
        tables.append(list(ids[start:start + size]))
        start += size
    return tables


def as_sets(tables):
    return [set(t) for t in tables]


def results_best_first(previous):
    """A table result for the tests: the lowest id wins at every table."""
    return [sorted(table) for table in previous]


def assert_valid(plan, present, policy=TablePolicy.PREFER_FOUR):
    assert [len(t) for t in plan.tables] == table_sizes(len(present), policy)
    seated = [e for t in plan.tables for e in t]
    assert sorted(seated) == sorted(present)  # everybody present, each exactly once


# --- by standings -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 17, 22, 41])
def test_by_standings_cuts_the_ranking_into_tables_head_first(players):
    ranking = random.Random(players).sample(range(100, 200), players)
    plan = by_standings(ranking, "s")
    sizes = table_sizes(players)
    assert as_sets(plan.tables) == as_sets(cut(ranking, sizes))
    assert [len(t) for t in plan.tables] == sizes
    assert plan.repeat_pairs == plan.apart_violations == 0


def test_by_standings_top_four_at_table_one():
    plan = by_standings(list(range(1, 11)), "x")  # 10 = 4 + 3 + 3
    assert as_sets(plan.tables) == [{1, 2, 3, 4}, {5, 6, 7}, {8, 9, 10}]


def test_by_standings_respects_the_policy():
    plan = by_standings(list(range(1, 13)), "x", policy=TablePolicy.THREE_ONLY)
    assert as_sets(plan.tables) == [{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}]
    with pytest.raises(SeatingError):
        by_standings(list(range(1, 11)), "x", policy="four_only")
    with pytest.raises(SeatingError, match="twice"):
        by_standings([1, 2, 3, 3], "x")


def test_by_standings_is_reproducible_and_the_seed_draws_the_seat_order():
    ranking = list(range(1, 25))
    assert by_standings(ranking, "a") == by_standings(ranking, "a")
    orders = {by_standings(ranking, seed).tables for seed in ("a", "b", "c", "d")}
    assert len(orders) > 1  # seat order within tables differs
    assert all(as_sets(t) == as_sets(cut(ranking, [4] * 6)) for t in orders)


def test_by_standings_keep_apart_swaps_the_lower_ranked_with_the_next_table():
    ranking = list(range(1, 12))  # 4 + 4 + 3
    plan = by_standings(ranking, "k", keep_apart=[(2, 3)])
    # 3 (the lower-ranked) changes places with 5, the best of table 2
    assert as_sets(plan.tables) == [{1, 2, 4, 5}, {3, 6, 7, 8}, {9, 10, 11}]
    assert plan.apart_violations == 0


def test_by_standings_keep_apart_skips_a_swap_that_makes_a_new_pair():
    ranking = list(range(1, 12))
    plan = by_standings(ranking, "k", keep_apart=[(2, 3), (2, 5)])
    # 5 would meet 2 at table 1, so 6 (the next nearest to 3) comes up instead
    assert as_sets(plan.tables) == [{1, 2, 4, 6}, {3, 5, 7, 8}, {9, 10, 11}]
    assert plan.apart_violations == 0


def test_by_standings_keep_apart_at_the_foot_moves_the_higher_ranked_up():
    plan = by_standings(list(range(1, 11)), "k", keep_apart=[(9, 10)])  # 4 + 3 + 3
    assert as_sets(plan.tables) == [{1, 2, 3, 4}, {5, 6, 9}, {7, 8, 10}]
    assert plan.apart_violations == 0


def test_by_standings_counts_a_pair_that_cannot_be_separated():
    # three players, one table: nowhere to go
    plan = by_standings([1, 2, 3], "k", keep_apart=[(1, 2), (7, 8)])
    assert plan.apart_violations == 1


def test_by_standings_many_keep_apart_pairs_stay_valid():
    rng = random.Random(5)
    ranking = rng.sample(range(1, 60), 30)
    apart = [tuple(rng.sample(ranking, 2)) for _ in range(15)]
    plan = by_standings(ranking, "many", keep_apart=apart)
    assert_valid(plan, ranking)
    assert plan.apart_violations == len(pairs_of(plan) & {frozenset(p) for p in apart}) == 0


# --- progressive --------------------------------------------------------------------------------


def expected_movement(previous, results):
    """Table sets after the book's movement, when nobody left or joined."""
    tables = [set(t) for t in previous]
    last = len(tables) - 1
    for t, result in enumerate(results):
        if t >= 1:
            tables[t].discard(result[0])
            tables[t - 1].add(result[0])
    loser = results[0][-1]
    tables[0].discard(loser)
    tables[last].add(loser)
    return tables


@pytest.mark.parametrize(
    ("sizes", "policy"),
    [([4, 4, 4], "prefer_four"), ([3, 3, 3], "prefer_four"), ([4, 4, 4, 4], "prefer_four"),
     ([3, 3, 3, 3], "three_only"), ([4, 4, 3, 3], "prefer_four"), ([4, 3, 3], "prefer_four"),
     ([4, 4, 3], "prefer_four"), ([4, 4], "four_only"), ([4, 3, 3, 3], "prefer_four"),
     ([3, 3], "prefer_four")],
)
def test_progressive_moves_the_winners_up_and_the_head_loser_to_the_foot(sizes, policy):
    players = sum(sizes)
    ids = random.Random(players).sample(range(1, 500), players)
    previous = cut(ids, sizes)
    results = [random.Random(t).sample(table, len(table)) for t, table in enumerate(previous)]
    plan = progressive(previous, results, "p", policy=policy)
    assert as_sets(plan.tables) == expected_movement(previous, results)
    assert_valid(plan, ids, policy)
    moved = moves(previous, plan)
    last = len(sizes)
    assert moved == {
        **{results[t][0]: (t + 1, t) for t in range(1, len(sizes))},
        results[0][-1]: (1, last),
    }


def test_progressive_accepts_a_mapping_keyed_from_zero():
    previous = [[1, 2, 3, 4], [5, 6, 7], [8, 9, 10]]
    results = {0: [4, 3, 2, 1], 1: [7, 6, 5], 2: [10, 9, 8]}
    plan = progressive(previous, results, "m")
    assert as_sets(plan.tables) == [{4, 3, 2, 7}, {6, 5, 10}, {9, 8, 1}]
    with pytest.raises(SeatingError, match="key 0"):
        progressive(previous, {1: [4, 3, 2, 1], 2: [7, 6, 5], 3: [10, 9, 8]}, "m")


def test_progressive_refuses_a_result_that_does_not_match_its_table():
    previous = [[1, 2, 3], [4, 5, 6]]
    with pytest.raises(SeatingError, match="table 2"):
        progressive(previous, [[1, 2, 3], [4, 5, 7]], "x")
    with pytest.raises(SeatingError, match="2 results for 1 tables|one per table"):
        progressive([[1, 2, 3]], [[1, 2, 3], [4, 5, 6]], "x")
    with pytest.raises(SeatingError, match="twice"):
        progressive([[1, 2, 3], [3, 4, 5]], [[1, 2, 3], [3, 4, 5]], "x")


def test_progressive_with_one_table_moves_nobody():
    plan = progressive([[1, 2, 3, 4]], [[2, 1, 4, 3]], "one")
    assert as_sets(plan.tables) == [{1, 2, 3, 4}]


def test_progressive_is_reproducible_from_the_seed():
    previous = cut(list(range(1, 17)), [4, 4, 4, 4])
    results = results_best_first(previous)
    assert progressive(previous, results, "a") == progressive(previous, results, "a")
    plans_ = {progressive(previous, results, s).tables for s in "abcdef"}
    assert len(plans_) > 1 and len({tuple(map(frozenset, p)) for p in plans_}) == 1


def test_a_winner_who_left_is_replaced_by_the_runner_up_of_his_table():
    previous = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    results = results_best_first(previous)  # winners 5 and 9, head loser 4
    present = set(range(1, 13)) - {5}  # 11 players -> 4 + 4 + 3
    plan = progressive(previous, results, "gone", present=present)
    assert_valid(plan, present)
    assert as_sets(plan.tables) == [{1, 2, 3, 6}, {7, 8, 9, 10}, {11, 12, 4}]


def test_a_player_who_left_the_head_table_makes_the_tables_below_move_up_one_each():
    previous = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    results = results_best_first(previous)
    present = set(range(1, 13)) - {2}
    plan = progressive(previous, results, "gap", present=present)
    assert_valid(plan, present)
    # movement gives [1 3 5] [6 7 8 9] [10 11 12 4]; the gap pulls up the best stayer below
    assert as_sets(plan.tables) == [{1, 3, 5, 6}, {7, 8, 9, 10}, {11, 12, 4}]


def test_newcomers_start_at_the_foot():
    previous = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]]
    results = results_best_first(previous)
    present = set(range(1, 12)) | {50}  # 12 -> 4 + 4 + 4
    plan = progressive(previous, results, "new", present=present)
    assert_valid(plan, present)
    assert as_sets(plan.tables) == [{1, 2, 3, 5}, {6, 7, 8, 9}, {10, 11, 4, 50}]


def test_more_players_open_a_new_foot_table():
    previous = [[1, 2, 3, 4], [5, 6, 7, 8]]
    results = results_best_first(previous)
    present = set(range(1, 9)) | {20, 21, 22}  # 11 -> 4 + 4 + 3
    plan = progressive(previous, results, "grow", present=present)
    assert_valid(plan, present)
    assert as_sets(plan.tables) == [{1, 2, 3, 5}, {6, 7, 8, 4}, {20, 21, 22}]


def test_fewer_players_close_a_table():
    previous = [[1, 2, 3, 4], [5, 6, 7], [8, 9, 10]]
    results = results_best_first(previous)
    present = {1, 2, 3, 4, 5, 6, 7, 8}  # 9 and 10 left: 8 -> 4 + 4
    plan = progressive(previous, results, "shrink", present=present)
    assert_valid(plan, present)
    assert as_sets(plan.tables) == [{1, 2, 3, 5}, {6, 7, 8, 4}]


def test_sizes_are_repaired_to_four_tables_at_the_head():
    previous = [[1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]  # hand-corrected: three-table at the head
    plan = progressive(previous, results_best_first(previous), "fix")
    assert_valid(plan, range(1, 12))
    # movement gives [1 2 4] [5 6 7 8] [9 10 11 3]; table 1 takes the best stayer of table 2
    assert as_sets(plan.tables) == [{1, 2, 4, 5}, {6, 7, 8, 9}, {10, 11, 3}]


def test_progressive_refuses_a_count_that_cannot_be_seated():
    previous = [[1, 2, 3, 4], [5, 6, 7, 8]]
    with pytest.raises(SeatingError, match="5 players"):
        progressive(previous, results_best_first(previous), "x", present={1, 2, 3, 4, 5})


@pytest.mark.parametrize("case", range(60))
def test_progressive_always_gives_valid_sizes_and_seats_everybody_once(case):
    rng = random.Random(case)
    policy = rng.choice(list(TablePolicy))
    players = rng.randint(6, 40)
    while True:
        try:
            sizes = table_sizes(players, rng.choice(list(TablePolicy)))
            break
        except SeatingError:
            players += 1
    ids = rng.sample(range(1, 1000), players)
    previous = cut(ids, sizes)
    results = [rng.sample(t, len(t)) for t in previous]
    left = set(rng.sample(ids, rng.randint(0, players // 3)))
    joined = set(rng.sample(range(1000, 1100), rng.randint(0, 6)))
    present = (set(ids) - left) | joined
    try:
        table_sizes(len(present), policy)
    except SeatingError:
        with pytest.raises(SeatingError):
            progressive(previous, results, "r", present=present, policy=policy)
        return
    plan = progressive(previous, results, f"r{case}", present=sorted(present), policy=policy)
    assert isinstance(plan, Plan)
    assert_valid(plan, present, policy)
    assert plan == progressive(previous, results, f"r{case}", present=present, policy=policy)
    new_table = {e: t for t, table in enumerate(plan.tables) for e in table}
    for e in joined:  # newcomers sit at the foot, below every returning player
        assert all(new_table[e] >= new_table[r] for r in present - joined)
