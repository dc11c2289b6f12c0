"""Cards, the deck, the seeded deal and matadors (seed 000 §1-3)."""

from collections import Counter

import pytest

from engine import (
    DECK,
    TOTAL_POINTS,
    Card,
    DealtCards,
    Rank,
    Suit,
    card_points,
    deal_cards,
    dealer_seat,
    get_rule_set,
    matadors,
)
from engine.cards import shuffled_deck


def cards(*codes):
    return [Card.parse(code) for code in codes]


def test_deck_has_32_distinct_cards_and_120_points():
    assert len(DECK) == len(set(DECK)) == 32
    assert TOTAL_POINTS == card_points(DECK) == 120
    assert Counter(card.suit for card in DECK) == {suit: 8 for suit in Suit}


def test_card_points_000_L642():
    assert [Rank[r].points for r in ("ACE", "TEN", "KING", "QUEEN", "JACK", "NINE")] == [
        11, 10, 4, 3, 2, 0]


def test_suit_rank_000_L625_clubs_spades_hearts_diamonds():
    assert sorted(Suit, reverse=True) == [Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS]


@pytest.mark.parametrize("code", ["CJ", "H10", "HT", "SA", "D7", "J♣", "♥Q"])
def test_card_names_parse(code):
    card = Card.parse(code)
    assert Card.parse(card.code) == card


def test_a_bad_card_name_is_refused():
    with pytest.raises(ValueError):
        Card.parse("X9")


def test_seeded_dealt_cards_are_reproducible_and_complete():
    first, again = deal_cards("congress-1907-1"), deal_cards("congress-1907-1")
    other = deal_cards("other")
    assert isinstance(first, DealtCards)
    assert first == again
    assert first != other
    dealt = [c for hand in first.hands for c in hand] + list(first.skat)
    assert sorted(dealt) == sorted(DECK)
    assert [len(hand) for hand in first.hands] == [10, 10, 10]


def test_cards_are_dealt_3_skat_4_3_000_L1815():
    shuffled = shuffled_deck(7)
    hands, skat = deal_cards(7).hands, deal_cards(7).skat
    assert hands[0][:3] == shuffled[0:3]
    assert skat == shuffled[9:11]
    assert hands[0][3:7] == shuffled[11:15]
    assert hands[2][7:] == shuffled[29:32]


def test_dealt_cards_are_pinned_to_its_seed():
    # A printed hand record must come out the same on every machine and Python version.
    assert [c.code for c in deal_cards(1).skat] == [c.code for c in shuffled_deck(1)[9:11]]
    assert " ".join(c.code for c in shuffled_deck("pin")[:4]) == " ".join(
        c.code for c in deal_cards("pin").hands[0][:3]) + " " + shuffled_deck("pin")[3].code


@pytest.mark.parametrize(
    ("held", "trump", "expected"),
    [
        (("CJ", "SJ", "HJ", "DJ", "HA", "H10"), Suit.HEARTS, 6),
        (("CJ", "SJ", "DJ"), Suit.HEARTS, 2),  # 000 L801: the run stops at the missing J♥
        (("SJ", "H7"), Suit.HEARTS, -1),  # "Jack of Clubs missing, with Jack of Spades"
        (("HJ",), None, -2),  # "two black Jacks missing and holding Jack of Hearts"
        (("DA", "S10"), Suit.CLUBS, -11),  # no trump at all: without 11 (000 L5447)
        (("CJ", "SJ", "HJ", "DJ"), None, 4),
        ((), None, -4),
    ],
)
def test_matadors_000_L801(held, trump, expected):
    assert matadors(cards(*held), trump) == expected


def test_matadors_count_the_skat_001_L2554():
    # Spades trumps "with three" because J♦ is missing; J♦ in the Skat makes "with eight".
    hand = cards("CJ", "SJ", "HJ", "SA", "S10", "SK", "SQ")
    assert matadors(hand, Suit.SPADES) == 3
    assert matadors(hand + cards("DJ", "D7"), Suit.SPADES) == 8


def test_000_L1795_left_of_the_scorekeeper_deals_first_and_the_scorekeeper_last():
    nasl = get_rule_set("nasl-1908")
    assert [dealer_seat(k, 3, nasl) for k in range(1, 7)] == [2, 3, 1, 2, 3, 1]
    assert [dealer_seat(k, 4, nasl) for k in range(1, 9)] == [2, 3, 4, 1, 2, 3, 4, 1]


def test_isko_seat_one_deals_first():
    isko = get_rule_set("isko")
    assert [dealer_seat(k, 3, isko) for k in range(1, 5)] == [1, 2, 3, 1]
    with pytest.raises(ValueError):
        dealer_seat(1, 5, isko)
