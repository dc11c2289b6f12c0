"""Issue 25 point 3: the open-card solver (engine/solver.py) agrees with a plain minimax over
every play (engine/tricks.py's rules, no table, no pruning, no equivalent cards) on
thousands of random positions of up to four cards a hand, for the declarer's card points,
won or lost, the bounds under any play, and Null: both its compiled searches (engine/_solve.c)
and the pure reference (``pure=True``, engine/solver_pure.py)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine.cards import DECK, Suit
from engine.solver import Position, best_play, bounds, can_reach, solve, wins
from engine.tricks import Contract, Order, legal_cards, trick_winner

CONTRACTS = [Contract.suit(s) for s in Suit] + [Contract.grand(), Contract.null()]


def minimax(contract, hands, declarer, leader, most=None):
    """The declarer's card points of the tricks left (Null: 1 if he must take a trick), the
    declarer maximizing and the others minimizing; ``most`` True/False: everybody for or
    against him."""

    @cache
    def trick_start(hands, leader):
        if not hands[0]:
            return 0
        return turn(hands, leader, ())

    def turn(hands, player, trick):
        options = []
        for card in legal_cards(hands[player], [c for _p, c in trick], contract):
            rest = list(hands)
            rest[player] = hands[player] - {card}
            rest = tuple(rest)
            played = (*trick, (player, card))
            if len(played) == 3:
                taker = played[trick_winner([c for _p, c in played], contract)][0]
                if contract.order is Order.NULL:
                    value = 1 if taker == declarer else trick_start(rest, taker)
                else:
                    gained = sum(c.points for _p, c in played) if taker == declarer else 0
                    value = gained + trick_start(rest, taker)
            else:
                value = turn(rest, (player + 1) % 3, played)
            options.append(value)
        # the declarer wants his points high, and in Null the trick he must take low
        wants_high = (player == declarer) != (contract.order is Order.NULL)
        if most is True or (most is None and wants_high):
            return max(options)
        return min(options)

    return trick_start(tuple(frozenset(h) for h in hands), leader)


def random_position(rng: random.Random, size: int) -> Position:
    cards = rng.sample(DECK, 3 * size)
    hands = [cards[i * size:(i + 1) * size] for i in range(3)]
    return Position.of(rng.choice(CONTRACTS), hands, rng.randrange(3), rng.randrange(3))


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_the_solver_agrees_with_plain_minimax(size):
    rng = random.Random(f"solver-{size}")
    for _ in range({1: 300, 2: 600, 3: 600, 4: 300}[size]):
        position = random_position(rng, size)
        expected = minimax(position.contract, position.hands, position.declarer,
                           position.leader)
        target = rng.randrange(0, position.left + 2)
        for pure in (False, True):
            assert best_play(position, pure=pure) == expected, (position, pure)
            if position.contract.order is Order.NULL:
                assert wins(position, pure=pure) is (expected == 0)
            else:
                assert can_reach(position, target, pure=pure) is (expected >= target), (
                    position, target, pure)


@pytest.mark.parametrize("size", [2, 3, 4])
def test_the_bounds_are_the_most_and_the_fewest_under_any_play(size):
    rng = random.Random(f"bounds-{size}")
    for _ in range(150):
        position = random_position(rng, size)
        if position.contract.order is Order.NULL:
            continue
        args = (position.contract, position.hands, position.declarer, position.leader)
        expected = (minimax(*args, most=False), minimax(*args, most=True))
        assert bounds(position) == bounds(position, pure=True) == expected, position


def test_a_won_grand_with_every_trick_is_schwarz_and_the_skat_counts():
    # the declarer holds the four Jacks and both Aces of his long suit: every trick is his
    hands = [["CJ", "SJ", "HJ", "DJ"], ["HA", "H10", "SA", "S10"], ["DA", "D10", "CA", "C10"]]
    from engine.cards import BY_CODE

    # the last four tricks: he took the six before, and they and the Skat hold 28 points
    position = Position.of(Contract.grand(), [[BY_CODE[c] for c in h] for h in hands],
                           declarer=0, leader=0, taken=28, tricks=6)
    for pure in (False, True):
        solved = solve(position, pure=pure)
        # he leads four Jacks: the others must throw their Aces and Tens to him
        assert solved.card_points == 28 + 8 + 84 == 120 and solved.won and solved.schwarz
        assert solved.schneider
        # had the opponents taken a trick before, it is no Schwarz
        assert not solve(Position.of(position.contract, position.hands, 0, 0, taken=28,
                                     tricks=5), pure=pure).schwarz
