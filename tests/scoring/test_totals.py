"""Standings summed by the database and prizes asked only for their candidates: the same
results as the pure functions over every deal, in queries that do not grow with the deals."""

import pytest

from engine import PenaltyReason
from scoring.awards.loaders import load_prize_deals
from scoring.prizes import (
    LEAGUE_SCHEDULE,
    PrizeKind,
    PrizeSpec,
    award,
    award_prizes,
    players_in_line,
)
from scoring.ranking import rank, standings
from scoring.results import services as result_services
from scoring.results.loaders import load_results, load_totals
from scoring.results.scope import Scope
from scoring.standings import (
    NOT_GAMES,
    ScoringSystem,
    league_standings,
)
from tournament.demo import build_demo_congress
from tournament.models import Deal, Penalty, Seat, SeriesStatus, Table

pytestmark = pytest.mark.django_db

SPECS = (*LEAGUE_SCHEDULE,
         PrizeSpec(8, "Most Grands", PrizeKind.COUNT_WON, games=frozenset({"grand"}),
                   label="Grands"),
         PrizeSpec(9, "Third highest game", PrizeKind.HIGHEST_GAME, place=3),
         PrizeSpec(10, "Most Nulls", PrizeKind.COUNT_WON,
                   games=frozenset({"null", "null_ouvert"}), label="Nulls"))


@pytest.fixture
def demo_with_misdeal():
    """The demo congress at 62 players (59 checked in), a misdeal charged at series 1."""
    tournament = build_demo_congress(players=62, checked_in=59, with_deals=True)
    table = Table.objects.filter(series__tournament=tournament, series__number=1).first()
    Penalty.objects.create(table=table, after_deal=3, seat=2, reason=PenaltyReason.MISDEAL,
                           points=25)
    return tournament


def from_the_records(tournament):
    """Each player's Points from the score sheets' JSON records, and his games won and lost,
    without the scoring columns: what the database's sums must equal."""
    seats = {}
    for table_id, position, entry in Seat.objects.filter(
            series__tournament=tournament).values_list("table_id", "position", "entry_id"):
        seats.setdefault(table_id, {})[position] = entry
    points, won, lost = {}, {}, {}
    for deal in Deal.objects.filter(table__series__tournament=tournament):
        at = seats[deal.table_id]
        mover = deal.declarer if deal.declarer is not None else deal.record.get("loser")
        if mover is not None:
            points[at[mover]] = points.get(at[mover], 0) + deal.value
        if deal.declarer is not None and deal.record["game"] not in NOT_GAMES:
            tally = won if deal.outcome["won"] else lost
            tally[at[deal.declarer]] = tally.get(at[deal.declarer], 0) + 1
    for table_id, seat, charge in Penalty.objects.filter(
            table__series__tournament=tournament).values_list("table_id", "seat", "points"):
        entry = seats[table_id][seat]
        points[entry] = points.get(entry, 0) - charge
    return points, won, lost


def test_the_database_sums_what_the_records_say(demo_with_misdeal):
    comp = result_services.compute(demo_with_misdeal)
    points, won, lost = from_the_records(demo_with_misdeal)
    assert len(comp.standings) >= 59
    for s in comp.standings:
        assert (s.points, s.won, s.lost) == (points.get(s.entry, 0), won.get(s.entry, 0),
                                             lost.get(s.entry, 0))
    assert any(s.points < 0 for s in comp.standings)  # the penalty and lost games counted


@pytest.mark.parametrize("system", list(ScoringSystem))
@pytest.mark.parametrize("series, released_only, confirmed_only", [
    (None, False, False), (None, True, False), (None, False, True), (1, False, False),
    (3, False, False), (2, True, True)])
def test_every_scope_ranks_as_the_deals_do(demo_with_misdeal, system, series, released_only,
                                           confirmed_only):
    demo_with_misdeal.series.filter(number=1).update(status=SeriesStatus.RELEASED)
    totals = load_totals(Scope(demo_with_misdeal, confirmed_only, series, released_only))
    results = load_results(Scope(demo_with_misdeal, confirmed_only, series, released_only))
    expected = standings(system, results.deals, results.penalties, results.played)
    assert rank(system, totals.tallies) == expected
    assert (totals.played, totals.provisional, totals.did_not_play) == (
        results.played, results.provisional, results.did_not_play)


@pytest.mark.parametrize("one_prize_per_player", [True, False])
def test_prizes_read_only_their_candidates_and_award_as_from_every_deal(
        demo_with_misdeal, one_prize_per_player):
    results = load_results(Scope(demo_with_misdeal))
    league = league_standings(results.deals, results.penalties, results.played)
    scope = Scope(demo_with_misdeal)
    points = {s.entry: s.points for s in league}
    facts = load_prize_deals(scope, SPECS, load_totals(scope, SPECS).bests, points)
    everything = award_prizes(SPECS, league, results.deals, one_prize_per_player)
    assert award(SPECS, league, facts, one_prize_per_player) == everything
    won = [d for d in results.deals if d.is_game and d.won]
    # the highest games of the players who can be in line, and the games against matadors
    assert len(won) > 4 * len(facts.games) and len({d.declarer for d in facts.games}) >= (
        players_in_line(SPECS))
    grands = sum(1 for d in won if d.game == "grand")
    assert sum(facts.counts[frozenset({"grand"})].values()) == grands > 0
    lots = {p.number: p.candidates[-1] for p in everything if p.tie}
    assert award(SPECS, league, facts, one_prize_per_player, lots) == award_prizes(
        SPECS, league, results.deals, one_prize_per_player, lots)


@pytest.mark.parametrize("players", [30, 62])
def test_totals_and_prize_deals_in_a_fixed_number_of_queries(players,
                                                            django_assert_max_num_queries):
    tournament = build_demo_congress(players=players, checked_in=players - 3, with_deals=True)
    with django_assert_max_num_queries(4):
        totals = load_totals(Scope(tournament), SPECS)
    with django_assert_max_num_queries(2):  # the games of the candidates' tables, their seats
        load_prize_deals(Scope(tournament), SPECS, totals.bests, {})


def test_a_players_page_reads_only_the_tables_he_sat_at(demo_with_misdeal,
                                                        django_assert_max_num_queries):
    entry = Seat.objects.filter(series__tournament=demo_with_misdeal).values_list(
        "entry_id", flat=True).first()
    everything = load_results(Scope(demo_with_misdeal))
    with django_assert_max_num_queries(3):  # his seats' tables, their deals, their penalties
        his = load_results(Scope(demo_with_misdeal, entry=entry))
    tables = set(Seat.objects.filter(entry_id=entry).values_list("table_id", flat=True))
    assert {d.table for d in his.deals} == tables and len(his.deals) < len(everything.deals) / 5
    assert [d for d in everything.deals if d.table in tables] == list(his.deals)
