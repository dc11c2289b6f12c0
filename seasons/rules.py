"""The season document read and checked: the ranking rules, the season's units in order, its
players and their results (docs/seasons.md). Every refusal names its place
("rules.best: …"), as ``python -m seasons`` prints it. Standard library only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

TOTAL, AVERAGE = "total", "average"
VALUES = (TOTAL, AVERAGE)
AFTER, OMIT = "after", "omit"
GUESTS = (AFTER, OMIT)
RULE_KEYS = ("value", "min_played", "zero_up_to", "drop_worst_at", "best", "absence_penalty",
             "guests")
PENALTY_KEYS = ("over", "base", "power")
DOCUMENT_KEYS = ("rules", "units", "players", "results")
MOST = 10**6  # units, thresholds and counts: a season of a million series is a typing error
MOST_SCORE = 10**9
MOST_POWER = 4  # (missed − base) ** power stays a number a notice board can print

# A unit or a player is named by a whole number or a string, as the document chooses.
Id = int | str


class SeasonError(ValueError):
    """A document the ranking cannot read: ``place`` (a path into it) and what is wrong."""

    def __init__(self, place: str, problem: str) -> None:
        super().__init__(f"{place}: {problem}")
        self.place = place
        self.problem = problem


@dataclass(frozen=True)
class AbsencePenalty:
    """More than ``over`` units missed: (missed − ``base``) ** ``power`` points off."""

    over: int
    base: int
    power: int

    def of(self, missed: int) -> int:
        return (missed - self.base) ** self.power if missed > self.over else 0


@dataclass(frozen=True)
class Rules:
    """How a season ranks; every rule absent is not applied (docs/seasons.md)."""

    value: str = TOTAL
    min_played: int = 0
    zero_up_to: int = 0
    drop_worst_at: tuple[int, ...] = ()
    best: int | None = None
    absence_penalty: AbsencePenalty | None = None
    guests: str = AFTER

    def drops(self, played: int) -> int:
        """How many worst results are dropped after ``played`` units: one per threshold
        reached."""
        return sum(1 for threshold in self.drop_worst_at if played >= threshold)


@dataclass(frozen=True)
class Player:
    id: Id
    guest: bool = False


@dataclass(frozen=True)
class Document:
    rules: Rules
    units: tuple[Id, ...]
    players: tuple[Player, ...]
    # each player's results by unit, in the order of ``units``
    results: Mapping[Id, tuple[tuple[Id, int], ...]]


# -- reading --------------------------------------------------------------------------------


def _object(value: object, place: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise SeasonError(place, "must be an object")
    return value


def _list(value: object, place: str) -> list[object]:
    if not isinstance(value, list):
        raise SeasonError(place, "must be a list")
    return value


def json_word(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(value: object, place: str, least: int = 0, most: int = MOST) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SeasonError(place, f"must be a whole number, not {json_word(value)}")
    if not least <= value <= most:
        raise SeasonError(place, f"must be between {least} and {most}, not {value}")
    return value


def _id(value: object, place: str) -> Id:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise SeasonError(place, f"must be a whole number or a string, not {json_word(value)}")
    if isinstance(value, str) and not value.strip():
        raise SeasonError(place, "must not be empty")
    return value


def _keys(found: Mapping[str, object], allowed: tuple[str, ...], place: str) -> None:
    for key in found:
        if key not in allowed:
            raise SeasonError(f"{place}.{key}", "is not a key of this document (it knows "
                                                + ", ".join(allowed) + ")")


def _choice(value: object, place: str, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise SeasonError(place, f"must be one of {', '.join(allowed)}, not {json_word(value)}")
    return value


def _penalty(value: object, place: str) -> AbsencePenalty:
    found = _object(value, place)
    _keys(found, PENALTY_KEYS, place)
    for key in PENALTY_KEYS:
        if key not in found:
            raise SeasonError(f"{place}.{key}", "is missing")
    return AbsencePenalty(_int(found["over"], f"{place}.over"),
                          _int(found["base"], f"{place}.base"),
                          _int(found["power"], f"{place}.power", 1, MOST_POWER))


def _thresholds(value: object, place: str) -> tuple[int, ...]:
    return tuple(_int(t, f"{place}[{i}]", 1) for i, t in enumerate(_list(value, place)))


def read_rules(value: object, place: str = "rules") -> Rules:
    """The ``rules`` object: every key optional, none unknown."""
    found = _object(value, place)
    _keys(found, RULE_KEYS, place)
    best = found.get("best")
    penalty = found.get("absence_penalty")
    return Rules(
        value=_choice(found.get("value", TOTAL), f"{place}.value", VALUES),
        min_played=_int(found.get("min_played", 0), f"{place}.min_played"),
        zero_up_to=_int(found.get("zero_up_to", 0), f"{place}.zero_up_to"),
        drop_worst_at=_thresholds(found.get("drop_worst_at", []), f"{place}.drop_worst_at"),
        best=None if best is None else _int(best, f"{place}.best", 1),
        absence_penalty=None if penalty is None else _penalty(penalty,
                                                              f"{place}.absence_penalty"),
        guests=_choice(found.get("guests", AFTER), f"{place}.guests", GUESTS),
    )


def _units(value: object) -> tuple[Id, ...]:
    units: list[Id] = []
    seen: set[Id] = set()
    for i, item in enumerate(_list(value, "units")):
        unit = _id(item, f"units[{i}]")
        if unit in seen:
            raise SeasonError(f"units[{i}]", f"names unit {json_word(unit)} twice")
        seen.add(unit)
        units.append(unit)
    if len(units) > MOST:
        raise SeasonError("units", f"must hold at most {MOST} units")
    return tuple(units)


def _players(value: object) -> tuple[Player, ...]:
    players: list[Player] = []
    seen: set[Id] = set()
    for i, item in enumerate(_list(value, "players")):
        place = f"players[{i}]"
        found = _object(item, place)
        _keys(found, ("id", "guest"), place)
        if "id" not in found:
            raise SeasonError(f"{place}.id", "is missing")
        player = _id(found["id"], f"{place}.id")
        guest = found.get("guest", False)
        if not isinstance(guest, bool):
            raise SeasonError(f"{place}.guest", f"must be true or false, not {json_word(guest)}")
        if player in seen:
            raise SeasonError(f"{place}.id", f"names player {json_word(player)} twice")
        seen.add(player)
        players.append(Player(player, guest))
    return tuple(players)


def _results(value: object, units: tuple[Id, ...],
             players: tuple[Player, ...]) -> dict[Id, tuple[tuple[Id, int], ...]]:
    order = {unit: i for i, unit in enumerate(units)}
    found: dict[Id, dict[Id, int]] = {p.id: {} for p in players}
    for i, item in enumerate(_list(value, "results")):
        place = f"results[{i}]"
        result = _object(item, place)
        _keys(result, ("unit", "player", "score"), place)
        for key in ("unit", "player", "score"):
            if key not in result:
                raise SeasonError(f"{place}.{key}", "is missing")
        unit = _id(result["unit"], f"{place}.unit")
        player = _id(result["player"], f"{place}.player")
        score = _int(result["score"], f"{place}.score", -MOST_SCORE, MOST_SCORE)
        if unit not in order:
            raise SeasonError(f"{place}.unit", f"{json_word(unit)} is not a unit of the season")
        if player not in found:
            raise SeasonError(f"{place}.player",
                              f"{json_word(player)} is not a player of the season")
        if unit in found[player]:
            raise SeasonError(place, f"player {json_word(player)} has a second result in unit "
                                     f"{json_word(unit)}")
        found[player][unit] = score
    return {player: tuple(sorted(by_unit.items(), key=lambda item: order[item[0]]))
            for player, by_unit in found.items()}


def read_document(value: object) -> Document:
    """The whole document, checked; ``SeasonError`` names the first place that is wrong."""
    found = _object(value, "document")
    _keys(found, DOCUMENT_KEYS, "document")
    rules = read_rules(found.get("rules", {}))
    units = _units(found.get("units", []))
    players = _players(found.get("players", []))
    return Document(rules, units, players, _results(found.get("results", []), units, players))
