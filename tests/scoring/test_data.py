"""Loading a congress for scoring: the same totals as the score sheets, in a fixed number of
queries whatever its size."""

import pytest

from scoring.prizes import LEAGUE_SCHEDULE, award_prizes
from scoring.results.loaders import load_results
from scoring.results.scope import Scope
from scoring.standings import league_standings, seeger_fabian_standings
from tournament.demo import build_demo_congress
from tournament.models import Seat, SheetStatus
from tournament.sheets import services as deals

pytestmark = pytest.mark.django_db


def sheet_totals_by_entry(tournament):
    """Each player's Points summed from the score sheets of every table he sat at."""
    totals = {}
    for series in tournament.series.all():
        for table in series.tables.all():
            sheet = deals.load_sheet(deals.table_info(table))
            for seat in Seat.objects.filter(table=table):
                totals[seat.entry_id] = (totals.get(seat.entry_id, 0)
                                         + sheet.totals[seat.position - 1])
    return totals


def test_league_points_equal_the_score_sheets():
    tournament = build_demo_congress(with_deals=True)
    results = load_results(Scope(tournament))
    standings = league_standings(results.deals, results.penalties, results.played)
    by_entry = {s.entry: s.points for s in standings}
    sheets = sheet_totals_by_entry(tournament)
    assert {e: p for e, p in by_entry.items() if e in sheets} == sheets
    assert results.provisional  # series 3 is still being played


def test_confirmed_only_counts_confirmed_sheets():
    tournament = build_demo_congress(with_deals=True)
    everything = load_results(Scope(tournament))
    confirmed = load_results(Scope(tournament, confirmed_only=True))
    assert not confirmed.provisional
    third = {d.table for d in everything.deals if d.series == 3}
    assert third and not any(d.table in third for d in confirmed.deals)
    assert all(t.sheet_status == SheetStatus.CONFIRMED for s in tournament.series.all()
               for t in s.tables.all() if s.number < 3)


@pytest.mark.parametrize("players", [30, 62])
def test_standings_and_prizes_in_a_fixed_number_of_queries(players,
                                                           django_assert_max_num_queries):
    tournament = build_demo_congress(players=players, checked_in=players - 3, with_deals=True)
    with django_assert_max_num_queries(4):
        results = load_results(Scope(tournament))
    league = league_standings(results.deals, results.penalties, results.played)
    seeger = seeger_fabian_standings(results.deals, results.penalties, results.played)
    prizes = award_prizes(LEAGUE_SCHEDULE, league, results.deals)
    assert len(league) == len(seeger) >= players - 3
    assert {s.entry for s in league} == results.played  # the others did not play
    assert results.did_not_play and not set(results.did_not_play) & results.played
    assert [p.number for p in prizes] == [1, 2, 3, 4, 5, 6, 7]
    assert any("series" in p.reason for p in prizes if p.number == 6 and not p.unawarded)
