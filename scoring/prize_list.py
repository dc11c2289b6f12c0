"""The prize list in words (docs/rules.md §11, seed 000 L4978): the kinds of prize, the League
Prize Schedule, and the words of a prize's reason ("Grand without 3, won, value 120",
"2 Grands", "1,260 Points"); which schedule a scoring system gives is ``scoring.ranking``'s.

Pure: what the prizes are and how they read; ``scoring.prizes`` awards them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from engine import (
    GameKey,
    RuleSet,
    Suit,
)
from engine import game_name as engine_game_name
from scoring.standings import DealResult

GRAND_GAMES: frozenset[str] = frozenset(
    {GameKey.GRAND, GameKey.GRAND_OUVERT, GameKey.GRAND_TOURNE, GameKey.GUCKSER})


class PrizeKind(enum.Enum):
    MOST_GAMES = "most_games"  # tie: most Points
    MOST_POINTS = "most_points"  # tie: most Games
    SOLO_AGAINST = "solo_against"  # matadors against, kind, value, card points
    HIGHEST_GAME = "highest_game"  # value; tie: the winner's total Points
    TOURNE_AGAINST = "tourne_against"  # as SOLO_AGAINST, for Tournés
    COUNT_WON = "count_won"  # most games won among `games`; tie: most Points
    LOWEST_POINTS = "lowest_points"  # the booby prize; tie: fewer Games
    PLACE = "place"  # a place by Seeger-Fabian score; tie: more games won, fewer lost

    @property
    def label(self) -> str:
        """The kind as the custom prize form offers it."""
        return _KIND_LABELS[self]


_KIND_LABELS = {
    PrizeKind.MOST_GAMES: "Most Games",
    PrizeKind.MOST_POINTS: "Most Points",
    PrizeKind.SOLO_AGAINST: "Solo won against the most matadors",
    PrizeKind.HIGHEST_GAME: "Highest game won",
    PrizeKind.TOURNE_AGAINST: "Tourné won against the most matadors",
    PrizeKind.COUNT_WON: "Most games of a kind won",
    PrizeKind.LOWEST_POINTS: "Lowest Points (booby prize)",
    PrizeKind.PLACE: "Place by Seeger-Fabian score",
}


@dataclass(frozen=True)
class PrizeSpec:
    number: int
    title: str
    kind: PrizeKind
    place: int = 1  # 2 for "second most ...", counted in the prize's own ranking
    games: frozenset[str] = frozenset()  # COUNT_WON: the game keys that count
    # COUNT_WON: what the reason calls them ("Grands"); SOLO_AGAINST, TOURNE_AGAINST: the
    # rule set's name of the games ("Solo", "Suit game or Grand")
    label: str = "games"


@dataclass(frozen=True)
class PrizeResult:
    number: int
    title: str
    winners: tuple[int, ...]  # one entry; none while a tie waits for its lot
    reason: str  # in words, to be read aloud
    tie: bool  # an unsettled tie: the organizer must draw a lot
    by_lot: bool  # a tie settled by the recorded lot
    unawarded: bool
    candidates: tuple[int, ...]  # the tied group (or the single winner), by entry id
    reasons: tuple[str, ...] = ()  # one per candidate
    # An earlier prize is still a tie, so with one prize per player this award may change once
    # that lot is drawn.
    provisional: bool = False
    # Players ranked above the winner who were passed over because they hold an earlier prize:
    # (entry, what he is ranked by, the number of the prize he holds), best first.
    higher: tuple[tuple[int, str, int], ...] = ()


LEAGUE_SCHEDULE: tuple[PrizeSpec, ...] = (
    PrizeSpec(1, "Most Games", PrizeKind.MOST_GAMES),
    PrizeSpec(2, "Most Points", PrizeKind.MOST_POINTS),
    PrizeSpec(3, "Solo won against the most matadors", PrizeKind.SOLO_AGAINST, label="Solo"),
    PrizeSpec(4, "Second most Games", PrizeKind.MOST_GAMES, place=2),
    PrizeSpec(5, "Second most Points", PrizeKind.MOST_POINTS, place=2),
    PrizeSpec(6, "Highest game won", PrizeKind.HIGHEST_GAME),
    PrizeSpec(7, "Tourné won against the most matadors", PrizeKind.TOURNE_AGAINST,
              label="Tourné"),
)


def against_games(kind: PrizeKind, rules: RuleSet) -> str:
    """What ``rules`` calls the games a prize "won against the most matadors" is for: "Solo",
    "Tourné", "Suit game or Grand" (ISkO, which has no Solo); "" when it has none of them."""
    if kind is PrizeKind.SOLO_AGAINST:
        keys: tuple[str, ...] = (GameKey.SOLO,) if rules.game(GameKey.SOLO) else (
            GameKey.SUIT, GameKey.GRAND)
    else:
        keys = (GameKey.TOURNE, GameKey.GRAND_TOURNE)
        keys = keys[:1] if rules.game(GameKey.TOURNE) else keys[1:]
    names = [game.name for game in (rules.game(k) for k in keys) if game is not None]
    return " or ".join(names)


def league_schedule(rules: RuleSet, first: int = 1) -> tuple[PrizeSpec, ...]:
    """The League Prize Schedule in the names of ``rules``, numbered from ``first``: a prize
    for games the rule set does not have (a Tourné under ISkO) is left out."""
    specs: list[PrizeSpec] = []
    for spec in LEAGUE_SCHEDULE:
        if spec.kind in (PrizeKind.SOLO_AGAINST, PrizeKind.TOURNE_AGAINST):
            games = against_games(spec.kind, rules)
            if not games:
                continue
            spec = replace(spec, title=f"{games} won against the most matadors", label=games)
        specs.append(replace(spec, number=first + len(specs)))
    return tuple(specs)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -- the words of a reason -------------------------------------------------------------------------

_SUIT_KEYS = frozenset(s.key for s in Suit)


def trump_of(deal: DealResult) -> Suit | None:
    """The deal's trump suit, None for a game without one."""
    return Suit.from_key(deal.trump) if deal.trump in _SUIT_KEYS else None


def game_name(deal: DealResult) -> str:
    """The engine's name in the deal's rule set, with Passt Nicht and matadors: "Club Solo with
    11", "Grand without 3", "Grando without 3" (Hertefeld), "Spades without 2" (ISkO), "Nullo".
    """
    try:
        name = engine_game_name(deal.rules, deal.game, trump_of(deal))
    except KeyError:  # not a game of the rule set: say its key
        name = deal.game.replace("_", " ").title()
    if deal.passt_nicht:
        name += " Passt Nicht"
    if deal.matadors:
        name += f" {'with' if deal.matadors > 0 else 'without'} {abs(deal.matadors)}"
    return name


def describe_game(deal: DealResult) -> str:
    """ "Grand without 3, won, value 120, 72 card points (series 2, table 14, deal 17)"."""
    parts = [game_name(deal), "won" if deal.won else "lost", f"value {deal.value:,}"]
    if deal.card_points is not None:
        parts.append(f"{deal.card_points} card points")
    return f"{', '.join(parts)} ({deal.reference})"


def counted(n: int, plural: str) -> str:
    """ "1 Grand", "2 Grands": a name given in the plural ("Grands", "Grand or Grand Ouvert
    games") loses its "s" for one."""
    return f"{n} {plural[:-1] if n == 1 and plural.endswith('s') else plural}"


def points(n: int) -> str:
    """ "1,260 Points", "1 Point", "−1 Point"."""
    return f"{n:,} Point" + ("" if abs(n) == 1 else "s")
