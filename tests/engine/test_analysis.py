"""Issue 25 point 4: a deck's open-card analysis (engine/analysis.py). Each letter's six games
are the solver's results valued by the rule set as a game from the hand, and its best game is
the one worth most; a hand whose answer is known from the rules is checked against the book's
arithmetic."""

from __future__ import annotations

import pytest

from engine import Letter, evaluate
from engine.analysis import (
    GAMES,
    OpenCards,
    analysed,
    judged,
    open_cards,
    position_of,
    short_words,
    solve_deck,
)
from engine.cards import Card
from engine.decks import Deck, deal_set
from engine.solver import solve
from engine.words import english


def _cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes.split())


# N holds every Jack and the Clubs but the Seven, which lies in the Skat: a Club game
# "with 11" that takes every trick.
STRONG = Deck(number=1, dealer=Letter.S, hands={
    Letter.N: _cards("CJ SJ HJ DJ CA C10 CK CQ C9 C8"),
    Letter.E: _cards("SA S10 SK SQ S9 S8 S7 HA H10 HK"),
    Letter.S: _cards("HQ H9 H8 H7 DA D10 DK DQ D9 D8"),
}, skat=_cards("C7 D7"))


def test_a_club_hand_with_eleven_takes_every_trick_and_is_worth_what_the_isko_says():
    clubs = judged(open_cards(STRONG, Letter.N, "clubs"), STRONG, Letter.N, "isko")
    assert clubs.card_points == 120
    assert (clubs.won, clubs.schneider, clubs.schwarz) == (True, True, True)
    # ISkO: with 11, game 1, Hand 1, Schneider 1, Schwarz 1 = 15 levels at 12 a level
    assert clubs.value == 15 * 12 == 180
    assert clubs.cards.fewest is not None and clubs.cards.most == 120
    # the Jacks and the Clubs win their tricks whoever plays what
    assert clubs.cards.fewest >= 4 * 2 + 11 + 10 + 4 + 3  # their own card points at least
    assert english(" ".join(str(w) for w in short_words(clubs, "isko"))) == "Clubs Schwarz"


def test_the_best_game_is_the_one_worth_most_and_null_is_lost_with_those_jacks():
    letter = analysed(STRONG, Letter.N, solve_deck(STRONG, with_bounds=False)[Letter.N], "isko")
    assert [g.game for g in letter.games] == list(GAMES)
    # the Grand takes every trick too: with 4, game, Hand, Schneider, Schwarz = 8 x 24 = 192,
    # more than the Club game's 180
    grand = letter.game("grand")
    assert grand is not None and grand.card_points == 120 and grand.value == 192
    assert letter.best is grand
    assert all(g.value <= grand.value for g in letter.games)
    null = letter.game("null")
    assert null is not None and null.card_points is None and not null.won
    assert null.value < 0


@pytest.mark.parametrize("rules", ["isko", "nasl-1908", "hertefeld", "uspcc-1898"])
def test_every_game_is_valued_as_its_record_is_scored(rules):
    (deck,) = deal_set("analysis", 1, 3)
    for letter in deck.in_turn:
        for cards in solve_deck(deck, with_bounds=False)[letter]:
            result = judged(cards, deck, letter, rules)
            position = position_of(deck, letter, cards.game)
            assert cards.card_points == solve(position).card_points
            from engine.analysis import record_of
            from engine.rulesets import get_rule_set

            record = record_of(cards, deck, letter, get_rule_set(rules))
            assert result.value == evaluate(record, rules)["value"]
            assert result.won == (result.value > 0)


def test_the_bounds_hold_the_open_card_result():
    (deck,) = deal_set("bounds", 1, 4)  # a four-table deck: the dealer's letter holds none
    assert deck.table_size == 4
    for letter in deck.in_turn:
        cards = open_cards(deck, letter, "grand")
        assert cards.fewest is not None and cards.most is not None
        assert cards.card_points is not None
        assert cards.fewest <= cards.card_points <= cards.most


def test_stored_results_read_back_unchanged():
    cards = OpenCards("hearts", 74, True, False, 30, 110)
    assert OpenCards.from_json(cards.as_json()) == cards
    null = OpenCards("null", None, False, False)
    assert OpenCards.from_json(null.as_json()) == null


def test_a_letter_without_cards_cannot_declare():
    (deck,) = deal_set("sit-out", 1, 4)
    with pytest.raises(ValueError, match="holds no hand"):
        position_of(deck, deck.dealer, "grand")
