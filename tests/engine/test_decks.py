"""Comparative Skat: numbered decks with hands marked N, E, S, W (seed 000 L5109–5161)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    DECK,
    MAX_DECKS,
    Card,
    Deck,
    InvalidDeck,
    Letter,
    Suit,
    deal_cards,
    deal_set,
    dealer_of,
    deck_matadors,
    letters,
)
from engine.decks import HAND_ORDER

ROOT = Path(__file__).resolve().parents[2]

seeds = st.text(max_size=20)
deck_counts = st.integers(1, 24)
table_sizes = st.sampled_from([3, 4])


@settings(max_examples=50)
@given(seeds, deck_counts, table_sizes)
def test_a_seed_reproduces_its_set(seed, decks, table_size):
    dealt = deal_set(seed, decks, table_size)
    assert dealt == deal_set(seed, decks, table_size)
    assert [deck.number for deck in dealt] == list(range(1, decks + 1))
    assert deal_set(seed, decks + 1, table_size)[:decks] == dealt  # more decks, same first ones


@settings(max_examples=50)
@given(seeds, deck_counts, table_sizes)
def test_every_deck_is_the_32_cards_dealt_ten_ten_ten_and_two(seed, decks, table_size):
    for deck in deal_set(seed, decks, table_size):
        cards = [card for hand in deck.hands.values() for card in hand] + list(deck.skat)
        assert len(set(cards)) == 32 and sorted(cards) == sorted(DECK)
        assert [len(hand) for hand in deck.hands.values()] == [10, 10, 10]
        assert len(deck.skat) == 2
        assert set(deck.hands) <= set(letters(table_size))
        assert (deck.dealer in deck.hands) is (table_size == 3)  # a four-table's dealer sits out
        assert deck.table_size == table_size


@settings(max_examples=50)
@given(seeds, st.integers(1, 30), table_sizes)
def test_the_dealer_letter_rotates_and_forehand_is_on_his_left(seed, decks, table_size):
    places = letters(table_size)
    dealt = deal_set(seed, decks, table_size)
    assert [deck.dealer for deck in dealt] == [places[(n - 1) % table_size]
                                               for n in range(1, decks + 1)]
    for deck in dealt:
        assert deck.dealer is dealer_of(deck.number, table_size)
        forehand = deck.in_turn[0]
        assert forehand is places[(places.index(deck.dealer) + 1) % table_size]
        # Forehand, middle and rear hand hold DealtCards.hands[0..2] of the deck's seed.
        cards = deal_cards(f"{seed}:deck:{deck.number}")
        assert [set(deck.hands[letter]) for letter in deck.in_turn] == [
            set(hand) for hand in cards.hands]
        assert set(deck.skat) == set(cards.skat)


@settings(max_examples=30)
@given(seeds, deck_counts)
def test_three_and_four_tables_of_one_seed_deal_the_same_cards_in_turn(seed, decks):
    for three, four in zip(deal_set(seed, decks, 3), deal_set(seed, decks, 4), strict=True):
        assert [three.hands[x] for x in three.in_turn] == [four.hands[x] for x in four.in_turn]
        assert three.skat == four.skat


@settings(max_examples=50)
@given(seeds, deck_counts, table_sizes)
def test_as_json_round_trips_the_card_codes(seed, decks, table_size):
    for deck in deal_set(seed, decks, table_size):
        data = json.loads(json.dumps(deck.as_json()))
        assert list(data) == ["deck", "dealer", "hands", "skat"]
        assert data["deck"] == deck.number and data["dealer"] == deck.dealer
        assert list(data["hands"]) == [x for x in Letter if x in deck.hands]  # letter order
        hands = {Letter(x): tuple(Card.parse(c) for c in codes)
                 for x, codes in data["hands"].items()}
        skat = tuple(Card.parse(c) for c in data["skat"])
        assert Deck(data["deck"], Letter(data["dealer"]), hands, skat) == deck
        for codes in [*data["hands"].values(), data["skat"]]:
            assert codes == sorted(codes, key=lambda c: HAND_ORDER.index(Card.parse(c)))


def test_the_first_deck_of_seed_demo_at_a_three_table_is_pinned():
    # Pinned on purpose: a printed set must be dealt again from its recorded seed on every
    # machine, so any change to the shuffle, the per-deck seed or the letters fails here.
    assert deal_set("demo", 1, 3)[0].as_json() == {
        "deck": 1,
        "dealer": "N",
        "hands": {
            "N": ["CJ", "CA", "CK", "C8", "SK", "S9", "S7", "HA", "DA", "D8"],
            "E": ["SJ", "HJ", "CQ", "C7", "S8", "H10", "H8", "D10", "DK", "D9"],
            "S": ["C10", "C9", "SA", "S10", "SQ", "HK", "H9", "H7", "DQ", "D7"],
        },
        "skat": ["DJ", "HQ"],
    }


def test_letters_of_a_table():
    assert letters(3) == (Letter.N, Letter.E, Letter.S)
    assert letters(4) == (Letter.N, Letter.E, Letter.S, Letter.W)
    assert Letter.E == "E" and json.dumps(Letter.W) == '"W"'


@given(st.integers().filter(lambda n: n not in (3, 4)))
def test_a_table_of_another_size_is_refused(size):
    with pytest.raises(InvalidDeck, match="3 or 4"):
        letters(size)
    with pytest.raises(InvalidDeck, match="3 or 4"):
        deal_set("x", 1, size)


@pytest.mark.parametrize("decks", [0, -1, MAX_DECKS + 1])
def test_a_number_of_decks_out_of_range_is_refused(decks):
    with pytest.raises(InvalidDeck, match=f"1 to {MAX_DECKS} decks"):
        deal_set("x", decks, 3)


# Hand-built decks: a three-table where N deals, so E is forehand, S middle and N rear hand.
E_HAND = "CJ SJ HA H10 HK HQ H9 H8 H7 CA"
S_HAND = "C10 CK CQ C9 C8 C7 SA S10 SK SQ"
N_HAND = "S9 S8 S7 DA D10 DK DQ D9 D8 D7"
SKAT = "HJ DJ"


def hand(codes):
    return tuple(Card.parse(code) for code in codes.split())


def built(dealer=Letter.N, hands=None):
    hands = hands or {Letter.E: hand(E_HAND), Letter.S: hand(S_HAND), Letter.N: hand(N_HAND)}
    skat = hand(SKAT)
    return Deck(number=1, dealer=dealer, hands=hands, skat=(skat[0], skat[1]))


@pytest.mark.parametrize(
    ("declarer", "trump", "expected"),
    [
        (Letter.E, Suit.HEARTS, 11),  # every trump, two Jacks of them from the Skat
        (Letter.E, None, 4),  # Grand: the four Jacks
        (Letter.E, Suit.CLUBS, 5),  # four Jacks and the Ace; no Ten of Clubs
        (Letter.S, Suit.CLUBS, -2),  # the Skat's Heart Jack is his best: without two
        (Letter.N, None, -2),  # the Skat counts for whoever declares
        (Letter.N, Suit.DIAMONDS, -2),
    ],
)
def test_deck_matadors_count_the_hand_and_the_skat(declarer, trump, expected):
    assert deck_matadors(built(), declarer, trump) == expected


@settings(max_examples=30)
@given(seeds, deck_counts, table_sizes, st.sampled_from([None, *Suit]))
def test_whoever_holds_the_jack_of_clubs_plays_with_matadors(seed, decks, table_size, trump):
    club_jack = Card.parse("CJ")
    for deck in deal_set(seed, decks, table_size):
        for letter in deck.in_turn:
            with_jack = club_jack in deck.hands[letter] or club_jack in deck.skat
            assert (deck_matadors(deck, letter, trump) > 0) is with_jack


def test_deck_matadors_refuse_the_letter_that_sits_out():
    four = {Letter.E: hand(E_HAND), Letter.S: hand(S_HAND), Letter.W: hand(N_HAND)}
    deck = built(hands=four)
    assert deck.table_size == 4 and deck.in_turn == (Letter.E, Letter.S, Letter.W)
    assert deck_matadors(deck, Letter.W, None) == -2
    with pytest.raises(InvalidDeck, match="holds no hand"):
        deck_matadors(deck, Letter.N, None)


def test_a_deck_sorts_its_hands_so_equal_hands_are_equal_decks():
    shuffled = {Letter.N: hand(N_HAND)[::-1], Letter.S: hand(S_HAND), Letter.E: hand(E_HAND)}
    deck = built(hands=shuffled)
    assert deck == built() and list(deck.hands) == [Letter.N, Letter.E, Letter.S]
    assert [c.code for c in deck.hands[Letter.E]] == [
        "CJ", "SJ", "CA", "HA", "H10", "HK", "HQ", "H9", "H8", "H7"]


@pytest.mark.parametrize(
    "hands",
    [
        {Letter.E: hand(E_HAND), Letter.S: hand(S_HAND)},  # two hands
        {Letter.E: hand(E_HAND), Letter.S: hand(S_HAND), Letter.W: hand(N_HAND),
         Letter.N: hand(N_HAND)},  # four hands
        {Letter.E: hand(E_HAND), Letter.S: hand(S_HAND), Letter.N: hand(N_HAND)[:9]},
        {Letter.E: hand(E_HAND), Letter.S: hand(S_HAND), Letter.N: hand(E_HAND)},  # twice
    ],
)
def test_a_deck_that_is_not_a_full_deal_is_refused(hands):
    with pytest.raises(InvalidDeck, match="Deck 1"):
        built(hands=hands)


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", "decks", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_the_cli_prints_one_deck_a_line_the_same_on_every_run():
    args = ("--seed", "club night 1908", "--decks", "6", "--table-size", "4")
    first, second = run(*args), run(*args)
    assert first.returncode == 0 and first.stderr == ""
    assert first.stdout == second.stdout
    lines = first.stdout.splitlines()
    assert len(lines) == 6
    assert [json.loads(line) for line in lines] == [
        deck.as_json() for deck in deal_set("club night 1908", 6, 4)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--decks", "3", "--table-size", "5"), "3 or 4 players, not 5"),
        (("--decks", "0", "--table-size", "3"), "1 to 999 decks"),
        (("--decks", "three", "--table-size", "3"), "not a whole number"),
    ],
)
def test_the_cli_refuses_bad_arguments_with_one_line_and_exit_code_2(args, message):
    result = run("--seed", "x", *args)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and message in result.stderr
