"""Issue 21, done when: the API's standings equal the HTML standings for every scope of the
demo (overall and each series), for the public and for the organizer."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from api import tokens
from tests.api.conftest import bearer
from tests.factories import release
from tournament.demo import build_demo_congress

pytestmark = pytest.mark.django_db

FIELDS = ("place", "rank", "tied", "number", "name", "club", "points", "won", "lost", "games",
          "score")


@pytest.fixture
def released_demo(django_user_model, settings):
    """The demo congress at 30 players: series 1 released, series 2 confirmed, series 3 in
    play; its organizer ``boss``."""
    settings.PUBLIC_BUDGET = 0  # the test reads every page of both audiences at once
    tournament = build_demo_congress(players=30, checked_in=28, with_deals=True)
    boss = django_user_model.objects.create_user("boss", password="boss-pw-1908")
    tournament.organizers.add(boss)
    release(tournament.series.get(number=1))
    return tournament, boss


def _html_rows(client: Client, slug: str, number: int | None) -> list[dict]:
    url = (reverse("scoring:standings", args=[slug]) if number is None
           else reverse("scoring:series_standings", args=[slug, number]))
    response = client.get(url)
    assert response.status_code == 200
    return [{f: getattr(row, f) for f in FIELDS} for row in response.context["table"].data.data]


def _api_rows(client: Client, slug: str, number: int | None, **headers) -> list[dict]:
    url = (reverse("api:standings", args=[slug]) if number is None
           else reverse("api:series_standings", args=[slug, number]))
    answer = client.get(url + "?page_size=500", **headers)
    assert answer.status_code == 200
    return answer.json()["items"]


def test_api_standings_equal_the_html_standings_for_every_scope(released_demo):
    tournament, boss = released_demo
    token = tokens.create_token(boss, "club site").secret
    organizer, public = Client(), Client()
    organizer.force_login(boss)
    seen = {}
    for number in (None, 1, 2, 3):
        public_rows = _html_rows(public, tournament.slug, number)
        assert _api_rows(Client(), tournament.slug, number) == public_rows
        staff_rows = _html_rows(organizer, tournament.slug, number)
        assert _api_rows(Client(), tournament.slug, number, **bearer(token)) == staff_rows
        assert _api_rows(organizer, tournament.slug, number) == staff_rows
        seen[number] = (public_rows, staff_rows)
    # what differs between them is the unreleased series: the public's are empty
    assert seen[1][0] == seen[1][1] and len(seen[1][0]) >= 27
    assert seen[2][0] == seen[3][0] == [] and seen[2][1] and seen[3][1]
    assert seen[None][0] == seen[1][0] != seen[None][1]
