"""The result pages: standings, clubs, teams, prizes, a player's deals, release and lots."""

import datetime
import re

import pytest
from django.urls import reverse

from scoring import refusals
from scoring.awards import services as awards
from scoring.models import PrizeLot, Team
from scoring.release import services as releases
from scoring.results import services as results
from scoring.results.loaders import load_results
from scoring.results.scope import Scope
from tests.factories import add_entry
from tournament.demo import build_demo_congress
from tournament.models import Entry, SeatingMethod, SeriesStatus, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(django_user_model):
    tournament = build_demo_congress(with_deals=True)
    boss = django_user_model.objects.create_user("boss")
    tournament.organizers.add(boss)
    return tournament, boss


def url(name, tournament, *args):
    return reverse(f"scoring:{name}", args=[tournament.slug, *args])


def test_organizer_sees_provisional_standings_sorted_and_filtered(client, demo):
    tournament, boss = demo
    client.force_login(boss)
    page = client.get(url("standings", tournament)).content.decode()
    assert "Provisional" in page  # series 3 is being played and counts
    places = [int(p) for p in re.findall(r'<tr[^>]*>\s*<td class="num">(\d+)=?</td>', page)]
    assert len(places) == 50  # one page
    assert places == sorted(places)
    by_points = client.get(url("standings", tournament) + "?sort=-points").content.decode()
    comp = results.compute(tournament)
    best = max(comp.standings, key=lambda s: s.points)
    assert by_points.index(comp.player(best.entry).sort_name) < by_points.index("</tbody>")
    club = comp.player(best.entry).club_id
    filtered = client.get(url("standings", tournament) + f"?club={club}").content.decode()
    members = [p for p in comp.players.values() if p.club_id == club]
    others = [p for p in comp.players.values() if p.club_id != club]
    assert all(m.sort_name in filtered for m in members if m.entry in
               {s.entry for s in comp.standings})
    assert not any(o.sort_name in filtered for o in others)


def test_the_public_sees_only_released_series(client, demo):
    tournament, boss = demo
    page = client.get(url("standings", tournament)).content.decode()
    assert "Nothing is released yet" in page
    releases.release_series(tournament.series.get(number=1), boss)
    page = client.get(url("standings", tournament)).content.decode()
    assert "Nothing is released yet" not in page and "Provisional" not in page
    released = load_results(Scope(tournament, released_only=True))
    assert {d.series for d in released.deals} == {1}
    assert client.get(url("series_standings", tournament, 3)).status_code == 200
    assert "Series 3" not in client.get(url("standings", tournament)).content.decode().split(
        "</nav>")[0]


def test_release_needs_a_confirmed_series(demo):
    tournament, boss = demo
    with pytest.raises(refusals.ScoringError, match="every sheet is confirmed"):
        releases.release_series(tournament.series.get(number=3), boss)
    releases.release_series(tournament.series.get(number=2), boss)
    assert tournament.series.get(number=2).status == SeriesStatus.RELEASED


def test_prizes_page_names_winners_and_reasons(client, demo):
    tournament, boss = demo
    client.force_login(boss)
    page = client.get(url("prizes", tournament)).content.decode()
    assert page.count('class="prize') >= 7
    assert "Points" in page and "series" in page  # a game prize cites its deal


def test_player_page_lists_his_deals(client, demo):
    tournament, boss = demo
    client.force_login(boss)
    comp = results.compute(tournament)
    entry = comp.standings[0].entry
    number = comp.player(entry).number
    page = client.get(url("player", tournament, number)).content.decode()
    played = [d for d in load_results(Scope(tournament)).deals
              if d.declarer == entry or entry in d.entries]
    assert page.count("<tr") - 1 == min(len(played), 50)


def test_club_and_team_standings(client, demo):
    tournament, boss = demo
    client.force_login(boss)
    entries = list(Entry.objects.filter(tournament=tournament).order_by("number")[:2])
    team = Team.objects.create(tournament=tournament, name="Die Asse")
    team.members.set(entries)
    assert "Milwaukee Skat Club" in client.get(url("clubs", tournament)).content.decode()
    assert "Die Asse" in client.get(url("teams", tournament)).content.decode()


