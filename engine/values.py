"""Game values: levels, won or lost, Schneider and Schwarz, overbids, Contra.

What each rule set computes is docs/rules.md §3-7.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from .declarations import Declaration, PassedDeal, Penalty, RamschResult, Record, Revoker
from .games import Game, GameKind, Ladder, OptionKey, OverbidLoss, RuleSet

WON_AT = 61  # the card points a declarer needs to win a game with trumps
LOST_SCHNEIDER_AT = 30  # a declarer with 30 or fewer card points is Schneider himself


@dataclass(frozen=True)
class Facts:
    """What happened in a game with trumps, as far as its value is concerned."""

    matadors: int  # the count, with or without alike
    schneider: bool = False  # reached: won with Schneider, or (lost) the declarer Schneidered
    schwarz: bool = False  # reached: every trick, or (lost) no trick
    schneider_announced: bool = False
    schwarz_announced: bool = False
    hand: bool = False
    ouvert: bool = False


@dataclass(frozen=True)
class Outcome:
    won: bool
    value: int  # the declarer's signed result (the loser's for Ramsch, the seat's for a penalty)
    basis: int
    levels: int
    overbid: bool = False
    schneider: bool = False
    schwarz: bool = False
    contra_value: int | None = None  # charged to the opponent who said Contra
    revoke_value: int | None = None  # charged to the opponent who revoked

    def as_dict(self) -> dict[str, object]:
        data = asdict(self)
        for optional in ("contra_value", "revoke_value"):
            if data[optional] is None:
                del data[optional]
        return data


def won_levels(rules: RuleSet, game: Game, facts: Facts) -> int:
    """Levels of a won game (or of the value it reached, for the overbid rule)."""
    if game.full_contingencies or (rules.ladder is Ladder.ISKO and facts.ouvert):
        return _full_levels(rules, facts)
    if rules.ladder is Ladder.GRADES:
        return _won_grade(facts) + facts.matadors
    # docs/rules.md §3.2, won: 1 + m + S + SA + W + WA, each what he made or announced
    schneider_announced = facts.schneider_announced
    if rules.ladder is Ladder.HERTEFELD:  # an unannounced Schwarz counts Schneider declared too
        schneider_announced = schneider_announced or facts.schwarz
    levels = (1 + facts.matadors + facts.schneider + schneider_announced
              + facts.schwarz + facts.schwarz_announced)
    if rules.ladder is Ladder.ISKO:
        levels += facts.hand
    return levels


def _won_grade(facts: Facts) -> int:
    """The USPCC grade of a won game (docs/rules.md §6)."""
    if facts.schwarz_announced:
        return 6
    if facts.schwarz:
        return 5 if facts.schneider_announced else 4
    if facts.schneider_announced:
        return 3
    return 2 if facts.schneider else 1


def lost_levels(rules: RuleSet, game: Game, facts: Facts) -> int:
    """Levels of a lost game: what reached the declarer plus what he announced."""
    if game.full_contingencies or (rules.ladder is Ladder.ISKO and facts.ouvert):
        return _full_levels(rules, facts)
    if rules.ladder is Ladder.GRADES:  # docs/rules.md §6: the higher of against and announced
        against = 4 if facts.schwarz else 2 if facts.schneider else 1
        announced = 6 if facts.schwarz_announced else 3 if facts.schneider_announced else 0
        return max(against, announced) + facts.matadors
    # docs/rules.md §3.2, lost: 1 + m + S + SA + W + WA; a failed announcement counts as suffered
    schneider = facts.schneider_announced or facts.schneider
    schneider_announced = facts.schneider_announced or (
        rules.ladder is Ladder.HERTEFELD and facts.schwarz)
    schwarz = facts.schwarz_announced or facts.schwarz
    levels = (1 + facts.matadors + schneider + schneider_announced
              + schwarz + facts.schwarz_announced)
    if rules.ladder is Ladder.ISKO:
        levels += facts.hand
    return levels


def _full_levels(rules: RuleSet, facts: Facts) -> int:
    if rules.ladder is Ladder.ISKO:  # hand, S, S announced, W, W announced, ouvert
        return 1 + facts.matadors + 6
    return 1 + facts.matadors + 4


def conceded_levels(rules: RuleSet, game: Game, d: Declaration) -> int:
    """A game thrown up before the second trick: the game and its matadors, nothing more
    (docs/rules.md §3.4); USPCC pays "the amount he bid", announcement included (002 L1989)."""
    facts = Facts(matadors=abs(d.matadors), schneider_announced=d.schneider_announced,
                  schwarz_announced=d.schwarz_announced, hand=d.hand, ouvert=d.ouvert)
    if game.full_contingencies or (rules.ladder is Ladder.ISKO and d.ouvert):
        return _full_levels(rules, facts)
    if rules.ladder is Ladder.GRADES:
        return (max(1, 6 if d.schwarz_announced else 3 if d.schneider_announced else 0)
                + facts.matadors)
    return 1 + facts.matadors + (d.hand if rules.ladder is Ladder.ISKO else 0)


def score(record: Record, rules: RuleSet, options: Mapping[str, bool]) -> Outcome:
    if isinstance(record, Penalty):
        return Outcome(won=False, value=-record.points, basis=record.points, levels=1)
    if isinstance(record, PassedDeal):
        return Outcome(won=False, value=0, basis=0, levels=0)
    if isinstance(record, RamschResult):
        return _ramsch(record, rules, options)
    if record.game.kind is GameKind.NULL:
        return _fixed_value_game(record, rules)
    return _game_with_trumps(record, rules)


def _ramsch(r: RamschResult, rules: RuleSet, options: Mapping[str, bool]) -> Outcome:
    assert rules.ramsch_values is not None
    plain, jungfer, all_tricks = rules.ramsch_values
    if options.get(OptionKey.POINT_RAMSCH):
        charge = r.card_points or 0
    elif r.all_tricks:
        charge = all_tricks
    elif r.jungfer:
        charge = jungfer
    else:
        charge = plain
    return Outcome(won=False, value=-charge, basis=charge, levels=1)


def _loss_factor(rules: RuleSet, game: Game, d: Declaration) -> int:
    if rules.all_losses_double:
        return 2
    return 2 if d.passt_nicht else game.lost_factor


def _signed(single: int, won: bool, factor: int, d: Declaration) -> tuple[int, int | None]:
    """The declarer's result and what the Contra opponent is charged (docs/rules.md §3.6)."""
    if not d.contra:
        return (single if won else -single * factor), None
    times = 3 if d.recontra else 2
    if won:
        return single * times, -single * (times - 1)
    # a lost Guckser or Passt Nicht adds one more single value, not a further doubling
    return -(single * times + single * (factor - 1)), single * (times - 1)


