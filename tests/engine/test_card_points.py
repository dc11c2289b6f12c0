"""Issue 18, point 3: card points the cards cannot make are refused, with the reason on the
card points field, under every rule set."""

import itertools

import pytest

from engine import InvalidRecord, evaluate

RULE_SETS = ["nasl-1908", "nasl-1898", "hertefeld", "uspcc-1898", "isko"]
# The deck by card points: twelve 7s, 8s and 9s, then four each of J, Q, K, 10, A.
VALUES = {0: 12, 2: 4, 3: 4, 4: 4, 10: 4, 11: 4}


def totals(cards: int) -> set[int]:
    """Every total ``cards`` cards can hold, counted by how many of each value are taken."""
    found = set()
    for taken in itertools.product(*(range(n + 1) for n in VALUES.values())):
        if sum(taken) == cards:
            found.add(sum(v * k for v, k in zip(VALUES, taken, strict=True)))
    return found


def grand(points, tricks=None, rules="nasl-1908"):
    record = {"game": "grand", "matadors": 1, "card_points": points}
    if tricks is not None:
        record["tricks"] = tricks
    return evaluate(record, rules)


def refused(points, tricks=None, rules="nasl-1908"):
    with pytest.raises(InvalidRecord) as error:
        grand(points, tricks, rules)
    return error.value


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("points", [1, 119])
def test_no_side_holds_exactly_one_card_point(rules, points):
    error = refused(points, rules=rules)
    assert (error.field, error.rule) == ("card_points", "card_points_impossible")
    assert str(error).startswith("Card points:") and "no card is worth 1 point" in str(error)
    assert refused(points, tricks=9 if points == 119 else 1, rules=rules).field == "card_points"


def test_the_issue_s_grand_with_119_is_refused_and_118_counts():
    assert "119 would leave the other side exactly 1 card point" in str(refused(119))
    assert grand(118)["value"] == 60  # Grand with 1, Schneider, won


@pytest.mark.parametrize("rules", RULE_SETS)
def test_five_tricks_hold_more_than_the_twelve_worthless_cards(rules):
    error = refused(0, tricks=5, rules=rules)
    assert (error.field, error.rule) == ("card_points", "card_points_for_tricks")
    assert str(error) == ("Card points: 5 tricks and the Skat are 17 cards, and only 12 cards "
                          "are worth nothing, so they hold at least 11 card points, not 0.")


def test_one_trick_holds_at_most_four_aces_and_a_ten():
    assert str(refused(60, tricks=1)) == ("Card points: 1 trick and the Skat are 5 cards, "
                                          "which hold at most 54 card points, not 60.")
    assert grand(54, tricks=1)["won"] is False


def test_a_total_between_the_bounds_that_no_cards_make():
    assert str(refused(50, tricks=1)).endswith(
        "no 5 cards hold exactly 50 card points (the nearest they can: 48 or 51).")


@pytest.mark.parametrize("tricks", range(1, 10))
def test_every_total_the_tricks_and_skat_can_hold_and_no_other(tricks):
    cards = 3 * tricks + 2  # the Skat is the declarer's
    possible = totals(cards)
    # the issue's bounds: at least the 3t - 12 cheapest counting cards, at most the most valuable
    counting = sorted(v for v, n in VALUES.items() if v for _ in range(n))
    assert min(possible) >= sum(counting[:max(3 * tricks - 12, 0)])
    assert max(possible) == sum(counting[-cards:])
    for points in range(1, 120):
        if points in possible:
            assert isinstance(grand(points, tricks)["value"], int)
        else:
            assert refused(points, tricks).field == "card_points"


def test_without_tricks_only_one_and_119_are_impossible():
    for points in range(2, 119):
        assert isinstance(grand(points)["value"], int)


@pytest.mark.parametrize("rules", ["nasl-1908", "hertefeld"])
def test_a_ramsch_loser_cannot_hold_119(rules):
    with pytest.raises(InvalidRecord) as error:
        evaluate({"game": "ramsch", "loser": 2, "card_points": 119}, rules)
    assert (error.value.field, error.value.rule) == ("card_points", "card_points_impossible")
    assert evaluate({"game": "ramsch", "loser": 2, "card_points": 118}, rules)["value"] < 0


def test_no_trick_and_all_tricks_keep_their_rules():
    assert refused(2, tricks=0).rule == "tricks_contradict_points"
    assert refused(118, tricks=10).rule == "tricks_contradict_points"
    assert grand(0, tricks=0)["won"] is False and grand(120, tricks=10)["won"] is True
