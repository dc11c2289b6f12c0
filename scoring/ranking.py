"""The ranking systems of a tournament (docs/rules.md §10, §13) in one table: how each ranks
its players, what a deal and a player's totals score under it, the prizes its schedule gives
and the words and columns its pages show. Whatever depends on the scoring system reads this
table; a new system (a season's total or average) is a new row.

Pure: the standings, prizes and comparison functions it names take plain data.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from engine import GAME_BONUS, OPPONENT_BONUS, RuleSet, ScoringSystem
from scoring.prize_list import place_title
from scoring.prizes import PrizeKind, PrizeSpec, league_schedule
from scoring.standings import (
    DealResult,
    PenaltyResult,
    Standing,
    Tally,
    per_series,
    rank_league,
    rank_seeger_fabian,
    seeger_fabian_score,
    tally_deals,
)
from tournament.speech import gettext, gettext_lazy

MATCHPOINTS = "matchpoints"  # comparative Skat ranks by matchpoints over the system's scores


def _points(tally: Tally) -> int:
    return tally.points


def _points_total(points: int, won: int, lost: int, size: int) -> int:
    return points


def _seeger_fabian_total(points: int, won: int, lost: int, size: int) -> int:
    """What a table's deals gave all its seats under Seeger-Fabian: the Points, each game's
    ±50, and the others' bonus for each game lost."""
    return points + GAME_BONUS * (won - lost) + OPPONENT_BONUS[size] * (size - 1) * lost


def _league_prizes(rules: RuleSet, places: int, with_league: bool) -> tuple[PrizeSpec, ...]:
    return league_schedule(rules)


def _place_prizes(rules: RuleSet, places: int, with_league: bool) -> tuple[PrizeSpec, ...]:
    specs = tuple(PrizeSpec(n, place_title(n), PrizeKind.PLACE, place=n)
                  for n in range(1, places + 1))
    return specs + (league_schedule(rules, places + 1) if with_league else ())


@dataclass(frozen=True)
class Ranking:
    """One ranking system: its rules and its words."""

    key: str
    name: str
    ranks_by: str  # the standings' lead, after the name
    # the columns of its standings after place, number, player and club
    columns: tuple[str, ...]
    # the standings from each player's totals; None: not ranked from totals (matchpoints)
    rank: Callable[[Mapping[int, Tally]], list[Standing]] | None = None
    score: Callable[[Tally], int] = _points  # a player's score from his totals
    # what a table's deals gave all its seats (Points, games won, lost, its size): the
    # average an ended sheet credits (docs/rules.md §10)
    table_total: Callable[[int, int, int, int], int] = _points_total
    # the prizes before the tournament's own: (rules, places with a prize, League's too)
    prizes: Callable[[RuleSet, int, bool], tuple[PrizeSpec, ...]] = _league_prizes
    prize_places: bool = False  # the organizer chooses the places with a prize
    # the refusal of an extra prize numbered among the schedule's: whose prizes they are
    numbers_taken: str = gettext_lazy(
        "Numbers 1 to %(taken)s are the League's prizes; use %(next)s or more.")
    own_score: bool = False  # a score of its own beside the Points (a column, a card)
    foot: bool = False  # a player's page shows the foot of all his deals

    @property
    def lead(self) -> str:
        # Translators: the standings' lead: the ranking's name, then how it ranks
        return gettext("%(name)s: %(ranks_by)s") % {"name": self.name, "ranks_by": self.ranks_by}


