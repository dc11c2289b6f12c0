"""What the play of a deal could have left the declarer: card points and tricks a record may
claim. No card is worth 1 point, so some totals cannot be held; tricks and the Skat are a
number of cards, which hold only some totals."""

from __future__ import annotations

from .cards import DECK, TOTAL_POINTS, point_totals
from .declarations import RecordKey, Revoker, refuse
from .games import Game, GameKind


def check_play(game: Game, card_points: int | None, tricks: int | None, conceded: bool,
               revoke: Revoker | None) -> None:
    """Refuse card points and tricks no play can leave the declarer with in ``game``."""
    if game.kind is GameKind.NULL:
        if tricks is None and not conceded and revoke is None:
            raise refuse(RecordKey.TRICKS, "tricks_missing",
                         f"a {game.name} is won only with no trick; enter the declarer's tricks.")
        return
    if card_points is None:
        if conceded or revoke is not None:
            return
        raise refuse(RecordKey.CARD_POINTS, "card_points_missing",
                     "enter the declarer's card points, the Skat or discard included (0 to 120).")
    if tricks == 10 and card_points != 120:
        raise refuse(RecordKey.TRICKS, "tricks_contradict_points",
                     "a declarer who took all 10 tricks has all 120 card points, "
                     f"not {card_points}.")
    if tricks == 0 and card_points != 0:
        raise refuse(RecordKey.TRICKS, "tricks_contradict_points",
                     "a declarer who took no trick has 0 card points (the Skat goes to the "
                     f"opponents), not {card_points}.")
    if tricks is None and card_points in (0, 120) and not conceded:
        raise refuse(RecordKey.TRICKS, "tricks_missing",
                     f"with {card_points} card points the tricks decide Schwarz; enter them.")
    check_card_points(card_points)
    if tricks is not None and 0 < tricks < 10:
        _check_points_of_tricks(card_points, tricks)


# What one side can hold: every total some number of cards makes. All but 1 and 119.
SIDE_TOTALS: frozenset[int] = frozenset().union(*(point_totals(n) for n in range(len(DECK) + 1)))


def check_card_points(card_points: int) -> None:
    """No card is worth 1 point, so no side holds exactly 1, and none exactly 119."""
    if card_points in SIDE_TOTALS:
        return
    if card_points <= TOTAL_POINTS // 2:
        raise refuse(RecordKey.CARD_POINTS, "card_points_impossible",
                     f"no card is worth 1 point, so no side can hold exactly {card_points} "
                     "card point; count the cards again.")
    raise refuse(RecordKey.CARD_POINTS, "card_points_impossible",
                 f"{card_points} would leave the other side exactly "
                 f"{TOTAL_POINTS - card_points} card point, and no card is worth 1 point; "
                 "count the cards again.")


def trick_cards(tricks: int) -> int:
    """The cards a declarer with ``tricks`` tricks (1 to 9) counts: 3 a trick and the Skat."""
    return 3 * tricks + 2


def _check_points_of_tricks(card_points: int, tricks: int) -> None:
    """The declarer's tricks and the Skat are ``trick_cards`` cards; only totals those cards
    can make are possible (5 tricks hold at least 11, 1 trick at most 54)."""
    count = trick_cards(tricks)
    totals = point_totals(count)
    if card_points in totals:
        return
    cards = f"{tricks} trick{'s' if tricks > 1 else ''} and the Skat are {count} cards"
    low, high = min(totals), max(totals)
    if card_points < low:
        worthless = sum(1 for card in DECK if not card.points)
        text = (f"{cards}, and only {worthless} cards are worth nothing, so they hold at "
                f"least {low} card points, not {card_points}.")
    elif card_points > high:
        text = f"{cards}, which hold at most {high} card points, not {card_points}."
    else:
        below = max(t for t in totals if t < card_points)
        above = min(t for t in totals if t > card_points)
        text = (f"{cards}, and no {count} cards hold exactly {card_points} card points "
                f"(the nearest they can: {below} or {above}).")
    raise refuse(RecordKey.CARD_POINTS, "card_points_for_tricks", text)
