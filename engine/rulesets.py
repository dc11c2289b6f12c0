"""The rule sets as data: their games, basis values, options and small policies.

Every number here is stated in docs/rules.md; the section is named beside each rule set.
(``source`` is what ``python -m engine rules`` prints and still names the team's rulings.)
The types they fill are ``engine.games``'; they are named here too, for the rule sets' readers.
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import Suit
from .errors import UnknownRuleSet
from .games import (
    GRAND_RANK,
    MAX_MATADORS,
    NOT_GAMES,
    PENALTY_GAME,
    SOLO_GAMES,
    SOLO_GRAND_GAMES,
    SOLO_SUIT_GAMES,
    TOURNE_GAMES,
    TOURNE_GRAND_GAMES,
    TOURNE_SUIT_GAMES,
    Game,
    GameKey,
    GameKind,
    Ladder,
    Option,
    OptionKey,
    OverbidLoss,
    PenaltyKind,
    PenaltyReason,
    RuleSet,
    against_rank,
    game_name,
)
from .words import gettext_noop, phrase

__all__ = [
    "against_rank",
    "DEFAULT_RULE_SET",
    "Game",
    "GameKey",
    "GameKind",
    "GRAND_RANK",
    "HERTEFELD",
    "ISKO",
    "Ladder",
    "MAX_MATADORS",
    "NASL_1898",
    "NASL_1908",
    "NOT_GAMES",
    "OTHER_PENALTY",
    "Option",
    "OptionKey",
    "OverbidLoss",
    "PENALTY_GAME",
    "SOLO_GAMES",
    "SOLO_GRAND_GAMES",
    "SOLO_SUIT_GAMES",
    "TOURNE_GAMES",
    "TOURNE_GRAND_GAMES",
    "TOURNE_SUIT_GAMES",
    "PenaltyKind",
    "PenaltyReason",
    "RULE_SETS",
    "RuleSet",
    "USPCC_1898",
    "dealer_seat",
    "game_name",
    "get_rule_set",
    "rule_sets",
]


def _suits(d: int, h: int, s: int, c: int) -> Mapping[Suit, int]:
    return {Suit.DIAMONDS: d, Suit.HEARTS: h, Suit.SPADES: s, Suit.CLUBS: c}


SUIT = GameKind.SUIT
GRAND = GameKind.GRAND
NULL = GameKind.NULL

OTHER_PENALTY = PenaltyKind(PenaltyReason.OTHER, None,
                            gettext_noop("other penalty (amount entered)"))

_NASL_PENALTIES = (
    PenaltyKind(PenaltyReason.MISDEAL, 10, gettext_noop("misdeal (charged to the dealer)")),
    PenaltyKind(PenaltyReason.SKAT_HELD, 25,
                gettext_noop("Skat cards held or seen before a game is announced")),
    PenaltyKind(PenaltyReason.SKAT_LOOKED, 10,
                gettext_noop("dealer or pausing player looks at the Skat")),
    PenaltyKind(PenaltyReason.EXPOSED_HAND, 10,
                gettext_noop("exposing one's hand or looking into another's")),
    OTHER_PENALTY,
)


def _nasl(key: str, name: str, grand: int, guckser: int, source: str) -> RuleSet:
    return RuleSet(
        key=key,
        name=name,
        source=source,
        games=(
            Game(GameKey.CALL, gettext_noop("Call Play"), SUIT, suit_basis=_suits(1, 2, 3, 4),
                 option=OptionKey.CALL, min_value=10,
                 by_suit_name=gettext_noop("%(suit)s Call Play")),
            Game(GameKey.TOURNE, gettext_noop("Tourné"), SUIT, suit_basis=_suits(5, 6, 7, 8),
                 passt_nicht=True, by_suit_name=gettext_noop("%(suit)s Tourné")),
            Game(GameKey.GRAND_TOURNE, gettext_noop("Grand Tourné"), GRAND, basis=12,
                 passt_nicht=True),
            Game(GameKey.SOLO, gettext_noop("Solo"), SUIT, suit_basis=_suits(9, 10, 11, 12),
                 announcements=True, by_suit_name=gettext_noop("%(suit)s Solo")),
            Game(GameKey.GRAND, gettext_noop("Grand"), GRAND, basis=grand, announcements=True),
            Game(GameKey.GUCKSER, gettext_noop("Grand Guckser"), GRAND, basis=guckser,
                 lost_factor=2),
            Game(GameKey.GRAND_OUVERT, gettext_noop("Grand Ouvert"), GRAND, basis=24,
                 full_contingencies=True, all_tricks_to_win=True),
            Game(GameKey.NULL, gettext_noop("Nullo"), NULL, basis=20),
            Game(GameKey.NULL_OUVERT, gettext_noop("Null Ouvert"), NULL, basis=40),
            Game(GameKey.REVOLUTION, gettext_noop("Revolution"), NULL, basis=60,
                 option=OptionKey.REVOLUTION),
            Game(GameKey.RAMSCH, gettext_noop("Ramsch"), GameKind.RAMSCH, option=OptionKey.RAMSCH),
            Game(GameKey.PASSED, gettext_noop("Passed"), GameKind.PASSED, option=OptionKey.RAMSCH),
        ),
        ladder=Ladder.NASL,
        schneider_at=91,
        overbid_loss=OverbidLoss.BASIS_MULTIPLE,
        numeric_bids=True,
        min_bid=10,
        options=(
            Option(OptionKey.CALL, False, gettext_noop("Call Play (Frage), barred in tournaments")),
            Option(OptionKey.REVOLUTION, False, gettext_noop("Revolution (Null Ouvert Force), 60")),
            Option(OptionKey.CONTRA, False, gettext_noop("Contra and Re-Contra")),
            Option(OptionKey.RAMSCH, True,
                   gettext_noop("Ramsch when all pass (off: the deal is passed)")),
            Option(OptionKey.POINT_RAMSCH, False,
                   gettext_noop("Point Ramsch: the loser is charged their card points")),
        ),
        ramsch_values=(20, 30, 50),
        penalties=_NASL_PENALTIES,
        contra_option=True,
    )


NASL_1908 = _nasl(  # docs/rules.md §3
    "nasl-1908", gettext_noop("North American Skat League, values of 1908"), grand=20,
    guckser=16,
    source="seed 000, RULINGS 1",
)
NASL_1898 = _nasl(  # docs/rules.md §4
    "nasl-1898", gettext_noop("North American Skat League, values before 1908"), grand=16,
    guckser=12,
    source="seed 000 L526, RULINGS 2",
)

HERTEFELD = RuleSet(  # docs/rules.md §5
    key="hertefeld",
    name=gettext_noop("Hertefeld's Standard game"),
    source="seed 001, RULINGS 3",
    games=(
        Game(GameKey.CALL, gettext_noop("Simple Game"), SUIT, suit_basis=_suits(1, 2, 3, 4),
             option=OptionKey.CALL, by_suit_name=gettext_noop("%(suit)s Simple Game")),
        Game(GameKey.TOURNE, gettext_noop("Tourné"), SUIT, suit_basis=_suits(5, 6, 7, 8),
             by_suit_name=gettext_noop("%(suit)s Tourné")),
        Game(GameKey.SOLO, gettext_noop("Solo"), SUIT, suit_basis=_suits(9, 10, 11, 12),
             announcements=True, by_suit_name=gettext_noop("%(suit)s Solo")),
        Game(GameKey.GRAND_TOURNE, gettext_noop("Grando Tourné"), GRAND, basis=12),
        Game(GameKey.GRAND, gettext_noop("Grando"), GRAND, basis=16, announcements=True),
        Game(GameKey.GRAND_OUVERT, gettext_noop("Grando Ouvert"), GRAND, basis=24,
             full_contingencies=True, all_tricks_to_win=True),
        Game(GameKey.NULL_TOURNE, gettext_noop("Nullo Tourné"), NULL, basis=16),
        Game(GameKey.NULL, gettext_noop("Nullo"), NULL, basis=24),
        Game(GameKey.NULL_TOURNE_OUVERT, gettext_noop("Nullo Tourné Ouvert"), NULL, basis=32),
        Game(GameKey.NULL_OUVERT, gettext_noop("Nullo Ouvert"), NULL, basis=48),
        Game(GameKey.REVOLUTION, gettext_noop("Revolution"), NULL, basis=72,
             option=OptionKey.REVOLUTION),
        Game(GameKey.RAMSCH, gettext_noop("Ramsch"), GameKind.RAMSCH, option=OptionKey.RAMSCH),
        Game(GameKey.PASSED, gettext_noop("Passed"), GameKind.PASSED, option=OptionKey.RAMSCH),
    ),
    ladder=Ladder.HERTEFELD,
    schneider_at=91,
    overbid_loss=OverbidLoss.BID,
    numeric_bids=True,
    min_bid=2,
    options=(
        Option(OptionKey.CALL, True, gettext_noop("the Simple Game (Frage)")),
        Option(OptionKey.REVOLUTION, True, gettext_noop("Revolution (Grand Nullo Ouvert), 72")),
        Option(OptionKey.RAMSCH, True,
               gettext_noop("Ramsch when all pass (off: the cards are thrown in)")),
        Option(OptionKey.POINT_RAMSCH, False,
               gettext_noop("Point Ramsch: the loser pays their card points")),
    ),
    ramsch_values=(10, 15, 20),
    penalties=(
        PenaltyKind(PenaltyReason.MISDEAL, 5, gettext_noop("misdeal (charged to the dealer)")),
        PenaltyKind(PenaltyReason.SKAT_LOOKED, 10,
                    gettext_noop("looking at the Skat before the game begins")),
        PenaltyKind(PenaltyReason.KIBITZING, 10,
                    gettext_noop("a non-active player influencing the game")),
        OTHER_PENALTY,
    ),
)

USPCC_1898 = RuleSet(  # docs/rules.md §6
    key="uspcc-1898",
    name=gettext_noop("U.S. Playing Card Co., 1898"),
    source="seed 002, RULINGS 4",
    games=(
        Game(GameKey.CALL, gettext_noop("Simple Game"), SUIT, suit_basis=_suits(1, 2, 3, 4),
             option=OptionKey.CALL, by_suit_name=gettext_noop("%(suit)s Simple Game")),
        Game(GameKey.TOURNE, gettext_noop("Tourné"), SUIT, suit_basis=_suits(5, 6, 7, 8),
             by_suit_name=gettext_noop("%(suit)s Tourné")),
        Game(GameKey.SOLO, gettext_noop("Solo"), SUIT, suit_basis=_suits(9, 10, 11, 12),
             announcements=True, by_suit_name=gettext_noop("%(suit)s Solo")),
        Game(GameKey.GRAND_TOURNE, gettext_noop("Grand Tourné"), GRAND, basis=12),
        Game(GameKey.GRAND, gettext_noop("Grand"), GRAND, basis=16),
        Game(GameKey.GRAND_OUVERT, gettext_noop("Grand Open"), GRAND, basis=24),
        Game(GameKey.NULL, gettext_noop("Null"), NULL, basis=20, optional_trump=True),
        Game(GameKey.NULL_OUVERT, gettext_noop("Null Open"), NULL, basis=40, optional_trump=True),
        Game(GameKey.PASSED, gettext_noop("Passed"), GameKind.PASSED),
    ),
    ladder=Ladder.GRADES,
    schneider_at=90,
    overbid_loss=OverbidLoss.BASIS_MULTIPLE,
    numeric_bids=False,
    min_bid=0,
    options=(Option(OptionKey.CALL, True, gettext_noop("the Simple Game")),),
    penalties=(
        PenaltyKind(PenaltyReason.MISDEAL, 10,
                    gettext_noop("misdeal (the usual ten points, seed 003)")),
        OTHER_PENALTY,
    ),
    # Bidding is by game name, class first and then suit (002 L1973-1999).
    bid_ladder=(
        "Simple Game ♦", "Simple Game ♥", "Simple Game ♠", "Simple Game ♣", "Tourné",
        "Solo ♦", "Solo ♥", "Solo ♠", "Solo ♣", "Grand", "Grand Open", "Null", "Null Open",
    ),
)

ISKO = RuleSet(  # docs/rules.md §7
    key="isko",
    name=gettext_noop("International Skat Order"),
    source="RULINGS 5",
    games=(
        Game(GameKey.SUIT, gettext_noop("Suit game"), SUIT, suit_basis=_suits(9, 10, 11, 12),
             announcements=True, by_suit_name=gettext_noop("%(suits)s")),
        Game(GameKey.GRAND, gettext_noop("Grand"), GRAND, basis=24, announcements=True),
        Game(GameKey.NULL, gettext_noop("Null"), NULL, basis=23,
             null_values={(False, False): 23, (True, False): 35, (False, True): 46,
                          (True, True): 59}),
        Game(GameKey.PASSED, gettext_noop("Passed"), GameKind.PASSED),
    ),
    ladder=Ladder.ISKO,
    schneider_at=90,
    overbid_loss=OverbidLoss.BASIS_MULTIPLE,
    numeric_bids=True,
    min_bid=18,
    all_losses_double=True,
    null_overbid=True,
    hand_flags=True,
    seat_one_deals_first=True,
    penalties=(OTHER_PENALTY,),
)

RULE_SETS: tuple[RuleSet, ...] = (NASL_1908, NASL_1898, HERTEFELD, USPCC_1898, ISKO)
DEFAULT_RULE_SET = NASL_1908.key


def dealer_seat(deal_number: int, players: int, rules: RuleSet) -> int:
    """The seat (1..players) that deals ``deal_number`` (1-based) at a table of ``players``.

    docs/rules.md §8: the player left of the scorekeeper (seat 1) deals first, the deal passes to
    the left and the scorekeeper deals last; under the ISkO seat 1 deals first.
    """
    if players not in (3, 4):
        raise ValueError("a Skat table seats 3 or 4 players")
    if deal_number < 1:
        raise ValueError("deals are numbered from 1")
    offset = 0 if rules.seat_one_deals_first else 1
    return (deal_number - 1 + offset) % players + 1


def rule_sets() -> tuple[RuleSet, ...]:
    return RULE_SETS


def get_rule_set(rules: str | RuleSet = DEFAULT_RULE_SET) -> RuleSet:
    if isinstance(rules, RuleSet):
        return rules
    for rule_set in RULE_SETS:
        if rule_set.key == rules:
            return rule_set
    known = ", ".join(r.key for r in RULE_SETS)
    raise UnknownRuleSet(phrase(gettext_noop("Rule set %(rules)s is not known (known: "
                                             "%(known)s)."), rules=repr(rules), known=known))
