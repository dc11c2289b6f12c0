"""What a deal's record says, typed: the record's keys, the parsed declaration, Ramsch,
passed deal and penalty, and :func:`to_record`, which writes one back as the canonical record
(the JSON object of docs/architecture.md). Parsing and checking are in :mod:`engine.records`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Suit
from .errors import InvalidRecord, field_words
from .games import Game, GameKey, PenaltyReason
from .words import Phrase, gettext_noop, phrase


class RecordKey(StrEnum):
    """The keys of a deal record, in the canonical order of DESIGN.md.

    DESIGN.md lists the keys from ``game`` to ``all_tricks``; ``revoke`` follows ``bid`` and a
    penalty's ``seat``, ``reason`` and ``points`` come last (docs/rules-decisions.md 5 and 6).
    """

    GAME = "game"
    TRUMP = "trump"
    MATADORS = "matadors"
    CARD_POINTS = "card_points"
    TRICKS = "tricks"
    SCHNEIDER_ANNOUNCED = "schneider_announced"
    SCHWARZ_ANNOUNCED = "schwarz_announced"
    PASST_NICHT = "passt_nicht"
    CONCEDED = "conceded"
    HAND = "hand"
    OUVERT = "ouvert"
    CONTRA = "contra"
    RECONTRA = "recontra"
    BID = "bid"
    REVOKE = "revoke"
    LOSER = "loser"
    JUNGFER = "jungfer"
    ALL_TRICKS = "all_tricks"
    SEAT = "seat"
    REASON = "reason"
    POINTS = "points"

    @property
    def label(self) -> str:
        """The key as a form or an error message names it: "Card points", "Re-Contra" (a
        msgid of the site's catalog)."""
        return _LABELS[self]

    @property
    def is_flag(self) -> bool:
        """A true-or-false key: absent, ``null`` and ``false`` all mean "no"."""
        return self in FLAGS


_LABELS = {
    RecordKey.GAME: gettext_noop("Game"),
    RecordKey.TRUMP: gettext_noop("Trump"),
    RecordKey.MATADORS: gettext_noop("Matadors"),
    RecordKey.CARD_POINTS: gettext_noop("Card points"),
    RecordKey.TRICKS: gettext_noop("Tricks"),
    RecordKey.SCHNEIDER_ANNOUNCED: gettext_noop("Schneider announced"),
    RecordKey.SCHWARZ_ANNOUNCED: gettext_noop("Schwarz announced"),
    RecordKey.PASST_NICHT: gettext_noop("Passt Nicht"),
    RecordKey.CONCEDED: gettext_noop("Conceded"),
    # Translators: the flag of a game played from the hand, without the Skat.
    RecordKey.HAND: gettext_noop("Hand"),
    RecordKey.OUVERT: gettext_noop("Ouvert"),
    RecordKey.CONTRA: gettext_noop("Contra"),
    RecordKey.RECONTRA: gettext_noop("Re-Contra"),
    RecordKey.BID: gettext_noop("Bid"),
    RecordKey.REVOKE: gettext_noop("Revoke"),
    RecordKey.LOSER: gettext_noop("Loser"),
    RecordKey.JUNGFER: gettext_noop("Jungfer"),
    RecordKey.ALL_TRICKS: gettext_noop("All tricks"),
    RecordKey.SEAT: gettext_noop("Seat"),
    RecordKey.REASON: gettext_noop("Reason"),
    RecordKey.POINTS: gettext_noop("Points"),
}

FLAGS: tuple[RecordKey, ...] = (
    RecordKey.SCHNEIDER_ANNOUNCED, RecordKey.SCHWARZ_ANNOUNCED, RecordKey.PASST_NICHT,
    RecordKey.CONCEDED, RecordKey.HAND, RecordKey.OUVERT, RecordKey.CONTRA, RecordKey.RECONTRA,
    RecordKey.JUNGFER, RecordKey.ALL_TRICKS,
)
KNOWN_KEYS = frozenset(RecordKey)


class Revoker(StrEnum):
    """Who revoked, the value of ``revoke`` (docs/rules-decisions.md 5)."""

    OPPONENT = "opponent"  # the game counts as won
    DECLARER = "declarer"  # the game counts as lost

    @property
    def label(self) -> str:
        """The choice as an entry form offers it."""
        return _REVOKER_LABELS[self]


_REVOKER_LABELS = {
    Revoker.OPPONENT: gettext_noop("an opponent revoked (declarer wins)"),
    Revoker.DECLARER: gettext_noop("the declarer revoked (declarer loses)"),
}


@dataclass(frozen=True)
class Declaration:
    """A game somebody declared and played (or conceded)."""

    game: Game
    trump: Suit | None = None
    matadors: int = 0  # signed: +n "with n", -n "without n"
    card_points: int | None = None
    tricks: int | None = None
    schneider_announced: bool = False
    schwarz_announced: bool = False
    passt_nicht: bool = False
    conceded: bool = False
    hand: bool = False
    ouvert: bool = False
    contra: bool = False
    recontra: bool = False
    bid: int | None = None
    revoke: Revoker | None = None


@dataclass(frozen=True)
class RamschResult:
    game: Game
    loser: int
    jungfer: bool = False
    all_tricks: bool = False
    card_points: int | None = None  # the loser's, needed for Point Ramsch


@dataclass(frozen=True)
class PassedDeal:
    game: Game


@dataclass(frozen=True)
class Penalty:
    """A fine against one seat: ``points`` is what the seat is charged (positive)."""

    seat: int
    reason: PenaltyReason
    points: int


Record = Declaration | RamschResult | PassedDeal | Penalty


def to_record(record: Record) -> dict[str, object]:
    """The canonical deal record of a parsed one: the inverse of :func:`parse_record`.

    Only the keys the record needs, in the order of :class:`RecordKey`; a flag only when it is
    true, with what parsing implied written out (Schwarz announced also announces Schneider,
    Re-Contra is a Contra, an ISkO ouvert game is a hand game with Schwarz announced, one who
    took all tricks makes a Jungfer) and a penalty with the points it charges.
    """
    values: dict[RecordKey, object]
    if isinstance(record, Penalty):
        values = {RecordKey.GAME: GameKey.PENALTY, RecordKey.SEAT: record.seat,
                  RecordKey.REASON: record.reason, RecordKey.POINTS: record.points}
    elif isinstance(record, PassedDeal):
        values = {RecordKey.GAME: record.game.key}
    elif isinstance(record, RamschResult):
        values = {RecordKey.GAME: record.game.key, RecordKey.LOSER: record.loser,
                  RecordKey.CARD_POINTS: record.card_points, RecordKey.JUNGFER: record.jungfer,
                  RecordKey.ALL_TRICKS: record.all_tricks}
    else:
        values = _declaration_values(record)
    return {key.value: _plain(value) for key in RecordKey
            if (value := values.get(key)) is not None and value is not False}


def _declaration_values(d: Declaration) -> dict[RecordKey, object]:
    return {
        RecordKey.GAME: d.game.key,
        RecordKey.TRUMP: d.trump.key if d.trump is not None else None,
        RecordKey.MATADORS: d.matadors if d.game.has_trumps else None,
        RecordKey.CARD_POINTS: d.card_points,
        RecordKey.TRICKS: d.tricks,
        RecordKey.SCHNEIDER_ANNOUNCED: d.schneider_announced,
        RecordKey.SCHWARZ_ANNOUNCED: d.schwarz_announced,
        RecordKey.PASST_NICHT: d.passt_nicht,
        RecordKey.CONCEDED: d.conceded,
        RecordKey.HAND: d.hand,
        RecordKey.OUVERT: d.ouvert,
        RecordKey.CONTRA: d.contra,
        RecordKey.RECONTRA: d.recontra,
        RecordKey.BID: d.bid,
        RecordKey.REVOKE: d.revoke,
    }


def _plain(value: object) -> object:
    """A word of the vocabulary as the plain string JSON and a database store."""
    return value.value if isinstance(value, StrEnum) else value


def refuse(key: str, rule: str, reason: Phrase) -> InvalidRecord:
    """The refusal of a record's field ``key``, its message led by the field's label
    (a key that is no field of a record is named as written)."""
    label = phrase(RecordKey(key).label) if key in KNOWN_KEYS else key
    return InvalidRecord(key, rule, field_words(label, reason))
