"""The places at a Skat table: seats 1 to 4 and, in Comparative Skat, their letters N E S W.

A table seats three or four players; a three-table leaves seat 4 empty. Dr. Southwell's decks
mark each hand with the letter of the place that received it (seed 000 L5125–5131): seat 1 is
N, then clockwise E, S and W.
"""

from __future__ import annotations

from enum import StrEnum

from .errors import InvalidDeck, field_words
from .words import gettext_noop, phrase

SEATS: tuple[int, ...] = (1, 2, 3, 4)  # the positions at a table; a three-table leaves 4 empty


class Letter(StrEnum):
    """A place at the table, as marked on the cards' backs (seed 000 L5125–5131).

    Clockwise in this order, N E S W: the letter after a player's is the place on his left.
    """

    N = "N"
    E = "E"
    S = "S"
    W = "W"


LETTERS: tuple[Letter, ...] = tuple(Letter)  # N, E, S, W: seat 1 to seat 4


def letters(table_size: int) -> tuple[Letter, ...]:
    """The letters of a table: N, E, S at a three-table; N, E, S, W at a four-table."""
    if table_size in (3, 4):
        return LETTERS[:table_size]
    raise InvalidDeck(field_words(phrase(gettext_noop("Table size")), phrase(
        gettext_noop("a Skat table seats 3 or 4 players, not %(size)s."), size=table_size)))


def letter_of(seat: int) -> Letter:
    """The letter of seat 1 to 4 at a comparative table."""
    return LETTERS[seat - 1]


def seat_of(letter: str) -> int:
    """The seat (1 to 4) of a letter N, E, S or W; ``ValueError`` for any other."""
    return LETTERS.index(Letter(letter)) + 1
