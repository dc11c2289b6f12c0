"""Comparative Skat standings (docs/rules.md §12): matchpoints, Neuberg, the mean percentage,
the book's columns and ``python -m scoring.comparative``; every number computed by hand below.

Pure: no database.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.comparative import (
    ComparativeStanding,
    DeckMatchpoints,
    DeckResult,
    InvalidResults,
    comparative_standings,
    letter_columns,
    matchpoints,
    neuberg,
    rank_matchpoints,
    rounded,
)

ROOT = Path(__file__).resolve().parent.parent.parent

# The hand example.
# Deck 1, letter N, four results: 40, 40, 10, -20. Top 2 × (4 − 1) = 6.
#   players 1 and 2: 2 × 2 out-scored + 1 tie = 5 (5/6 = 250/3 %)
#   player 3: 2 × 1 out-scored = 2 (2/6 = 100/3 %); player 4: 0 (0 %)
# Deck 2, letter N, one table could not finish: E = 4 expected, A = 3 present: 30, -10, -10.
#   unscaled: player 1 4, players 2 and 3 1 each (top among three would be 4)
#   Neuberg on top 6: player 1 (4 + 1) × 4/3 − 1 = 17/3 (17/18 = 850/9 %)
#                     players 2, 3 (1 + 1) × 4/3 − 1 = 5/3 (5/18 = 250/9 %)
# Deck 2, letter E: a single result (player 5) compares nobody: left out; player 5 is not ranked.
# Deck 1, letter W: the dealer's letter sat out, no results, nothing compared.
# Deck 3, letter S: 10, 10: players 6 and 7 tie, 1 each of top 2 (50 %).
# Standings (mean of the per-deck percentages):
#   player 1: (250/3 + 850/9) / 2 = 800/9 = 88.89 %, matchpoints 5 + 17/3 = 32/3 = 10.67
#   player 2: (250/3 + 250/9) / 2 = 500/9 = 55.56 %, matchpoints 5 + 5/3 = 20/3 = 6.67
#   players 6, 7: 50 %, 1 each: tied "3="
#   player 3: (100/3 + 250/9) / 2 = 275/9 = 30.56 %, matchpoints 2 + 5/3 = 11/3 = 3.67
#   player 4: 0 %, 0
HAND = [
    DeckResult(1, "N", 1, 40),
    DeckResult(1, "N", 2, 40),
    DeckResult(1, "N", 3, 10),
    DeckResult(1, "N", 4, -20),
    DeckResult(2, "N", 1, 30),
    DeckResult(2, "N", 2, -10),
    DeckResult(2, "N", 3, -10),
    DeckResult(2, "E", 5, 60),
    DeckResult(3, "S", 6, 10),
    DeckResult(3, "S", 7, 10),
]
HAND_EXPECTED = {2: 4}
HAND_STANDINGS = [
    # player, decks, matchpoints, percent, place
    (1, 2, Fraction(32, 3), Fraction(800, 9), "1"),
    (2, 2, Fraction(20, 3), Fraction(500, 9), "2"),
    (6, 1, Fraction(1), Fraction(50), "3="),
    (7, 1, Fraction(1), Fraction(50), "3="),
    (3, 2, Fraction(11, 3), Fraction(275, 9), "5"),
    (4, 1, Fraction(0), Fraction(0), "6"),
]


def by_player(rows: list[DeckMatchpoints], deck: int, letter: str) -> dict[int, DeckMatchpoints]:
    return {r.player: r for r in rows if r.deck == deck and r.letter == letter}


def test_matchpoints_of_a_deck_with_ties():
    deck = by_player(matchpoints(HAND, HAND_EXPECTED), 1, "N")
    assert {p: r.unscaled for p, r in deck.items()} == {1: 5, 2: 5, 3: 2, 4: 0}
    assert {p: r.matchpoints for p, r in deck.items()} == {1: 5, 2: 5, 3: 2, 4: 0}
    assert {r.top for r in deck.values()} == {6}
    assert deck[1].percent == Fraction(250, 3)
    assert deck[3].percent == Fraction(100, 3)


def test_neuberg_scales_a_deck_with_a_missing_result():
    deck = by_player(matchpoints(HAND, HAND_EXPECTED), 2, "N")
    assert {p: r.unscaled for p, r in deck.items()} == {1: 4, 2: 1, 3: 1}
    assert deck[1].matchpoints == Fraction(17, 3)  # (4 + 1) × 4/3 − 1
    assert deck[2].matchpoints == deck[3].matchpoints == Fraction(5, 3)  # (1 + 1) × 4/3 − 1
    assert {(r.top, r.results, r.expected) for r in deck.values()} == {(6, 3, 4)}
    assert deck[1].percent == Fraction(850, 9)


def test_neuberg_formula():
    assert neuberg(4, expected=4, actual=3) == Fraction(17, 3)
    assert neuberg(0, expected=4, actual=3) == Fraction(1, 3)
    assert neuberg(3, expected=5, actual=5) == 3  # a complete deck is unchanged
    with pytest.raises(InvalidResults):
        neuberg(1, expected=2, actual=3)
    with pytest.raises(InvalidResults):
        neuberg(0, expected=2, actual=0)


def test_single_result_and_sitting_out_letters_are_not_compared():
    rows = matchpoints(HAND, HAND_EXPECTED)
    assert {(r.deck, r.letter) for r in rows} == {(1, "N"), (2, "N"), (3, "S")}
    assert 5 not in {s.player for s in comparative_standings(HAND, HAND_EXPECTED)}
    # Even when more results were expected, one result alone compares nobody.
    assert matchpoints([DeckResult(4, "E", 5, 10)], {4: 6}) == []


def test_the_hand_example_standings():
    got = comparative_standings(HAND, HAND_EXPECTED)
    assert [(s.player, s.decks, s.matchpoints, s.percent, s.place) for s in got] == HAND_STANDINGS


def test_without_the_expectation_the_results_present_are_expected():
    deck = by_player(matchpoints(HAND), 2, "N")
    assert {p: r.matchpoints for p, r in deck.items()} == {1: 4, 2: 1, 3: 1}
    assert {r.top for r in deck.values()} == {4}


def test_percent_is_the_mean_of_the_decks_not_total_over_total():
    # Player 1: deck 1 among four (top 6), best: 6 = 100 %; deck 2 among two (top 2), worst:
    # 0 = 0 %. Mean 50 %; total over total would be 6 / 8 = 75 %.
    results = [
        DeckResult(1, "N", 1, 50), DeckResult(1, "N", 2, 0),
        DeckResult(1, "N", 3, -10), DeckResult(1, "N", 4, -20),
        DeckResult(2, "N", 1, -30), DeckResult(2, "N", 2, 0),
    ]
    first = next(s for s in comparative_standings(results) if s.player == 1)
    assert first.matchpoints == 6 and first.decks == 2
    assert first.percent == 50
    assert first.matchpoints / (6 + 2) * 100 == 75


def test_ties_are_exact():
    # Player 1: one deck among four, 2 out-scored = 4 of top 6 = 200/3 %.
    # Player 2: deck 1 among two, the better: 2 of 2 = 100 %; deck 2 among four, 1 out-scored:
    # 2 of 6 = 100/3 %; mean (100 + 100/3) / 2 = 200/3 %: the same fraction, a tie.
    results = [
        DeckResult(1, "N", 1, 30), DeckResult(1, "N", 8, 40),
        DeckResult(1, "N", 9, 0), DeckResult(1, "N", 10, -10),
        DeckResult(1, "E", 2, 20), DeckResult(1, "E", 11, 0),
        DeckResult(2, "E", 2, 0), DeckResult(2, "E", 12, -10),
        DeckResult(2, "E", 13, 20), DeckResult(2, "E", 14, 30),
    ]
    got = {s.player: s for s in comparative_standings(results)}
    assert got[1].percent == got[2].percent == Fraction(200, 3)
    assert got[1].rank == got[2].rank and got[1].tied and got[2].tied


def test_nearly_equal_percentages_are_not_a_tie():
    # 200/3 and 66.67 both print as 66.67, but 66.67 is more.
    def row(player: int, percent: Fraction) -> DeckMatchpoints:
        return DeckMatchpoints(1, "N", player, 0, 0, Fraction(0), 2, percent, 2, 2)

    got = rank_matchpoints([row(1, Fraction(200, 3)), row(2, Fraction(6667, 100))])
    assert [(s.player, s.place) for s in got] == [(2, "1"), (1, "2")]
    assert rounded(got[0].percent) == rounded(got[1].percent) == 66.67


def test_scores_compare_exactly():
    # 1/3 out-scores 0.3333: no tie on the deck.
    rows = matchpoints([DeckResult(1, "N", 1, Fraction(1, 3)),
                        DeckResult(1, "N", 2, Fraction("0.3333"))])
    assert {r.player: r.matchpoints for r in rows} == {1: 2, 2: 0}


def test_rounded_halves_away_from_zero():
    assert rounded(Fraction(525, 8)) == 65.63  # 65.625
    assert rounded(Fraction(63, 2)) == 31.5
    assert rounded(Fraction(-525, 8)) == -65.63


def test_results_the_comparison_refuses():
    with pytest.raises(InvalidResults, match="two results"):
        matchpoints([DeckResult(1, "N", 1, 0), DeckResult(1, "E", 1, 0)])
    with pytest.raises(InvalidResults, match="letter"):
        matchpoints([DeckResult(1, "X", 1, 0)])
    with pytest.raises(InvalidResults, match="2 results expected but 3 present"):
        matchpoints([DeckResult(1, "N", p, 0) for p in (1, 2, 3)], {1: 2})


def test_the_books_columns():
    columns = letter_columns(HAND)
    assert list(columns) == ["N", "E", "S"]
    assert [(c.player, c.decks, c.points, c.place) for c in columns["N"]] == [
        (1, 2, 70, "1"), (2, 2, 30, "2"), (3, 2, 0, "3"), (4, 1, -20, "4"),
    ]
    assert [(c.player, c.points, c.place) for c in columns["E"]] == [(5, 60, "1")]
    assert [(c.player, c.points, c.place) for c in columns["S"]] == [(6, 10, "1="), (7, 10, "1=")]


# -- properties -------------------------------------------------------------------------------

scores = st.lists(st.integers(-300, 300), min_size=2, max_size=14)


@given(scores)
def test_matchpoints_of_a_deck_sum_to_n_times_n_minus_1(values):
    n = len(values)
    rows = matchpoints([DeckResult(1, "N", p, v) for p, v in enumerate(values)])
    assert sum(r.matchpoints for r in rows) == n * (n - 1)
    assert all(0 <= r.matchpoints <= 2 * (n - 1) and r.matchpoints == r.unscaled for r in rows)
    assert all(0 <= r.percent <= 100 for r in rows)


@given(scores, st.integers(0, 6))
def test_neuberg_keeps_a_deck_within_its_top_and_its_mean_at_half(values, missing):
    n = len(values)
    rows = matchpoints([DeckResult(1, "S", p, v) for p, v in enumerate(values)], {1: n + missing})
    assert all(0 <= r.matchpoints <= r.top for r in rows)
    assert sum(r.percent for r in rows) / n == 50


results_lists = st.lists(
    st.builds(DeckResult, st.integers(1, 4), st.sampled_from("NES"), st.integers(1, 12),
              st.integers(-100, 100)),
    max_size=40,
    unique_by=lambda r: (r.deck, r.player),
)


@given(results_lists)
def test_standings_percent_within_0_and_100_ranked_best_first(results):
    got = comparative_standings(results)
    assert all(0 <= s.percent <= 100 for s in got)
    assert [s.percent for s in got] == sorted((s.percent for s in got), reverse=True)
    for s in got:
        assert s.rank == 1 + sum(o.percent > s.percent for o in got)
        assert s.tied == (sum(o.percent == s.percent for o in got) > 1)
    compared = {r.player for r in matchpoints(results)}
    assert {s.player for s in got} == compared
    assert all(isinstance(s, ComparativeStanding) for s in got)


# -- command line -----------------------------------------------------------------------------


def run_cli(lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-m", "scoring.comparative", *args],
        input="".join(line + "\n" for line in lines),
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )


def hand_lines() -> list[str]:
    lines = [
        json.dumps({"deck": r.deck, "letter": r.letter, "player": r.player, "score": r.score})
        for r in HAND
    ]
    return [*lines[:4], "", '{"deck": 2, "expected": 4}', *lines[4:]]


def test_cli_prints_the_hand_example():
    result = run_cli(hand_lines())
    assert result.returncode == 0, result.stdout + result.stderr
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        {"player": 1, "decks": 2, "matchpoints": 10.67, "percent": 88.89, "rank": "1"},
        {"player": 2, "decks": 2, "matchpoints": 6.67, "percent": 55.56, "rank": "2"},
        {"player": 6, "decks": 1, "matchpoints": 1.0, "percent": 50.0, "rank": "3="},
        {"player": 7, "decks": 1, "matchpoints": 1.0, "percent": 50.0, "rank": "3="},
        {"player": 3, "decks": 2, "matchpoints": 3.67, "percent": 30.56, "rank": "5"},
        {"player": 4, "decks": 1, "matchpoints": 0.0, "percent": 0.0, "rank": "6"},
    ]


def test_cli_prints_the_books_columns():
    result = run_cli(hand_lines(), "--columns")
    assert result.returncode == 0, result.stderr
    first = json.loads(result.stdout.splitlines()[0])
    assert first == {"letter": "N", "player": 1, "decks": 2, "points": 70, "rank": "1"}


def test_cli_refuses_an_expectation_below_the_results():
    result = run_cli([*hand_lines(), '{"deck": 1, "expected": 3}'])
    assert result.returncode == 1
    assert [json.loads(line) for line in result.stdout.splitlines()] == [
        {"error": "Deck 1, letter N: 3 results expected but 4 present."}
    ]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('{"deck": 1, "letter": "N", "player": 9, "score": "forty"}', '"score"'),
        ('{"deck": 0, "letter": "N", "player": 9, "score": 40}', '"deck"'),
        ('{"deck": 1, "letter": "X", "player": 9, "score": 40}', '"letter"'),
        ('{"deck": 1, "letter": "N", "score": 40}', '"player" is missing'),
        ('{"deck": 1, "letter": "N", "player": 9, "score": 40, "seat": 2}', '"seat"'),
        ('{"deck": 1, "expected": 2.5}', '"expected"'),
        ('{"deck": 1, "letter": "N", "player": 9, "score": NaN}', "not valid JSON"),
        ('{"deck": 1,', "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
    ],
)
def test_cli_names_the_malformed_line_and_field(line, words):
    lines = hand_lines()
    result = run_cli([*lines, line])
    assert result.returncode == 1
    errors = [json.loads(out)["error"] for out in result.stdout.splitlines()]
    assert len(errors) == 1
    assert errors[0].startswith(f"Line {len(lines) + 1}: ")
    assert words in errors[0]
