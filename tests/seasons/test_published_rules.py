"""Each season rule a club publishes (issue 23), against a hand computation: the numbers in
the docstrings were worked out on paper, not by the code under test."""

from __future__ import annotations

from seasons.presets import PRESETS
from seasons.ranking import rank_season, ranking_json
from seasons.rules import read_document


def rank(rules: dict, units: int, scores: dict[int, list[int | None]],
         guests: tuple[int, ...] = ()) -> dict[int, dict]:
    """The ranking of players whose scores per unit (None: missed) are given, by player."""
    document = {
        "rules": rules,
        "units": list(range(1, units + 1)),
        "players": [{"id": p, "guest": p in guests} for p in scores],
        "results": [{"unit": u, "player": p, "score": s}
                    for p, row in scores.items() for u, s in enumerate(row, start=1)
                    if s is not None],
    }
    rows = ranking_json(rank_season(read_document(document)))["ranking"]
    return {row["player"]: row for row in rows}


def order(rules: dict, units: int, scores: dict[int, list[int | None]],
          guests: tuple[int, ...] = ()) -> list[tuple[int, str | None]]:
    return [(p, row["rank"]) for p, row in rank(rules, units, scores, guests).items()]


def test_monday_club_average_from_25_series_and_the_absence_penalty():
    """Average per series, ranked from 25 played; beyond 30 missed, (missed − 16)² off.

    Of 60 series: A plays 40 at 1000 (missed 20: no penalty) → 1000.00; B plays 25 at 1200
    (missed 35 > 30: (35 − 16)² = 361 off) → 1200 − 361 = 839.00; C plays 24 at 2000 → not
    qualified (fewer than 25), listed after, without rank: 2000 − (36 − 16)² = 1600.00."""
    rules = PRESETS["average_with_absence_penalty"].rules
    scores = {1: [1000] * 40 + [None] * 20, 2: [1200] * 25 + [None] * 35,
              3: [2000] * 24 + [None] * 36}
    found = rank(rules, 60, scores)
    assert [(p, r["rank"]) for p, r in found.items()] == [(1, "1"), (2, "2"), (3, None)]
    assert found[1]["value"] == "1000.00" and found[1]["penalty"] == 0
    assert found[2]["value"] == "839.00" and found[2]["penalty"] == 361
    assert found[3]["value"] == "1600.00" and found[3]["penalty"] == 400
    assert not found[3]["qualified"]


def test_monday_club_penalty_begins_beyond_30_missed():
    """30 missed: no penalty; 31 missed: (31 − 16)² = 225."""
    rules = {"value": "average", "absence_penalty": {"over": 30, "base": 16, "power": 2}}
    found = rank(rules, 61, {1: [100] * 31 + [None] * 30, 2: [100] * 30 + [None] * 31})
    assert found[1]["penalty"] == 0 and found[1]["value"] == "100.00"
    assert found[2]["penalty"] == 225 and found[2]["value"] == "-125.00"


def test_altenburg_drops_the_worst_result_at_30_35_40_45_and_50_series():
    """Total after drops, ranked from 25 series. 29 played: nothing dropped; 30 played: the
    worst (−50 at unit 3) dropped; 52 played: five dropped, the five worst."""
    rules = PRESETS["total_dropping_the_worst"].rules
    short = [100] * 29
    short[2] = -50
    thirty = [100] * 30
    thirty[2] = -50
    long = [10 * u for u in range(1, 53)]  # 10, 20, …, 520: the worst are units 1–5
    found = rank(rules, 52, {1: short + [None] * 23, 2: thirty + [None] * 22, 3: long})
    assert found[1]["dropped"] == [] and found[1]["value"] == str(28 * 100 - 50) + ".00"
    assert found[2]["dropped"] == [3] and found[2]["value"] == "2900.00"  # 29 × 100
    assert found[3]["dropped"] == [1, 2, 3, 4, 5]
    assert found[3]["value"] == f"{sum(10 * u for u in range(6, 53))}.00"  # 13,630
    assert found[3]["counted"] == list(range(6, 53))


