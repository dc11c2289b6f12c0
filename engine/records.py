"""Reading and validating one deal record (the canonical JSON object of DESIGN.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Suit
from .errors import InvalidRecord
from .rulesets import MAX_MATADORS, Game, GameKind, RuleSet

FLAGS = (
    "schneider_announced", "schwarz_announced", "passt_nicht", "conceded", "hand", "ouvert",
    "contra", "recontra", "jungfer", "all_tricks",
)
KNOWN_KEYS = frozenset(
    {"game", "trump", "matadors", "card_points", "tricks", "bid", "loser", "revoke",
     "seat", "reason", "points", *FLAGS}
)
LABELS = {
    "game": "Game", "trump": "Trump", "matadors": "Matadors", "card_points": "Card points",
    "tricks": "Tricks", "bid": "Bid", "loser": "Loser", "revoke": "Revoke", "seat": "Seat",
    "reason": "Reason", "points": "Points", "schneider_announced": "Schneider announced",
    "schwarz_announced": "Schwarz announced", "passt_nicht": "Passt Nicht",
    "conceded": "Conceded", "hand": "Hand", "ouvert": "Ouvert", "contra": "Contra",
    "recontra": "Re-Contra", "jungfer": "Jungfer", "all_tricks": "All tricks",
}
REVOKERS = ("opponent", "declarer")


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
    revoke: str | None = None


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
    reason: str
    points: int


Record = Declaration | RamschResult | PassedDeal | Penalty

PENALTY_GAME = Game("penalty", "Penalty", GameKind.PENALTY)


def refuse(key: str, rule: str, text: str) -> InvalidRecord:
    return InvalidRecord(key, rule, f"{LABELS.get(key, key)}: {text}")


def parse_record(raw: Mapping[str, object], rules: RuleSet, options: Mapping[str, bool]) -> Record:
    """Check ``raw`` against ``rules`` and return it typed, or raise :class:`InvalidRecord`."""
    if not isinstance(raw, Mapping):
        raise InvalidRecord("game", "not_a_record", "A deal record must be a JSON object.")
    present = {k: v for k, v in raw.items() if v is not None}
    for key in present:
        if key not in KNOWN_KEYS:
            raise InvalidRecord(key, "unknown_field",
                                f"{key!r} is not a field of a deal record.")
    for flag in FLAGS:
        if flag in present and not isinstance(present[flag], bool):
            raise refuse(flag, "not_a_flag", "must be true or false.")
    flags = {f for f in FLAGS if present.get(f) is True}

    key = present.get("game")
    if key is None:
        raise refuse("game", "game_missing", "enter which game was played.")
    if key == "penalty":
        return _penalty(present, rules)
    game = rules.game(key) if isinstance(key, str) else None
    if game is None:
        names = ", ".join(g.key for g in rules.enabled_games(options))
        raise refuse("game", "unknown_game",
                     f"{key!r} is not a game of the rule set {rules.key} (its games: {names}).")
    if not rules.enabled(game, options):
        raise refuse("game", "game_off", _off_message(game, rules))

    if game.kind is GameKind.RAMSCH:
        _only(present, flags, game, allowed={"loser", "card_points", "jungfer", "all_tricks"})
        return _ramsch(present, flags, game, options)
    if game.kind is GameKind.PASSED:
        _only(present, flags, game, allowed=set())
        return PassedDeal(game)
    return _declaration(present, flags, game, rules, options)


def _off_message(game: Game, rules: RuleSet) -> str:
    if game.kind is GameKind.PASSED:
        return (f"a passed deal is played as Ramsch under {rules.key}; "
                "enter the Ramsch (or switch the option ramsch off).")
    return (f"{game.name} is not played in this tournament; the rule set {rules.key} "
            f"offers it with the option {game.option}=on.")


def _only(present: Mapping[str, object], flags: set[str], game: Game, allowed: set[str]) -> None:
    for key in present:
        if key == "game" or key in allowed:
            continue
        if key in FLAGS and key not in flags:
            continue  # a false flag says nothing
        raise refuse(key, "field_not_for_game", f"does not belong to a {game.name} entry.")


def _integer(present: Mapping[str, object], key: str, low: int, high: int, what: str) -> int:
    value = present[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(key, "not_a_number", f"must be a whole number ({what}).")
    if not low <= value <= high:
        raise refuse(key, "out_of_range", f"{value} is out of range; {what}.")
    return value


def _seat(present: Mapping[str, object], key: str) -> int:
    if key not in present:
        raise refuse(key, "seat_missing", "enter the seat (1 to 4).")
    return _integer(present, key, 1, 4, "seats are numbered 1 to 4")


def _ramsch(present, flags, game, options) -> RamschResult:
    loser = _seat(present, "loser")
    card_points = None
    if "card_points" in present:
        card_points = _integer(present, "card_points", 0, 120,
                               "the loser's card points are 0 to 120")
        if card_points < 40:
            raise refuse("card_points", "ramsch_loser_points",
                         f"the loser of a Ramsch took the most card points, so at least 40, "
                         f"not {card_points}.")
    if options.get("point_ramsch") and card_points is None:
        raise refuse("card_points", "card_points_missing",
                     "Point Ramsch charges the loser his card points; enter them.")
    all_tricks = "all_tricks" in flags
    if all_tricks and card_points not in (None, 120):
        raise refuse("card_points", "ramsch_all_tricks",
                     "a player who took every trick has all 120 card points.")
    return RamschResult(game, loser, "jungfer" in flags or all_tricks, all_tricks, card_points)


def _penalty(present, rules: RuleSet) -> Penalty:
    flags = {f for f in FLAGS if present.get(f) is True}
    _only(present, flags, Game("penalty", "penalty", GameKind.PENALTY),
          allowed={"seat", "reason", "points"})
    seat = _seat(present, "seat")
    reason = present.get("reason")
    kind = rules.penalty(reason) if isinstance(reason, str) else None
    if kind is None:
        names = ", ".join(p.key for p in rules.penalties)
        raise refuse("reason", "unknown_penalty",
                     f"{reason!r} is not a penalty of the rule set {rules.key} "
                     f"(its penalties: {names}).")
    if "points" in present:
        points = abs(_integer(present, "points", -1000, 1000, "a penalty is up to 1000 points"))
        if points == 0:
            raise refuse("points", "out_of_range", "a penalty charges at least 1 point.")
        if kind.points is not None and points != kind.points:
            raise refuse("points", "penalty_amount",
                         f"the rule set {rules.key} fixes {kind.text} at {kind.points} points; "
                         f"use reason 'other' for another amount.")
    elif kind.points is None:
        raise refuse("points", "points_missing", "enter how many points the penalty charges.")
    else:
        points = kind.points
    return Penalty(seat, kind.key, points)


def _declaration(present, flags, game: Game, rules: RuleSet, options) -> Declaration:
    allowed = {"bid", "tricks", "conceded", "revoke"}
    if game.has_trumps:
        allowed |= {"matadors", "card_points"}
    if game.kind is GameKind.SUIT or game.optional_trump:
        allowed.add("trump")
    if game.announcements:
        allowed |= {"schneider_announced", "schwarz_announced"}
    if game.passt_nicht:
        allowed.add("passt_nicht")
    if options.get("contra"):
        allowed |= {"contra", "recontra"}
    if rules.hand_flags:
        allowed |= {"hand", "ouvert"}
    _refuse_misplaced(present, flags, game, rules, options, allowed)

    trump = None
    if "trump" in present:
        raw = present["trump"]
        if not isinstance(raw, str) or raw.upper() not in Suit.__members__:
            raise refuse("trump", "unknown_trump",
                         f"{raw!r} is not a suit; use clubs, spades, hearts or diamonds.")
        trump = Suit.from_key(raw)
    elif game.kind is GameKind.SUIT:
        raise refuse("trump", "trump_missing", f"a {game.name} needs its trump suit.")

    hand = "hand" in flags
    ouvert = "ouvert" in flags
    schwarz_announced = "schwarz_announced" in flags
    schneider_announced = "schneider_announced" in flags or schwarz_announced
    if rules.hand_flags and game.has_trumps and ouvert:
        hand = schneider_announced = schwarz_announced = True  # ISkO: ouvert is all of these
    if rules.hand_flags and (schneider_announced or schwarz_announced) and not hand:
        key = "schwarz_announced" if schwarz_announced else "schneider_announced"
        raise refuse(key, "announcement_not_allowed",
                     "under the International Skat Order only a hand game can be announced.")

    conceded = "conceded" in flags
    revoke = present.get("revoke")
    if revoke is not None and revoke not in REVOKERS:
        raise refuse("revoke", "unknown_revoke",
                     "say who revoked: 'opponent' (the game counts as won) or 'declarer'.")
    if revoke is not None and conceded:
        raise refuse("revoke", "revoke_and_conceded",
                     "a conceded game has no revoke; enter one or the other.")

    matadors = 0
    if game.has_trumps:
        most = MAX_MATADORS[game.kind]
        if "matadors" not in present:
            raise refuse("matadors", "matadors_missing",
                         f"a {game.name} is played with or without 1 to {most} matadors; "
                         "enter them (+n with, -n without).")
        matadors = present["matadors"]
        if isinstance(matadors, bool) or not isinstance(matadors, int):
            raise refuse("matadors", "not_a_number",
                         "must be a whole number, +n with or -n without.")
        if not 1 <= abs(matadors) <= most:
            raise refuse("matadors", "matadors_out_of_range",
                         f"a {game.name} is played with or without 1 to {most} matadors, "
                         f"not {abs(matadors)}.")

    card_points = tricks = None
    if "card_points" in present:
        card_points = _integer(present, "card_points", 0, 120, "card points are 0 to 120")
    if "tricks" in present:
        tricks = _integer(present, "tricks", 0, 10, "the declarer takes 0 to 10 tricks")
    _check_play(game, card_points, tricks, conceded, revoke)

    bid = None
    if "bid" in present:
        bid = _check_bid(present, game, rules, options, hand, ouvert)

    return Declaration(
        game=game, trump=trump, matadors=matadors, card_points=card_points, tricks=tricks,
        schneider_announced=schneider_announced, schwarz_announced=schwarz_announced,
        passt_nicht="passt_nicht" in flags, conceded=conceded, hand=hand, ouvert=ouvert,
        contra="contra" in flags or "recontra" in flags, recontra="recontra" in flags,
        bid=bid, revoke=revoke,
    )


def _refuse_misplaced(present, flags, game, rules, options, allowed) -> None:
    for key in present:
        if key == "game" or key in allowed:
            continue
        if key in FLAGS and key not in flags:
            continue
        if key in ("schneider_announced", "schwarz_announced"):
            where = " or ".join(g.name for g in rules.games if g.announcements)
            raise refuse(key, "announcement_not_allowed",
                         f"Schneider and Schwarz can be announced only in a {where} "
                         f"under {rules.key}, not in a {game.name}.")
        if key in ("contra", "recontra"):
            if rules.contra_option:
                raise refuse(key, "option_off",
                             "Contra is not played in this tournament (option contra=off).")
            raise refuse(key, "option_missing", f"the rule set {rules.key} has no Contra.")
        if key == "passt_nicht":
            if not any(g.passt_nicht for g in rules.games):
                raise refuse(key, "option_missing", f"the rule set {rules.key} has no Passt Nicht.")
            raise refuse(key, "field_not_for_game",
                         f"only a Tourné or Grand Tourné is played Passt Nicht, not a {game.name}.")
        if key in ("hand", "ouvert"):
            raise refuse(key, "option_missing",
                         f"the rule set {rules.key} has no {LABELS[key]} flag; "
                         "choose the game that was played.")
        if key == "trump":
            raise refuse(key, "field_not_for_game",
                         f"a {game.name} has no trump suit besides the Jacks.")
        if key in ("matadors", "card_points"):
            raise refuse(key, "field_not_for_game",
                         f"a {game.name} is won or lost by tricks alone; "
                         f"enter no {LABELS[key].lower()}.")
        if key == "bid":
            raise refuse(key, "option_missing",
                         f"the rule set {rules.key} bids by the name of the game, not by number.")
        raise refuse(key, "field_not_for_game", f"does not belong to a {game.name} entry.")


def _check_play(game, card_points, tricks, conceded, revoke) -> None:
    if game.kind is GameKind.NULL:
        if tricks is None and not conceded and revoke is None:
            raise refuse("tricks", "tricks_missing",
                         f"a {game.name} is won only with no trick; enter the declarer's tricks.")
        return
    if card_points is None:
        if conceded or revoke is not None:
            return
        raise refuse("card_points", "card_points_missing",
                     "enter the declarer's card points, the Skat or discard included (0 to 120).")
    if tricks == 10 and card_points != 120:
        raise refuse("tricks", "tricks_contradict_points",
                     "a declarer who took all 10 tricks has all 120 card points, "
                     f"not {card_points}.")
    if tricks == 0 and card_points != 0:
        raise refuse("tricks", "tricks_contradict_points",
                     "a declarer who took no trick has 0 card points (the Skat goes to the "
                     f"opponents), not {card_points}.")
    if tricks is None and card_points in (0, 120) and not conceded:
        raise refuse("tricks", "tricks_missing",
                     f"with {card_points} card points the tricks decide Schwarz; enter them.")


def _check_bid(present, game, rules, options, hand, ouvert) -> int:
    from .bids import legal_bids  # bids are computed from the games, which need this module

    bid = present["bid"]
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise refuse("bid", "not_a_number", "must be a whole number.")
    if game.kind is GameKind.NULL and not rules.null_overbid:
        value = game.fixed_value(hand, ouvert)
        if bid > value:
            raise refuse("bid", "null_over_value",
                         f"a {game.name} is worth {value}, so it cannot be declared on a bid "
                         f"of {bid}.")
    if bid < rules.min_bid:
        raise refuse("bid", "bid_below_minimum",
                     f"the lowest bid under {rules.key} is {rules.min_bid}, not {bid}.")
    if bid not in legal_bids(rules, options):
        raise refuse("bid", "bid_unreachable",
                     f"no game of the rule set {rules.key} is worth {bid}, so it cannot be bid.")
    return bid
