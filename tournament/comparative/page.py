"""What the comparative pages show: hand records with suit symbols, the room's movement."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.models import Deck, Series

# the engine's suit letters, in the order a Skat player sorts a hand (Clubs high)
SUITS = (("C", "♣", "black"), ("S", "♠", "black"), ("H", "♥", "red"), ("D", "♦", "red"))
RANKS = ("J", "A", "10", "K", "Q", "9", "8", "7")


@dataclass(frozen=True)
class SuitCards:
    symbol: str
    colour: str  # "red" or "black": the page prints hearts and diamonds red
    ranks: str  # "A 10 K" (Jacks are shown apart, as trumps of every suit game)


@dataclass(frozen=True)
class HandRecord:
    letter: str
    jacks: tuple[SuitCards, ...]
    suits: tuple[SuitCards, ...]


@dataclass(frozen=True)
class DeckRecord:
    number: int
    dealer: str
    hands: tuple[HandRecord, ...]
    skat: tuple[SuitCards, ...]


def _split(code: str) -> tuple[str, str]:
    return code[0], code[1:]


def _by_suit(codes: list[str], jacks: bool) -> tuple[SuitCards, ...]:
    groups = []
    for letter, symbol, colour in SUITS:
        ranks = [rank for suit, rank in map(_split, codes)
                 if suit == letter and (rank == "J") == jacks]
        if ranks:
            ranks.sort(key=RANKS.index)
            groups.append(SuitCards(symbol, colour, " ".join(ranks)))
    return tuple(groups)


def deck_record(deck: Deck) -> DeckRecord:
    letters = sorted(deck.hands, key="NESW".index)
    hands = tuple(HandRecord(letter, _by_suit(deck.hands[letter], True),
                             _by_suit(deck.hands[letter], False)) for letter in letters)
    skat = _by_suit(deck.skat, True) + _by_suit(deck.skat, False)
    return DeckRecord(deck.number, deck.dealer, hands, skat)


def hand_records(series: Series) -> list[DeckRecord]:
    """Every deck of the series, as the hand-record page and its print show it."""
    return [deck_record(d) for d in series.decks.order_by("number")]
