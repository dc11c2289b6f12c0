"""seasons: the season ranking (pure) and ``python -m seasons``' contract: properties that hold
for any document (hypothesis), the order of the rules, the printed value, every refusal."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seasons.__main__ import main
from seasons.presets import PRESETS, preset
from seasons.ranking import printed, rank_season, ranking_json
from seasons.rules import SeasonError, read_document

ROOT = Path(__file__).resolve().parents[2]


@st.composite
def documents(draw) -> dict:
    """A season of up to 12 units and 8 players with any of the rules."""
    units = draw(st.integers(0, 12))
    players = draw(st.integers(0, 8))
    rules: dict[str, object] = {}
    if draw(st.booleans()):
        rules["value"] = draw(st.sampled_from(["total", "average"]))
    if draw(st.booleans()):
        rules["min_played"] = draw(st.integers(0, 8))
    if draw(st.booleans()):
        rules["zero_up_to"] = draw(st.integers(0, 10))
    if draw(st.booleans()):
        rules["drop_worst_at"] = sorted(draw(st.lists(st.integers(1, 12), max_size=4)))
    if draw(st.booleans()):
        rules["best"] = draw(st.integers(1, 10))
    if draw(st.booleans()):
        rules["absence_penalty"] = {"over": draw(st.integers(0, 6)),
                                    "base": draw(st.integers(0, 6)),
                                    "power": draw(st.integers(1, 3))}
    if draw(st.booleans()):
        rules["guests"] = draw(st.sampled_from(["after", "omit"]))
    guests = [draw(st.booleans()) for _ in range(players)]
    results = [{"unit": u, "player": p, "score": draw(st.integers(-300, 300))}
               for p in range(1, players + 1) for u in range(1, units + 1)
               if draw(st.booleans())]
    return {"rules": rules, "units": list(range(1, units + 1)),
            "players": [{"id": p, "guest": g} for p, g in zip(range(1, players + 1), guests,
                                                               strict=True)],
            "results": results}


def answer(document: dict) -> list[dict]:
    return ranking_json(rank_season(read_document(document)))["ranking"]


@settings(max_examples=300)
@given(documents())
def test_every_player_is_listed_once_guests_aside(document):
    rows = answer(document)
    listed = [r["player"] for r in rows]
    guests = {p["id"] for p in document["players"] if p["guest"]}
    expected = {p["id"] for p in document["players"]}
    if document["rules"].get("guests") == "omit":
        expected -= guests
    assert sorted(listed) == sorted(expected)


@settings(max_examples=300)
@given(documents())
def test_counted_and_dropped_part_what_was_played(document):
    played: dict[int, list[int]] = {}
    for r in document["results"]:
        played.setdefault(r["player"], []).append(r["unit"])
    rules = document["rules"]
    for row in answer(document):
        units = played.get(row["player"], [])
        assert row["played"] == len(units)
        assert sorted(row["counted"] + row["dropped"]) == sorted(units)
        assert row["counted"] == sorted(row["counted"])  # in the season's order
        drops = sum(1 for t in rules.get("drop_worst_at", []) if len(units) >= t)
        assert len(row["dropped"]) >= min(drops, len(units))
        if "best" in rules:
            assert len(row["counted"]) <= rules["best"]


@settings(max_examples=300)
@given(documents())
def test_a_dropped_result_is_never_better_than_a_counted_one(document):
    score = {(r["player"], r["unit"]): r["score"] for r in document["results"]}
    for row in answer(document):
        counted = [score[(row["player"], u)] for u in row["counted"]]
        dropped = [score[(row["player"], u)] for u in row["dropped"]]
        if counted and dropped:
            assert max(dropped) <= min(counted)


@settings(max_examples=300)
@given(documents())
def test_the_value_is_the_rules_applied_in_order(document):
    """Recomputed here from the counted units: total or mean over max(counted, zero_up_to),
    minus (missed − base) ** power beyond ``over`` missed."""
    rules = document["rules"]
    score = {(r["player"], r["unit"]): r["score"] for r in document["results"]}
    for row in answer(document):
        counted = [score[(row["player"], u)] for u in row["counted"]]
        value = Fraction(sum(counted))
        if rules.get("value") == "average":
            divisor = max(len(counted), rules.get("zero_up_to", 0))
            value = value / divisor if divisor else Fraction(0)
        missed = len(document["units"]) - row["played"]
        penalty = rules.get("absence_penalty")
        expected_penalty = ((missed - penalty["base"]) ** penalty["power"]
                            if penalty and missed > penalty["over"] else 0)
        assert row["penalty"] == expected_penalty
        assert row["value"] == printed(value - expected_penalty)


@settings(max_examples=300)
@given(documents())
def test_the_qualified_come_first_in_order_and_share_ranks_when_equal(document):
    rows = answer(document)
    guest = {p["id"]: p["guest"] for p in document["players"]}
    least = document["rules"].get("min_played", 0)
    flags = [r["qualified"] for r in rows]
    assert flags == sorted(flags, reverse=True)  # every qualified before any other
    for r in rows:
        assert r["qualified"] == (not guest[r["player"]] and r["played"] >= least)
        assert (r["rank"] is not None) == r["qualified"]
    guests = [guest[r["player"]] for r in rows if not r["qualified"]]
    assert guests == sorted(guests)  # the not qualified, then the guests
    ranked = [r for r in rows if r["qualified"]]
    for i, r in enumerate(ranked):
        number = int(r["rank"].rstrip("="))
        assert 1 <= number <= i + 1
        if i:
            before = ranked[i - 1]
            assert Fraction(before["value"]) >= Fraction(r["value"]) - Fraction(1, 100)
            if number == int(before["rank"].rstrip("=")):
                assert r["rank"].endswith("=") and before["rank"].endswith("=")
            else:
                assert number == i + 1


def test_the_exact_value_ranks_not_the_printed_one():
    """1/3 and 0.33: both print "0.33", yet 1/3 (100 over 300 units) is ahead."""
    document = {"rules": {"value": "average"}, "units": [1, 2, 3],
                "players": [{"id": 1}, {"id": 2}],
                "results": [{"unit": 1, "player": 2, "score": 33},
                            {"unit": 2, "player": 2, "score": 0},
                            {"unit": 3, "player": 2, "score": 66},  # 99 / 3 = 33
                            {"unit": 1, "player": 1, "score": 100},
                            {"unit": 2, "player": 1, "score": 0},
                            {"unit": 3, "player": 1, "score": 0}]}  # 100 / 3 = 33.33…
    document["results"][2]["score"] = 67  # 100 / 3 too: equal, share the rank
    rows = answer(document)
    assert [r["rank"] for r in rows] == ["1=", "1="]
    document["results"][2]["score"] = 66  # 99 / 3 = 33 < 33.33…: both print 33.00 / 33.33
    rows = answer(document)
    assert [(r["player"], r["rank"], r["value"]) for r in rows] == [(1, "1", "33.33"),
                                                                    (2, "2", "33.00")]


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(1234505, 1000), "1234.51"), (Fraction(1234504, 1000), "1234.50"),
    (Fraction(-5, 1000), "-0.01"), (Fraction(-4, 1000), "0.00"), (Fraction(2, 3), "0.67"),
    (Fraction(-17, 8), "-2.13"), (Fraction(0), "0.00"), (Fraction(10**9), "1000000000.00")])
def test_the_value_is_printed_with_two_decimals_half_up(value, text):
    assert printed(value) == text


def test_every_preset_reads_as_a_document_does():
    for key in PRESETS:
        assert preset(key) == read_document({"rules": PRESETS[key].rules}).rules


@pytest.mark.parametrize(("document", "place"), [
    ([], "document"),
    ({"rules": [], "units": []}, "rules"),
    ({"rules": {"value": "median"}}, "rules.value"),
    ({"rules": {"min_played": -1}}, "rules.min_played"),
    ({"rules": {"min_played": 2.5}}, "rules.min_played"),
    ({"rules": {"best": 0}}, "rules.best"),
    ({"rules": {"drop_worst_at": [30, "35"]}}, "rules.drop_worst_at[1]"),
    ({"rules": {"absence_penalty": {"over": 30, "base": 16}}}, "rules.absence_penalty.power"),
    ({"rules": {"absence_penalty": {"over": 30, "base": 16, "power": 2, "x": 1}}},
     "rules.absence_penalty.x"),
    ({"rules": {"guests": "before"}}, "rules.guests"),
    ({"rules": {"drops": [30]}}, "rules.drops"),
    ({"units": [1, 1]}, "units[1]"),
    ({"units": [True]}, "units[0]"),
    ({"players": [{"id": 1}, {"id": 1}]}, "players[1].id"),
    ({"players": [{"guest": True}]}, "players[0].id"),
    ({"players": [{"id": 1, "guest": "no"}]}, "players[0].guest"),
    ({"units": [1], "players": [{"id": 1}], "results": [{"unit": 2, "player": 1, "score": 5}]},
     "results[0].unit"),
    ({"units": [1], "players": [{"id": 1}], "results": [{"unit": 1, "player": 9, "score": 5}]},
     "results[0].player"),
    ({"units": [1], "players": [{"id": 1}], "results": [{"unit": 1, "player": 1,
                                                          "score": 1.5}]},
     "results[0].score"),
    ({"units": [1], "players": [{"id": 1}], "results": [{"unit": 1, "player": 1, "score": 5},
                                                         {"unit": 1, "player": 1, "score": 6}]},
     "results[1]"),
    ({"units": [1], "players": [{"id": 1}], "results": [{"unit": 1, "player": 1}]},
     "results[0].score"),
    ({"season": 2027}, "document.season"),
])
def test_a_malformed_document_is_refused_at_its_place(document, place):
    with pytest.raises(SeasonError) as refused:
        read_document(document)
    assert refused.value.place == place


def run(stdin: str, monkeypatch, capsys) -> tuple[int, dict]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main()
    return status, json.loads(capsys.readouterr().out)


def test_the_command_answers_the_ranking(monkeypatch, capsys):
    document = {"rules": {"value": "average", "min_played": 2, "drop_worst_at": [3]},
                "units": [1, 2, 3], "players": [{"id": 17}, {"id": 18, "guest": True}],
                "results": [{"unit": 1, "player": 17, "score": 1234},
                            {"unit": 2, "player": 17, "score": 1235},
                            {"unit": 3, "player": 17, "score": -40},
                            {"unit": 1, "player": 18, "score": 3000}]}
    status, out = run(json.dumps(document), monkeypatch, capsys)
    assert status == 0
    assert out == {"ranking": [
        {"player": 17, "rank": "1", "value": "1234.50", "played": 3, "counted": [1, 2],
         "dropped": [3], "penalty": 0, "qualified": True},
        {"player": 18, "rank": None, "value": "3000.00", "played": 1, "counted": [1],
         "dropped": [], "penalty": 0, "qualified": False}]}


@pytest.mark.parametrize("stdin", ["", "{", "NaN", '{"rules": {"best": NaN}}', "[1, 2]",
                                   '{"units": "12"}'])
def test_the_command_refuses_with_one_error_and_status_1(stdin, monkeypatch, capsys):
    status, out = run(stdin, monkeypatch, capsys)
    assert status == 1
    assert list(out) == ["error"] and out["error"]


def test_python_dash_m_seasons_runs_as_a_command():
    document = {"units": ["a", "b"], "players": [{"id": "x"}],
                "results": [{"unit": "b", "player": "x", "score": 7}]}
    done = subprocess.run([sys.executable, "-m", "seasons"], input=json.dumps(document),
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ranking"][0] == {
        "player": "x", "rank": "1", "value": "7.00", "played": 1, "counted": ["b"],
        "dropped": [], "penalty": 0, "qualified": True}
    bad = subprocess.run([sys.executable, "-m", "seasons"], input="{}x", capture_output=True,
                         text=True, cwd=ROOT, check=False)
    assert bad.returncode == 1 and list(json.loads(bad.stdout)) == ["error"]
    assert bad.stdout.count("\n") == 1
