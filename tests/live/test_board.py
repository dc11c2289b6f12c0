"""The director's board (live/board.py): every table of a series with its state, the slowest
first, each linking to its sheet; the expected end from the pace; for the tournament's staff
only; the same few queries for a club night as for a hall of tables."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from live.board import State, board
from tests.api.conftest import deal_body, post_deal
from tests.factories import SOLO_WON, add_entries, enter, finish, new_tournament, play, seat
from tournament.models import Deal
from tournament.sheets import services as sheets

pytestmark = pytest.mark.django_db


def board_url(tournament, number: int = 2) -> str:
    return reverse("live:board", args=[tournament.slug, number])


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_board_is_the_staffs(room, django_user_model):
    night, boss, table = room
    url = board_url(night)
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and reverse("login") in anonymous["Location"]
    stranger = django_user_model.objects.create_user("stranger", password="x-pw-0815")
    assert logged_in(stranger).get(url).status_code == 403
    helper = django_user_model.objects.create_user("helper", password="x-pw-0815")
    night.assistants.add(helper)
    assert logged_in(helper).get(url).status_code == 200  # assistants keep the sheets
    assert logged_in(boss).get(url).status_code == 200


def table_order(content: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr [^>]*data-table="(\d+)"', content)]


def test_every_table_with_its_state_the_slowest_first(room):
    night, boss, table = room
    second = night.series.get(number=2)
    other = second.tables.exclude(pk=table.pk).get()
    organizer = logged_in(boss)
    page = organizer.get(board_url(night)).content.decode()
    # the table not started before the one that entered a deal; each links to its sheet
    assert table_order(page) == [other.number, table.number]
    assert reverse("tournament:sheet", args=[table.token]) in page
    assert "not started" in page and "playing" in page
    assert f"1 of {table.seats.count()}" in page  # one player deals once
    assert "Expected end about" in page
    finish(other)  # every deal, submitted and confirmed
    page = organizer.get(board_url(night)).content.decode()
    assert table_order(page) == [table.number, other.number]
    assert "confirmed" in page
    # reopened by the organizer: the table's submission is withdrawn, its correction waits
    sheets.reopen_sheet(other, boss, released_ok=True)
    found = board(second)
    assert [(r.number, r.state) for r in found.rows] == [(other.number, State.CORRECTION),
                                                         (table.number, State.PLAYING)]
    assert found.rows[0].since is not None
    assert "correction waiting" in organizer.get(board_url(night)).content.decode()


def test_the_board_sorts_and_links_its_pages(room):
    night, boss, table = room
    page = logged_in(boss).get(board_url(night), {"sort": "number"}).content.decode()
    assert table_order(page) == sorted(table_order(page))
    assert "?sort=-number" in page  # the column sorts the other way next


def test_the_expected_end_follows_the_pace(room):
    night, boss, table = room
    second = night.series.get(number=2)
    other = second.tables.exclude(pk=table.pk).get()
    enter(other, 2)
    # the first deal entered 20 minutes ago: three deals at two tables in 20 minutes
    started = timezone.now() - datetime.timedelta(minutes=20)
    Deal.objects.filter(table=table).update(created_at=started)
    now = timezone.now()
    found = board(second, now=now)
    assert found.pace.deals == 3 and found.pace.tables == 2
    assert found.pace.per_table == pytest.approx(3 / 2 / 20, rel=0.01)
    slowest_left = max(r.deals - r.played for r in found.rows)
    expected = now + datetime.timedelta(minutes=slowest_left / found.pace.per_table)
    assert abs((found.pace.end - expected).total_seconds()) < 1
    assert "Expected end about" in found.pace.words and "deals a minute" in found.pace.how


def test_a_board_answers_304_until_a_deal_is_entered(room):
    night, boss, table = room
    organizer = logged_in(boss)
    first = organizer.get(board_url(night))
    assert 'id="live-board" data-live' in first.content.decode()
    poll = {"HTTP_X_LIVE": "1", "HTTP_IF_NONE_MATCH": first["ETag"]}
    assert organizer.get(board_url(night), **poll).status_code == 304
    play(table)
    again = organizer.get(board_url(night), **poll)
    assert again.status_code == 200 and "2 of" in again.content.decode()


def test_a_deal_refused_to_a_phone_shows_on_the_board_until_one_is_stored(room):
    """A phone's outbox sent a deal the engine refused: the director sees that table, with
    the phone's reason, before the playing ones; a deal stored settles it. The refusal moves
    no version, yet the board's poll hears of it."""
    night, boss, table = room
    organizer = logged_in(boss)
    first = organizer.get(board_url(night))
    poll = {"HTTP_X_LIVE": "1", "HTTP_IF_NONE_MATCH": first["ETag"]}
    wrong = deal_body(table, record={**SOLO_WON, "card_points": 95, "tricks": 0})
    assert post_deal(Client(), table, wrong).status_code == 422
    again = organizer.get(board_url(night), **poll)
    assert again.status_code == 200
    page = again.content.decode()
    assert "a deal refused" in page and "Tricks" in page
    assert table_order(page)[0] == table.number
    assert board(night.series.get(number=2)).count(State.REFUSED) == 1
    stored = deal_body(table)
    assert post_deal(Client(), table, stored).status_code == 201
    assert board(night.series.get(number=2)).count(State.REFUSED) == 0
    # the same deal sent again (its answer was lost): the phone drops it, the board too
    assert post_deal(Client(), table, stored).json()["rule"] == "same_deal"
    assert board(night.series.get(number=2)).count(State.REFUSED) == 0


