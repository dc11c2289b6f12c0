"""Worked examples of seed 000 (North American Skat League) as RULINGS 1 and 2 rule them.

Each test is named after the seed line it reproduces (``000 L877`` = line 877 of seed 000).
"""

from fractions import Fraction

import pytest

from engine import at_rate, evaluate, settle


def heart_solo(**fields):
    return {"game": "solo", "trump": "hearts", "matadors": 1, **fields}


# 000 L877-975: the Heart Solo with one, every contingency, won and lost.
HEART_SOLO_SERIES = [
    ("won_20", heart_solo(card_points=70, tricks=6), True, 20),
    ("schneider_30", heart_solo(card_points=95, tricks=8), True, 30),
    ("schwarz_40", heart_solo(card_points=120, tricks=10), True, 40),
    ("schneider_announced_40", heart_solo(card_points=95, tricks=8, schneider_announced=True),
     True, 40),
    ("schneider_announced_and_schwarz_50",
     heart_solo(card_points=120, tricks=10, schneider_announced=True), True, 50),
    ("schwarz_announced_60", heart_solo(card_points=120, tricks=10, schwarz_announced=True),
     True, 60),
    ("lost_under_61_minus_20", heart_solo(card_points=60, tricks=5), False, -20),
    ("lost_schneidered_minus_30", heart_solo(card_points=30, tricks=3), False, -30),
    ("schneider_announced_not_made_minus_40",
     heart_solo(card_points=80, tricks=7, schneider_announced=True), False, -40),
]


@pytest.mark.parametrize(("record", "won", "value"), [r[1:] for r in HEART_SOLO_SERIES],
                         ids=[r[0] for r in HEART_SOLO_SERIES])
def test_000_L877_to_L975_heart_solo_with_one(record, won, value):
    outcome = evaluate(record)
    assert (outcome["won"], outcome["value"]) == (won, value)
    assert outcome["basis"] == 10
    assert outcome["value"] == (1 if won else -1) * outcome["basis"] * outcome["levels"]


def test_000_L383_diamond_solo_with_three_schwarz_is_54():
    outcome = evaluate({"game": "solo", "trump": "diamonds", "matadors": 3,
                        "card_points": 120, "tricks": 10})
    assert outcome == {"won": True, "value": 54, "basis": 9, "levels": 6, "overbid": False,
                       "schneider": True, "schwarz": True}


def test_000_L1369_club_solo_with_one_24_outbid_by_diamond_solo_without_two_27():
    club = evaluate({"game": "solo", "trump": "clubs", "matadors": 1, "card_points": 61})
    diamond = evaluate({"game": "solo", "trump": "diamonds", "matadors": -2, "card_points": 61})
    assert (club["value"], diamond["value"]) == (24, 27)


def test_000_L1560_grand_ouvert_with_four_counts_every_contingency_216():
    outcome = evaluate({"game": "grand_ouvert", "matadors": 4, "card_points": 120, "tricks": 10})
    assert (outcome["won"], outcome["value"], outcome["levels"]) == (True, 216, 9)


def test_000_L1560_grand_ouvert_lost_still_counts_every_contingency():
    outcome = evaluate({"game": "grand_ouvert", "matadors": 1, "card_points": 110, "tricks": 9})
    assert (outcome["won"], outcome["value"]) == (False, -24 * 6)


def test_000_L1406_heart_solo_without_two_bid_30_jack_in_skat_loses_30():
    # "without two" became "without one" when a higher Jack lay in the Skat: 2 x 10 = 20 < 30.
    outcome = evaluate(heart_solo(matadors=-1, card_points=75, tricks=7, bid=30))
    assert (outcome["won"], outcome["value"], outcome["overbid"]) == (False, -30, True)


def test_000_L1406_the_same_game_with_schneider_still_wins_3_times_10():
    outcome = evaluate(heart_solo(matadors=-1, card_points=95, tricks=8, bid=30))
    assert (outcome["won"], outcome["value"], outcome["overbid"]) == (True, 30, False)


@pytest.mark.parametrize(("trump", "loss"), [("diamonds", -15), ("hearts", -18)])
def test_000_L2279_black_tourne_bid_14_red_card_turned_loses_next_multiple(trump, loss):
    outcome = evaluate({"game": "tourne", "trump": trump, "matadors": 1, "card_points": 70,
                        "bid": 14})
    assert (outcome["won"], outcome["value"], outcome["overbid"]) == (False, loss, True)


def test_000_L2279_diamond_tourne_bid_14_saved_by_schneider_wins_15():
    outcome = evaluate({"game": "tourne", "trump": "diamonds", "matadors": -1,
                        "card_points": 92, "tricks": 8, "bid": 14})
    assert (outcome["won"], outcome["value"]) == (True, 15)


