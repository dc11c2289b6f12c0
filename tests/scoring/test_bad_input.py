"""Hostile and out-of-range input on the result pages and the organizer's results forms."""

import datetime

import pytest
from django.urls import reverse

from scoring.models import CustomPrize, ScoringSettings, Team
from tournament.models import Entry, Player, Tournament

pytestmark = pytest.mark.django_db

INT_MAX, SMALL_MAX = 2147483647, 32767
HUGE = "9" * 400


@pytest.fixture
def cup(django_user_model):
    boss = django_user_model.objects.create_user("boss-bad-input")
    tournament = Tournament.objects.create(name="Cup", slug="cup-bad-input", public=True,
                                           start_date=datetime.date(2027, 5, 1))
    tournament.organizers.add(boss)
    for n in range(1, 5):
        Entry.objects.create(tournament=tournament, number=n, first_name=f"P{n}", last_name="X",
                             player=Player.objects.create(first_name=f"P{n}", last_name="X"))
    return tournament, boss


def url(name, tournament, *args):
    return reverse(f"scoring:{name}", args=[tournament.slug, *args])


@pytest.mark.parametrize("params", [
    {"per_page": "-1"}, {"per_page": HUGE}, {"per_page": "0"}, {"page": "-3"},
    {"page": HUGE}, {"per_page": "²"}, {"sort": "nonsense"}, {"sort": "-"}, {"club": HUGE},
    {"club": "\x00"},
])
@pytest.mark.parametrize("page", ["standings", "clubs", "teams", "prizes", "player"])
def test_the_public_result_pages_ignore_bad_display_parameters(client, cup, page, params):
    tournament, _ = cup
    args = (1,) if page == "player" else ()
    response = client.get(url(page, tournament, *args), params)
    assert response.status_code == 200
    if "table" in response.context and "per_page" in params:
        assert response.context["table"].paginator.per_page == 50


@pytest.mark.parametrize("members", [f"1, {INT_MAX + 1}", f"1, {HUGE}", "1, ²", "1, -2"])
def test_team_members_beyond_the_database_are_refused(client, cup, members):
    tournament, boss = cup
    client.force_login(boss)
    response = client.post(url("add_team", tournament),
                           {"team-name": "Tandem", "team-members": members}, follow=True)
    assert response.status_code == 200
    assert "Write participant numbers (1 to" in response.content.decode()
    assert not Team.objects.exists()


def test_team_members_are_numbers(client, cup):
    tournament, boss = cup
    client.force_login(boss)
    client.post(url("add_team", tournament), {"team-name": "Tandem", "team-members": "1; 2"})
    assert sorted(Team.objects.get().members.values_list("number", flat=True)) == [1, 2]


@pytest.mark.parametrize("number", [str(SMALL_MAX + 1), HUGE])
def test_a_prize_number_beyond_the_database_is_refused(client, cup, number):
    tournament, boss = cup
    client.force_login(boss)
    response = client.post(url("add_prize", tournament), {
        "prize-number": number, "prize-title": "Extra", "prize-kind": "MOST_GAMES",
        "prize-place": "1"}, follow=True)
    assert f"less than or equal to {SMALL_MAX}" in response.content.decode()
    assert not CustomPrize.objects.exists()


def test_a_club_best_beyond_the_database_is_refused(client, cup):
    tournament, boss = cup
    client.force_login(boss)
    response = client.post(url("results_admin", tournament), {
        "settings-club_best": str(SMALL_MAX + 1), "settings-count_unconfirmed": "on"})
    assert f"less than or equal to {SMALL_MAX}" in response.content.decode()
    assert not ScoringSettings.objects.filter(club_best__gt=SMALL_MAX).exists()


@pytest.mark.parametrize("value", [str(INT_MAX + 1), HUGE])
def test_a_lot_beyond_the_database_is_refused(client, cup, value):
    tournament, boss = cup
    client.force_login(boss)
    response = client.post(url("lot", tournament), {"prize": "1", "winner": value},
                           follow=True)
    assert response.status_code == 200
    assert "Enter the number of the player drawn." in response.content.decode()
