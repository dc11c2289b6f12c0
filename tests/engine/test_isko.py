"""The International Skat Order (RULINGS 5), with the values of anchors.md §2.1."""

import pytest

from engine import InvalidRecord, evaluate, get_rule_set, legal_bids

ISKO = "isko"


def suit(trump="clubs", **fields):
    return {"game": "suit", "trump": trump, **fields}


def test_plain_suit_game_won_and_lost_double():
    assert evaluate(suit(matadors=1, card_points=61), ISKO)["value"] == 24
    assert evaluate(suit(matadors=1, card_points=60), ISKO)["value"] == -48


def test_schneider_at_90_in_isko():
    assert evaluate(suit(matadors=2, card_points=90), ISKO)["value"] == 12 * 4
    assert evaluate(suit(matadors=2, card_points=89), ISKO)["value"] == 12 * 3


def test_hand_counts_a_level_won_and_lost():
    assert evaluate({"game": "grand", "matadors": 1, "hand": True, "card_points": 70},
                    ISKO)["value"] == 24 * 3
    assert evaluate({"game": "grand", "matadors": 1, "hand": True, "card_points": 20},
                    ISKO)["value"] == -2 * 24 * 4  # game, with 1, hand, Schneider


def test_grand_ouvert_with_four_is_the_top_game_264():
    outcome = evaluate({"game": "grand", "matadors": 4, "ouvert": True, "card_points": 120,
                        "tricks": 10}, ISKO)
    assert (outcome["won"], outcome["value"], outcome["levels"]) == (True, 264, 11)


def test_ouvert_is_lost_without_every_trick():
    outcome = evaluate({"game": "grand", "matadors": 1, "ouvert": True, "card_points": 110,
                        "tricks": 9}, ISKO)
    assert (outcome["won"], outcome["value"]) == (False, -2 * 24 * 8)


def test_announced_schwarz_in_a_hand_game():
    outcome = evaluate(suit("spades", matadors=2, hand=True, schwarz_announced=True,
                            card_points=120, tricks=10), ISKO)
    assert outcome["value"] == 11 * (1 + 2 + 1 + 4)


def test_announcement_needs_a_hand_game():
    with pytest.raises(InvalidRecord) as refused:
        evaluate(suit(matadors=1, schneider_announced=True, card_points=95), ISKO)
    assert refused.value.field == "schneider_announced"
    assert "hand game" in str(refused.value)


@pytest.mark.parametrize(
    ("hand", "ouvert", "value"),
    [(False, False, 23), (True, False, 35), (False, True, 46), (True, True, 59)],
)
def test_null_values(hand, ouvert, value):
    record = {"game": "null", "hand": hand, "ouvert": ouvert}
    assert evaluate({**record, "tricks": 0}, ISKO)["value"] == value
    assert evaluate({**record, "tricks": 1}, ISKO)["value"] == -2 * value


def test_anchors_2_1_rasche_overbid_hearts_without_two_bid_30_loses_60():
    # A Jack of Clubs in the Skat made "without 2" into "with 1": 2 x 10 = 20 < 30.
    outcome = evaluate(suit("hearts", matadors=1, card_points=80, bid=30), ISKO)
    assert (outcome["won"], outcome["value"], outcome["overbid"]) == (False, -60, True)


def test_minimum_bid_is_18():
    with pytest.raises(InvalidRecord) as refused:
        evaluate(suit("diamonds", matadors=1, card_points=70, bid=10), ISKO)
    assert refused.value.field == "bid"


def test_null_on_a_bid_above_its_value_is_an_overbid_lost_double():
    # RULINGS 5: the smallest multiple of 23 that reaches 24 is 46, doubled.
    outcome = evaluate({"game": "null", "tricks": 0, "bid": 24}, ISKO)
    assert (outcome["won"], outcome["value"], outcome["overbid"]) == (False, -92, True)
    assert (outcome["basis"], outcome["levels"]) == (23, 2)


@pytest.mark.parametrize(
    ("hand", "ouvert", "bid", "value"),
    [
        (True, False, 36, -2 * 70),  # Null Hand 35: 70 is the first multiple >= 36
        (False, True, 48, -2 * 92),  # Null Ouvert 46
        (True, True, 60, -2 * 118),  # Null Ouvert Hand 59
        (True, True, 120, -2 * 177),  # three times 59 to reach 120
    ],
)
def test_every_null_value_can_be_overbid(hand, ouvert, bid, value):
    record = {"game": "null", "hand": hand, "ouvert": ouvert, "bid": bid}
    won_on_cards = evaluate({**record, "tricks": 0}, ISKO)
    assert (won_on_cards["won"], won_on_cards["value"], won_on_cards["overbid"]) == (
        False, value, True)
    lost_on_cards = evaluate({**record, "tricks": 3}, ISKO)
    assert (lost_on_cards["value"], lost_on_cards["overbid"]) == (value, True)


def test_null_on_a_bid_up_to_its_value_is_no_overbid():
    for bid in (33, 35):
        outcome = evaluate({"game": "null", "hand": True, "tricks": 0, "bid": bid}, ISKO)
        assert (outcome["won"], outcome["value"], outcome["overbid"]) == (True, 35, False)
    lost = evaluate({"game": "null", "hand": True, "tricks": 2, "bid": 35}, ISKO)
    assert (lost["value"], lost["overbid"]) == (-70, False)


def test_overbid_null_with_an_opponents_revoke_is_credited_the_overbid_value():
    outcome = evaluate({"game": "null", "revoke": "opponent", "bid": 24}, ISKO)
    assert (outcome["won"], outcome["value"], outcome["revoke_value"]) == (True, 46, -46)


def test_overbid_null_conceded_still_pays_the_overbid():
    outcome = evaluate({"game": "null", "conceded": True, "bid": 24}, ISKO)
    assert (outcome["won"], outcome["value"], outcome["overbid"]) == (False, -92, True)


def test_passed_deal_scores_nothing():
    assert evaluate({"game": "passed"}, ISKO)["value"] == 0


@pytest.mark.parametrize("game", ["ramsch", "tourne", "solo"])
def test_games_isko_does_not_have(game):
    with pytest.raises(InvalidRecord) as refused:
        evaluate({"game": game}, ISKO)
    assert refused.value.field == "game"


def test_no_contra_in_isko():
    with pytest.raises(InvalidRecord) as refused:
        evaluate(suit(matadors=1, card_points=70, contra=True), ISKO)
    assert refused.value.field == "contra"


def test_isko_bid_list_is_the_official_one():
    official = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60,
                63, 66, 70, 72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121,
                126, 130, 132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170,
                176, 180, 187, 192, 198, 204, 216, 240, 264]
    assert list(legal_bids(get_rule_set(ISKO))) == official
