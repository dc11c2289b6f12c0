"""The projector (live/projector.py, live/views/projector.py): a public page that shows the
hall only what the public may see, reads its settings from the address with every bad value
falling back, polls cheaply, and reads the room in a bounded number of queries."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import (
    add_entries,
    club_night,
    confirm_series,
    enter,
    new_tournament,
    play,
    release,
    seat,
)
from tournament import crowd

pytestmark = pytest.mark.django_db

EVERY_SLIDE = "?slides=standings&slides=series&slides=seats&slides=progress&slides=prizes"


def projector(tournament) -> str:
    return reverse("live:projector", args=[tournament.slug])


def slides(response) -> list[str]:
    """The keys of the page's slides, in order."""
    return re.findall(r'data-slide="([^"]+)"', response.content.decode())


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_public_sees_released_results_and_published_seating_only(room):
    """Series 1 released, series 2 in play (provisional standings off): the hall sees the
    standings of series 1, who sits where in series 2, no progress and no prizes; the
    organizer's PC shows the same unless he asks for the staff's view."""
    night, boss, table = room
    url = projector(night) + EVERY_SLIDE
    public = Client().get(url)
    assert public.status_code == 200
    keys = slides(public)
    assert "standings-0-0" in keys and "series-1-0" in keys  # series 1's, the latest released
    assert "seats-2-0" in keys
    assert not any(k.startswith(("series-2", "progress", "prizes")) for k in keys)
    page = public.content.decode()
    assert "Standings of series 2" not in page and "Provisional" not in page
    seated = table.seats.order_by("position").first().entry
    assert seated.last_name in page  # "Where do I sit?" of the published series 2
    # the organizer's PC in the hall: the public's view, unless he asks for his own
    organizer = logged_in(boss)
    assert slides(organizer.get(url)) == keys
    staff = slides(organizer.get(url + "&audience=staff"))
    assert "series-2-0" in staff and "progress-2" in staff


def test_a_draft_plan_and_an_unreleased_prize_list_stay_off_the_screen(boss):
    night = club_night(boss, series_count=2, deals_per_player=1)
    release(confirm_series(night.series.get(number=1)), boss)
    draft = seat(night.series.get(number=2), "draft", user=boss, publish=False)
    assert draft.is_draft
    keys = slides(Client().get(projector(night) + EVERY_SLIDE))
    assert "seats-1-0" in keys and not any(k.startswith("seats-2") for k in keys)
    assert not any(k.startswith("prizes") for k in keys)  # series 2 is not released
    # every series released: the prize list joins the slides
    seat(draft, "draft", user=boss)
    release(confirm_series(night.series.get(number=2)), boss)
    assert any(k.startswith("prizes") for k in slides(Client().get(projector(night)
                                                                     + EVERY_SLIDE)))


def test_names_are_shown_as_published(boss):
    night = club_night(boss, deals_per_player=1)
    night.publication = "initial"
    night.save()
    release(confirm_series(night.series.get(number=1)), boss)
    public = Client().get(projector(night)).content.decode()
    assert "Becker" not in public and "Anna B." in public  # the standings show "Anna B."
    staff = logged_in(boss).get(projector(night) + "?audience=staff").content.decode()
    assert "Anna Becker" in staff


def test_the_series_in_play_shows_where_the_organizer_switched_provisional_standings_on(room):
    night, boss, table = room
    night.provisional_public = True
    night.save()
    response = Client().get(projector(night) + EVERY_SLIDE)
    keys = slides(response)
    assert "series-2-0" in keys and "progress-2" in keys
    assert "Provisional" in response.content.decode()
    assert not any(k.startswith("prizes") for k in keys)  # prizes: released series only


def test_a_private_tournament_is_a_404_for_the_public(boss):
    night = club_night(boss, public=False)
    assert Client().get(projector(night)).status_code == 404
    assert logged_in(boss).get(projector(night)).status_code == 200


def test_a_tournament_with_nothing_to_show_says_so():
    tournament = new_tournament("empty-hall", public=True)
    response = Client().get(projector(tournament))
    assert response.status_code == 200
    assert slides(response) == ["welcome"]


@pytest.mark.parametrize("query", [
    "?seconds=abc&theme=purple&series=99&places=-1&slides=nonsense&audience=root&x=1",
    "?seconds=1&places=100000",
    "?seconds=" + "9" * 5000,
    "?seconds=%D9%A3%D9%A0&series=%00",  # Arabic-Indic digits, a NUL
    "?slides=",
    "?theme=dark&seconds=15",  # the defaults, spelled out
])
def test_bad_or_default_values_fall_back_to_the_defaults(room, query):
    night, boss, table = room
    url = projector(night)
    response = Client().get(url + query)
    assert response.status_code == 302 and response["Location"] == url
    shown = Client().get(response["Location"])
    assert shown.status_code == 200
    assert 'data-seconds="15"' in shown.content.decode()
    assert "projector-dark" in shown.content.decode()


