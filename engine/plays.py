"""What the play of a deal could have left the declarer: card points and tricks a record may
claim. No card is worth 1 point, so some totals cannot be held; tricks and the Skat are a
number of cards, which hold only some totals."""

from __future__ import annotations

from .cards import DECK, TOTAL_POINTS, point_totals
from .declarations import RecordKey, Revoker, refuse
from .games import Game, GameKind
from .words import Phrase, gettext_noop, phrase


def check_play(game: Game, card_points: int | None, tricks: int | None, conceded: bool,
               revoke: Revoker | None) -> None:
    """Refuse card points and tricks no play can leave the declarer with in ``game``."""
    if game.kind is GameKind.NULL:
        if tricks is None and not conceded and revoke is None:
            raise refuse(RecordKey.TRICKS, "tricks_missing", phrase(
                gettext_noop("a %(game)s is won only with no trick; enter the declarer's "
                             "tricks."), game=phrase(game.name)))
        return
    if card_points is None:
        if conceded or revoke is not None:
            return
        raise refuse(RecordKey.CARD_POINTS, "card_points_missing", phrase(gettext_noop(
            "enter the declarer's card points, the Skat or discard included (0 to 120).")))
    if tricks == 10 and card_points != 120:
        raise refuse(RecordKey.TRICKS, "tricks_contradict_points", phrase(
            gettext_noop("a declarer who took all 10 tricks has all 120 card points, not "
                         "%(points)s."), points=card_points))
    if tricks == 0 and card_points != 0:
        raise refuse(RecordKey.TRICKS, "tricks_contradict_points", phrase(
            gettext_noop("a declarer who took no trick has 0 card points (the Skat goes to the "
                         "opponents), not %(points)s."), points=card_points))
    if tricks is None and card_points in (0, 120) and not conceded:
        raise refuse(RecordKey.TRICKS, "tricks_missing", phrase(
            gettext_noop("with %(points)s card points the tricks decide Schwarz; enter them."),
            points=card_points))
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
        raise refuse(RecordKey.CARD_POINTS, "card_points_impossible", phrase(
            gettext_noop("no card is worth 1 point, so no side can hold exactly %(points)s "
                         "card point; count the cards again."), points=card_points))
    raise refuse(RecordKey.CARD_POINTS, "card_points_impossible", phrase(
        gettext_noop("%(points)s would leave the other side exactly %(left)s card point, and "
                     "no card is worth 1 point; count the cards again."),
        points=card_points, left=TOTAL_POINTS - card_points))


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
    # one trick or several: English and German have the same two forms (a Phrase has no plural)
    cards = (phrase(gettext_noop("1 trick and the Skat are %(count)s cards"), count=count)
             if tricks == 1 else
             phrase(gettext_noop("%(tricks)s tricks and the Skat are %(count)s cards"),
                    tricks=tricks, count=count))
    low, high = min(totals), max(totals)
    text: Phrase
    if card_points < low:
        worthless = sum(1 for card in DECK if not card.points)
        text = phrase(gettext_noop("%(cards)s, and only %(worthless)s cards are worth nothing, "
                                   "so they hold at least %(low)s card points, not "
                                   "%(points)s."),
                      cards=cards, worthless=worthless, low=low, points=card_points)
    elif card_points > high:
        text = phrase(gettext_noop("%(cards)s, which hold at most %(high)s card points, not "
                                   "%(points)s."), cards=cards, high=high, points=card_points)
    else:
        below = max(t for t in totals if t < card_points)
        above = min(t for t in totals if t > card_points)
        text = phrase(gettext_noop("%(cards)s, and no %(count)s cards hold exactly %(points)s "
                                   "card points (the nearest they can: %(below)s or "
                                   "%(above)s)."),
                      cards=cards, count=count, points=card_points, below=below, above=above)
    raise refuse(RecordKey.CARD_POINTS, "card_points_for_tricks", text)
