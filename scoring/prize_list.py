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
from engine.games import game_phrase
from scoring.standings import DealResult
from tournament.numbers import grouped
from tournament.speech import gettext, gettext_lazy, ngettext, pgettext, say

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
    PrizeKind.MOST_GAMES: gettext_lazy("Most Games"),
    PrizeKind.MOST_POINTS: gettext_lazy("Most Points"),
    PrizeKind.SOLO_AGAINST: gettext_lazy("Solo won against the most matadors"),
    PrizeKind.HIGHEST_GAME: gettext_lazy("Highest game won"),
    PrizeKind.TOURNE_AGAINST: gettext_lazy("Tourné won against the most matadors"),
    PrizeKind.COUNT_WON: gettext_lazy("Most games of a kind won"),
    PrizeKind.LOWEST_POINTS: gettext_lazy("Lowest Points (booby prize)"),
    PrizeKind.PLACE: gettext_lazy("Place by Seeger-Fabian score"),
}


@dataclass(frozen=True)
class PrizeSpec:
    number: int
    title: str
    kind: PrizeKind
    place: int = 1  # 2 for "second most ...", counted in the prize's own ranking
    games: frozenset[str] = frozenset()  # COUNT_WON: the game keys that count
    # COUNT_WON: what the reason calls them ("Grands"); SOLO_AGAINST, TOURNE_AGAINST: the
    # rule set's name of the games ("Solo", "Suit game or Grand"); ``GAMES``: the reader's
    # word for games
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


# The label of the games a prize counts when nobody named them: said as the reader's "games".
GAMES = "games"

# The titles are lazy: ``league_schedule`` says them in the reader's language.
LEAGUE_SCHEDULE: tuple[PrizeSpec, ...] = (
    PrizeSpec(1, gettext_lazy("Most Games"), PrizeKind.MOST_GAMES),
    PrizeSpec(2, gettext_lazy("Most Points"), PrizeKind.MOST_POINTS),
    PrizeSpec(3, gettext_lazy("Solo won against the most matadors"), PrizeKind.SOLO_AGAINST,
              label="Solo"),
    PrizeSpec(4, gettext_lazy("Second most Games"), PrizeKind.MOST_GAMES, place=2),
    PrizeSpec(5, gettext_lazy("Second most Points"), PrizeKind.MOST_POINTS, place=2),
    PrizeSpec(6, gettext_lazy("Highest game won"), PrizeKind.HIGHEST_GAME),
    PrizeSpec(7, gettext_lazy("Tourné won against the most matadors"), PrizeKind.TOURNE_AGAINST,
              label="Tourné"),
)


def either(names: list[str]) -> str:
    """ "Suit game or Grand", "A or B or C" in the reader's language; "" for no names."""
    said = names[0] if names else ""
    for name in names[1:]:
        # Translators: two game names, "Suit game or Grand"
        said = gettext("%(either)s or %(or)s") % {"either": said, "or": name}
    return said


def against_games(kind: PrizeKind, rules: RuleSet) -> str:
    """What ``rules`` calls the games a prize "won against the most matadors" is for: "Solo",
    "Tourné", "Suit game or Grand" (ISkO, which has no Solo); "" when it has none of them."""
    if kind is PrizeKind.SOLO_AGAINST:
        keys: tuple[str, ...] = (GameKey.SOLO,) if rules.game(GameKey.SOLO) else (
            GameKey.SUIT, GameKey.GRAND)
    else:
        keys = (GameKey.TOURNE, GameKey.GRAND_TOURNE)
        keys = keys[:1] if rules.game(GameKey.TOURNE) else keys[1:]
    return either([say(game_phrase(rules, k)) for k in keys if rules.game(k) is not None])


def league_schedule(rules: RuleSet, first: int = 1) -> tuple[PrizeSpec, ...]:
    """The League Prize Schedule in the names of ``rules``, numbered from ``first``: a prize
    for games the rule set does not have (a Tourné under ISkO) is left out."""
    specs: list[PrizeSpec] = []
    for spec in LEAGUE_SCHEDULE:
        if spec.kind in (PrizeKind.SOLO_AGAINST, PrizeKind.TOURNE_AGAINST):
            games = against_games(spec.kind, rules)
            if not games:
                continue
            # Translators: a prize's title; "games" is the rule set's name of them ("Solo",
            # "Suit game or Grand")
            spec = replace(spec, title=gettext("%(games)s won against the most matadors")
                           % {"games": games}, label=games)
        specs.append(replace(spec, title=str(spec.title), number=first + len(specs)))
    return tuple(specs)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st (German: 1., 2., 3.)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    # Translators: ordinal numbers, "1st", "2nd", "3rd", "4th" (German: "%(n)s.")
    said = {"st": pgettext("ordinal", "%(n)sst"), "nd": pgettext("ordinal", "%(n)snd"),
            "rd": pgettext("ordinal", "%(n)srd")}.get(suffix) or pgettext("ordinal", "%(n)sth")
    return said % {"n": n}


