"""What a deal's record says, typed: the record's keys, the parsed declaration, Ramsch,
passed deal and penalty, and :func:`to_record`, which writes one back as the canonical record
(the JSON object of docs/architecture.md). Parsing and checking are in :mod:`engine.records`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Suit
from .errors import InvalidRecord
from .games import Game, GameKey, PenaltyReason


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
        """The key as a form or an error message names it: "Card points", "Re-Contra"."""
        return _LABELS.get(self, self.value.replace("_", " ").capitalize())

    @property
    def is_flag(self) -> bool:
        """A true-or-false key: absent, ``null`` and ``false`` all mean "no"."""
        return self in FLAGS


_LABELS = {RecordKey.PASST_NICHT: "Passt Nicht", RecordKey.RECONTRA: "Re-Contra"}

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
    Revoker.OPPONENT: "an opponent revoked (declarer wins)",
    Revoker.DECLARER: "the declarer revoked (declarer loses)",
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


def refuse(key: str, rule: str, text: str) -> InvalidRecord:
    """The refusal of a record's field ``key``, its message led by the field's label."""
    label = RecordKey(key).label if key in KNOWN_KEYS else key
    return InvalidRecord(key, rule, f"{label}: {text}")
