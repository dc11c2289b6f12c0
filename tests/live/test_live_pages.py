"""Pages that update themselves (tournament/live.py, static/js/live.js): a poll of an unchanged
room is a 304 after one indexed query, a change is a 200 with a new ETag; the ETag is the
audience's and the language's; a 304 costs an anonymous address little."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import play
from tournament import crowd

pytestmark = pytest.mark.django_db


def standings(tournament) -> str:
    return reverse("scoring:standings", args=[tournament.slug])


def stamped_etag(response) -> str:
    """The ETag the page's stamp carries for live.js (the first poll is then a 304)."""
    found = re.search(r'data-live-etag="([^"]+)"', response.content.decode())
    assert found, "the page has no live stamp"
    return found.group(1).replace("&quot;", '"')


def test_an_unchanged_room_answers_304_and_a_deal_a_new_page(room, settings):
    night, boss, table = room
    night.provisional_public = True
    night.save()
    url = standings(night)
    first = Client().get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert stamped_etag(first) == etag
    assert 'id="live-standings" data-live' in first.content.decode()
    with CaptureQueriesContext(connection) as queries:
        unchanged = Client().get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and unchanged["ETag"] == etag
    assert unchanged.content == b""
    # the tournament, and the latest change of its data (one indexed query)
    assert len(queries) == 2, [q["sql"] for q in queries.captured_queries]
    # a reload (the browser's own revalidation, not live.js's poll) gets the page
    assert Client().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200
    play(table)  # a deal at a table of series 2, in play
    changed = Client().get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert Client().get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 304


def test_a_deal_leaves_the_publics_released_standings_unchanged(room):
    """Without provisional standings the public's page reads released series only: a deal in
    play moves none of it, and the poll stays a 304."""
    night, boss, table = room
    url = standings(night)
    etag = Client().get(url)["ETag"]
    play(table)
    assert Client().get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=etag).status_code == 304
    staff = Client()
    staff.force_login(boss)
    staff_etag = staff.get(url)["ETag"]
    play(table)
    # the staff's page moves
    assert staff.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=staff_etag).status_code == 200


def test_the_etag_is_the_languages_and_the_audiences(room, django_user_model):
    night, boss, table = room
    url = standings(night)
    english = Client().get(url)
    german = Client().get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert '<html lang="de">' in german.content.decode()
    assert english["ETag"] != german["ETag"]
    # the English copy's ETag is no 304 for a German reader, nor for the organizer
    assert Client().get(url, HTTP_ACCEPT_LANGUAGE="de",
                        HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
    staff = Client()
    staff.force_login(boss)
    organizer = staff.get(url)
    assert organizer["ETag"] != english["ETag"]
    assert staff.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
    assert "private" in organizer["Cache-Control"] and "no-cache" in organizer["Cache-Control"]
    assert english["Cache-Control"] == "public, max-age=1"  # the proxy's micro-cache
    # another account (not staff) reads the public's results, under its own ETag
    reader = Client()
    reader.force_login(django_user_model.objects.create_user("reader", password="x-pw-0815"))
    assert reader.get(url)["ETag"] not in (english["ETag"], organizer["ETag"])
    # the switch gives the public another page, and another ETag
    night.provisional_public = True
    night.save()
    assert Client().get(url)["ETag"] != english["ETag"]


def test_only_a_page_any_anonymous_reader_gets_alike_is_kept_by_the_proxy(room, settings):
    """``Cache-Control: public`` for the proxy's micro-cache (docs/deployment.md) only where
    the page is the same for every anonymous reader: not a logged-in reader's, not one that
    carries a visitor's message, and no-cache when the setting is 0. ``X-Live-Read`` says
    when the room was read, before the page was made."""
    import time

    night, boss, table = room
    url = standings(night)
    before = time.time()
    shared = Client().get(url)
    assert shared["Cache-Control"] == "public, max-age=1"
    assert before <= float(shared["X-Live-Read"]) <= time.time()
    with_session = Client()
    with_session.cookies["sessionid"] = "a-visitor-with-a-session"
    assert with_session.get(url)["Cache-Control"] == "no-cache"
    staff = Client()
    staff.force_login(boss)
    assert staff.get(url)["Cache-Control"] == "private, no-cache"
    settings.LIVE_SHARED = 0
    assert Client().get(url)["Cache-Control"] == "no-cache"


def test_a_304_costs_the_address_little(room, settings, monkeypatch):
    """A phone that polls every 10 s for a minute spends a fraction of its budget."""
    night, boss, table = room
    night.provisional_public = True
    night.save()
    moment = 6_000_000.0
    monkeypatch.setattr(crowd, "now", lambda: moment)
    address = "203.0.113.9"
    phone = Client(REMOTE_ADDR=address)
    url = standings(night)
    etag = phone.get(url)["ETag"]  # made for him: Cost.PAGE
    for _ in range(5):  # the other five polls of the minute
        assert phone.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=etag).status_code == 304
    window = int(moment // crowd.WINDOW)
    spent = crowd.kept_answers().get(crowd._budget_key(address, window))
    assert spent == crowd.Cost.PAGE + 5 * crowd.Cost.CHECKED
    assert crowd.Cost.CHECKED <= crowd.Cost.KEPT and spent < crowd.BUDGET / 10
    # a spent budget is a wait for a 304 as for a page
    settings.PUBLIC_BUDGET = spent
    waited = phone.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=etag)
    assert waited.status_code == 429 and waited["Retry-After"]