def place_title(n: int) -> str:
    """ "1st place": the title of a prize for a place by score."""
    # Translators: a prize's title, "1st place"
    return gettext("%(ordinal)s place") % {"ordinal": ordinal(n)}


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
        name = say(game_phrase(deal.rules, deal.game, trump_of(deal)))
    except KeyError:  # not a game of the rule set: say its key
        name = deal.game.replace("_", " ").title()
    if deal.passt_nicht:
        # Translators: a Tourné whose first turned card did not suit: "Heart Tourné Passt Nicht"
        name = gettext("%(game)s Passt Nicht") % {"game": name}
    if deal.matadors > 0:
        # Translators: a game with its matadors (Spitzen): "Grand with 2"
        name = gettext("%(game)s with %(matadors)s") % {"game": name, "matadors": deal.matadors}
    elif deal.matadors < 0:
        # Translators: a game with its matadors (Spitzen): "Grand without 3"
        name = gettext("%(game)s without %(matadors)s") % {"game": name,
                                                             "matadors": -deal.matadors}
    return name


def where_played(deal: DealResult) -> str:
    """ "series 2, table 14, deal 17"."""
    table = deal.table if deal.table_number is None else deal.table_number
    return gettext("series %(series)s, table %(table)s, deal %(deal)s") % {
        "series": deal.series, "table": table, "deal": deal.number}


def game_result(deal: DealResult) -> str:
    """ "Grand without 3, won, value 120, 72 card points"."""
    words = {"game": game_name(deal), "value": grouped(deal.value),
             "card_points": deal.card_points}
    if deal.card_points is None:
        return (gettext("%(game)s, won, value %(value)s") if deal.won else
                gettext("%(game)s, lost, value %(value)s")) % words
    return (gettext("%(game)s, won, value %(value)s, %(card_points)s card points") if deal.won
            else gettext("%(game)s, lost, value %(value)s, %(card_points)s card points")) % words


def describe_game(deal: DealResult) -> str:
    """ "Grand without 3, won, value 120, 72 card points (series 2, table 14, deal 17)"."""
    # Translators: a game and where it was played, "Grand, won, value 120 (series 2, table 14,
    # deal 17)"
    return gettext("%(game)s (%(where)s)") % {"game": game_result(deal),
                                               "where": where_played(deal)}


def counted(n: int, plural: str) -> str:
    """ "1 Grand", "2 Grands": a name given in the plural ("Grands", "Grand or Grand Ouvert
    games") loses its "s" for one; ``GAMES`` is the reader's "1 game", "2 games"."""
    if plural == GAMES:
        return ngettext("%(count)s game", "%(count)s games", n) % {"count": grouped(n)}
    # Translators: a number of games a prize counts, by their name: "5 Grands"
    return gettext("%(count)s %(games)s") % {
        "count": grouped(n), "games": plural[:-1] if n == 1 and plural.endswith("s") else plural}


def points(n: int) -> str:
    """ "1,260 Points", "1 Point", "−1 Point"."""
    return ngettext("%(points)s Point", "%(points)s Points", abs(n)) % {"points": grouped(n)}


def plus(n: int) -> str:
    """ "+3", "+0", "-2", "+1,234": a signed number (``tournament.numbers.signed`` says 0)."""
    return ("+" if n >= 0 else "") + grouped(n)


def no_games_won(label: str, against: bool = False) -> str:
    """What the prize list says when nobody won the games a prize is for."""
    if against:
        # Translators: "games" is the rule set's name of them: "No Solo was won against
        # matadors"
        return gettext("No %(games)s was won against matadors") % {"games": label}
    if label == GAMES:
        return gettext("No games were won")
    # Translators: "games" is the name of the games a prize counts: "No Grands were won"
    return gettext("No %(games)s were won") % {"games": label}
