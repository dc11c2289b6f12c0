"""Seating: table sizes, the first-series draw and reseating later series (pure, no database)."""

import random
from itertools import combinations

import pytest

from tournament.seating.algorithms import (
    Plan,
    SeatingError,
    TablePolicy,
    count_repeats,
    draw,
    pairs_of,
    reseat,
    table_sizes,
)

# --- helpers ------------------------------------------------------------------------------------


def partitions(players, sizes):
    """Every way to split ``players`` into tables of ``sizes`` (four-tables first), each once."""
    if not sizes:
        yield []
        return
    size = sizes[0]
    count = sizes.count(size)
    # First the players of all tables of this size, then split them; the tables of one size are
    # interchangeable, so each split puts its lowest player at the first of them.
    for group in combinations(players, size * count):
        left = [p for p in players if p not in group]
        for split in equal_tables(list(group), size):
            for tail in partitions(left, sizes[count:]):
                yield [*split, *tail]


def equal_tables(players, size):
    if not players:
        yield []
        return
    first, others = players[0], players[1:]
    for mates in combinations(others, size - 1):
        left = [p for p in others if p not in mates]
        for tail in equal_tables(left, size):
            yield [(first, *mates), *tail]


def test_partitions_counts_every_plan_once():
    # n! / (product of k! per table * m! per group of m equal tables)
    assert len(list(partitions(list(range(6)), [3, 3]))) == 10
    assert len(list(partitions(list(range(10)), [4, 3, 3]))) == 2100
    assert len(list(partitions(list(range(11)), [4, 4, 3]))) == 5775
    plans = {frozenset(map(frozenset, p)) for p in partitions(list(range(11)), [4, 4, 3])}
    assert len(plans) == 5775


def brute_force_minimum(players, sizes, met, keep_apart=()):
    """The least (keep-apart violations, repeats) over every possible plan."""
    met = {frozenset(p) for p in met}
    apart = {frozenset(p) for p in keep_apart}
    best = None
    for tables in partitions(list(players), sizes):
        together = pairs_of(tables)
        score = (len(together & apart), len(together & met))
        if best is None or score < best:
            best = score
    return best


def assert_valid(plan, entries, policy=TablePolicy.PREFER_FOUR):
    seated = [p for table in plan.tables for p in table]
    assert sorted(seated) == sorted(entries)  # every entry exactly once
    assert [len(t) for t in plan.tables] == table_sizes(len(entries), policy)


def random_pairs(players, density, rng):
    return {frozenset(p) for p in combinations(players, 2) if rng.random() < density}


# --- table_sizes --------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", list(TablePolicy))
def test_table_sizes_seat_everyone_at_threes_and_fours(policy):
    for n in range(3, 201):
        try:
            sizes = table_sizes(n, policy)
        except SeatingError:
            workable = {
                TablePolicy.PREFER_FOUR: n != 5,
                TablePolicy.THREE_ONLY: n % 3 == 0,
                TablePolicy.FOUR_ONLY: n % 4 == 0,
            }[policy]
            assert not workable, f"{n} players under {policy} should be seatable"
            continue
        assert sum(sizes) == n
        assert set(sizes) <= {3, 4}
        assert sizes == sorted(sizes, reverse=True)  # four-tables first
        if policy is TablePolicy.THREE_ONLY:
            assert set(sizes) == {3}
        if policy is TablePolicy.FOUR_ONLY:
            assert set(sizes) == {4}