# The words are lazy: said in the reader's language where a page reads them.
RANKINGS: Mapping[str, Ranking] = {
    ScoringSystem.LEAGUE: Ranking(
        # Translators: the scoring system of the League (NASL)
        ScoringSystem.LEAGUE, gettext_lazy("League"),
        gettext_lazy("ranked by Points, then Games (won − lost)."),
        (gettext_lazy("Points"), gettext_lazy("Won"), gettext_lazy("Lost"),
         gettext_lazy("Games")), rank=rank_league),
    ScoringSystem.SEEGER_FABIAN: Ranking(
        ScoringSystem.SEEGER_FABIAN, gettext_lazy("Seeger-Fabian"),
        gettext_lazy("ranked by score, then games won, then fewer games lost."),
        (gettext_lazy("Points"), gettext_lazy("Won"), gettext_lazy("Lost"),
         gettext_lazy("Games"), gettext_lazy("Score")), rank=rank_seeger_fabian,
        score=seeger_fabian_score, table_total=_seeger_fabian_total, prizes=_place_prizes,
        prize_places=True, numbers_taken=gettext_lazy(
            "Numbers 1 to %(taken)s are the schedule's prizes; use %(next)s or more."),
        own_score=True, foot=True),
    MATCHPOINTS: Ranking(
        MATCHPOINTS, gettext_lazy("Comparative"),
        gettext_lazy("ranked by the mean of their per-deck percentages (matchpoints)."),
        (gettext_lazy("Decks"), gettext_lazy("Matchpoints"), "%")),
}


def ranking_of(system: str) -> Ranking:
    """The ranking of a scoring system (a tournament's ``scoring_system``)."""
    return RANKINGS[ScoringSystem(system)]


def rank(system: ScoringSystem, totals: Mapping[int, Tally]) -> list[Standing]:
    """The standings of ``system`` from each player's totals."""
    ranks = ranking_of(system).rank
    assert ranks is not None
    return ranks(totals)


def league_ranking(system: ScoringSystem, totals: Mapping[int, Tally],
                   ranked: list[Standing]) -> list[Standing]:
    """The League's standings, which the League Prize Schedule reads under every system:
    ``ranked`` itself where the system ranks as the League does."""
    return ranked if ranking_of(system).rank is rank_league else rank_league(totals)


def standings(system: ScoringSystem, deals: Iterable[DealResult],
              penalties: Iterable[PenaltyResult], played: Iterable[int],
              series: int | None = None) -> list[Standing]:
    """The standings of the tournament's scoring system (one series when ``series`` is given).

    ``played``: the players who sat at a table of these deals; only they are ranked. With
    ``series``, pass those of that series."""
    if series is not None:
        deals, penalties = per_series(deals, penalties, series)
    return rank(system, tally_deals(deals, penalties, played))


def deal_scores(system: ScoringSystem, deal: DealResult) -> dict[int, int]:
    """What one deal gives every player at its table under ``system``, the way the standings
    count it (penalties aside): League, what moved his Points (0 for most); Seeger-Fabian, that
    plus the declarer's ±50 and, when the declarer lost, the others' bonus of §10. Summed over
    a player's deals, it is his score in the standings before penalties."""
    score = ranking_of(system).score
    return {entry: score(t) for entry, t in tally_deals([deal], (), deal.players).items()}


def missing_deals_credit(system: ScoringSystem, size: int, played: int, scheduled: int,
                         points: int, won: int, lost: int) -> int:
    """What each player of a table whose sheet was ended early gets for the deals not played
    under "the table's average" (docs/rules.md §10): the mean score a player and deal at that
    table over the ``played`` deals (``points``: what the deals added to all its seats,
    ``won``/``lost``: its declarers' games), times the deals missing, rounded half up.
    League: the mean of Points; Seeger-Fabian: the mean of the Seeger-Fabian score."""
    missing = scheduled - played
    if missing <= 0 or played <= 0:
        return 0
    total = ranking_of(system).table_total(points, won, lost, size)
    return math.floor(Fraction(total * missing, size * played) + Fraction(1, 2))


def schedule(system: ScoringSystem, rules: RuleSet, places: int = 3,
             with_league: bool = False) -> tuple[PrizeSpec, ...]:
    """The prizes a tournament gives before its own: under League scoring the League Prize
    Schedule; under Seeger-Fabian the first ``places`` places by score, then the League's
    schedule only when switched on (``with_league``)."""
    return ranking_of(system).prizes(rules, places, with_league)