def test_000_L2285_unfavourable_heart_tourne_with_three_on_bid_20_loses_full_24():
    outcome = evaluate({"game": "tourne", "trump": "hearts", "matadors": 3, "card_points": 50,
                        "bid": 20})
    assert (outcome["won"], outcome["value"], outcome["overbid"]) == (False, -24, False)


def test_000_L2297_overbid_loss_is_at_least_the_lost_value():
    # Club Solo with 1 Schneidered loses 36; the bid 30 only asks for 36 too (next multiple of 12).
    outcome = evaluate({"game": "solo", "trump": "clubs", "matadors": -1, "card_points": 25,
                        "bid": 30})
    assert (outcome["value"], outcome["overbid"]) == (-36, True)


def guckser(**fields):
    return {"game": "guckser", "matadors": 1, **fields}


def test_000_L447_L1489_grand_guckser_lost_counts_double():
    assert evaluate(guckser(card_points=70))["value"] == 32
    assert evaluate(guckser(card_points=50))["value"] == -64


def test_000_L1731_passt_nicht_tourne_wins_as_tourne_and_loses_double():
    won = evaluate({"game": "tourne", "trump": "clubs", "matadors": 1, "card_points": 70,
                    "passt_nicht": True})
    lost = evaluate({"game": "tourne", "trump": "clubs", "matadors": 1, "card_points": 40,
                     "passt_nicht": True})
    grand = evaluate({"game": "grand_tourne", "matadors": 2, "card_points": 40,
                      "passt_nicht": True})
    assert (won["value"], lost["value"], grand["value"]) == (16, -32, -72)


CONTRA = {"contra": "on"}


@pytest.mark.parametrize(
    ("fields", "declarer", "contra_opponent"),
    [
        # 000 L2261-2276 under the values before 1908: Guckser with one wins 24, loses 48.
        ({}, 24, None),
        ({"contra": True}, 48, -24),  # 000 L5290: Contra and the Player wins
        ({"recontra": True, "contra": True}, 72, -48),
    ],
    ids=["plain", "contra", "recontra"],
)
def test_000_L2261_guckser_with_one_under_contra_won(fields, declarer, contra_opponent):
    outcome = evaluate(guckser(card_points=75, **fields), "nasl-1898", CONTRA)
    assert outcome["value"] == declarer
    assert outcome.get("contra_value") == contra_opponent


@pytest.mark.parametrize(
    ("fields", "declarer", "contra_opponent"),
    [
        ({}, -48, None),
        ({"contra": True}, -72, 24),  # once the game, once for Guckser, once for Contra
        ({"contra": True, "recontra": True}, -96, 48),
    ],
    ids=["plain", "contra", "recontra"],
)
def test_000_L2261_guckser_with_one_under_contra_lost(fields, declarer, contra_opponent):
    outcome = evaluate(guckser(card_points=45, **fields), "nasl-1898", CONTRA)
    assert outcome["value"] == declarer
    assert outcome.get("contra_value") == contra_opponent


def test_000_L2236_contra_doubles_a_plain_solo_and_charges_the_announcer_once():
    outcome = evaluate(heart_solo(card_points=50, contra=True), options=CONTRA)
    assert (outcome["value"], outcome["contra_value"]) == (-40, 20)


def test_000_L526_values_before_1908():
    assert evaluate({"game": "grand", "matadors": 1, "card_points": 61}, "nasl-1898")[
        "value"] == 32  # 000 L2098: "Grand (the lowest with 1, 32)"
    assert evaluate({"game": "grand", "matadors": 1, "card_points": 61})["value"] == 40
    assert evaluate(guckser(card_points=61), "nasl-1898")["value"] == 24
    assert evaluate({"game": "grand_tourne", "matadors": 1, "card_points": 61}, "nasl-1898")[
        "value"] == 24


@pytest.mark.parametrize(
    ("game", "tricks", "value"),
    [("null", 0, 20), ("null", 1, -20), ("null_ouvert", 0, 40), ("null_ouvert", 3, -40)],
)
def test_000_L466_L1614_null_games_have_single_values(game, tricks, value):
    assert evaluate({"game": game, "tricks": tricks})["value"] == value


def test_000_L904_revolution_is_60_when_enabled():
    outcome = evaluate({"game": "revolution", "tricks": 0}, options={"revolution": "on"})
    assert outcome["value"] == 60


@pytest.mark.parametrize(
    ("flags", "charge"),
    [({}, -20), ({"jungfer": True}, -30), ({"all_tricks": True}, -50)],
    ids=["plain", "jungfer", "all_tricks"],
)
def test_000_L2307_ramsch_charges_the_loser(flags, charge):
    outcome = evaluate({"game": "ramsch", "loser": 2, **flags})
    assert (outcome["won"], outcome["value"]) == (False, charge)


def test_000_L5344_point_ramsch_charges_the_loser_his_card_points():
    outcome = evaluate({"game": "ramsch", "loser": 1, "card_points": 57},
                       options={"point_ramsch": "on"})
    assert outcome["value"] == -57


