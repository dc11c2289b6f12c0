"""Cards, suits, ranks, card points, the 32-card deck, seeded dealt cards and matadors."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, IntEnum

from .words import Phrase, english, pgettext


class Suit(IntEnum):
    """The four suits, ordered by rank for game values: Clubs > Spades > Hearts > Diamonds."""

    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    CLUBS = 4

    @property
    def key(self) -> str:
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}[self]

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def colour(self) -> str:
        """"red" for Hearts and Diamonds, "black" for Clubs and Spades, as the cards print."""
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def title(self) -> str:
        """The suit's name before a game: "Heart" as in "Heart Solo"."""
        return english(_TITLES[self])

    @property
    def plural(self) -> str:
        """The suit's name on its own: "Hearts" (an ISkO suit game is called by it)."""
        return english(_PLURALS[self])

    @property
    def title_words(self) -> Phrase:
        """:attr:`title` for the site to translate ("Herz" in "Herz-Solo")."""
        return Phrase(_TITLES[self])

    @property
    def plural_words(self) -> Phrase:
        """:attr:`plural` for the site to translate ("Kreuz", never a club of players)."""
        return Phrase(_PLURALS[self])

    @classmethod
    def from_key(cls, key: str) -> Suit:
        return cls[key.upper()]


# literal msgids, so the site's catalog has them (engine.words); "suit" tells them from the
# site's "Club" and "Clubs" of players
_TITLES = {
    # Translators: a suit of the cards before a game's name (Kreuz, Pik, Herz, Karo)
    Suit.CLUBS: pgettext("suit", "Club"), Suit.SPADES: pgettext("suit", "Spade"),
    Suit.HEARTS: pgettext("suit", "Heart"), Suit.DIAMONDS: pgettext("suit", "Diamond")}
_PLURALS = {
    # Translators: a suit of the cards on its own (Kreuz, Pik, Herz, Karo)
    Suit.CLUBS: pgettext("suit", "Clubs"), Suit.SPADES: pgettext("suit", "Spades"),
    Suit.HEARTS: pgettext("suit", "Hearts"), Suit.DIAMONDS: pgettext("suit", "Diamonds")}


class Rank(Enum):
    """Ranks with their card points (A 11, 10 10, K 4, Q 3, J 2, 9/8/7 nothing)."""

    SEVEN = ("7", 0)
    EIGHT = ("8", 0)
    NINE = ("9", 0)
    TEN = ("10", 10)
    JACK = ("J", 2)
    QUEEN = ("Q", 3)
    KING = ("K", 4)
    ACE = ("A", 11)

    def __init__(self, label: str, points: int) -> None:
        self.label = label
        self.points = points

    def __lt__(self, other: Rank) -> bool:  # the order of the cards as dealt: 7 up to Ace
        members = list(Rank)
        return members.index(self) < members.index(other)


# Order of the non-Jack cards of a suit in trump and suit play, high to low.
SUIT_ORDER: tuple[Rank, ...] = (
    Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)
JACK_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True, order=True)
class Card:
    suit: Suit
    rank: Rank

    @property
    def points(self) -> int:
        return self.rank.points

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    @property
    def code(self) -> str:
        """ASCII code such as ``CJ`` (Jack of Clubs) or ``H10``."""
        return f"{self.suit.letter}{self.rank.label}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``CJ``, ``H10``, ``HT``, ``SA`` or ``J♣``-style names."""
        t = text.strip().upper()
        for suit in Suit:
            for form in (suit.letter, suit.symbol):
                if t.startswith(form) and len(t) > len(form):
                    return cls(suit, _rank_from_label(t[len(form):]))
                if t.endswith(form) and len(t) > len(form):
                    return cls(suit, _rank_from_label(t[: -len(form)]))
        raise ValueError(f"not a card: {text!r}")