def test_altenburg_ranks_from_25_series_only():
    rules = PRESETS["total_dropping_the_worst"].rules
    found = order(rules, 30, {1: [10] * 24 + [None] * 6, 2: [1] * 25 + [None] * 5})
    assert found == [(2, "1"), (1, None)]


def test_germering_average_where_missing_lists_count_zero_up_to_24():
    """Average over at least 24 lists: 12 lists of 600 → 7200 / 24 = 300.00; 30 lists of 500
    → 500.00 (more than 24 divide by themselves)."""
    rules = PRESETS["average_missing_count_zero"].rules
    found = rank(rules, 30, {1: [600] * 12 + [None] * 18, 2: [500] * 30})
    assert found[1]["value"] == "300.00"
    assert found[2]["value"] == "500.00"
    assert [found[2]["rank"], found[1]["rank"]] == ["1", "2"]


def test_koenigsberg_a_quarter_needs_8_series_and_the_year_25():
    """The same results, two seasons: the quarter (units 1–12) ranks A (8 played) and not B
    (7); the year (all 30) ranks B (25 played) and not A (10)."""
    a = [100] * 8 + [None] * 4 + [None] * 16 + [50, 50]
    b = [200] * 7 + [None] * 5 + [200] * 18
    quarter = rank(PRESETS["quarter_from_8_series"].rules, 12, {1: a[:12], 2: b[:12]})
    assert quarter[1]["rank"] == "1" and quarter[2]["rank"] is None
    year = rank(PRESETS["year_from_25_series"].rules, 30, {1: a, 2: b})
    assert year[2]["rank"] == "1" and year[2]["value"] == "5000.00"
    assert year[1]["rank"] is None and year[1]["value"] == "900.00"


def test_franzburg_the_best_8_of_12_season_days():
    """Days 1..12 scoring 100, 200, …, 1200: the best 8 are days 5–12, 6,800 in all; the
    four others are not counted."""
    found = rank(PRESETS["best_8_days"].rules, 12, {1: [100 * d for d in range(1, 13)]})
    assert found[1]["counted"] == list(range(5, 13))
    assert found[1]["dropped"] == [1, 2, 3, 4]
    assert found[1]["value"] == "6800.00"


def test_osnabrueck_average_per_evening_and_neuss_total_per_day():
    """An evening's score is its two series added up (the site adds them); 3 evenings of
    1,500, 900 and 1,200 average 1,200.00 and total 3,600.00."""
    scores = {1: [1500, 900, 1200]}
    assert rank(PRESETS["average_per_evening"].rules, 3, scores)[1]["value"] == "1200.00"
    assert rank(PRESETS["total_per_day"].rules, 3, scores)[1]["value"] == "3600.00"


def test_guests_after_the_ranked_or_not_at_all():
    scores = {1: [100], 2: [900], 3: [50]}
    assert order({"guests": "after"}, 1, scores, guests=(2,)) == [(1, "1"), (3, "2"), (2, None)]
    assert order({"guests": "omit"}, 1, scores, guests=(2,)) == [(1, "1"), (3, "2")]


def test_equal_players_share_a_rank_and_the_next_rank_skips():
    """Value, then counted total, then played decide; equal in all three share "2="."""
    scores = {1: [300], 2: [200], 3: [200], 4: [100]}
    assert order({}, 1, scores) == [(1, "1"), (2, "2="), (3, "2="), (4, "4")]


def test_an_equal_average_is_split_by_the_total_then_by_units_played():
    """Averages of 100: 3 units (total 300) before 2 units (total 200); with zero_up_to the
    totals tie (2 × 150 over 3 = 100 = 3 × 100 / 3) and units played decide."""
    assert order({"value": "average"}, 3, {1: [100, 100, None], 2: [100, 100, 100]}) == [
        (2, "1"), (1, "2")]
    assert order({"value": "average", "zero_up_to": 3}, 3,
                 {1: [150, 150, None], 2: [100, 100, 100]}) == [(2, "1"), (1, "2")]