def test_good_values_are_kept_in_their_own_order(room):
    night, boss, table = room
    url = projector(night)
    asked = Client().get(url + "?theme=light&seconds=20&slides=seats&series=1")
    assert asked.status_code == 302
    assert asked["Location"] == url + "?slides=seats&seconds=20&theme=light&series=1"
    shown = Client().get(asked["Location"])
    page = shown.content.decode()
    assert 'data-seconds="20"' in page and "projector-light" in page
    assert slides(shown) == ["seats-1-0"]  # the series asked for, not the latest


def test_a_hall_pc_polling_stays_well_within_its_budget(room, monkeypatch):
    """A PC polling every 10 s for a minute while every poll finds a new deal (the worst:
    provisional standings move with each) spends a fifth of the budget; an unchanged room
    costs it one unit a poll."""
    night, boss, table = room
    night.provisional_public = True
    night.save()
    moment = 7_000_000.0
    monkeypatch.setattr(crowd, "now", lambda: moment)
    address = "198.51.100.24"
    hall = Client(REMOTE_ADDR=address)
    url = projector(night)
    etag = hall.get(url)["ETag"]
    tables = list(table.series.tables.order_by("number"))
    for poll in range(5):
        play(tables[poll % 2])  # a deal at one table or the other (three left at each)
        answer = hall.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_X_LIVE="1")
        assert answer.status_code == 200 and answer["ETag"] != etag
        etag = answer["ETag"]
    spent = crowd.kept_answers().get(crowd._budget_key(address, int(moment // crowd.WINDOW)))
    assert spent == 6 * crowd.Cost.PAGE and spent <= crowd.BUDGET / 5
    assert hall.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_X_LIVE="1").status_code == 304
    spent_then = crowd.kept_answers().get(
        crowd._budget_key(address, int(moment // crowd.WINDOW)))
    assert spent_then == spent + crowd.Cost.CHECKED
    # a second PC in the hall gets the copy the first one made
    other = "198.51.100.25"
    assert Client(REMOTE_ADDR=other).get(url).status_code == 200
    assert crowd.kept_answers().get(
        crowd._budget_key(other, int(moment // crowd.WINDOW))) == crowd.Cost.KEPT


def _played_room(boss, slug: str, players: int):
    """``players`` seated in series 1 (released) and series 2 (a few deals at each table),
    provisional standings on: every slide has something to show."""
    tournament = new_tournament(slug, boss, public=True, series_count=2, deals_per_player=1,
                                provisional_public=True)
    add_entries(tournament, players)
    release(confirm_series(seat(tournament.series.get(number=1), "one")), boss)
    second = seat(tournament.series.get(number=2), "two")
    for table in second.tables.all():
        enter(table, 1)
    return tournament


def _queries(url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url).status_code == 200
    return len(queries)


def test_the_query_count_does_not_grow_with_the_room(boss):
    """Two tables or ten, the projector's every slide in the same number of queries (a
    congress series of 1,050 tables too)."""
    small = _played_room(boss, "small-hall", 7)
    large = _played_room(boss, "large-hall", 40)
    assert large.series.get(number=2).tables.count() >= 10
    few = _queries(projector(small) + EVERY_SLIDE)
    many = _queries(projector(large) + EVERY_SLIDE)
    assert few == many, (few, many)
    assert many <= 40


def test_the_organizers_form_builds_the_address(room, django_user_model):
    night, boss, table = room
    form = reverse("live:projector_form", args=[night.slug])
    page = logged_in(boss).get(form + "?seconds=20&theme=light&places=x&show=1")
    text = page.content.decode()
    assert page.status_code == 200
    assert f"/t/{night.slug}/projector/?seconds=20&amp;theme=light" in text
    assert f'formaction="{projector(night)}"' in text
    assert "Places of the standings: Enter a whole number. The default is used." in text
    assert Client().get(form).status_code == 302  # to the login
    stranger = logged_in(django_user_model.objects.create_user("gast", password="x-pw-4711"))
    assert stranger.get(form).status_code == 403


def test_a_comparative_tournament_shows_its_matchpoint_standings():
    """Comparative Skat ranks by the mean percentage per deck: the projector's standings are
    the comparative page's (decks, matchpoints, %), not the classic points."""
    from tests.scoring.test_comparative_pages import build
    from tests.scoring.test_comparative_pages import release as release_series

    tournament, series = build(slug="projector-comparative")
    release_series(series)
    page = Client().get(projector(tournament) + "?slides=standings").content.decode()
    assert "Matchpoints" in page and "Games" not in page
    # the best mean percentage first (table 3's E: 100 %), printed as the page prints it
    first = re.search(r'<tbody>\s*<tr[^>]*>(.*?)</tr>', page, re.S).group(1)
    assert "100.00" in first and ">1<" in first