def test_prefer_four_has_the_most_four_tables_possible():
    for n in range(3, 201):
        if n == 5:
            continue
        most = max(a for a in range(n // 4 + 1) if (n - 4 * a) % 3 == 0)
        assert table_sizes(n).count(4) == most, n


@pytest.mark.parametrize(
    ("n", "expected"),
    [(3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [3, 3, 3]), (10, [4, 3, 3]),
     (13, [4, 3, 3, 3])],
)
def test_table_sizes_examples(n, expected):
    assert table_sizes(n) == expected


def test_policy_may_be_given_as_its_stored_string():
    assert table_sizes(12, "three_only") == [3, 3, 3, 3]


@pytest.mark.parametrize("n", [0, 1, 2])
def test_too_few_players(n):
    with pytest.raises(SeatingError, match=f"at least 3 players are needed; you have {n} "):
        table_sizes(n)


def test_five_players_name_what_would_work():
    with pytest.raises(SeatingError) as error:
        table_sizes(5)
    message = str(error.value)
    assert "5 players cannot be seated" in message
    assert "(6)" in message and "leave one out" in message


def test_three_only_names_the_nearest_counts():
    with pytest.raises(SeatingError) as error:
        table_sizes(22, TablePolicy.THREE_ONLY)
    assert str(error.value) == (
        "22 players cannot be seated at three-tables only: 21 or 24 players can; "
        "or allow four-tables"
    )


def test_four_only_names_the_nearest_counts():
    with pytest.raises(SeatingError, match="4 or 8 players can; or allow three-tables"):
        table_sizes(7, TablePolicy.FOUR_ONLY)
    with pytest.raises(SeatingError, match=r"only: 4 players can; or allow three-tables"):
        table_sizes(3, TablePolicy.FOUR_ONLY)  # no table of 0
    with pytest.raises(SeatingError) as error:
        table_sizes(5, TablePolicy.THREE_ONLY)
    assert "3 or 6 players can" in str(error.value)
    assert "allow" not in str(error.value)  # four-tables would not help 5 players


@pytest.mark.parametrize("policy", [TablePolicy.THREE_ONLY, TablePolicy.FOUR_ONLY])
def test_every_impossible_count_names_working_counts(policy):
    size = 3 if policy is TablePolicy.THREE_ONLY else 4
    for n in range(3, 201):
        if n % size == 0:
            continue
        with pytest.raises(SeatingError) as error:
            table_sizes(n, policy)
        upper = n - n % size + size
        assert f"{upper} players can" in str(error.value)


# --- pairs_of and count_repeats -----------------------------------------------------------------


def test_pairs_of():
    assert pairs_of([(1, 2, 3), (4, 5, 6, 7)]) == {
        frozenset(p) for p in [(1, 2), (1, 3), (2, 3), (4, 5), (4, 6), (4, 7), (5, 6), (5, 7),
                               (6, 7)]
    }
    plan = Plan(tables=((1, 2, 3),), seed="x")
    assert pairs_of(plan) == {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}


def test_count_repeats_takes_tuples_or_frozensets_in_either_order():
    tables = [(1, 2, 3), (4, 5, 6)]
    assert count_repeats(tables, [(2, 1), (6, 4), (1, 4)]) == 2
    assert count_repeats(tables, {frozenset({3, 2})}) == 1
    assert count_repeats(tables, []) == 0


# --- draw ---------------------------------------------------------------------------------------


def test_draw_is_reproducible_whatever_the_entry_order():
    entries = list(range(101, 141))
    plan = draw(entries, "congress-2024/series-1")
    shuffled = entries[:]
    random.Random(7).shuffle(shuffled)
    assert draw(shuffled, "congress-2024/series-1") == plan
    assert draw(tuple(reversed(entries)), "congress-2024/series-1") == plan
    assert plan.seed == "congress-2024/series-1"
    assert plan.repeat_pairs == 0 and plan.apart_violations == 0
    assert_valid(plan, entries)


def test_another_seed_gives_another_draw():
    entries = range(1, 41)
    plans = {draw(entries, f"seed-{i}").tables for i in range(5)}
    assert len(plans) == 5


def test_seat_order_is_drawn_too():
    # The scorekeeper seat (position 1) should not always go to the lowest id at the table.
    firsts = [
        table[0] == min(table) for i in range(20) for table in draw(range(40), f"s{i}").tables
    ]
    assert not all(firsts)


@pytest.mark.parametrize("policy", list(TablePolicy))
def test_draw_follows_the_policy(policy):
    plan = draw(range(24), "s", policy)
    assert_valid(plan, list(range(24)), policy)


def test_draw_rejects_what_cannot_be_seated():
    with pytest.raises(SeatingError):
        draw([1, 2, 3, 4, 5], "s")
    with pytest.raises(SeatingError, match="entry 3 is listed twice"):
        draw([1, 2, 3, 3, 4, 5], "s")


def test_draw_keeps_apart_pairs_apart():
    keep_apart = [(1, 2), (1, 3), (2, 3), (4, 5), (6, 7)]
    for i in range(200):
        plan = draw(range(1, 13), f"seed-{i}", keep_apart=keep_apart)
        assert_valid(plan, list(range(1, 13)))
        assert plan.apart_violations == 0
        assert count_repeats(plan.tables, keep_apart) == 0


def test_draw_keep_apart_of_absent_players_is_ignored():
    plan = draw(range(1, 10), "s", keep_apart=[(1, 99), (98, 99)])
    assert plan.apart_violations == 0
    assert_valid(plan, list(range(1, 10)))


def test_draw_seats_unavoidable_keep_apart_as_few_times_as_possible():
    # Seven players at a four- and a three-table, 1..4 all to be kept apart: the best is two of
    # them at each table, so two violations are unavoidable (the brute force agrees).
    keep_apart = list(combinations(range(1, 5), 2))
    expected = brute_force_minimum(range(1, 8), table_sizes(7), met=(), keep_apart=keep_apart)
    for i in range(20):
        plan = draw(range(1, 8), f"s{i}", keep_apart=keep_apart)
        assert (plan.apart_violations, plan.repeat_pairs) == expected == (2, 0)


# --- reseat -------------------------------------------------------------------------------------


def met_sets(n, rng):
    """Earlier-series histories for n players, from realistic to adversarial."""
    players = list(range(1, n + 1))
    one = pairs_of(draw(players, f"earlier-{rng.random()}").tables)
    two = one | pairs_of(reseat(players, f"later-{rng.random()}", one).tables)
    sizes = table_sizes(n)
    hidden = next(partitions(rng.sample(players, n), sizes))  # a random plan ...
    only_one_way = set(map(frozenset, combinations(players, 2))) - pairs_of(hidden)
    yield "one earlier series", one
    yield "two earlier series", two
    yield "only one plan avoids repeats", only_one_way  # ... which is the only clean one
    yield "everyone met", set(map(frozenset, combinations(players, 2)))
    yield "one player met all", {frozenset({1, p}) for p in players[1:]}
    for density in (0.4, 0.6, 0.8):
        yield f"random {density}", random_pairs(players, density, rng)


@pytest.mark.parametrize("n", [6, 7, 8, 9, 10])
def test_reseat_reaches_the_brute_force_minimum(n):
    rng = random.Random(n)
    players = list(range(1, n + 1))
    for label, met in met_sets(n, rng):
        _, minimum = brute_force_minimum(players, table_sizes(n), met)
        for seed in ("a", "b"):
            plan = reseat(players, seed, met)
            assert_valid(plan, players)
            assert plan.repeat_pairs == count_repeats(plan.tables, met)
            assert plan.repeat_pairs == minimum, (label, seed, plan)


@pytest.mark.parametrize("n", [7, 9, 10])
def test_reseat_with_keep_apart_reaches_the_brute_force_minimum(n):
    rng = random.Random(100 + n)
    players = list(range(1, n + 1))
    for _ in range(4):
        met = random_pairs(players, 0.5, rng)
        keep_apart = [tuple(p) for p in rng.sample(sorted(map(sorted, combinations(players, 2))),
                                                   n // 2)]
        expected = brute_force_minimum(players, table_sizes(n), met, keep_apart)
        plan = reseat(players, "s", met, keep_apart=keep_apart)
        assert (plan.apart_violations, plan.repeat_pairs) == expected


def test_reseat_when_everyone_met_gives_the_unavoidable_minimum():
    players = [11, 12, 13, 14, 15, 16]
    met = list(combinations(players, 2))
    plan = reseat(players, "s", met)
    assert plan.repeat_pairs == 6  # two three-tables, three pairs each
    assert plan.repeat_pairs == brute_force_minimum(players, [3, 3], met)[1]


def test_keep_apart_outweighs_every_repeat():
    # 1 and 2 must sit apart; everyone else already met everyone: the plan accepts all the
    # repeats it needs rather than seat 1 with 2.
    players = list(range(1, 10))
    met = [p for p in combinations(players, 2) if set(p) != {1, 2}]
    plan = reseat(players, "s", met, keep_apart=[(1, 2)])
    assert plan.apart_violations == 0
    assert plan.repeat_pairs == 9


@pytest.mark.parametrize("policy", list(TablePolicy))
def test_three_series_of_60_without_a_repeat(policy):
    players = list(range(1000, 1060))
    keep_apart = [(1000, 1001), (1002, 1003), (1004, 1005)]
    met = set()
    for series in range(1, 4):
        if series == 1:
            plan = draw(players, "series-1", policy, keep_apart=keep_apart)
        else:
            plan = reseat(players, f"series-{series}", met, policy, keep_apart=keep_apart)
        assert_valid(plan, players, policy)
        assert plan.repeat_pairs == 0
        assert plan.apart_violations == 0
        met |= pairs_of(plan.tables)


def test_reseat_many_series_stays_clean_while_possible():
    # 120 players at four-tables: each series uses 3 of a player's 119 possible partners, so
    # six series are far from exhausting them; every one must be repeat-free.
    players = list(range(120))
    met = pairs_of(draw(players, "1"))
    for series in range(2, 7):
        plan = reseat(players, str(series), met)
        assert plan.repeat_pairs == 0, series
        met |= pairs_of(plan)


def test_reseat_is_reproducible_whatever_the_input_order():
    players = list(range(1, 61))
    met = pairs_of(draw(players, "1"))
    plan = reseat(players, "2", met)
    shuffled = players[:]
    random.Random(3).shuffle(shuffled)
    met_list = sorted(tuple(sorted(p)) for p in met)
    random.Random(4).shuffle(met_list)
    assert reseat(shuffled, "2", met_list) == plan
    assert reseat(players, "2b", met) != plan
    assert plan.seed == "2"


def test_reseat_is_reproducible_when_the_search_works_hard():
    # Zero is impossible here, so the search runs to its bound: it must still be deterministic.
    players = list(range(1, 11))
    met = list(combinations(range(1, 8), 2))
    assert reseat(players, "x", met) == reseat(list(reversed(players)), "x", set(map(frozenset,
                                                                                       met)))


def test_reseat_ignores_pairs_of_players_no_longer_playing():
    plan = reseat([1, 2, 3, 4, 5, 6], "s", [(1, 99), (2, 3, 4), (7, 8), frozenset({5})])
    assert plan.repeat_pairs == 0
    assert_valid(plan, [1, 2, 3, 4, 5, 6])
