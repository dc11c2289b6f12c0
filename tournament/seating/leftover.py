"""Comparative Skat's players who do not fill a table: a comparison needs one table size, so
the players left over cannot just join a smaller or bigger table of the same section.
``leftover`` offers what to do with them, best first (a section of the other size, or byes).

Pure Python over counts, like ``seating.movements``, whose ``MovementError`` it raises.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.words import Phrase, gettext_noop, phrase
from tournament.seating.movements import Counts, MovementError, counted, counted_words


class Remedy(StrEnum):
    SECTION = "section"  # a section of the other table size, compared only within itself
    BYES = "byes"  # the players left over sit out


@dataclass(frozen=True)
class LeftoverOption:
    remedy: Remedy
    tables: int  # tables of the chosen size that play in the main comparison
    other_tables: int  # tables of the other size in their own section (0 for byes)
    moved: int  # players taken from full tables of the chosen size into the other section
    byes: int  # players who sit out
    sentence: str  # the option in the organizer's words (English)
    words: Phrase  # the same as a Phrase, for the reader's language (``tournament.words.say``)


@dataclass(frozen=True)
class Leftover:
    """Players at tables of ``table_size``: full tables, the players left over, the options."""

    players: int
    table_size: int
    tables: int  # full tables of table_size
    left_over: int  # players who do not fill one: players − tables · table_size
    options: tuple[LeftoverOption, ...]  # best first; empty when nobody is left over


_SIZE_NAMES = {3: "three", 4: "four"}

# The options in words, by the table size of the main comparison: a section of the other size
# (with players taken from full tables, or only those left over), and byes (one, or more).
_SECTION_TAKING = {
    4: gettext_noop("The %(rest)s left over and the %(moved)s of %(moved_tables)s sit at "
                    "%(others)s three-tables, a section of their own compared only among those "
                    "%(others)s tables; %(main)s four-tables play the main comparison"),
    3: gettext_noop("The %(rest)s left over and the %(moved)s of %(moved_tables)s sit at "
                    "%(others)s four-tables, a section of their own compared only among those "
                    "%(others)s tables; %(main)s three-tables play the main comparison"),
}
_SECTION = {
    4: gettext_noop("The %(rest)s left over sit at %(others)s three-tables, a section of their "
                    "own compared only among those %(others)s tables; %(main)s four-tables play "
                    "the main comparison"),
    3: gettext_noop("The %(rest)s left over sit at %(others)s four-tables, a section of their "
                    "own compared only among those %(others)s tables; %(main)s three-tables play "
                    "the main comparison"),
}
_BYE = {
    4: gettext_noop("%(rest)s sits out (a bye); %(main)s four-tables play"),
    3: gettext_noop("%(rest)s sits out (a bye); %(main)s three-tables play"),
}
_BYES = {
    4: gettext_noop("%(rest)s sit out (a bye); %(main)s four-tables play"),
    3: gettext_noop("%(rest)s sit out (a bye); %(main)s three-tables play"),
}


# A fifth of it is the docstring: the options are explained where they are made.
def leftover(players: int, table_size: int) -> Leftover:
    """What to do with the players who do not fill a table of ``table_size`` (3 or 4).

    A comparison needs one table size, so the players left over cannot just join a smaller or
    bigger table of the same section. The options, best first:

    * ``Remedy.SECTION``: the players left over and the players of as few full tables as
      possible sit at tables of the other size, as a section of its own compared only within
      itself. Offered when that section has at least 2 tables (one table has nobody to be
      compared with) and the main comparison keeps at least 2 tables. Everybody plays, which
      is why it comes first; its players are compared with fewer tables.
    * ``Remedy.BYES``: the players left over sit out (a bye), always possible.

    Refuses a table size other than 3 or 4, and fewer than 2 full tables.
    """
    if table_size not in _SIZE_NAMES:
        raise MovementError(
            f"a Skat table has 3 or 4 players, not {table_size}", ((players, 3), (players, 4))
        )
    other = 7 - table_size
    name = _SIZE_NAMES[table_size]
    full, rest = divmod(players, table_size)
    if full < 2:
        alternatives: Counts = ((2 * table_size, table_size),)
        if players // other >= 2:
            alternatives += ((players, other),)
        raise _too_few(players, name, table_size, alternatives)
    if not rest:
        return Leftover(players, table_size, full, 0, ())
    options = []
    moved_tables = next(
        (
            x
            for x in range(full - 1)  # the main comparison keeps at least 2 tables
            if (rest + x * table_size) % other == 0 and (rest + x * table_size) // other >= 2
        ),
        None,
    )
    if moved_tables is not None:
        moved = moved_tables * table_size
        seated = rest + moved
        others = seated // other
        words = phrase(_SECTION_TAKING[table_size] if moved else _SECTION[table_size],
                       rest=counted_words(rest, "player"), moved=moved,
                       moved_tables=counted_words(moved_tables, name + "-table"),
                       others=others, main=full - moved_tables)
        options.append(
            LeftoverOption(
                remedy=Remedy.SECTION,
                tables=full - moved_tables,
                other_tables=others,
                moved=moved,
                byes=0,
                sentence=str(words),
                words=words,
            )
        )
    words = phrase((_BYE if rest == 1 else _BYES)[table_size],
                   rest=counted_words(rest, "player"), main=full)
    options.append(
        LeftoverOption(
            remedy=Remedy.BYES,
            tables=full,
            other_tables=0,
            moved=0,
            byes=rest,
            sentence=str(words),
            words=words,
        )
    )
    return Leftover(players, table_size, full, rest, tuple(options))


def _too_few(players: int, name: str, size: int, alternatives: Counts) -> MovementError:
    message = (
        f"a comparison needs at least 2 {name}-tables ({2 * size} players); "
        f"{counted(players, 'player')} fill only {counted(players // size, name + '-table')}"
    )
    if len(alternatives) > 1:
        other = alternatives[1][1]
        message += f"; they would fill {players // other} {_SIZE_NAMES[other]}-tables"
    return MovementError(message, alternatives)
