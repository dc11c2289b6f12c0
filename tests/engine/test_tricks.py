"""Issue 25 point 1: trick play (engine/tricks.py). Every legal play of a random deal gives
out all 120 card points; who takes a trick is who the rules say (each case by hand)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import BY_CODE, TOTAL_POINTS, Suit, deal_cards
from engine.tricks import Contract, IllegalPlay, legal_cards, play_out, trick_winner

CONTRACTS = [Contract.suit(s) for s in Suit] + [Contract.grand(), Contract.null()]


def cards(*codes: str):
    return [BY_CODE[c] for c in codes]


def random_play(seed: int, contract: Contract, leader: int):
    """A whole deal played with a random legal card at every turn."""
    rng = random.Random(seed)
    dealt = deal_cards(f"tricks-{seed}")
    hands = [set(h) for h in dealt.hands]
    played, trick, turn = [], [], leader
    for _ in range(30):
        card = rng.choice(legal_cards(hands[turn], trick, contract))
        hands[turn].discard(card)
        played.append(card)
        trick.append(card)
        if len(trick) == 3:
            turn = (turn - 2 + trick_winner(trick, contract)) % 3
            trick = []
        else:
            turn = (turn + 1) % 3
    return dealt, played


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), contract=st.sampled_from(CONTRACTS),
       leader=st.integers(0, 2))
def test_every_legal_play_gives_out_the_120_card_points(seed, contract, leader):
    dealt, played = random_play(seed, contract, leader)
    done = play_out(dealt.hands, leader, contract, played)
    skat = sum(c.points for c in dealt.skat)
    assert sum(done.points) + skat == TOTAL_POINTS
    assert sum(done.tricks) == 10 and len(done.takers) == 10


@pytest.mark.parametrize(("contract", "trick", "taker"), [
    # a suit game: the Jacks, Clubs highest, are above the trump suit's Ace
    (Contract.suit(Suit.HEARTS), ("HA", "DJ", "H10"), 1),
    (Contract.suit(Suit.HEARTS), ("CJ", "SJ", "HA"), 0),
    # a trump takes a plain suit; a card of another plain suit never does
    (Contract.suit(Suit.HEARTS), ("SA", "H7", "S10"), 1),
    (Contract.suit(Suit.HEARTS), ("S7", "CA", "S8"), 2),
    # the Jack of the trump suit's own suit is a trump, not a heart
    (Contract.suit(Suit.SPADES), ("SA", "SJ", "S10"), 1),
    # Ten above King
    (Contract.suit(Suit.CLUBS), ("DK", "D10", "DQ"), 1),
    # Grand: the Jacks alone are trumps; a suit's Ace is plain
    (Contract.grand(), ("HA", "D7", "DJ"), 2),
    (Contract.grand(), ("CA", "C10", "HA"), 0),
    (Contract.grand(), ("HJ", "SJ", "DJ"), 1),
    # Null: no trumps, and A K Q J 10 9 8 7 (the Jack is its suit's, between Queen and Ten)
    (Contract.null(), ("H10", "HJ", "CJ"), 1),
    (Contract.null(), ("DK", "DA", "D7"), 1),
    (Contract.null(), ("S9", "S10", "SJ"), 2),
])
def test_who_takes_a_trick(contract, trick, taker):
    assert trick_winner(cards(*trick), contract) == taker


def test_a_player_must_follow_the_led_kind():
    hand = cards("HJ", "HA", "SA", "D7")
    # a suit game of Hearts: a trump led asks for the Jack or the Ace of Hearts
    assert set(legal_cards(hand, cards("CJ"), Contract.suit(Suit.HEARTS))) == set(
        cards("HJ", "HA"))
    # Grand: a Heart led asks for the Ace, not the Jack (a trump)
    assert legal_cards(hand, cards("H7"), Contract.grand()) == cards("HA")
    # Null: the Jack follows Hearts
    assert set(legal_cards(hand, cards("H7"), Contract.null())) == set(cards("HJ", "HA"))
    # void in Clubs: anything
    assert len(legal_cards(hand, cards("C7"), Contract.grand())) == 4


def test_a_card_that_does_not_follow_is_refused():
    hands = [cards("HA", "S7"), cards("H7", "SA"), cards("H8", "S8")]
    with pytest.raises(IllegalPlay):
        play_out(hands, 0, Contract.grand(), cards("HA", "SA"))
    done = play_out(hands, 0, Contract.grand(), cards("HA", "H7", "H8", "S7", "SA", "S8"))
    assert done.takers == (0, 1) and done.points == (11, 11, 0)