def _fixed_value_game(d: Declaration, rules: RuleSet) -> Outcome:
    value = d.game.fixed_value(d.hand, d.ouvert)
    # Only ISkO lets a bid exceed a Null's value (records refuse it elsewhere): docs/rules.md §7.
    bid = d.bid or 0
    overbid = bid > value
    if d.revoke is not None:
        won = d.revoke is Revoker.OPPONENT
    else:
        won = not d.conceded and d.tricks == 0 and not overbid
    # An overbid costs the smallest multiple of the value that reaches the bid; an opponent's
    # revoke credits that amount, as for games with trumps (000 L1999).
    single = _overbid_loss(rules, bid, value, value) if overbid else value
    result, contra = _signed(single, won, _loss_factor(rules, d.game, d), d)
    return Outcome(won=won, value=result, basis=value, levels=single // value, overbid=overbid,
                   contra_value=contra,
                   revoke_value=-result if d.revoke is Revoker.OPPONENT else None)


def _game_with_trumps(d: Declaration, rules: RuleSet) -> Outcome:
    basis = d.game.basis_for(d.trump)
    reached = _reached(d, rules)
    bid = max(d.bid or 0, d.game.min_value)
    overbid = bid > basis * won_levels(rules, d.game, reached)
    won = _is_won(d, reached, overbid)
    if won:
        counted = reached
        levels, single = _won_value(rules, d.game, reached, basis, bid, overbid)
    else:
        counted = _against(d)
        levels, single = _lost_value(rules, d, counted, basis, bid, overbid)
    result, contra = _signed(single, won, _loss_factor(rules, d.game, d), d)
    return Outcome(
        won=won, value=result, basis=basis, levels=levels, overbid=overbid,
        schneider=counted.schneider, schwarz=counted.schwarz, contra_value=contra,
        revoke_value=-result if d.revoke is Revoker.OPPONENT else None,
    )