def test_000_L2136_passed_deal_exists_only_without_ramsch():
    assert evaluate({"game": "passed"}, options={"ramsch": "off"})["value"] == 0


@pytest.mark.parametrize(
    ("reason", "charge"),
    [("misdeal", -10), ("skat_held", -25), ("skat_looked", -10), ("exposed_hand", -10)],
)
def test_000_section_10_penalties(reason, charge):
    assert evaluate({"game": "penalty", "seat": 3, "reason": reason})["value"] == charge


def test_000_L2411_conceded_game_loses_game_and_matadors_only():
    outcome = evaluate({"game": "solo", "trump": "clubs", "matadors": 2, "conceded": True})
    assert (outcome["won"], outcome["value"], outcome["schneider"]) == (False, -36, False)


def test_000_L2411_conceded_guckser_still_loses_double():
    assert evaluate(guckser(conceded=True))["value"] == -64


def test_000_L2168_call_play_must_reach_10():
    options = {"call": "on"}
    assert evaluate({"game": "call", "trump": "clubs", "matadors": 2, "card_points": 70},
                    options=options)["value"] == 12
    short = evaluate({"game": "call", "trump": "diamonds", "matadors": 1, "card_points": 70},
                     options=options)
    assert (short["won"], short["value"], short["overbid"]) == (False, -10, True)


def test_000_L1999_opponent_revoke_credits_the_declarer_and_charges_the_revoker():
    outcome = evaluate(heart_solo(card_points=40, revoke="opponent"))
    assert (outcome["won"], outcome["value"], outcome["revoke_value"]) == (True, 20, -20)


def test_000_L1960_declarer_revoke_loses_the_game():
    outcome = evaluate(heart_solo(card_points=80, revoke="declarer"))
    assert (outcome["won"], outcome["value"]) == (False, -20)


# 000 §16, the Table of Payments (L5455-5952): cells the digest decodes digit by digit.
TABLE_OF_PAYMENTS = [
    # (matadors, basis of the Solo or Tourné, column, printed value)
    (1, 9, "schneider_announced", 36), (1, 12, "schneider_announced", 48),
    (1, 9, "schwarz_announced", 54), (1, 12, "schwarz_announced", 72),
    (2, 10, "schneider_announced", 50), (3, 12, "schwarz_announced", 96),
    (4, 11, "schneider_announced", 77), (5, 12, "game", 72), (5, 12, "schneider", 84),
    (6, 12, "schneider_announced", 108), (6, 12, "schwarz_announced", 132),
    (7, 9, "schneider", 81), (7, 12, "schneider_announced", 120), (7, 8, "schwarz", 80),
    (7, 12, "schwarz_announced", 144), (8, 11, "schneider_announced", 121), (8, 12, "game", 108),
    (9, 12, "game", 120), (9, 12, "schwarz_announced", 168), (10, 12, "schneider", 144),
    (10, 9, "schneider_announced", 117), (10, 12, "schwarz_announced", 180),
    (10, 8, "schwarz", 104), (11, 12, "schneider", 156), (11, 12, "schwarz_announced", 192),
]
SUIT_BY_BASIS = {9: "diamonds", 10: "hearts", 11: "spades", 12: "clubs",
                 5: "diamonds", 6: "hearts", 7: "spades", 8: "clubs"}
PLAY = {
    "game": {"card_points": 70},
    "schneider": {"card_points": 95},
    "schneider_announced": {"card_points": 95, "schneider_announced": True},
    "schwarz": {"card_points": 120, "tricks": 10},
    "schwarz_announced": {"card_points": 120, "tricks": 10, "schwarz_announced": True},
}


@pytest.mark.parametrize(("m", "basis", "column", "printed"), TABLE_OF_PAYMENTS)
def test_000_L5455_table_of_payments(m, basis, column, printed):
    game = "solo" if basis >= 9 else "tourne"
    record = {"game": game, "trump": SUIT_BY_BASIS[basis], "matadors": m, **PLAY[column]}
    assert evaluate(record)["value"] == printed


def test_000_L5455_table_of_payments_lost_games_pay_the_same_figures():
    # "the same figures are the losses": Club Solo with 5 Schneidered pays the Schneider column.
    record = {"game": "solo", "trump": "clubs", "matadors": 5, "card_points": 20}
    assert evaluate(record)["value"] == -84


def test_000_L4734_club_solo_with_one_is_6_cents_at_a_quarter_cent():
    assert at_rate(evaluate({"game": "solo", "trump": "clubs", "matadors": 1,
                             "card_points": 80})["value"]) == 6


def test_000_L4756_three_handed_settlement():
    totals = [at_rate(points, Fraction(1, 4)) for points in (140, 85, 24)]
    assert totals == [35, 21, 6]
    assert settle(totals) == [43, 1, -44]


def test_000_L4830_four_handed_settlement():
    assert settle([15, 42, -12, 20]) == [-5, 103, -113, 15]