def _rank_from_label(label: str) -> Rank:
    label = "10" if label == "T" else label
    for rank in Rank:
        if rank.label == label:
            return rank
    raise ValueError(f"not a rank: {label!r}")


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in JACK_ORDER for rank in
                               (Rank.JACK, *SUIT_ORDER))
TOTAL_POINTS = sum(card.points for card in DECK)  # 120
BY_CODE: dict[str, Card] = {card.code: card for card in DECK}  # "CJ" -> the Jack of Clubs


def card_points(cards: Iterable[Card]) -> int:
    return sum(card.points for card in cards)


def _point_totals() -> tuple[frozenset[int], ...]:
    """For 0 to 32 cards, every total of card points that many cards of the deck can hold."""
    totals: list[set[int]] = [{0}] + [set() for _ in DECK]
    for card in DECK:
        for count in range(len(DECK), 0, -1):  # downwards: each card is taken at most once
            totals[count] |= {t + card.points for t in totals[count - 1]}
    return tuple(frozenset(t) for t in totals)


_POINT_TOTALS = _point_totals()


def point_totals(count: int) -> frozenset[int]:
    """Every total of card points that ``count`` cards (0 to 32) can hold: 5 cards hold 0 to
    54 but never 1, 49 or 50, since no card is worth 1 point and the four Aces and a Ten are the
    most."""
    return _POINT_TOTALS[count]


@dataclass(frozen=True)
class DealtCards:
    """The cards as dealt: ten for each of the three active seats, and the Skat.

    ``hands[0]`` is forehand (left of the dealer), then middle hand and rear hand. (The score
    sheet's deal, what was played with these cards, is the site's ``Deal``.)
    """

    seed: str
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    skat: tuple[Card, Card]


def shuffled_deck(seed: str | int) -> tuple[Card, ...]:
    """The deck shuffled by a Fisher-Yates draw from SHA-256 of the seed.

    Hashing rather than ``random`` keeps a seed's deal the same on every Python version,
    so a printed hand record can always be reproduced.
    """
    cards = list(DECK)
    for i in range(len(cards) - 1, 0, -1):
        j = _draw(f"{seed}:{i}", i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def _draw(label: str, bound: int) -> int:
    # Rejection sampling over 64-bit values keeps the draw unbiased.
    limit = (1 << 64) - ((1 << 64) % bound)
    counter = 0
    while True:
        digest = hashlib.sha256(f"{label}:{counter}".encode()).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % bound
        counter += 1


def deal_cards(seed: str | int) -> DealtCards:
    """Deal a shuffled deck the regulation way: 3 each, 2 to the Skat, 4 each, 3 each
    (000 L1815)."""
    cards = iter(shuffled_deck(seed))

    def take(count: int) -> list[Card]:
        return [next(cards) for _ in range(count)]

    hands = [take(3), take(3), take(3)]
    skat = take(2)
    for packet in (4, 3):
        for hand in hands:
            hand.extend(take(packet))
    return DealtCards(
        seed=str(seed),
        hands=(tuple(hands[0]), tuple(hands[1]), tuple(hands[2])),
        skat=(skat[0], skat[1]),
    )


def trump_order(trump: Suit | None) -> tuple[Card, ...]:
    """Trumps high to low: the four Jacks, then (in a suit game) A 10 K Q 9 8 7 of trumps."""
    jacks = tuple(Card(suit, Rank.JACK) for suit in JACK_ORDER)
    if trump is None:
        return jacks
    return jacks + tuple(Card(trump, rank) for rank in SUIT_ORDER)


def matadors(cards: Iterable[Card], trump: Suit | None) -> int:
    """Matadors of a hand plus Skat for a suit game (``trump``) or Grand (``None``).

    Positive: "with n", the unbroken run of trumps from the Jack of Clubs.
    Negative: "without n", the number of trumps above the highest one held.
    """
    held = set(cards)
    order = trump_order(trump)
    with_jack = order[0] in held
    count = 0
    for card in order:
        if (card in held) != with_jack:
            break
        count += 1
    return count if with_jack else -count
