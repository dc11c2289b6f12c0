"""The table of ranking systems: every scoring system has its row, and each row ranks, scores
and words as its system does."""

import pytest

from engine import ScoringSystem, get_rule_set
from scoring.prizes import PrizeKind
from scoring.ranking import MATCHPOINTS, RANKINGS, league_ranking, rank, ranking_of, schedule
from scoring.standings import Tally, rank_league


def test_every_scoring_system_has_a_ranking_from_totals():
    assert set(ScoringSystem) <= set(RANKINGS)
    for system in ScoringSystem:
        assert ranking_of(system.value).rank is not None
        assert ranking_of(system).key == system
    assert RANKINGS[MATCHPOINTS].rank is None  # ranked per deck (scoring.comparative)


TOTALS = {1: Tally(points=100, won=1), 2: Tally(points=60, won=3, lost=1, bonus=30)}


@pytest.mark.parametrize(("system", "first"), [(ScoringSystem.LEAGUE, 1),
                                               (ScoringSystem.SEEGER_FABIAN, 2)])
def test_each_system_ranks_by_its_own_score(system, first):
    ranked = rank(system, TOTALS)
    assert ranked[0].entry == first
    assert [s.score for s in ranked] == sorted(
        (ranking_of(system).score(t) for t in TOTALS.values()), reverse=True)


def test_the_league_standings_are_read_once_under_league_scoring():
    league = rank(ScoringSystem.LEAGUE, TOTALS)
    assert league_ranking(ScoringSystem.LEAGUE, TOTALS, league) is league
    seeger = rank(ScoringSystem.SEEGER_FABIAN, TOTALS)
    assert league_ranking(ScoringSystem.SEEGER_FABIAN, TOTALS, seeger) == rank_league(TOTALS)


def test_only_seeger_fabian_gives_places_and_a_score_of_its_own():
    rules = get_rule_set("nasl-1908")
    league, seeger = ranking_of("league"), ranking_of("seeger-fabian")
    assert not league.prize_places and not league.own_score and not league.foot
    assert seeger.prize_places and seeger.own_score and seeger.foot
    assert schedule(ScoringSystem.LEAGUE, rules, places=5) == schedule(ScoringSystem.LEAGUE,
                                                                       rules)
    assert [s.kind for s in schedule(ScoringSystem.SEEGER_FABIAN, rules, places=2)] == [
        PrizeKind.PLACE, PrizeKind.PLACE]
    assert league.lead == "League: ranked by Points, then Games (won − lost)."
    assert "Score" in seeger.columns and "Score" not in league.columns


def test_a_players_foot_and_the_sheets_foot_go_together():
    # the sheet page (tournament ring) asks the engine's word; the result pages ask the table
    for system in ScoringSystem:
        assert ranking_of(system).foot == system.sheet_foot
    assert ScoringSystem.SEEGER_FABIAN.sheet_foot and not ScoringSystem.LEAGUE.sheet_foot
