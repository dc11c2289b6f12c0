"""Trick play: which cards may be played, who takes a trick, the card points of a deal played
out (docs/hand-analysis.md). Pure and typed, for every game that is played in tricks.

A game orders the cards one of three ways (``Order``): a suit game makes the four Jacks and
its suit trumps; a Grand, and Ramsch, the four Jacks alone; a Null game has no trumps and
ranks A K Q J 10 9 8 7 in every suit. A player must follow the led card's *kind* (trumps, or
a plain suit: a Jack is a trump, never a card of its suit, except in Null) when he can; the
highest trump takes the trick, else the highest card of the led kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import JACK_ORDER, SUIT_ORDER, Card, Rank, Suit

NULL_ORDER: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                                Rank.NINE, Rank.EIGHT, Rank.SEVEN)


class Order(Enum):
    """How a game ranks the cards in play."""

    SUIT = "suit"  # the four Jacks and the trump suit are trumps
    GRAND = "grand"  # the four Jacks are the only trumps (Grand, Ramsch)
    NULL = "null"  # no trumps; A K Q J 10 9 8 7 in every suit


@dataclass(frozen=True)
class Contract:
    """What a deal is played as: the order of the cards, and the trump suit of a suit game."""

    order: Order
    trump: Suit | None = None

    def __post_init__(self) -> None:
        if (self.order is Order.SUIT) != (self.trump is not None):
            raise ValueError("a suit game names its trump suit, and only a suit game does")

    @classmethod
    def suit(cls, trump: Suit) -> Contract:
        return cls(Order.SUIT, trump)

    @classmethod
    def grand(cls) -> Contract:
        return cls(Order.GRAND)

    @classmethod
    def null(cls) -> Contract:
        return cls(Order.NULL)

    @classmethod
    def ramsch(cls) -> Contract:
        return cls(Order.GRAND)  # Ramsch is played as a Grand: the Jacks alone are trumps

    @property
    def key(self) -> str:
        """"clubs" … "diamonds", "grand" or "null": the contract's word on the command line."""
        return self.trump.key if self.trump is not None else self.order.value

    @classmethod
    def from_key(cls, key: str) -> Contract:
        """The contract of ``key``: a suit's key, "grand", "ramsch" or "null"."""
        if key in ("grand", "ramsch"):
            return cls.grand()
        if key == "null":
            return cls.null()
        return cls.suit(Suit.from_key(key))

    def is_trump(self, card: Card) -> bool:
        if self.order is Order.NULL:
            return False
        return card.rank is Rank.JACK or card.suit is self.trump

    def kind(self, card: Card) -> Suit | None:
        """The kind a card is followed by: its suit, or None for a trump."""
        return None if self.is_trump(card) else card.suit

    def power(self, card: Card) -> int:
        """The card's rank in play: within its kind a higher card wins; every trump is above
        every plain card (so a trump's power is above 100)."""
        if self.order is Order.NULL:
            return len(NULL_ORDER) - NULL_ORDER.index(card.rank)
        if card.rank is Rank.JACK:
            return 200 - JACK_ORDER.index(card.suit)
        value = len(SUIT_ORDER) - SUIT_ORDER.index(card.rank)
        return 100 + value if card.suit is self.trump else value


def legal_cards(hand: Iterable[Card], trick: Sequence[Card], contract: Contract) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played to it so far,
    the led one first): any card to lead; else one of the led kind when the hand has one."""
    cards = sorted(hand)
    if not trick:
        return cards
    led = contract.kind(trick[0])
    following = [c for c in cards if contract.kind(c) == led]
    return following or cards


def trick_winner(trick: Sequence[Card], contract: Contract) -> int:
    """Which card of a full ``trick`` (led first) takes it: its index, 0 to 2."""
    led = contract.kind(trick[0])
    best = 0
    for i, card in enumerate(trick[1:], start=1):
        beats = (contract.is_trump(card) and not contract.is_trump(trick[best])) or (
            contract.kind(card) == contract.kind(trick[best])
            and contract.power(card) > contract.power(trick[best]))
        if beats and (contract.kind(card) in (led, None)):
            best = i
    return best


class IllegalPlay(ValueError):
    """A card played that the rules do not allow, or that the player does not hold."""


@dataclass(frozen=True)
class PlayedOut:
    """A deal played out: each player's card points (the tricks he took) and tricks, and who
    took each trick (0, 1 or 2: the players in the order their hands were given)."""

    points: tuple[int, int, int]
    tricks: tuple[int, int, int]
    takers: tuple[int, ...]


def play_out(hands: Sequence[Iterable[Card]], leader: int, contract: Contract,
             cards: Sequence[Card]) -> PlayedOut:
    """Play ``cards`` in order from the three ``hands`` (forehand, middle hand, rear hand or
    any three), ``leader`` (0 to 2) leading the first trick; every card must be legal. Fewer
    cards than the hands hold: the tricks completed so far count."""
    held = [set(h) for h in hands]
    if len(held) != 3:
        raise IllegalPlay("three hands play a trick")
    points = [0, 0, 0]
    tricks = [0, 0, 0]
    takers: list[int] = []
    trick: list[Card] = []
    turn = leader
    first = leader
    for card in cards:
        if card not in held[turn]:
            raise IllegalPlay(f"player {turn} does not hold {card.code}")
        if card not in legal_cards(held[turn], trick, contract):
            raise IllegalPlay(f"player {turn} must follow suit, not play {card.code}")
        held[turn].discard(card)
        trick.append(card)
        turn = (turn + 1) % 3
        if len(trick) == 3:
            taker = (first + trick_winner(trick, contract)) % 3
            points[taker] += sum(c.points for c in trick)
            tricks[taker] += 1
            takers.append(taker)
            trick = []
            turn = first = taker
    return PlayedOut((points[0], points[1], points[2]), (tricks[0], tricks[1], tricks[2]),
                     tuple(takers))

