"""Reading and validating one deal record (the canonical JSON object of docs/architecture.md):
:func:`parse_record` turns it into the types of :mod:`engine.declarations` or refuses it."""

from __future__ import annotations

from collections.abc import Mapping, Set

from .cards import Suit
from .declarations import (
    FLAGS,
    KNOWN_KEYS,
    Declaration,
    PassedDeal,
    Penalty,
    RamschResult,
    Record,
    RecordKey,
    Revoker,
    refuse,
)
from .errors import InvalidRecord
from .games import (
    MAX_MATADORS,
    PENALTY_GAME,
    Game,
    GameKey,
    GameKind,
    OptionKey,
    RuleSet,
)
from .plays import check_card_points, check_play
from .words import Phrase, either, gettext_noop, phrase

Present = Mapping[str, object]  # the keys of a raw record that are given (not null)


def parse_record(raw: Mapping[str, object], rules: RuleSet, options: Mapping[str, bool]) -> Record:
    """Check ``raw`` against ``rules`` and return it typed, or raise :class:`InvalidRecord`."""
    if not isinstance(raw, Mapping):
        raise InvalidRecord(RecordKey.GAME, "not_a_record",
                            phrase(gettext_noop("A deal record must be a JSON object.")))
    present = {k: v for k, v in raw.items() if v is not None}
    for key in present:
        if key not in KNOWN_KEYS:
            raise InvalidRecord(key, "unknown_field", phrase(
                gettext_noop("%(key)s is not a field of a deal record."), key=repr(key)))
    for flag in FLAGS:
        if flag in present and not isinstance(present[flag], bool):
            raise refuse(flag, "not_a_flag", phrase(gettext_noop("must be true or false.")))
    flags = {f for f in FLAGS if present.get(f) is True}

    game_key = present.get(RecordKey.GAME)
    if game_key is None:
        raise refuse(RecordKey.GAME, "game_missing",
                     phrase(gettext_noop("enter which game was played.")))
    if game_key == GameKey.PENALTY:
        return _penalty(present, rules)
    game = rules.game(game_key) if isinstance(game_key, str) else None
    if game is None:
        names = ", ".join(g.key for g in rules.enabled_games(options))
        raise refuse(RecordKey.GAME, "unknown_game", phrase(
            gettext_noop("%(game)s is not a game of the rule set %(rules)s (its games: "
                         "%(games)s)."), game=repr(game_key), rules=rules.key, games=names))
    if not rules.enabled(game, options):
        raise refuse(RecordKey.GAME, "game_off", _off_message(game, rules))

    if game.kind is GameKind.RAMSCH:
        _only(present, flags, game, allowed={RecordKey.LOSER, RecordKey.CARD_POINTS,
                                             RecordKey.JUNGFER, RecordKey.ALL_TRICKS})
        return _ramsch(present, flags, game, options)
    if game.kind is GameKind.PASSED:
        _only(present, flags, game, allowed=set())
        return PassedDeal(game)
    return _declaration(present, flags, game, rules, options)


def _off_message(game: Game, rules: RuleSet) -> Phrase:
    if game.kind is GameKind.PASSED:
        return phrase(gettext_noop("a passed deal is played as Ramsch under %(rules)s; enter "
                                   "the Ramsch (or switch the option ramsch off)."),
                      rules=rules.key)
    return phrase(gettext_noop("%(game)s is not played in this tournament; the rule set "
                               "%(rules)s offers it with the option %(option)s=on."),
                  game=phrase(game.name), rules=rules.key, option=str(game.option))


def _only(present: Present, flags: Set[str], game: Game, allowed: Set[str]) -> None:
    for key in present:
        if key == RecordKey.GAME or key in allowed:
            continue
        if key in FLAGS and key not in flags:
            continue  # a false flag says nothing
        raise refuse(key, "field_not_for_game", _not_for(game))


def _not_for(game: Game) -> Phrase:
    return phrase(gettext_noop("does not belong to a %(game)s entry."), game=phrase(game.name))


