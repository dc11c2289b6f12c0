"""The rule sets as data: their games, basis values, options and small policies.

Every number here is stated in docs/rules.md; the section is named beside each rule set.
(``source`` is what ``python -m engine rules`` prints and still names the team's rulings.)
Over 400 lines on purpose: five rule sets written out as tables read better in one file, beside
the types they fill, than spread over five.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from .cards import Suit
from .errors import InvalidOption, UnknownRuleSet


class GameKey(StrEnum):
    """The ``game`` of a deal record: every game key of every rule set, defined once."""

    CALL = "call"  # Call Play (NASL), the Simple Game (Hertefeld, USPCC)
    TOURNE = "tourne"
    GRAND_TOURNE = "grand_tourne"
    SOLO = "solo"
    SUIT = "suit"  # the ISkO suit game
    GRAND = "grand"  # Hertefeld's Grando
    GUCKSER = "guckser"
    GRAND_OUVERT = "grand_ouvert"
    NULL = "null"
    NULL_OUVERT = "null_ouvert"
    NULL_TOURNE = "null_tourne"
    NULL_TOURNE_OUVERT = "null_tourne_ouvert"
    REVOLUTION = "revolution"
    RAMSCH = "ramsch"
    PASSED = "passed"
    PENALTY = "penalty"  # not a game: a fine against one seat, recorded like a deal


class OptionKey(StrEnum):
    """The options a rule set may offer, switched on or off per tournament."""

    CALL = "call"
    REVOLUTION = "revolution"
    CONTRA = "contra"
    RAMSCH = "ramsch"
    POINT_RAMSCH = "point_ramsch"


class PenaltyReason(StrEnum):
    """The ``reason`` of a penalty record; each rule set says which it fines and how much."""

    MISDEAL = "misdeal"
    SKAT_HELD = "skat_held"
    SKAT_LOOKED = "skat_looked"
    EXPOSED_HAND = "exposed_hand"
    KIBITZING = "kibitzing"
    OTHER = "other"  # the scorekeeper enters the amount


class GameKind(Enum):
    SUIT = "suit"  # trumps: the four Jacks and a suit
    GRAND = "grand"  # trumps: the four Jacks only
    NULL = "null"  # a fixed value, no trumps (Null games and Revolution)
    RAMSCH = "ramsch"  # everybody passed and Ramsch was played
    PASSED = "passed"  # everybody passed and nothing was played
    PENALTY = "penalty"  # a fine against one seat


class Ladder(Enum):
    """How Schneider and Schwarz add levels."""

    NASL = "nasl"  # docs/rules.md §3.2: one level each for S, SA, W, WA
    HERTEFELD = "hertefeld"  # docs/rules.md §5: an unannounced Schwarz counts SA too
    GRADES = "grades"  # docs/rules.md §6: the grade (1..6) replaces them
    ISKO = "isko"  # docs/rules.md §7: plus hand and ouvert


class OverbidLoss(Enum):
    BASIS_MULTIPLE = "basis-multiple"  # the smallest multiple of the basis >= the bid
    BID = "bid"  # the bid itself (Hertefeld: the Player "pays the bid")


MAX_MATADORS = {GameKind.SUIT: 11, GameKind.GRAND: 4}


@dataclass(frozen=True)
class Game:
    key: GameKey
    name: str
    kind: GameKind
    basis: int = 0  # Grand games and fixed-value games
    suit_basis: Mapping[Suit, int] | None = None  # suit games: basis by trump
    announcements: bool = False  # Schneider and Schwarz may be announced
    lost_factor: int = 1  # Guckser: a lost game counts double
    passt_nicht: bool = False  # the Passt Nicht flag is allowed (and doubles a loss)
    full_contingencies: bool = False  # Grand Ouvert: every contingency always counts
    all_tricks_to_win: bool = False
    option: OptionKey | None = None  # the option that switches the game on or off
    min_value: int = 0  # Call Play must reach 10
    null_values: Mapping[tuple[bool, bool], int] | None = None  # ISkO Null by (hand, ouvert)
    optional_trump: bool = False  # USPCC Null names a trump suit that changes nothing
    # The name with its trump: "{suit} Solo" -> "Heart Solo"; "{suits}" -> "Hearts" (ISkO).
    by_suit_name: str | None = None

    @property
    def has_trumps(self) -> bool:
        return self.kind in (GameKind.SUIT, GameKind.GRAND)

    @property
    def is_declared(self) -> bool:
        return self.kind in (GameKind.SUIT, GameKind.GRAND, GameKind.NULL)

    def basis_for(self, trump: Suit | None = None) -> int:
        if self.suit_basis is not None:
            assert trump is not None
            return self.suit_basis[trump]
        return self.basis

    def fixed_value(self, hand: bool = False, ouvert: bool = False) -> int:
        if self.null_values is not None:
            return self.null_values[(hand, ouvert)]
        return self.basis


@dataclass(frozen=True)
class Option:
    key: OptionKey
    default: bool
    help: str


@dataclass(frozen=True)
class PenaltyKind:
    key: PenaltyReason
    points: int | None  # None: the scorekeeper enters the amount
    text: str


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: str
    source: str
    games: tuple[Game, ...]
    ladder: Ladder
    schneider_at: int  # the declarer's card points that make the opponents Schneider
    overbid_loss: OverbidLoss
    numeric_bids: bool
    min_bid: int
    options: tuple[Option, ...] = ()
    all_losses_double: bool = False  # ISkO
    # ISkO (docs/rules.md §7): a Null declared on a bid above its value is an overbid, so the
    # table's game can be recorded; elsewhere it is an invalid entry (docs/rules.md §3.5).
    null_overbid: bool = False
    ramsch_values: tuple[int, int, int] | None = None  # plain, Jungfer, one took all tricks
    penalties: tuple[PenaltyKind, ...] = ()
    hand_flags: bool = False  # ISkO: hand and ouvert flags on suit and Grand games
    contra_option: bool = False
    bid_ladder: tuple[str, ...] = ()  # bidding by game name (USPCC)
    seat_one_deals_first: bool = False  # ISkO: Platz 1 deals first; else the seat left of it
    notes: tuple[str, ...] = field(default=())

    def game(self, key: str) -> Game | None:
        return next((g for g in self.games if g.key == key), None)

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, bool]:
        """The rule set's defaults overridden by ``options`` (``on``/``off``, bools, 1/0)."""
        resolved: dict[str, bool] = {o.key: o.default for o in self.options}
        for key, raw in (options or {}).items():
            if key not in resolved:
                have = ", ".join(resolved) or "none"
                raise InvalidOption(
                    f"Option {key!r}: the rule set {self.key} has no such option "
                    f"(its options: {have})."
                )
            resolved[key] = _truth(key, raw)
        if resolved.get(OptionKey.POINT_RAMSCH) and not resolved.get(OptionKey.RAMSCH, True):
            raise InvalidOption("Option point_ramsch needs ramsch=on.")
        return resolved

    def enabled(self, game: Game, options: Mapping[str, bool]) -> bool:
        if game.option is None:
            return True
        if game.kind is GameKind.PASSED:  # passed deals exist where Ramsch is switched off
            return not options.get(game.option, True)
        return bool(options.get(game.option, False))

    def enabled_games(self, options: Mapping[str, bool]) -> tuple[Game, ...]:
        return tuple(g for g in self.games if self.enabled(g, options))

    def penalty(self, key: str) -> PenaltyKind | None:
        return next((p for p in self.penalties if p.key == key), None)


