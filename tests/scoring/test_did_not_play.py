"""Players who never sat at a counted table are not ranked: they are listed apart as "did not
play", in standings, clubs and prizes alike."""

import datetime

import pytest
from django.urls import reverse

from scoring.awards import services as awards
from scoring.models import CustomPrize
from scoring.results import services as results
from scoring.settings import services as results_settings
from tests.factories import add_entry
from tournament.demo import build_demo_congress
from tournament.models import Club, Entry, SeatingMethod, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm

pytestmark = pytest.mark.django_db


def play(table, seats, declarer, card_points):
    """A Grand with 1 for ``declarer`` (an entry number): won with 61 or more card points."""
    info = deals.table_info(table)
    form = DealForm(info, table.deals.count() + 1,
                    {"game": "grand", "declarer": seats[declarer], "matadors": 1,
                     "card_points": card_points, "version": table.sheet_version})
    assert form.is_valid(), form.errors
    deals.add_deal(table, form.input, table.sheet_version, "x")
    table.refresh_from_db()


@pytest.fixture
def dora_never_seated():
    """Anna and Bert win a Grand each, Carl loses one; Dora registered but never sat down.
    Carl and Dora play for the same club."""
    tournament = Tournament.objects.create(name="Club Night", slug="club-night", public=True,
                                           start_date=datetime.date(2027, 9, 4))
    club = Club.objects.create(name="Pik As")
    series = plans.ensure_series(tournament)[0]
    for n, first in enumerate(["Anna", "Bert", "Carl"], start=1):
        add_entry(tournament, n, first, "Night", club=club if first == "Carl" else None)
    plans.seat_series(series, SeatingMethod.DRAW, "night", user=None)
    plans.publish(series, user=None)
    table = series.tables.get()
    seats = {s.entry.number: s.position for s in table.seats.select_related("entry")}
    play(table, seats, 1, 70)
    play(table, seats, 2, 70)
    play(table, seats, 3, 40)
    dora = add_entry(tournament, 4, "Dora", "Night", club=club)
    return tournament, dora


def test_a_player_who_never_sat_is_not_ranked(dora_never_seated):
    tournament, dora = dora_never_seated
    comp = results.compute(tournament)
    assert dora.id not in {s.entry for s in comp.standings}
    assert dora.id not in {s.entry for s in comp.league}
    assert comp.did_not_play == (dora.id,)
    # Carl lost his game: he is last, not below a player with 0 who never played.
    assert [comp.player(s.entry).name for s in comp.standings][-1] == "Carl Night"
    assert comp.standings[-1].rank == 3


def test_the_standings_page_lists_him_apart(client, django_user_model, dora_never_seated):
    tournament, _ = dora_never_seated
    boss = django_user_model.objects.create_user("boss")
    tournament.organizers.add(boss)
    # The public sees no released series yet: nobody is ranked, so nobody is set apart.
    public = client.get(reverse("scoring:standings", args=[tournament.slug])).content.decode()
    assert "Did not play" not in public
    client.force_login(boss)
    page = client.get(reverse("scoring:standings", args=[tournament.slug])).content.decode()
    table, after = page.split("</table>", 1)
    assert "Dora Night" not in table and "Night, Dora" not in table
    assert "Did not play: Dora Night." in after
    clubs = client.get(reverse("scoring:clubs", args=[tournament.slug])).content.decode()
    assert "Did not play: Dora Night." in clubs
    prizes = client.get(reverse("scoring:prizes", args=[tournament.slug])).content.decode()
    assert "Did not play: Dora Night." in prizes
    player = client.get(reverse("scoring:player", args=[tournament.slug, 4])).content.decode()
    assert "Did not play: not ranked." in player


def test_he_is_never_a_prize_candidate(dora_never_seated):
    tournament, dora = dora_never_seated
    CustomPrize.objects.create(tournament=tournament, number=8, title="Booby",
                               kind="LOWEST_POINTS")
    CustomPrize.objects.create(tournament=tournament, number=9, title="Second lowest",
                               kind="LOWEST_POINTS", place=2)
    prizes = awards.prizes(results.compute(tournament))
    assert not any(dora.id in p.candidates for p in prizes)
    booby = next(p for p in prizes if p.number == 8)
    assert booby.winners == (Entry.objects.get(tournament=tournament, number=3).id,)


def test_a_clubs_best_players_are_drawn_from_those_who_played(dora_never_seated):
    tournament, dora = dora_never_seated
    settings = results_settings.scoring_settings(tournament)
    settings.club_best = 1
    settings.save()
    comp = results.compute(tournament)
    (club,) = results.clubs(comp)
    carl = Entry.objects.get(tournament=tournament, number=3).id
    assert club.members == club.counted == (carl,)
    assert club.score == next(s.score for s in comp.standings if s.entry == carl) < 0


def test_a_seated_player_with_no_points_did_play(dora_never_seated):
    tournament, dora = dora_never_seated
    series = tournament.series.get(number=2)
    dora_alone = Entry.objects.filter(tournament=tournament).exclude(id=dora.id)
    dora_alone.update(checked_in=False)  # Dora and two newcomers sit at series 2's table
    for n, first in ((5, "Emil"), (6, "Frieda")):
        add_entry(tournament, n, first, "Night")
    plans.seat_series(series, SeatingMethod.DRAW, "two", user=None)
    assert results.compute(tournament).did_not_play == (dora.id, *[
        e.id for e in Entry.objects.filter(tournament=tournament, number__in=(5, 6))
        .order_by("number")])  # a drawn plan is a draft: nobody has sat down yet
    plans.publish(series, user=None)
    comp = results.compute(tournament)
    assert comp.did_not_play == ()
    assert {s.entry: s.points for s in comp.standings}[dora.id] == 0
    assert results.compute(tournament, series=1).did_not_play == tuple(
        Entry.objects.filter(tournament=tournament, number__in=(4, 5, 6))
        .order_by("id").values_list("id", flat=True))


def test_the_demo_congress_ranks_only_seated_players():
    tournament = build_demo_congress(with_deals=True)
    comp = results.compute(tournament)
    seated = set(tournament.series.get(number=1).seats.values_list("entry_id", flat=True))
    ranked = {s.entry for s in comp.standings}
    assert ranked and ranked >= seated
    assert set(comp.did_not_play) == set(comp.results.entries) - ranked
    assert comp.did_not_play  # three players never checked in
