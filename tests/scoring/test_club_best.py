"""Issue 18, point 12: the club ranking's "best N" is at least 1 (the form says so on its
field), and a 0 kept from before never fails the club standings, page or PDF."""

import pytest
from django.urls import reverse

from scoring import cache
from scoring.models import ScoringSettings
from scoring.settings import services as results_settings
from tests.scoring.test_did_not_play import dora_never_seated  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(client, django_user_model, dora_never_seated):  # noqa: F811
    tournament, _ = dora_never_seated
    user = django_user_model.objects.create_user("boss-best")
    tournament.organizers.add(user)
    client.force_login(user)
    return tournament


def test_best_zero_is_refused_on_its_field(client, boss):
    page = reverse("scoring:results_admin", args=[boss.slug])
    response = client.post(page, {"settings-club_best": "0",
                                  "settings-count_unconfirmed": "on"})
    assert response.status_code == 200
    assert response.context["form"].errors["club_best"] == [
        "Clubs count their best: at least 1 player; leave it empty to count every player."]
    assert "Clubs count their best: at least 1 player" in response.content.decode()
    assert results_settings.scoring_settings(boss).club_best is None
    # 1 is the fewest, and saved
    client.post(page, {"settings-club_best": "1", "settings-count_unconfirmed": "on"})
    assert ScoringSettings.objects.get(tournament=boss).club_best == 1


def test_a_zero_kept_from_before_counts_every_player(client, boss):
    ScoringSettings.objects.create(tournament=boss)
    assert ScoringSettings.objects.filter(tournament=boss).update(club_best=0) == 1
    cache.forget_recent()
    for name in ("scoring:clubs", "printing:club_standings_pdf"):
        response = client.get(reverse(name, args=[boss.slug]))
        assert response.status_code == 200, name
    html = client.get(reverse("scoring:clubs", args=[boss.slug])).content.decode()
    assert "best 0" not in html and "The sum of each club&#x27;s players&#x27; scores" in html


def test_reading_the_settings_writes_nothing(client, boss):
    settings = results_settings.scoring_settings(boss)
    assert settings.pk is None and settings.club_best is None
    for name in ("scoring:standings", "scoring:clubs", "scoring:prizes", "scoring:results_admin"):
        assert client.get(reverse(name, args=[boss.slug])).status_code == 200, name
    assert not ScoringSettings.objects.filter(tournament=boss).exists()
    # the form's save stores them
    client.post(reverse("scoring:results_admin", args=[boss.slug]),
                {"settings-club_best": "2", "settings-count_unconfirmed": "on"})
    assert ScoringSettings.objects.get(tournament=boss).club_best == 2