def _truth(key: str, raw: object) -> bool:
    if isinstance(raw, bool):
        return raw
    text = str(raw).strip().lower()
    if text in ("on", "yes", "true", "1"):
        return True
    if text in ("off", "no", "false", "0"):
        return False
    raise InvalidOption(f"Option {key!r}: {raw!r} is not on or off.")


def _suits(d: int, h: int, s: int, c: int) -> Mapping[Suit, int]:
    return {Suit.DIAMONDS: d, Suit.HEARTS: h, Suit.SPADES: s, Suit.CLUBS: c}


SUIT = GameKind.SUIT
GRAND = GameKind.GRAND
NULL = GameKind.NULL

PENALTY_GAME = Game(GameKey.PENALTY, "Penalty", GameKind.PENALTY)  # in every rule set

OTHER_PENALTY = PenaltyKind(PenaltyReason.OTHER, None, "other penalty (amount entered)")

_NASL_PENALTIES = (
    PenaltyKind(PenaltyReason.MISDEAL, 10, "misdeal (charged to the dealer)"),
    PenaltyKind(PenaltyReason.SKAT_HELD, 25, "Skat cards held or seen before a game is announced"),
    PenaltyKind(PenaltyReason.SKAT_LOOKED, 10, "dealer or pausing player looks at the Skat"),
    PenaltyKind(PenaltyReason.EXPOSED_HAND, 10, "exposing one's hand or looking into another's"),
    OTHER_PENALTY,
)


