"""Game values: levels, won or lost, Schneider and Schwarz, overbids, Contra (RULINGS 1-5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

from .records import Declaration, PassedDeal, Penalty, RamschResult, Record
from .rulesets import Game, GameKind, Ladder, OverbidLoss, RuleSet

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


def won_levels(rules: RuleSet, game: Game, f: Facts) -> int:
    """Levels of a won game (or of the value it reached, for the overbid rule)."""
    if game.full_contingencies or (rules.ladder is Ladder.ISKO and f.ouvert):
        return _full_levels(rules, f)
    if rules.ladder is Ladder.GRADES:
        if f.schwarz_announced:
            grade = 6
        elif f.schwarz:
            grade = 5 if f.schneider_announced else 4
        elif f.schneider_announced:
            grade = 3
        else:
            grade = 2 if f.schneider else 1
        return grade + f.matadors
    said_s = f.schneider_announced
    if rules.ladder is Ladder.HERTEFELD:
        said_s = said_s or f.schwarz  # an unannounced Schwarz counts Schneider declared too
    levels = (1 + f.matadors + f.schneider + said_s + f.schwarz + f.schwarz_announced)
    if rules.ladder is Ladder.ISKO:
        levels += f.hand
    return levels


def lost_levels(rules: RuleSet, game: Game, f: Facts) -> int:
    """Levels of a lost game: what reached the declarer plus what he announced."""
    if game.full_contingencies or (rules.ladder is Ladder.ISKO and f.ouvert):
        return _full_levels(rules, f)
    said_s, said_w = f.schneider_announced, f.schwarz_announced
    if rules.ladder is Ladder.GRADES:
        against = 4 if f.schwarz else 2 if f.schneider else 1
        announced = 6 if said_w else 3 if said_s else 0
        return max(against, announced) + f.matadors
    s = said_s or f.schneider
    sa = said_s or (rules.ladder is Ladder.HERTEFELD and f.schwarz)
    w = said_w or f.schwarz
    levels = 1 + f.matadors + s + sa + w + said_w
    if rules.ladder is Ladder.ISKO:
        levels += f.hand
    return levels


def _full_levels(rules: RuleSet, f: Facts) -> int:
    if rules.ladder is Ladder.ISKO:  # hand, S, S announced, W, W announced, ouvert
        return 1 + f.matadors + 6
    return 1 + f.matadors + 4


def conceded_levels(rules: RuleSet, game: Game, d: Declaration) -> int:
    """A game thrown up before the second trick: the game and its matadors, nothing more
    (RULINGS 1.3); USPCC pays "the amount he bid", announcement included (002 L1989)."""
    f = Facts(matadors=abs(d.matadors), schneider_announced=d.schneider_announced,
              schwarz_announced=d.schwarz_announced, hand=d.hand, ouvert=d.ouvert)
    if game.full_contingencies or (rules.ladder is Ladder.ISKO and d.ouvert):
        return _full_levels(rules, f)
    if rules.ladder is Ladder.GRADES:
        return max(1, 6 if d.schwarz_announced else 3 if d.schneider_announced else 0) + f.matadors
    return 1 + f.matadors + (d.hand if rules.ladder is Ladder.ISKO else 0)


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
    if options.get("point_ramsch"):
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
    """The declarer's result and what the Contra opponent is charged (RULINGS 1.5)."""
    if not d.contra:
        return (single if won else -single * factor), None
    times = 3 if d.recontra else 2
    if won:
        return single * times, -single * (times - 1)
    # a lost Guckser or Passt Nicht adds one more single value, not a further doubling
    return -(single * times + single * (factor - 1)), single * (times - 1)


def _fixed_value_game(d: Declaration, rules: RuleSet) -> Outcome:
    value = d.game.fixed_value(d.hand, d.ouvert)
    # Only ISkO lets a bid exceed a Null's value (records refuse it elsewhere): RULINGS 5.
    bid = d.bid or 0
    overbid = bid > value
    if d.revoke is not None:
        won = d.revoke == "opponent"
    else:
        won = not d.conceded and d.tricks == 0 and not overbid
    # An overbid costs the smallest multiple of the value that reaches the bid; an opponent's
    # revoke credits that amount, as for games with trumps (000 L1999).
    single = _overbid_loss(rules, bid, value, value) if overbid else value
    result, contra = _signed(single, won, _loss_factor(rules, d.game, d), d)
    return Outcome(won=won, value=result, basis=value, levels=single // value, overbid=overbid,
                   contra_value=contra,
                   revoke_value=-result if d.revoke == "opponent" else None)


def _game_with_trumps(d: Declaration, rules: RuleSet) -> Outcome:
    game = d.game
    basis = game.basis_for(d.trump)
    m = abs(d.matadors)
    points, tricks = d.card_points, d.tricks
    played = not d.conceded and points is not None
    made_s = played and points >= rules.schneider_at
    made_w = played and tricks == 10
    suffered_s = played and points <= LOST_SCHNEIDER_AT
    suffered_w = played and tricks == 0
    said_s, said_w = d.schneider_announced, d.schwarz_announced

    # The value the game reached: contingencies made, announcements only where fulfilled
    # (an opponent's revoke gives the declarer the game he announced).
    opponent_revoked = d.revoke == "opponent"
    reached = Facts(
        matadors=m, schneider=made_s, schwarz=made_w,
        schneider_announced=said_s and (made_s or opponent_revoked),
        schwarz_announced=said_w and (made_w or opponent_revoked),
        hand=d.hand, ouvert=d.ouvert,
    )
    reached_value = basis * won_levels(rules, game, reached)
    bid = max(d.bid or 0, game.min_value)
    overbid = bid > reached_value

    if d.revoke is not None:
        won = opponent_revoked
    elif d.conceded:
        won = False
    else:
        won = (
            points >= 61
            and (made_s or not said_s)
            and (made_w or not said_w)
            and (made_w or not game.all_tricks_to_win)
            and not overbid
        )

    if won:
        levels = won_levels(rules, game, reached)
        single = basis * levels
        if overbid:  # only with a revoke: the intended game is credited (000 L1999)
            single = _overbid_loss(rules, bid, basis, single)
            levels = -(-single // basis)
    else:
        if d.conceded:
            levels = conceded_levels(rules, game, d)
        else:
            levels = lost_levels(rules, game, Facts(
                matadors=m, schneider=suffered_s, schwarz=suffered_w,
                schneider_announced=said_s, schwarz_announced=said_w,
                hand=d.hand, ouvert=d.ouvert,
            ))
        single = basis * levels
        if overbid:
            single = _overbid_loss(rules, bid, basis, single)
            if single % basis == 0:
                levels = single // basis

    result, contra = _signed(single, won, _loss_factor(rules, game, d), d)
    return Outcome(
        won=won, value=result, basis=basis, levels=levels, overbid=overbid,
        schneider=made_s if won else suffered_s,
        schwarz=made_w if won else suffered_w,
        contra_value=contra,
        revoke_value=-result if opponent_revoked else None,
    )


def _overbid_loss(rules: RuleSet, bid: int, basis: int, lost: int) -> int:
    if rules.overbid_loss is OverbidLoss.BID:
        return max(lost, bid)
    return max(lost, -(-bid // basis) * basis)  # the next multiple of the basis (000 L2297)
