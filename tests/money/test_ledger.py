"""money: the ledger of fees, pools and payouts (pure), and ``python -m money``'s contract."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from money.__main__ import main
from money.ledger import settle
from money.presets import PRESETS, preset
from money.rules import MoneyError, read_document

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("entry_fee", "series_fee", "list_fee", "lost_game_fee", "passed_deal_fee",
         "missed_series_fee", "table_rank_fee")


def ledger(document: dict) -> dict:
    return settle(read_document(document)).as_json()


def table(seats, scores, lost=None, passed=0):
    return {"seats": seats, "scores": scores, "lost_games": lost or [0] * len(seats),
            "passed_deals": passed}


# -- the schemes of the issue, by hand ----------------------------------------------------------


def test_a_preisskat_pays_the_startgeld_out_and_the_organizer_keeps_the_lost_games():
    """Startgeld 100 % as prizes; lost games 0.50 € (1st–3rd), 1.00 € from the 4th, to the
    organizer; as many prizes as tables (two), equal shares."""
    document = {
        "rules": {"entry_fee": 1000, "lost_game_fee": [[1, 50], [4, 100]],
                  "destinations": {"entry_fee": {"prizes": 100}},
                  "prizes": {"places": {"tables": True}, "shares": "equal", "unit": 100}},
        "players": [1, 2, 3, 4, 5, 6, 7],
        "series": [{"tables": [table([1, 2, 3, 4], [300, 100, -50, 20], [0, 2, 5, 1]),
                               table([5, 6, 7], [90, 400, -10], [3, 0, 4])]}],
        "standings": [[6], [1], [2], [5], [4], [7], [3]],
    }
    found = ledger(document)
    # player 3 lost 5 games: 3 × 50 + 2 × 100
    assert found["players"]["3"]["paid"]["lost_game_fee"] == 350
    assert found["players"]["7"]["paid"]["lost_game_fee"] == 250
    lost = 0 + 100 + 350 + 50 + 150 + 0 + 250
    assert found["pools"]["organizer"] == {"in": lost}
    assert found["pools"]["prizes"] == {"in": 7000, "out": 7000, "left": 0}
    assert found["players"]["6"]["received"]["prizes"] == 3500
    assert found["players"]["1"]["received"]["prizes"] == 3500
    assert found["players"]["6"]["net"] == 3500 - 1000


def test_a_weekly_club_pays_each_series_stake_out_that_series():
    """5 € a series paid out that series to as many as there are tables; lost games 1 € for
    the first three, then 2 €, to the club; Listengeld 2 € a series."""
    document = {
        "rules": {"series_fee": 500, "list_fee": 200, "lost_game_fee": [[1, 100], [4, 200]],
                  "destinations": {"series_fee": {"series_prizes": 100}},
                  "series_prizes": {"places": {"tables": True}, "shares": "equal"}},
        "players": [1, 2, 3, 4, 5, 6],
        "series": [{"tables": [table([1, 2, 3], [100, 50, -20], [0, 1, 4]),
                               table([4, 5, 6], [10, 80, 80], [2, 0, 0])]},
                   {"tables": [table([1, 4, 5], [0, 30, 5]), table([2, 3, 6], [60, 70, 1])]}],
        "standings": [],
    }
    found = ledger(document)
    assert found["players"]["3"]["paid"] == {**dict.fromkeys(KINDS, 0), "series_fee": 1000,
                                             "list_fee": 400, "lost_game_fee": 500}
    first = [p for p in found["payouts"] if p["series"] == 1]
    # series 1: 3,000 for two places; 5 and 6 share places 2–3 (only place 2 is paid)
    assert [(p["places"], p["players"], p["cents"]) for p in first] == [
        ([1], [1], 1500), ([2, 3], [5, 6], 750)]
    second = [p for p in found["payouts"] if p["series"] == 2]
    assert [(p["players"], p["cents"]) for p in second] == [([3], 1500), ([2], 1500)]
    assert found["pools"]["series_prizes"] == {"in": 6000, "out": 6000, "left": 0}
    # Listengeld of six players in two series; lost games of 2 (one), 3 (four), 4 (two)
    assert found["pools"]["organizer"]["in"] == 6 * 2 * 200 + 100 + (3 * 100 + 200) + 2 * 100


def test_passed_deals_from_the_fourth_and_a_missed_series_cost_what_the_club_says():
    """Pforzheim: lost games 1 €; 0.50 € each for every passed deal from the 4th (three-table)
    or the 5th (four-table); 3 € a missed series."""
    document = {
        "rules": {"lost_game_fee": [[1, 100]], "missed_series_fee": 300,
                  "passed_deal_fee": {"from_three": 4, "from_four": 5, "cents": 50}},
        "players": [1, 2, 3, 4, 5, 6, 7, 8],
        "series": [{"tables": [table([1, 2, 3], [1, 2, 3], [1, 0, 0], passed=5),
                               table([4, 5, 6, 7], [1, 2, 3, 4], [0, 0, 2, 0], passed=5)]}],
        "standings": [],
    }
    found = ledger(document)
    assert found["players"]["1"]["paid"]["passed_deal_fee"] == 100  # the 4th and the 5th
    assert found["players"]["4"]["paid"]["passed_deal_fee"] == 50  # only the 5th
    assert found["players"]["8"]["paid"]["missed_series_fee"] == 300
    assert found["players"]["6"]["paid"]["lost_game_fee"] == 200


def test_the_table_rank_obolus_shares_the_better_place_and_the_table_money_goes_to_its_best():
    document = {
        "rules": {"table_rank_fee": {"three": [0, 100, 200], "four": [50, 100, 150, 200]},
                  "destinations": {"table_rank_fee": {"table": 100}}, "table": "winner"},
        "players": [1, 2, 3, 4],
        "series": [{"tables": [table([1, 2, 3, 4], [90, 90, 10, -5])]}],
        "standings": [],
    }
    found = ledger(document)
    paid = [found["players"][str(p)]["paid"]["table_rank_fee"] for p in (1, 2, 3, 4)]
    assert paid == [50, 50, 150, 200]  # 1 and 2 share place 1
    assert found["players"]["1"]["received"]["table"] == 225
    assert found["players"]["2"]["received"]["table"] == 225
    assert found["pools"]["table"] == {"in": 450, "out": 450, "left": 0}


def test_a_season_day_pays_five_of_six_euros_and_every_fourth_player():
    document = {
        "rules": {"entry_fee": 600, "lost_game_fee": [[1, 50]],
                  "destinations": {"entry_fee": {"prizes": 83, "organizer": 17},
                                   "lost_game_fee": {"jackpot": 100}},
                  "prizes": {"places": {"every": 4}, "shares": "linear", "unit": 100}},
        "players": list(range(1, 10)),
        "series": [{"tables": [table([1, 2, 3], [3, 2, 1], [1, 1, 1]),
                               table([4, 5, 6], [3, 2, 1]), table([7, 8, 9], [3, 2, 1])]}],
        "standings": [[1], [4], [7], [2], [5], [8], [3], [6], [9]],
    }
    found = ledger(document)
    # 9 × floor(600 × 83 / 100) = 9 × 498 = 4,482 to the prizes; 2 places (floor 9 / 4)
    assert found["pools"]["prizes"]["in"] == 4482
    assert [(p["players"], p["cents"]) for p in found["payouts"]] == [([1], 2900), ([4], 1400)]
    assert found["pools"]["prizes"]["left"] == 182
    assert found["pools"]["jackpot"] == {"in": 150}


# -- properties over random tournaments and rules -----------------------------------------------

cents = st.integers(0, 5000)


@st.composite
def documents(draw):
    players = list(range(1, draw(st.integers(3, 16)) + 1))
    series = []
    for _ in range(draw(st.integers(0, 3))):
        pool = draw(st.permutations(players))
        tables, at = [], 0
        while len(pool) - at >= 3:
            size = 4 if len(pool) - at >= 4 and draw(st.booleans()) else 3
            seats = pool[at:at + size]
            at += size
            tables.append(table(seats, draw(st.lists(st.integers(-300, 300), min_size=size,
                                                     max_size=size)),
                                draw(st.lists(st.integers(0, 8), min_size=size,
                                              max_size=size)),
                                draw(st.integers(0, 12))))
        series.append({"tables": tables})
    order = draw(st.permutations(players))
    ranked = order[:draw(st.integers(0, len(order)))]
    standings, at = [], 0
    while at < len(ranked):
        size = draw(st.integers(1, 3))
        standings.append(ranked[at:at + size])
        at += size
    pools = ["organizer", "prizes", "series_prizes", "table", "jackpot"]
    destinations = {}
    for kind in draw(st.lists(st.sampled_from(KINDS), unique=True)):
        cuts = sorted(draw(st.lists(st.integers(0, 100), min_size=4, max_size=4)))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
        destinations[kind] = dict(zip(pools, parts, strict=True))
    payout = st.one_of(st.none(), st.fixed_dictionaries({
        "places": st.one_of(st.just({"tables": True}), st.builds(lambda k: {"every": k},
                                                                 st.integers(1, 5)),
                            st.builds(lambda d: {"fraction": f"1/{d}"}, st.integers(1, 5)),
                            st.builds(lambda k: {"top": k}, st.integers(1, 20))),
        "shares": st.one_of(st.just("equal"), st.just("linear"),
                            st.lists(st.integers(0, 50), max_size=6)),
        "unit": st.sampled_from([1, 10, 50, 100])}))
    tiers = sorted(set(draw(st.lists(st.integers(1, 8), max_size=3))))
    rules = {"entry_fee": draw(cents), "series_fee": draw(cents), "list_fee": draw(cents),
             "lost_game_fee": [[first, draw(cents)] for first in tiers],
             "passed_deal_fee": draw(st.one_of(st.none(), st.fixed_dictionaries(
                 {"from_three": st.integers(1, 6), "from_four": st.integers(1, 6),
                  "cents": cents}))),
             "missed_series_fee": draw(cents),
             "table_rank_fee": draw(st.one_of(st.none(), st.fixed_dictionaries(
                 {"three": st.lists(cents, min_size=3, max_size=3),
                  "four": st.lists(cents, min_size=4, max_size=4)}))),
             "destinations": destinations, "prizes": draw(payout),
             "series_prizes": draw(payout), "table": draw(st.sampled_from([None, "winner"]))}
    return {"rules": rules, "players": players, "series": series, "standings": standings}


@settings(max_examples=150, deadline=None)
@given(documents())
def test_it_balances_to_the_cent(document):
    found = ledger(document)
    paid = sum(sum(p["paid"].values()) for p in found["players"].values())
    received = sum(sum(p["received"].values()) for p in found["players"].values())
    assert paid == sum(pool["in"] for pool in found["pools"].values())
    for name in ("prizes", "series_prizes", "table"):
        pool = found["pools"][name]
        assert pool["in"] == pool["out"] + pool["left"] and pool["left"] >= 0
    assert received == sum(found["pools"][n]["out"] for n in ("prizes", "series_prizes",
                                                                "table"))
    assert sum(p["net"] for p in found["players"].values()) == received - paid


@settings(max_examples=150, deadline=None)
@given(documents())
def test_lost_game_money_follows_the_tiers_and_ties_receive_alike(document):
    found = ledger(document)
    tiers = document["rules"]["lost_game_fee"]
    owed = {p: 0 for p in document["players"]}
    for series in document["series"]:
        for t in series["tables"]:
            for player, lost in zip(t["seats"], t["lost_games"], strict=True):
                owed[player] += sum(_tier(tiers, n) for n in range(1, lost + 1))
    assert {int(k): v["paid"]["lost_game_fee"] for k, v in found["players"].items()} == owed
    ranked = sum(len(g) for g in document["standings"])
    for paid in found["payouts"]:
        if paid["pool"] == "prizes":
            assert max(paid["places"]) <= ranked
    tied = {tuple(g) for g in document["standings"] if len(g) > 1}
    for paid in found["payouts"]:
        if paid["pool"] == "prizes" and tuple(paid["players"]) in tied:
            amounts = {found["players"][str(p)]["received"]["prizes"] for p in paid["players"]}
            assert len(amounts) == 1


def _tier(tiers, n: int) -> int:
    """The cents of the n-th lost game: the last tier whose first number is <= n."""
    found = 0
    for first, cents_ in tiers:
        if first <= n:
            found = cents_
    return found


# -- refusals and the command -------------------------------------------------------------------


@pytest.mark.parametrize(("document", "place"), [
    ({"rules": {"destinations": {"lost_game_fee": {"prizes": 90}}}}, "rules.destinations."
                                                                     "lost_game_fee"),
    ({"rules": {"destinations": {"tip": {"prizes": 100}}}}, "rules.destinations.tip"),
    ({"rules": {"destinations": {"list_fee": {"bar": 100}}}}, "rules.destinations.list_fee.bar"),
    ({"rules": {"coffee_fee": 1}}, "rules.coffee_fee"),
    ({"players": [1, 2, 3], "series": [{"tables": [table([1, 2, 3], [1, 2])]}]},
     "series[0].tables[0].scores"),
    ({"players": [1, 2], "series": [{"tables": [table([1, 2], [1, 2])]}]},
     "series[0].tables[0].seats"),
    ({"players": [1, 2, 3], "standings": [[4]]}, "standings[0][0]"),
    ({"rules": {"series_fee": 1.5}}, "rules.series_fee"),
    ({"rules": {"prizes": {"places": {"fraction": "5/4"}}}}, "rules.prizes.places.fraction"),
])
def test_a_malformed_document_is_refused_with_its_place(document, place):
    with pytest.raises(MoneyError) as refused:
        read_document(document)
    assert refused.value.place == place


def _command(text: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "money"], input=text, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_the_command_reads_stdin_and_writes_the_ledger():
    document = {"rules": {"series_fee": 500, "destinations": {"series_fee": {"prizes": 100}},
                          "prizes": {"places": {"top": 1}, "shares": "equal"}},
                "players": [17, 18, 19],
                "series": [{"tables": [table([17, 18, 19], [812, -40, 333])]}],
                "standings": [[17], [19], [18]]}
    done = _command(json.dumps(document))
    assert done.returncode == 0
    found = json.loads(done.stdout)
    assert found == ledger(document)
    assert found["players"]["17"]["net"] == 1000
    assert found["payouts"] == [{"pool": "prizes", "series": None, "places": [1],
                                 "players": [17], "cents": 1500}]


@pytest.mark.parametrize("text", ["not json", '{"rules": {"series_fee": -1}}', "[]",
                                  '{"rules": {"series_fee": NaN}}'])
def test_the_command_answers_one_error_line_and_status_1(text):
    done = _command(text)
    assert done.returncode == 1
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and set(json.loads(lines[0])) == {"error"}


def test_the_command_in_this_process_reads_a_document_with_umlauts(monkeypatch, capsys):
    """``money.__main__.main`` as the command runs it, stdin and stdout its own: a refusal
    keeps the document's words (a pool named in German) as they were."""
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(
        {"rules": {"destinations": {"entry_fee": {"Kasse": 100}}}})))
    assert main() == 1
    said = json.loads(capsys.readouterr().out)
    assert said == {"error": "rules.destinations.entry_fee.Kasse: is no pool (organizer, "
                             "prizes, series_prizes, table, jackpot)"}