def _played_points(d: Declaration) -> int | None:
    """The declarer's card points, or None for a game not played out."""
    return None if d.conceded else d.card_points


def _reached(d: Declaration, rules: RuleSet) -> Facts:
    """The value the game reached: contingencies made, announcements only where fulfilled
    (an opponent's revoke gives the declarer the game he announced)."""
    points = _played_points(d)
    schneider = points is not None and points >= rules.schneider_at
    schwarz = points is not None and d.tricks == 10
    opponent_revoked = d.revoke is Revoker.OPPONENT
    return Facts(
        matadors=abs(d.matadors), schneider=schneider, schwarz=schwarz,
        schneider_announced=d.schneider_announced and (schneider or opponent_revoked),
        schwarz_announced=d.schwarz_announced and (schwarz or opponent_revoked),
        hand=d.hand, ouvert=d.ouvert,
    )


def _against(d: Declaration) -> Facts:
    """What went against a declarer who lost: Schneider or Schwarz suffered, and every
    announcement he made, fulfilled or not."""
    points = _played_points(d)
    return Facts(
        matadors=abs(d.matadors),
        schneider=points is not None and points <= LOST_SCHNEIDER_AT,
        schwarz=points is not None and d.tricks == 0,
        schneider_announced=d.schneider_announced, schwarz_announced=d.schwarz_announced,
        hand=d.hand, ouvert=d.ouvert,
    )


def _is_won(d: Declaration, reached: Facts, overbid: bool) -> bool:
    """A revoke decides the game and a conceded game is lost; otherwise he needs 61 card
    points, every announcement made, every trick where the game asks it, and no overbid."""
    if d.revoke is not None:
        return d.revoke is Revoker.OPPONENT
    if d.conceded:
        return False
    return (
        d.card_points is not None and d.card_points >= WON_AT
        and (reached.schneider or not d.schneider_announced)
        and (reached.schwarz or not d.schwarz_announced)
        and (reached.schwarz or not d.game.all_tricks_to_win)
        and not overbid
    )


def _won_value(rules: RuleSet, game: Game, reached: Facts, basis: int, bid: int,
               overbid: bool) -> tuple[int, int]:
    """The levels and single value of a won game."""
    levels = won_levels(rules, game, reached)
    single = basis * levels
    if overbid:  # only with a revoke: the intended game is credited (000 L1999)
        single = _overbid_loss(rules, bid, basis, single)
        levels = -(-single // basis)
    return levels, single


def _lost_value(rules: RuleSet, d: Declaration, against: Facts, basis: int, bid: int,
                overbid: bool) -> tuple[int, int]:
    """The levels and single value of a lost game, before any doubling."""
    if d.conceded:
        levels = conceded_levels(rules, d.game, d)
    else:
        levels = lost_levels(rules, d.game, against)
    single = basis * levels
    if overbid:
        single = _overbid_loss(rules, bid, basis, single)
        if single % basis == 0:
            levels = single // basis
    return levels, single


def _overbid_loss(rules: RuleSet, bid: int, basis: int, lost: int) -> int:
    if rules.overbid_loss is OverbidLoss.BID:
        return max(lost, bid)
    return max(lost, -(-bid // basis) * basis)  # the next multiple of the basis (000 L2297)