def test_a_stalled_rooms_board_is_made_again_each_minute(room, monkeypatch):
    """Nothing entered for minutes: the expected end moves with the clock, so the poll's
    ETag does too (else the board would keep its first guess)."""
    import time

    from tournament import live

    night, boss, table = room
    organizer = logged_in(boss)
    clock = [6_000_000.0]
    monkeypatch.setattr(live, "clock", lambda: clock[0])
    first = organizer.get(board_url(night))
    poll = {"HTTP_X_LIVE": "1", "HTTP_IF_NONE_MATCH": first["ETag"]}
    clock[0] += 30
    assert organizer.get(board_url(night), **poll).status_code == 304
    clock[0] += 60
    assert organizer.get(board_url(night), **poll).status_code == 200
    assert time.time() != clock[0]  # only the live module's clock was set


def test_the_board_is_linked_from_the_series_page_and_the_menu(room):
    night, boss, table = room
    organizer = logged_in(boss)
    series_page = organizer.get(reverse("tournament:series", args=[night.slug, 2]))
    assert board_url(night) in series_page.content.decode()
    dashboard = organizer.get(reverse("tournament:dashboard", args=[night.slug]))
    assert board_url(night) in dashboard.content.decode()
    assert board_url(night, 1) in dashboard.content.decode()


def hall(boss, players: int):
    tournament = new_tournament(f"hall-{players}", boss, deals_per_player=1, series_count=1)
    add_entries(tournament, players)
    series = seat(tournament.series.get(number=1), "hall", user=boss)
    for table in series.tables.order_by("number")[:3]:
        play(table)
    return tournament


def test_the_queries_do_not_grow_with_the_room(boss, django_assert_max_num_queries):
    """A congress series has 1,050 tables: the board reads them in the same few queries as
    a club night's two, and pages them."""
    small, large = hall(boss, 8), hall(boss, 160)
    assert large.series.get(number=1).tables.count() == 40
    organizer = logged_in(boss)
    organizer.get(board_url(small, 1))  # the session and the user read once
    for tournament in (small, large):
        # 12: the session, the user, the tournament and its version, the board's five
        # (tables, seats, deals, the phones' refusals), its ETag's newest request, the page
        with django_assert_max_num_queries(12):
            page = organizer.get(board_url(tournament, 1), {"per_page": 25})
        assert page.status_code == 200
    assert len(table_order(page.content.decode())) == 25