def test_the_player_page_and_the_tournament_page_update_too(room):
    night, boss, table = room
    night.provisional_public = True
    night.save()
    entry = table.seats.order_by("position").first().entry
    for url in (reverse("scoring:player", args=[night.slug, entry.number]),
                reverse("tournament:public", args=[night.slug])):
        page = Client().get(url)
        assert page.status_code == 200
        assert re.search(r'id="live-[a-z]+" data-live', page.content.decode())
        etag = page["ETag"]
        assert Client().get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=etag).status_code == 304
        play(table)
        assert Client().get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_tournament_page_in_play_is_made_once_a_change_and_never_charged(room, settings,
                                                                             monkeypatch):
    """With provisional standings on, every change is a new tournament page for its
    followers: one is made, the others read that copy, and no address pays for it."""
    night, boss, table = room
    night.provisional_public = True
    night.save()
    monkeypatch.setattr(crowd, "now", lambda: 6_000_000.0)
    url = reverse("tournament:public", args=[night.slug])
    play(table)
    first = Client(REMOTE_ADDR="203.0.113.10").get(url)
    with CaptureQueriesContext(connection) as queries:
        second = Client(REMOTE_ADDR="203.0.113.11").get(url)
    assert first.status_code == second.status_code == 200
    assert second.content == first.content
    # the tournament, the version: the page itself is the kept copy
    assert len(queries) == 2, [q["sql"] for q in queries.captured_queries]
    window = int(6_000_000.0 // crowd.WINDOW)
    assert crowd.kept_answers().get(crowd._budget_key("203.0.113.11", window)) is None
    # every slot for making the public's pages taken: the standings wait, this page does not
    monkeypatch.setattr(crowd, "_maker_slot", lambda store: None)
    play(table)
    assert Client().get(url).status_code == 200
    assert Client().get(standings(night)).status_code == 503


def test_the_organizers_sheets_page_updates_by_itself(room):
    night, boss, table = room
    staff = Client()
    staff.force_login(boss)
    url = reverse("tournament:series_sheets", args=[night.slug, 2])
    page = staff.get(url)
    assert 'id="live-sheets" data-live' in page.content.decode()
    assert staff.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304
    play(table)
    again = staff.get(url, HTTP_X_LIVE="1", HTTP_IF_NONE_MATCH=page["ETag"])
    assert again.status_code == 200 and "2 of 4" in again.content.decode()


def test_the_stamp_carries_the_polling_interval(room, settings):
    night, boss, table = room
    settings.LIVE_EVERY = 0.5
    body = Client().get(standings(night)).content.decode()
    assert re.search(r'data-live-stamp data-live-every="0.5"', body)
    assert "js/live" in body


def test_a_live_poll_waits_briefly_for_the_copy_another_worker_is_making(monkeypatch):
    """A change moved the version and one worker is making the public's page: a live poll
    takes that copy as soon as it is kept (not "come back in 3 s"); a plain visit and a
    copy that never comes still get the wait page."""
    import threading

    from django.core.cache import caches
    from django.test import RequestFactory

    from tournament import crowd

    store = caches["default"]
    monkeypatch.setattr(crowd, "LIVE_WAIT", 0.3)
    poll = RequestFactory().get("/t/x/standings/", HTTP_X_LIVE="1")
    threading.Timer(0.1, lambda: store.set("page-being-made", "the copy")).start()
    assert crowd._copy_soon(poll, store, "page-being-made") == "the copy"
    plain = RequestFactory().get("/t/x/standings/")
    assert crowd._copy_soon(plain, store, "page-being-made") is None
    assert crowd._copy_soon(poll, store, "a-page-nobody-makes") is None