def _nasl(key: str, name: str, grand: int, guckser: int, source: str) -> RuleSet:
    return RuleSet(
        key=key,
        name=name,
        source=source,
        games=(
            Game(GameKey.CALL, "Call Play", SUIT, suit_basis=_suits(1, 2, 3, 4),
                 option=OptionKey.CALL, min_value=10, by_suit_name="{suit} Call Play"),
            Game(GameKey.TOURNE, "Tourné", SUIT, suit_basis=_suits(5, 6, 7, 8), passt_nicht=True,
                 by_suit_name="{suit} Tourné"),
            Game(GameKey.GRAND_TOURNE, "Grand Tourné", GRAND, basis=12, passt_nicht=True),
            Game(GameKey.SOLO, "Solo", SUIT, suit_basis=_suits(9, 10, 11, 12), announcements=True,
                 by_suit_name="{suit} Solo"),
            Game(GameKey.GRAND, "Grand", GRAND, basis=grand, announcements=True),
            Game(GameKey.GUCKSER, "Grand Guckser", GRAND, basis=guckser, lost_factor=2),
            Game(GameKey.GRAND_OUVERT, "Grand Ouvert", GRAND, basis=24, full_contingencies=True,
                 all_tricks_to_win=True),
            Game(GameKey.NULL, "Nullo", NULL, basis=20),
            Game(GameKey.NULL_OUVERT, "Null Ouvert", NULL, basis=40),
            Game(GameKey.REVOLUTION, "Revolution", NULL, basis=60, option=OptionKey.REVOLUTION),
            Game(GameKey.RAMSCH, "Ramsch", GameKind.RAMSCH, option=OptionKey.RAMSCH),
            Game(GameKey.PASSED, "Passed", GameKind.PASSED, option=OptionKey.RAMSCH),
        ),
        ladder=Ladder.NASL,
        schneider_at=91,
        overbid_loss=OverbidLoss.BASIS_MULTIPLE,
        numeric_bids=True,
        min_bid=10,
        options=(
            Option(OptionKey.CALL, False, "Call Play (Frage), barred in tournaments"),
            Option(OptionKey.REVOLUTION, False, "Revolution (Null Ouvert Force), 60"),
            Option(OptionKey.CONTRA, False, "Contra and Re-Contra"),
            Option(OptionKey.RAMSCH, True, "Ramsch when all pass (off: the deal is passed)"),
            Option(OptionKey.POINT_RAMSCH, False,
                   "Point Ramsch: the loser is charged their card points"),
        ),
        ramsch_values=(20, 30, 50),
        penalties=_NASL_PENALTIES,
        contra_option=True,
    )


NASL_1908 = _nasl(  # docs/rules.md §3
    "nasl-1908", "North American Skat League, values of 1908", grand=20, guckser=16,
    source="seed 000, RULINGS 1",
)
NASL_1898 = _nasl(  # docs/rules.md §4
    "nasl-1898", "North American Skat League, values before 1908", grand=16, guckser=12,
    source="seed 000 L526, RULINGS 2",
)

HERTEFELD = RuleSet(  # docs/rules.md §5
    key="hertefeld",
    name="Hertefeld's Standard game",
    source="seed 001, RULINGS 3",
    games=(
        Game(GameKey.CALL, "Simple Game", SUIT, suit_basis=_suits(1, 2, 3, 4),
             option=OptionKey.CALL, by_suit_name="{suit} Simple Game"),
        Game(GameKey.TOURNE, "Tourné", SUIT, suit_basis=_suits(5, 6, 7, 8),
             by_suit_name="{suit} Tourné"),
        Game(GameKey.SOLO, "Solo", SUIT, suit_basis=_suits(9, 10, 11, 12), announcements=True,
             by_suit_name="{suit} Solo"),
        Game(GameKey.GRAND_TOURNE, "Grando Tourné", GRAND, basis=12),
        Game(GameKey.GRAND, "Grando", GRAND, basis=16, announcements=True),
        Game(GameKey.GRAND_OUVERT, "Grando Ouvert", GRAND, basis=24, full_contingencies=True,
             all_tricks_to_win=True),
        Game(GameKey.NULL_TOURNE, "Nullo Tourné", NULL, basis=16),
        Game(GameKey.NULL, "Nullo", NULL, basis=24),
        Game(GameKey.NULL_TOURNE_OUVERT, "Nullo Tourné Ouvert", NULL, basis=32),
        Game(GameKey.NULL_OUVERT, "Nullo Ouvert", NULL, basis=48),
        Game(GameKey.REVOLUTION, "Revolution", NULL, basis=72, option=OptionKey.REVOLUTION),
        Game(GameKey.RAMSCH, "Ramsch", GameKind.RAMSCH, option=OptionKey.RAMSCH),
        Game(GameKey.PASSED, "Passed", GameKind.PASSED, option=OptionKey.RAMSCH),
    ),
    ladder=Ladder.HERTEFELD,
    schneider_at=91,
    overbid_loss=OverbidLoss.BID,
    numeric_bids=True,
    min_bid=2,
    options=(
        Option(OptionKey.CALL, True, "the Simple Game (Frage)"),
        Option(OptionKey.REVOLUTION, True, "Revolution (Grand Nullo Ouvert), 72"),
        Option(OptionKey.RAMSCH, True, "Ramsch when all pass (off: the cards are thrown in)"),
        Option(OptionKey.POINT_RAMSCH, False, "Point Ramsch: the loser pays their card points"),
    ),
    ramsch_values=(10, 15, 20),
    penalties=(
        PenaltyKind(PenaltyReason.MISDEAL, 5, "misdeal (charged to the dealer)"),
        PenaltyKind(PenaltyReason.SKAT_LOOKED, 10, "looking at the Skat before the game begins"),
        PenaltyKind(PenaltyReason.KIBITZING, 10, "a non-active player influencing the game"),
        OTHER_PENALTY,
    ),
)