@pytest.mark.parametrize("players", [24, 62])
def test_pages_use_a_fixed_number_of_queries(client, django_user_model, players,
                                             django_assert_max_num_queries):
    tournament = build_demo_congress(players=players, checked_in=players - 2, with_deals=True)
    boss = django_user_model.objects.create_user("q")
    tournament.organizers.add(boss)
    client.force_login(boss)
    for name in ("standings", "prizes", "clubs"):
        with django_assert_max_num_queries(18):  # computed: totals summed by the database
            assert client.get(url(name, tournament)).status_code == 200
    for name in ("standings", "prizes", "clubs", "teams"):
        with django_assert_max_num_queries(10):  # from the cache: the page's own queries
            assert client.get(url(name, tournament)).status_code == 200


def tied_tournament(rule_set="nasl-1908"):
    """Three players; Anna and Bert each win one Grand with 1: a tie for the 1st prize."""
    tournament = Tournament.objects.create(name="Tie Night", slug="tie-night", public=True,
                                           start_date=datetime.date(2027, 9, 4),
                                           rule_set=rule_set)
    series = plans.ensure_series(tournament)[0]
    for n, first in enumerate(["Anna", "Bert", "Carl"], start=1):
        add_entry(tournament, n, first, "Tie")
    plans.seat_series(series, SeatingMethod.DRAW, "tie", user=None)
    plans.publish(series, user=None)
    table = series.tables.get()
    seats = {s.entry.number: s.position for s in table.seats.select_related("entry")}
    for number, player in ((1, 1), (2, 2)):
        info = deals.table_info(table)
        form = DealForm(info, number, {"game": "grand", "declarer": seats[player],
                                       "matadors": 1, "card_points": 70, "version": 0})
        assert form.is_valid(), form.errors
        table.refresh_from_db()
        deals.add_deal(table, form.input, table.sheet_version, "x")
    return tournament


def test_a_tie_is_shown_and_settled_by_a_recorded_lot(client, django_user_model):
    tournament = tied_tournament()
    boss = django_user_model.objects.create_user("lot")
    tournament.organizers.add(boss)
    client.force_login(boss)
    page = client.get(url("prizes", tournament)).content.decode()
    assert "to be settled by lot" in page
    response = client.post(reverse("scoring:lot", args=[tournament.slug]),
                           {"prize": 1, "winner": 2, "note": "cut, high card"}, follow=True)
    assert "The lot for prize 1 is recorded." in response.content.decode()
    assert PrizeLot.objects.get(tournament=tournament, prize_number=1).winner.number == 2
    first = awards.prizes(results.compute(tournament))[0]
    assert first.by_lot and first.winners == (Entry.objects.get(
        tournament=tournament, number=2).id,)
    with pytest.raises(refusals.ScoringError, match="not among the players tied"):
        awards.record_lot(tournament, 1, 3, boss)


def test_hertefelds_grando_is_named_on_the_prize_and_player_pages(client, django_user_model):
    tournament = tied_tournament("hertefeld")
    boss = django_user_model.objects.create_user("grando")
    tournament.organizers.add(boss)
    client.force_login(boss)
    prizes = client.get(url("prizes", tournament)).content.decode()
    assert "Grando with 1, won" in prizes and "Grand with" not in prizes
    player = client.get(url("player", tournament, 1)).content.decode()
    assert "Grando with 1, won" in player and "Grand with" not in player


def test_a_players_page_adds_up_to_the_standings_penalties_included(client, demo):
    """Issue 12.4: the page lists every entry that moved the player's Points, penalties with
    their series, table and reason, and the rows sum to the standings' Points."""
    from tournament.models import Penalty, Seat

    tournament, boss = demo
    for number in (1, 2):
        releases.release_series(tournament.series.get(number=number), boss)
    fined = Penalty.objects.filter(table__series__tournament=tournament,
                                   table__series__number__lte=2).select_related("table")
    assert fined, "the demo's seed fines somebody in series 1 or 2"
    comp = results.compute(tournament, released_only=True)
    points = {s.entry: s.points for s in comp.standings}
    for penalty in fined:
        entry = Seat.objects.get(table=penalty.table, position=penalty.seat).entry
        page = client.get(url("player", tournament, entry.number)).content.decode()
        table = page[page.index('<table class="data deals">'):page.index("</table>")]
        cells = re.findall(r"<td[^>]*>\s*([+-]\d+)\s*</td>", table)
        assert sum(int(c) for c in cells) == points[entry.id]
        assert f"<td >{penalty.table.series.number} / {penalty.table.number}</td>" in table
        assert "Penalty: misdeal" in table and f"-{penalty.points}" in cells
        total = re.search(r'id="player-total">Total: <strong[^>]*>([+-]\d+)</strong>', page)
        assert total and int(total.group(1)) == points[entry.id]