def _integer(present: Present, key: str, low: int, high: int, what: Phrase) -> int:
    value = present[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(key, "not_a_number",
                     phrase(gettext_noop("must be a whole number (%(what)s)."), what=what))
    if not low <= value <= high:
        raise refuse(key, "out_of_range", phrase(
            gettext_noop("%(value)s is out of range; %(what)s."), value=value, what=what))
    return value


def _seat(present: Present, key: str) -> int:
    if key not in present:
        raise refuse(key, "seat_missing", phrase(gettext_noop("enter the seat (1 to 4).")))
    return _integer(present, key, 1, 4, phrase(gettext_noop("seats are numbered 1 to 4")))


def _ramsch(present: Present, flags: Set[str], game: Game,
            options: Mapping[str, bool]) -> RamschResult:
    loser = _seat(present, RecordKey.LOSER)
    card_points = None
    if RecordKey.CARD_POINTS in present:
        card_points = _integer(present, RecordKey.CARD_POINTS, 0, 120,
                               phrase(gettext_noop("the loser's card points are 0 to 120")))
        if card_points < 40:
            raise refuse(RecordKey.CARD_POINTS, "ramsch_loser_points", phrase(
                gettext_noop("the loser of a Ramsch took the most card points, so at least "
                             "40, not %(points)s."), points=card_points))
        check_card_points(card_points)
    if options.get(OptionKey.POINT_RAMSCH) and card_points is None:
        raise refuse(RecordKey.CARD_POINTS, "card_points_missing", phrase(
            gettext_noop("Point Ramsch charges the loser their card points; enter them.")))
    all_tricks = RecordKey.ALL_TRICKS in flags
    if all_tricks and card_points not in (None, 120):
        raise refuse(RecordKey.CARD_POINTS, "ramsch_all_tricks", phrase(
            gettext_noop("a player who took every trick has all 120 card points.")))
    jungfer = RecordKey.JUNGFER in flags or all_tricks
    return RamschResult(game, loser, jungfer, all_tricks, card_points)


def _penalty(present: Present, rules: RuleSet) -> Penalty:
    flags = {f for f in FLAGS if present.get(f) is True}
    _only(present, flags, PENALTY_GAME,
          allowed={RecordKey.SEAT, RecordKey.REASON, RecordKey.POINTS})
    seat = _seat(present, RecordKey.SEAT)
    reason = present.get(RecordKey.REASON)
    kind = rules.penalty(reason) if isinstance(reason, str) else None
    if kind is None:
        names = ", ".join(p.key for p in rules.penalties)
        raise refuse(RecordKey.REASON, "unknown_penalty", phrase(
            gettext_noop("%(reason)s is not a penalty of the rule set %(rules)s (its "
                         "penalties: %(penalties)s)."),
            reason=repr(reason), rules=rules.key, penalties=names))
    if RecordKey.POINTS in present:
        points = abs(_integer(present, RecordKey.POINTS, -1000, 1000,
                              phrase(gettext_noop("a penalty is up to 1000 points"))))
        if points == 0:
            raise refuse(RecordKey.POINTS, "out_of_range",
                         phrase(gettext_noop("a penalty charges at least 1 point.")))
        if kind.points is not None and points != kind.points:
            raise refuse(RecordKey.POINTS, "penalty_amount", phrase(
                gettext_noop("the rule set %(rules)s fixes %(penalty)s at %(points)s points; "
                             "use reason 'other' for another amount."),
                rules=rules.key, penalty=phrase(kind.text), points=kind.points))
    elif kind.points is None:
        raise refuse(RecordKey.POINTS, "points_missing",
                     phrase(gettext_noop("enter how many points the penalty charges.")))
    else:
        points = kind.points
    return Penalty(seat, kind.key, points)


def _declaration(present: Present, flags: Set[str], game: Game, rules: RuleSet,
                 options: Mapping[str, bool]) -> Declaration:
    # The checks run in this order, so a record with several faults is refused for the first.
    _refuse_misplaced(present, flags, game, rules, options,
                      _allowed_keys(game, rules, options))
    trump = _trump(present, game)
    hand, ouvert, schneider_announced, schwarz_announced = _announcements(flags, game, rules)
    conceded = RecordKey.CONCEDED in flags
    revoke = _revoke(present, conceded)
    matadors = _matadors(present, game)
    card_points, tricks = _tricks_and_points(present, game, conceded, revoke)
    bid = None
    if RecordKey.BID in present:
        bid = _check_bid(present, game, rules, options, hand, ouvert)
    return Declaration(
        game=game, trump=trump, matadors=matadors, card_points=card_points, tricks=tricks,
        schneider_announced=schneider_announced, schwarz_announced=schwarz_announced,
        passt_nicht=RecordKey.PASST_NICHT in flags, conceded=conceded, hand=hand, ouvert=ouvert,
        contra=RecordKey.CONTRA in flags or RecordKey.RECONTRA in flags,
        recontra=RecordKey.RECONTRA in flags,
        bid=bid, revoke=revoke,
    )


def _allowed_keys(game: Game, rules: RuleSet, options: Mapping[str, bool]) -> set[str]:
    """The keys a declaration of ``game`` may carry besides ``game`` itself."""
    allowed: set[str] = {RecordKey.BID, RecordKey.TRICKS, RecordKey.CONCEDED, RecordKey.REVOKE}
    if game.has_trumps:
        allowed |= {RecordKey.MATADORS, RecordKey.CARD_POINTS}
    if game.kind is GameKind.SUIT or game.optional_trump:
        allowed.add(RecordKey.TRUMP)
    if game.announcements:
        allowed |= {RecordKey.SCHNEIDER_ANNOUNCED, RecordKey.SCHWARZ_ANNOUNCED}
    if game.passt_nicht:
        allowed.add(RecordKey.PASST_NICHT)
    if options.get(RecordKey.CONTRA):
        allowed |= {RecordKey.CONTRA, RecordKey.RECONTRA}
    if rules.hand_flags:
        allowed |= {RecordKey.HAND, RecordKey.OUVERT}
    return allowed


def _trump(present: Present, game: Game) -> Suit | None:
    """The trump suit: required in a suit game, optional where the game allows naming one."""
    if RecordKey.TRUMP not in present:
        if game.kind is GameKind.SUIT:
            raise refuse(RecordKey.TRUMP, "trump_missing", phrase(
                gettext_noop("a %(game)s needs its trump suit."), game=phrase(game.name)))
        return None
    raw = present[RecordKey.TRUMP]
    if not isinstance(raw, str) or raw.upper() not in Suit.__members__:
        raise refuse(RecordKey.TRUMP, "unknown_trump", phrase(
            gettext_noop("%(value)s is not a suit; use clubs, spades, hearts or diamonds."),
            value=repr(raw)))
    return Suit.from_key(raw)


def _announcements(flags: Set[str], game: Game,
                   rules: RuleSet) -> tuple[bool, bool, bool, bool]:
    """Hand, ouvert, Schneider announced and Schwarz announced, with what each implies."""
    hand = RecordKey.HAND in flags
    ouvert = RecordKey.OUVERT in flags
    schwarz_announced = RecordKey.SCHWARZ_ANNOUNCED in flags
    schneider_announced = RecordKey.SCHNEIDER_ANNOUNCED in flags or schwarz_announced
    if rules.hand_flags and game.has_trumps and ouvert:
        hand = schneider_announced = schwarz_announced = True  # ISkO: ouvert is all of these
    if rules.hand_flags and (schneider_announced or schwarz_announced) and not hand:
        key = RecordKey.SCHWARZ_ANNOUNCED if schwarz_announced else RecordKey.SCHNEIDER_ANNOUNCED
        raise refuse(key, "announcement_not_allowed", phrase(gettext_noop(
            "under the International Skat Order only a hand game can be announced.")))
    return hand, ouvert, schneider_announced, schwarz_announced


def _revoke(present: Present, conceded: bool) -> Revoker | None:
    """Who revoked, if anyone; a conceded game was not played far enough to have a revoke."""
    if RecordKey.REVOKE not in present:
        return None
    raw = present[RecordKey.REVOKE]
    if not isinstance(raw, str) or raw not in tuple(Revoker):
        raise refuse(RecordKey.REVOKE, "unknown_revoke", phrase(gettext_noop(
            "say who revoked: 'opponent' (the game counts as won) or 'declarer'.")))
    if conceded:
        raise refuse(RecordKey.REVOKE, "revoke_and_conceded", phrase(
            gettext_noop("a conceded game has no revoke; enter one or the other.")))
    return Revoker(raw)


def _matadors(present: Present, game: Game) -> int:
    """The signed matadors of a game with trumps (+n with, -n without); 0 for any other."""
    if not game.has_trumps:
        return 0
    most = MAX_MATADORS[game.kind]
    if RecordKey.MATADORS not in present:
        raise refuse(RecordKey.MATADORS, "matadors_missing", phrase(
            gettext_noop("a %(game)s is played with or without 1 to %(most)s matadors; enter "
                         "them (+n with, -n without)."), game=phrase(game.name), most=most))
    matadors = present[RecordKey.MATADORS]
    if isinstance(matadors, bool) or not isinstance(matadors, int):
        raise refuse(RecordKey.MATADORS, "not_a_number",
                     phrase(gettext_noop("must be a whole number, +n with or -n without.")))
    if not 1 <= abs(matadors) <= most:
        raise refuse(RecordKey.MATADORS, "matadors_out_of_range", phrase(
            gettext_noop("a %(game)s is played with or without 1 to %(most)s matadors, not "
                         "%(count)s."), game=phrase(game.name), most=most, count=abs(matadors)))
    return matadors


def _tricks_and_points(present: Present, game: Game, conceded: bool,
                       revoke: Revoker | None) -> tuple[int | None, int | None]:
    """The declarer's card points and tricks, each in range and agreeing with the other."""
    card_points = tricks = None
    if RecordKey.CARD_POINTS in present:
        card_points = _integer(present, RecordKey.CARD_POINTS, 0, 120,
                               phrase(gettext_noop("card points are 0 to 120")))
    if RecordKey.TRICKS in present:
        tricks = _integer(present, RecordKey.TRICKS, 0, 10,
                          phrase(gettext_noop("the declarer takes 0 to 10 tricks")))
    check_play(game, card_points, tricks, conceded, revoke)
    return card_points, tricks


def _refuse_misplaced(present: Present, flags: Set[str], game: Game, rules: RuleSet,
                      options: Mapping[str, bool], allowed: Set[str]) -> None:
    for key in present:
        if key == RecordKey.GAME or key in allowed:
            continue
        if key in FLAGS and key not in flags:
            continue
        name = phrase(game.name)
        if key in (RecordKey.SCHNEIDER_ANNOUNCED, RecordKey.SCHWARZ_ANNOUNCED):
            where = either([g.name for g in rules.games if g.announcements])
            raise refuse(key, "announcement_not_allowed", phrase(
                gettext_noop("Schneider and Schwarz can be announced only in a %(games)s under "
                             "%(rules)s, not in a %(game)s."),
                games=where, rules=rules.key, game=name))
        if key in (RecordKey.CONTRA, RecordKey.RECONTRA):
            if rules.contra_option:
                raise refuse(key, "option_off", phrase(gettext_noop(
                    "Contra is not played in this tournament (option contra=off).")))
            raise refuse(key, "option_missing", phrase(
                gettext_noop("the rule set %(rules)s has no Contra."), rules=rules.key))
        if key == RecordKey.PASST_NICHT:
            if not any(g.passt_nicht for g in rules.games):
                raise refuse(key, "option_missing", phrase(
                    gettext_noop("the rule set %(rules)s has no Passt Nicht."), rules=rules.key))
            raise refuse(key, "field_not_for_game", phrase(
                gettext_noop("only a Tourné or Grand Tourné is played Passt Nicht, not a "
                             "%(game)s."), game=name))
        if key in (RecordKey.HAND, RecordKey.OUVERT):
            raise refuse(key, "option_missing", phrase(
                gettext_noop("the rule set %(rules)s has no %(flag)s flag; choose the game "
                             "that was played."),
                rules=rules.key, flag=phrase(RecordKey(key).label)))
        if key == RecordKey.TRUMP:
            raise refuse(key, "field_not_for_game", phrase(
                gettext_noop("a %(game)s has no trump suit besides the Jacks."), game=name))
        if key in (RecordKey.MATADORS, RecordKey.CARD_POINTS):
            raise refuse(key, "field_not_for_game", phrase(
                gettext_noop("a %(game)s is won or lost by tricks alone; enter no %(what)s."),
                game=name, what=phrase(_IN_A_SENTENCE[RecordKey(key)])))
        if key == RecordKey.BID:
            raise refuse(key, "option_missing", phrase(
                gettext_noop("the rule set %(rules)s bids by the name of the game, not by "
                             "number."), rules=rules.key))
        raise refuse(key, "field_not_for_game", _not_for(game))


# the fields of a game with trumps, as a sentence names them ("enter no card points")
_IN_A_SENTENCE = {RecordKey.MATADORS: gettext_noop("matadors"),
                  RecordKey.CARD_POINTS: gettext_noop("card points")}


def _check_bid(present: Present, game: Game, rules: RuleSet, options: Mapping[str, bool],
               hand: bool, ouvert: bool) -> int:
    from .bids import legal_bids  # bids are computed from the games, which need this module

    bid = present[RecordKey.BID]
    if isinstance(bid, bool) or not isinstance(bid, int):
        raise refuse(RecordKey.BID, "not_a_number", phrase(gettext_noop("must be a whole number.")))
    if game.kind is GameKind.NULL and not rules.null_overbid:
        value = game.fixed_value(hand, ouvert)
        if bid > value:
            raise refuse(RecordKey.BID, "null_over_value", phrase(
                gettext_noop("a %(game)s is worth %(value)s, so it cannot be declared on a bid "
                             "of %(bid)s."), game=phrase(game.name), value=value, bid=bid))
    if bid < rules.min_bid:
        raise refuse(RecordKey.BID, "bid_below_minimum", phrase(
            gettext_noop("the lowest bid under %(rules)s is %(lowest)s, not %(bid)s."),
            rules=rules.key, lowest=rules.min_bid, bid=bid))
    if bid not in legal_bids(rules, options):
        raise refuse(RecordKey.BID, "bid_unreachable", phrase(
            gettext_noop("no game of the rule set %(rules)s is worth %(bid)s, so it cannot be "
                         "bid."), rules=rules.key, bid=bid))
    return bid