USPCC_1898 = RuleSet(  # docs/rules.md §6
    key="uspcc-1898",
    name="U.S. Playing Card Co., 1898",
    source="seed 002, RULINGS 4",
    games=(
        Game(GameKey.CALL, "Simple Game", SUIT, suit_basis=_suits(1, 2, 3, 4),
             option=OptionKey.CALL, by_suit_name="{suit} Simple Game"),
        Game(GameKey.TOURNE, "Tourné", SUIT, suit_basis=_suits(5, 6, 7, 8),
             by_suit_name="{suit} Tourné"),
        Game(GameKey.SOLO, "Solo", SUIT, suit_basis=_suits(9, 10, 11, 12), announcements=True,
             by_suit_name="{suit} Solo"),
        Game(GameKey.GRAND_TOURNE, "Grand Tourné", GRAND, basis=12),
        Game(GameKey.GRAND, "Grand", GRAND, basis=16),
        Game(GameKey.GRAND_OUVERT, "Grand Open", GRAND, basis=24),
        Game(GameKey.NULL, "Null", NULL, basis=20, optional_trump=True),
        Game(GameKey.NULL_OUVERT, "Null Open", NULL, basis=40, optional_trump=True),
        Game(GameKey.PASSED, "Passed", GameKind.PASSED),
    ),
    ladder=Ladder.GRADES,
    schneider_at=90,
    overbid_loss=OverbidLoss.BASIS_MULTIPLE,
    numeric_bids=False,
    min_bid=0,
    options=(Option(OptionKey.CALL, True, "the Simple Game"),),
    penalties=(
        PenaltyKind(PenaltyReason.MISDEAL, 10, "misdeal (the usual ten points, seed 003)"),
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
    name="International Skat Order",
    source="RULINGS 5",
    games=(
        Game(GameKey.SUIT, "Suit game", SUIT, suit_basis=_suits(9, 10, 11, 12), announcements=True,
             by_suit_name="{suits}"),
        Game(GameKey.GRAND, "Grand", GRAND, basis=24, announcements=True),
        Game(GameKey.NULL, "Null", NULL, basis=23,
             null_values={(False, False): 23, (True, False): 35, (False, True): 46,
                          (True, True): 59}),
        Game(GameKey.PASSED, "Passed", GameKind.PASSED),
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
    raise UnknownRuleSet(f"Rule set {rules!r} is not known (known: {known}).")


def game_name(rules: RuleSet, key: str, trump: Suit | None = None) -> str:
    """What ``rules`` calls the game ``key``, with its trump if given.

    "Grand" is "Grando" under Hertefeld; a Solo in hearts is a "Heart Solo", an ISkO suit
    game in hearts is just "Hearts". Raises ``KeyError`` for a key the rule set does not have.
    """
    game = PENALTY_GAME if key == GameKey.PENALTY else rules.game(key)
    if game is None:
        raise KeyError(f"{key!r} is not a game of the rule set {rules.key}")
    if trump is None or game.kind is not GameKind.SUIT:
        return game.name
    pattern = game.by_suit_name or f"{{suit}} {game.name}"
    return pattern.format(suit=trump.title, suits=trump.plural)