# -- the presets --------------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_preset_is_a_document_the_command_reads(key):
    preset(key)  # checked by read_rules: a preset the command refuses fails here
    found = _command(json.dumps({"rules": PRESETS[key], "players": [1, 2, 3],
                                 "series": [{"tables": [table([1, 2, 3], [50, 20, -10],
                                                               [0, 1, 6], passed=6)]}],
                                 "standings": [[1], [2], [3]]}))
    assert found.returncode == 0, found.stdout


def test_a_season_day_preset_pays_five_euros_a_player_to_every_fourth():
    document = {"rules": PRESETS["season_day"], "players": list(range(1, 9)),
                "series": [{"tables": [table([1, 2, 3, 4], [4, 3, 2, 1], [2, 0, 0, 0]),
                                       table([5, 6, 7, 8], [4, 3, 2, 1])]}],
                "standings": [[1], [5], [2], [6], [3], [7], [4], [8]]}
    found = ledger(document)
    assert found["pools"]["prizes"]["in"] == 8 * 500
    # two places (8 / 4), linear 2:1 in whole euros: 2,600 and 1,300; 100 left
    assert [(p["players"], p["cents"]) for p in found["payouts"]] == [([1], 2600), ([5], 1300)]
    assert found["pools"]["jackpot"] == {"in": 100}
    assert found["pools"]["organizer"] == {"in": 8 * 100}
