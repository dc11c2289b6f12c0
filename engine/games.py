"""The words a rule set is written in: games and their kinds, options, penalties, and the
``RuleSet`` type that ``engine.rulesets`` fills with the five rule sets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum

from .cards import Suit
from .errors import InvalidOption, field_words
from .words import Phrase, gettext_noop, phrase


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


# Deals with these keys are never *games*: nobody declared one (docs/rules.md §10).
NOT_GAMES: frozenset[str] = frozenset({GameKey.PASSED, GameKey.RAMSCH})
# The games the prizes for a game won against matadors rank (docs/rules.md §11): Solos for
# prize 3 (the NASL Solo and Grand, a won Grand Ouvert as a Grand, ISkO suit games), Tournés
# for prize 7; a Grand ranks above every suit.
SOLO_SUIT_GAMES: frozenset[str] = frozenset({GameKey.SOLO, GameKey.SUIT})
SOLO_GRAND_GAMES: frozenset[str] = frozenset({GameKey.GRAND, GameKey.GRAND_OUVERT})
TOURNE_SUIT_GAMES: frozenset[str] = frozenset({GameKey.TOURNE})
TOURNE_GRAND_GAMES: frozenset[str] = frozenset({GameKey.GRAND_TOURNE})
SOLO_GAMES = SOLO_SUIT_GAMES | SOLO_GRAND_GAMES
TOURNE_GAMES = TOURNE_SUIT_GAMES | TOURNE_GRAND_GAMES
GRAND_RANK = 5  # Grand > ♣ > ♠ > ♥ > ♦ (Suit: ♣ 4 ... ♦ 1; 000 L4978, 3rd prize (a))


def against_rank(game: str, trump: str | None, matadors: int, value: int,
                 card_points: int | None) -> int | None:
    """How prizes 3 and 7 rank a game won against matadors (docs/rules.md §11), as one
    number, higher first: more matadors against, then the kind (``GRAND_RANK``, then the
    trump suit), then the value, then the card points (unknown below none). None for a game
    with matadors or of neither class. One number, so that a table's foot can keep a seat's
    best and the prizes read only the tables of the players in line."""
    if matadors >= 0:
        return None
    if game in SOLO_GRAND_GAMES or game in TOURNE_GRAND_GAMES:
        kind = GRAND_RANK
    elif (game in SOLO_SUIT_GAMES or game in TOURNE_SUIT_GAMES) and trump in _SUIT_KEYS:
        kind = int(Suit.from_key(str(trump)))
    else:
        return None
    points = 0 if card_points is None else card_points + 1  # 0..121
    return (-matadors * 8 + kind) << 28 | min(max(value, 0), (1 << 20) - 1) << 8 | points


_SUIT_KEYS = frozenset(suit.name.lower() for suit in Suit)

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
    # The name with its trump, a msgid: "%(suit)s Solo" -> "Heart Solo"; "%(suits)s" ->
    # "Hearts" (ISkO). ``name`` is a msgid too (``engine.words``).
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
    help: str  # what the organizer's form says of it: a msgid (``engine.words``)


@dataclass(frozen=True)
class PenaltyKind:
    key: PenaltyReason
    points: int | None  # None: the scorekeeper enters the amount
    text: str  # "misdeal (charged to the dealer)": a msgid (``engine.words``)


@dataclass(frozen=True)
class RuleSet:
    key: str
    name: str  # a msgid (``engine.words``); the key is the rule set's word in records
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
                have = ", ".join(resolved) or phrase(gettext_noop("none"))
                raise InvalidOption(field_words(_option(key), phrase(
                    gettext_noop("the rule set %(rules)s has no such option (its options: "
                                 "%(options)s)."), rules=self.key, options=have)))
            resolved[key] = _truth(key, raw)
        if resolved.get(OptionKey.POINT_RAMSCH) and not resolved.get(OptionKey.RAMSCH, True):
            raise InvalidOption(phrase(gettext_noop("Option point_ramsch needs ramsch=on.")))
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
    raise InvalidOption(field_words(_option(key), phrase(
        gettext_noop("%(value)s is not on or off."), value=repr(raw))))


def _option(key: str) -> Phrase:
    """An option as a refusal names it: "Option 'contra'"."""
    return phrase(gettext_noop("Option %(key)s"), key=repr(key))


PENALTY_GAME = Game(GameKey.PENALTY, gettext_noop("Penalty"), GameKind.PENALTY)  # every rule set


def game_name(rules: RuleSet, key: str, trump: Suit | None = None) -> str:
    """What ``rules`` calls the game ``key``, with its trump if given, in English.

    "Grand" is "Grando" under Hertefeld; a Solo in hearts is a "Heart Solo", an ISkO suit
    game in hearts is just "Hearts". Raises ``KeyError`` for a key the rule set does not have.
    """
    return str(game_phrase(rules, key, trump))


def game_phrase(rules: RuleSet, key: str, trump: Suit | None = None) -> Phrase:
    """:func:`game_name` as a :class:`Phrase` the site translates ("Herz-Solo")."""
    game = PENALTY_GAME if key == GameKey.PENALTY else rules.game(key)
    if game is None:
        raise KeyError(f"{key!r} is not a game of the rule set {rules.key}")
    if trump is None or game.kind is not GameKind.SUIT:
        return phrase(game.name)
    suit, suits = trump.title_words, trump.plural_words
    if game.by_suit_name is None:
        return phrase(gettext_noop("%(suit)s %(game)s"), suit=suit, game=phrase(game.name))
    return phrase(game.by_suit_name, suit=suit, suits=suits)
