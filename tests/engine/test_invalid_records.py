"""Every kind of invalid record raises InvalidRecord naming the field and the rule in words."""

import pytest

from engine import InvalidOption, InvalidRecord, UnknownRuleSet, evaluate


def refused(record, rules="nasl-1908", options=None):
    with pytest.raises(InvalidRecord) as error:
        evaluate(record, rules, options)
    return error.value


def solo(**fields):
    return {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 70, **fields}


def test_unknown_game():
    error = refused({"game": "skat_royale"})
    assert (error.field, error.rule) == ("game", "unknown_game")
    assert "'skat_royale' is not a game of the rule set nasl-1908" in str(error)


def test_game_switched_off_names_the_option():
    error = refused({"game": "revolution", "tricks": 0})
    assert (error.field, error.rule) == ("game", "game_off")
    assert "revolution=on" in str(error)


@pytest.mark.parametrize(
    ("record", "limit"),
    [(solo(matadors=12), "1 to 11"), ({"game": "grand", "matadors": -5, "card_points": 70},
                                       "1 to 4"), (solo(matadors=0), "1 to 11")],
)
def test_matadors_out_of_range(record, limit):
    error = refused(record)
    assert (error.field, error.rule) == ("matadors", "matadors_out_of_range")
    assert limit in str(error) and str(error).startswith("Matadors:")


@pytest.mark.parametrize("game", ["tourne", "guckser", "grand_tourne"])
def test_announcement_where_none_is_allowed(game):
    record = {"game": game, "matadors": 1, "card_points": 95, "schneider_announced": True}
    if game == "tourne":
        record["trump"] = "clubs"
    error = refused(record)
    assert (error.field, error.rule) == ("schneider_announced", "announcement_not_allowed")
    assert "only in a Solo or Grand" in str(error)


@pytest.mark.parametrize(
    ("points", "tricks"), [(110, 10), (12, 0)], ids=["ten_tricks_not_120", "no_trick_points"],
)
def test_tricks_and_card_points_that_contradict(points, tricks):
    error = refused(solo(card_points=points, tricks=tricks))
    assert (error.field, error.rule) == ("tricks", "tricks_contradict_points")
    assert str(points) in str(error)


def test_tricks_needed_when_they_decide_schwarz():
    error = refused(solo(card_points=120))
    assert (error.field, error.rule) == ("tricks", "tricks_missing")


def test_card_points_out_of_range():
    error = refused(solo(card_points=121))
    assert (error.field, error.rule) == ("card_points", "out_of_range")


def test_a_bid_no_game_can_reach():
    error = refused(solo(bid=11))
    assert (error.field, error.rule) == ("bid", "bid_unreachable")
    assert "worth 11" in str(error)


def test_a_bid_below_the_lowest():
    assert refused(solo(bid=9)).rule == "bid_below_minimum"


@pytest.mark.parametrize("rules", ["nasl-1908", "nasl-1898"])
def test_a_null_over_its_value(rules):
    # RULINGS 1.4 (the League): an invalid entry; only ISkO scores it as an overbid.
    error = refused({"game": "null", "tricks": 0, "bid": 24}, rules)
    assert (error.field, error.rule) == ("bid", "null_over_value")
    assert "worth 20" in str(error)


def test_an_option_the_rule_set_lacks():
    with pytest.raises(InvalidOption) as error:
        evaluate(solo(), "isko", {"contra": "on"})
    assert "has no such option" in str(error.value)


def test_an_option_value_that_is_not_on_or_off():
    with pytest.raises(InvalidOption):
        evaluate(solo(), "nasl-1908", {"contra": "maybe"})


def test_contra_when_the_tournament_does_not_play_it():
    error = refused(solo(contra=True))
    assert (error.field, error.rule) == ("contra", "option_off")


def test_unknown_rule_set():
    with pytest.raises(UnknownRuleSet) as error:
        evaluate(solo(), "skat-2099")
    assert "nasl-1908" in str(error.value)


def test_unknown_field():
    error = refused(solo(declarer_mood="happy"))
    assert (error.field, error.rule) == ("declarer_mood", "unknown_field")


def test_trump_missing_and_wrong():
    assert refused({"game": "solo", "matadors": 1, "card_points": 70}).rule == "trump_missing"
    assert refused(solo(trump="stars")).rule == "unknown_trump"


def test_trump_on_a_grand():
    error = refused({"game": "grand", "trump": "clubs", "matadors": 1, "card_points": 70})
    assert (error.field, error.rule) == ("trump", "field_not_for_game")


def test_card_points_on_a_null():
    error = refused({"game": "null", "tricks": 0, "card_points": 0})
    assert (error.field, error.rule) == ("card_points", "field_not_for_game")


def test_null_needs_its_tricks():
    assert refused({"game": "null"}).field == "tricks"


def test_passt_nicht_only_on_a_tourne():
    error = refused(solo(passt_nicht=True))
    assert (error.field, error.rule) == ("passt_nicht", "field_not_for_game")


def test_flags_must_be_true_or_false():
    assert refused(solo(conceded="yes")).rule == "not_a_flag"


def test_matadors_must_be_a_number():
    assert refused(solo(matadors="2")).rule == "not_a_number"


def test_ramsch_needs_its_loser():
    assert refused({"game": "ramsch"}).field == "loser"
    assert refused({"game": "ramsch", "loser": 5}).rule == "out_of_range"


def test_ramsch_loser_took_the_most_points():
    assert refused({"game": "ramsch", "loser": 1, "card_points": 30}).rule == (
        "ramsch_loser_points")


def test_point_ramsch_needs_the_card_points():
    error = refused({"game": "ramsch", "loser": 1}, options={"point_ramsch": "on"})
    assert error.field == "card_points"


def test_passed_deal_when_ramsch_is_played():
    assert refused({"game": "passed"}).rule == "game_off"


def test_penalty_reason_and_amount():
    assert refused({"game": "penalty", "seat": 1, "reason": "rudeness"}).field == "reason"
    assert refused({"game": "penalty", "seat": 1, "reason": "other"}).field == "points"
    assert refused({"game": "penalty", "seat": 1, "reason": "misdeal", "points": 7}).rule == (
        "penalty_amount")
    assert evaluate({"game": "penalty", "seat": 1, "reason": "other", "points": 7})[
        "value"] == -7


def test_revoke_must_name_who():
    assert refused(solo(revoke="dealer")).rule == "unknown_revoke"


def test_a_record_must_be_an_object():
    assert refused(["solo"]).rule == "not_a_record"


def test_nothing_is_silently_dropped_null_values_count_as_absent():
    # JSON exports write null for unused fields; they mean "not given".
    outcome = evaluate(solo(trump="clubs", bid=None, tricks=None, contra=None))
    assert outcome["value"] == 24
