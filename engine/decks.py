"""Comparative Skat: numbered decks whose hands are marked by letter (docs/rules.md §12).

Dr. Southwell's Comparative Skat (seed 000 L5109–5161) deals every deck once, marks each hand
with the letter N, E, S or W of the place that received it and passes the deck from table to
table, so every table plays the same hands. ``deal_set(seed, decks, table_size)`` deals such a
set from a recorded seed with the engine's seeded shuffle, the same on every machine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .cards import DECK, JACK_ORDER, SUIT_ORDER, Card, Suit, deal_cards, matadors, trump_order
from .errors import InvalidDeck, field_words
from .seats import Letter, letters
from .words import gettext_noop, phrase

MAX_DECKS = 999  # the book's decks were numbered 1 to 72 (seed 000 L5117)


# The order of a hand as printed: the four Jacks, then Clubs, Spades, Hearts, Diamonds, each
# Ace 10 King Queen 9 8 7 (the order of the trumps in a Grand, then the suits by rank).
HAND_ORDER: tuple[Card, ...] = trump_order(None) + tuple(
    Card(suit, rank) for suit in JACK_ORDER for rank in SUIT_ORDER
)
_POSITION = {card: i for i, card in enumerate(HAND_ORDER)}


def sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in ``HAND_ORDER``: Jacks ♣ ♠ ♥ ♦, then the suits ♣ ♠ ♥ ♦, Ace down to 7."""
    return tuple(sorted(cards, key=_POSITION.__getitem__))


@dataclass(frozen=True)
class Deck:
    """One numbered deck of a comparative set: three marked hands of ten and the Skat.

    ``dealer`` deals deck ``number``; the letter after his (on his left) is forehand, then
    middle hand and rear hand, as ``DealtCards.hands[0..2]`` at the table. At a three-table
    the dealer is rear hand and his letter holds a hand; at a four-table his letter sits the
    deck out and holds none. ``hands`` is keyed by letter in letter order, every hand and the
    Skat in ``HAND_ORDER``: the order the cards were dealt in is not kept (after play the book's
    decks are sorted back into hands by their punch marks, seed 000 L5135–5137), so two decks
    with the same hands are equal however they were built. A deck that is not a full deal is
    refused with ``InvalidDeck``.
    """

    number: int
    dealer: Letter
    hands: Mapping[Letter, tuple[Card, ...]] = field(hash=False)
    skat: tuple[Card, Card]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dealer", Letter(self.dealer))  # "N" read from JSON
        _check(self)
        hands = {letter: sorted_hand(self.hands[letter]) for letter in Letter
                 if letter in self.hands}
        low, high = sorted_hand(self.skat)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "skat", (low, high))

    @property
    def table_size(self) -> int:
        """3 when the dealer holds a hand, 4 when he sits the deck out."""
        return 3 if self.dealer in self.hands else 4

    @property
    def in_turn(self) -> tuple[Letter, Letter, Letter]:
        """The letters holding hands: forehand, middle hand, rear hand."""
        return _in_turn(self.dealer, self.table_size)

    def as_json(self) -> dict[str, object]:
        """``{"deck": 1, "dealer": "N", "hands": {"E": ["CJ", …], …}, "skat": ["HA", "D7"]}``.

        Card codes as ``Card.code``; hands in letter order, cards in ``HAND_ORDER``.
        """
        return {
            "deck": self.number,
            "dealer": self.dealer.value,
            "hands": {letter.value: [card.code for card in hand]
                      for letter, hand in self.hands.items()},
            "skat": [card.code for card in self.skat],
        }


def _in_turn(dealer: Letter, table_size: int) -> tuple[Letter, Letter, Letter]:
    places = letters(table_size)
    at = places.index(dealer)
    first, middle, rear = (places[(at + step) % table_size] for step in (1, 2, 3))
    return first, middle, rear


def _check(deck: Deck) -> None:
    if deck.number < 1:
        raise InvalidDeck(field_words(phrase(gettext_noop("Deck")), phrase(
            gettext_noop("decks are numbered from 1, not %(number)s."), number=deck.number)))
    numbered = phrase(gettext_noop("Deck %(number)s"), number=deck.number)
    held = set(deck.hands)
    if held not in ({Letter.N, Letter.E, Letter.S}, set(Letter) - {deck.dealer}):
        names = " ".join(letter for letter in Letter if letter in held)
        raise InvalidDeck(field_words(numbered, phrase(
            gettext_noop("hands for %(letters)s are not a table's three hands when %(dealer)s "
                         "deals."),
            letters=names or phrase(gettext_noop("no letter")), dealer=deck.dealer.value)))
    if any(len(hand) != 10 for hand in deck.hands.values()) or len(deck.skat) != 2:
        raise InvalidDeck(field_words(numbered, phrase(
            gettext_noop("three hands of ten cards and a Skat of two."))))
    dealt = [card for hand in deck.hands.values() for card in hand] + list(deck.skat)
    if sorted(dealt) != sorted(DECK):
        raise InvalidDeck(field_words(numbered, phrase(
            gettext_noop("the hands and the Skat are not the 32 cards."))))


def dealer_of(number: int, table_size: int) -> Letter:
    """The letter that deals deck ``number``: N deals deck 1, then the deal passes left."""
    places = letters(table_size)
    return places[(number - 1) % len(places)]


def deal_set(seed: str, decks: int, table_size: int) -> tuple[Deck, ...]:
    """Decks 1..``decks`` for tables of ``table_size``, each dealt from ``seed``.

    Deck n holds ``deal_cards(f"{seed}:deck:{n}")``: forehand, middle and rear hand receive
    its hands 0, 1 and 2. The cards of a deck depend on the seed and the number only, so a
    three-table set and a four-table set of one seed deal the same cards to forehand, middle
    and rear hand; only the letters differ.
    """
    places = letters(table_size)
    if isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
        raise InvalidDeck(field_words(phrase(gettext_noop("Decks")), phrase(
            gettext_noop("a set has 1 to %(most)s decks, not %(decks)s."),
            most=MAX_DECKS, decks=decks)))
    return tuple(_deal(seed, number, dealer_of(number, len(places)), len(places))
                 for number in range(1, decks + 1))


def _deal(seed: str, number: int, dealer: Letter, table_size: int) -> Deck:
    dealt = deal_cards(f"{seed}:deck:{number}")
    hands = dict(zip(_in_turn(dealer, table_size), dealt.hands, strict=True))
    return Deck(number=number, dealer=dealer, hands=hands, skat=dealt.skat)


def deck_matadors(deck: Deck, declarer: Letter, trump: Suit | None) -> int:
    """The declarer's matadors in a suit game (``trump``) or a Grand (``None``).

    Counted, as ``matadors`` counts them, on his hand plus the Skat: +n "with n", −n
    "without n" (docs/rules.md §2).
    """
    if declarer not in deck.hands:
        raise InvalidDeck(field_words(phrase(gettext_noop("Declarer")), phrase(
            gettext_noop("%(letter)s deals deck %(number)s at a four-table and holds no hand."),
            letter=str(declarer), number=deck.number)))
    return matadors(deck.hands[declarer] + deck.skat, trump)
