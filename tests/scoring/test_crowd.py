"""No visitor can starve the room (issue 18, point 11): the public's big pages and PDFs are
made once per results version, an anonymous page asks for at most what a phone shows, and an
address that asks for too much hears 429 with Retry-After while deal entry and login answer."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from printing import results as printed
from scoring.release import services as releases
from tests.factories import release
from tests.sheets import solo_post, u
from tournament import crowd
from tournament.models import Deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def released_demo(played_demo):
    """The played demo with series 1 released."""
    tournament, boss = played_demo
    release(tournament.series.get(number=1), boss)
    return played_demo


@pytest.fixture
def made(monkeypatch):
    """How often the standings PDF was drawn."""
    calls = []
    real = printed.write_standings

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(printed, "write_standings", counted)
    return calls


def pdf_bytes(response) -> bytes:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


def test_the_public_standings_pdf_is_drawn_once_per_results_version(released_demo, made, client):
    tournament, boss = released_demo
    url = reverse("printing:standings_pdf", args=[tournament.slug])
    first = pdf_bytes(client.get(url))
    assert pdf_bytes(Client().get(url)) == first  # another visitor: the same file, kept
    assert len(made) == 1
    # a deal at a table of series 3 (being played) leaves the public's results alone
    table = tournament.series.get(number=3).tables.exclude(sheet_status="submitted").first()
    entered = Client().post(u("deal_add", table.token), solo_post(table, table.deals.count() + 1))
    assert entered.status_code == 302
    pdf_bytes(client.get(url))
    assert len(made) == 1
    # a release changes them: drawn anew, with series 2 in it
    releases.release_series(tournament.series.get(number=2), boss)
    assert pdf_bytes(client.get(url)) != first
    assert len(made) == 2
    # the staff's copy counts every series: never the public's kept file
    staff = Client()
    staff.force_login(boss)
    pdf_bytes(staff.get(url))
    pdf_bytes(staff.get(url))
    assert len(made) == 4


def test_a_kept_standings_page_costs_two_queries_and_shows_a_release_at_once(released_demo,
                                                                              client):
    tournament, boss = released_demo
    url = reverse("scoring:standings", args=[tournament.slug])
    first = client.get(url)
    assert "Series 1 of 3 counted" in first.content.decode()
    with CaptureQueriesContext(connection) as queries:
        again = Client().get(url)
    # the tournament and the latest change that reaches the public (a series reopened for a
    # correction is such a change: the public then counts it no more)
    assert len(queries) == 2
    assert again.content == first.content
    releases.release_series(tournament.series.get(number=2), boss)
    assert "Series 1 and 2 of 3 counted" in client.get(url).content.decode()


def test_an_anonymous_page_shows_at_most_what_a_phone_needs(released_demo, client):
    tournament, boss = released_demo
    url = reverse("scoring:standings", args=[tournament.slug])
    asked = client.get(url, {"per_page": 500})
    assert asked.context["table"].paginator.per_page == crowd.PUBLIC_MAX_PER_PAGE == 150
    staff = Client()
    staff.force_login(boss)
    assert staff.get(url, {"per_page": 500}).context["table"].paginator.per_page == 500


def test_an_address_that_asks_too_much_waits_and_the_room_goes_on(released_demo, settings,
                                                                  monkeypatch):
    tournament, boss = released_demo
    settings.PUBLIC_BUDGET = 20  # two computed pages a minute
    monkeypatch.setattr(crowd, "now", lambda: 6_000_000 + 42.5)  # 17.5 s before a new minute
    flood = Client(REMOTE_ADDR="203.0.113.7")
    standings = reverse("scoring:standings", args=[tournament.slug])
    assert flood.get(standings, {"page": 1}).status_code == 200  # 10 spent
    assert flood.get(standings, {"page": 2}).status_code == 200  # 20 spent: the budget
    refused = flood.get(standings, {"page": 3})
    assert refused.status_code == 429
    assert refused["Retry-After"] == "18"
    assert "Try again in 18 seconds" in refused.content.decode()
    assert flood.get(reverse("printing:prizes_pdf", args=[tournament.slug])).status_code == 429
    # another address reads on; the phones enter deals and the staff log in from the same one
    assert Client(REMOTE_ADDR="198.51.100.4").get(standings, {"page": 1}).status_code == 200
    table = tournament.series.get(number=3).tables.exclude(sheet_status="submitted").first()
    deals = Deal.objects.filter(table=table).count()
    phone = Client(REMOTE_ADDR="203.0.113.7")
    saved = phone.post(u("deal_add", table.token), solo_post(table, deals + 1))
    assert saved.status_code == 302 and Deal.objects.filter(table=table).count() == deals + 1
    login = Client(REMOTE_ADDR="203.0.113.7")
    assert login.post(reverse("login"), {"username": "boss", "password": "boss-pw-1908"}
                      ).status_code == 302
    assert login.get(standings, {"page": 3}).status_code == 200  # the staff are not counted
    # the next minute, the address may read again
    monkeypatch.setattr(crowd, "now", lambda: 6_000_000 + 60.5)
    assert flood.get(standings, {"page": 3}).status_code == 200


def test_behind_a_proxy_each_visitor_has_his_own_budget(released_demo, settings, monkeypatch):
    tournament, _ = released_demo
    settings.PROXY_COUNT, settings.PUBLIC_BUDGET = 1, 10
    monkeypatch.setattr(crowd, "now", lambda: 6_000_000.0)
    nginx = {"REMOTE_ADDR": "127.0.0.1"}
    standings = reverse("scoring:standings", args=[tournament.slug])
    one = Client(HTTP_X_FORWARDED_FOR="203.0.113.7", **nginx)
    other = Client(HTTP_X_FORWARDED_FOR="198.51.100.4", **nginx)
    assert one.get(standings, {"page": 1}).status_code == 200
    assert one.get(standings, {"page": 2}).status_code == 429
    assert other.get(standings, {"page": 2}).status_code == 200
    # a forged left part is the client's own: it buys no second budget
    forged = Client(HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.7", **nginx)
    assert forged.get(standings, {"page": 3}).status_code == 429


def test_a_page_with_the_visitors_own_message_is_not_kept_for_others(released_demo, client):
    tournament, _ = released_demo
    url = reverse("scoring:standings", args=[tournament.slug])
    marked = Client()
    marked.cookies["messages"] = "whatever the visitor's last page left"
    marked.get(url)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    assert len(queries) > 2  # computed again: nothing was kept from the marked visitor


def test_while_one_request_makes_a_page_the_others_are_asked_to_come_back(released_demo, client,
                                                                          monkeypatch):
    tournament, _ = released_demo
    url = reverse("printing:standings_pdf", args=[tournament.slug])
    making = {}

    def another_visitor_asks(*args, **kwargs):
        making["answer"] = Client().get(url)
        return real(*args, **kwargs)

    real = printed.write_standings
    monkeypatch.setattr(printed, "write_standings", another_visitor_asks)
    pdf_bytes(client.get(url))
    waiting = making["answer"]
    assert (waiting.status_code, waiting["Retry-After"]) == (503, "3")
    assert '<meta http-equiv="refresh" content="3">' in waiting.content.decode()
    pdf_bytes(Client().get(url))  # and then the copy is there


def test_a_query_the_sites_links_never_make_is_answered_but_not_kept(released_demo, client):
    tournament, _ = released_demo
    url = reverse("scoring:standings", args=[tournament.slug])
    client.get(url, {"v": "123"})
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url, {"v": "123"}).status_code == 200
    assert len(queries) > 2  # made again
    client.get(url, {"page": "1", "sort": "name"})
    with CaptureQueriesContext(connection) as queries:
        Client().get(url, {"sort": "name", "page": "1"})  # the same page, kept
    assert len(queries) == 2


def test_one_page_at_a_time_is_made_for_the_public_whatever_the_addresses(released_demo, client,
                                                                          monkeypatch):
    tournament, boss = released_demo
    standings = reverse("scoring:standings", args=[tournament.slug])
    pdf = reverse("printing:standings_pdf", args=[tournament.slug])
    client.get(standings)  # kept before
    answers = {}

    def others_ask_meanwhile(*args, **kwargs):
        answers["made"] = Client(REMOTE_ADDR="198.51.100.9").get(standings, {"page": 2})
        answers["kept"] = Client(REMOTE_ADDR="198.51.100.9").get(standings)
        staff = Client()
        staff.force_login(boss)
        answers["staff"] = staff.get(standings, {"page": 2})
        return real(*args, **kwargs)

    real = printed.write_standings
    monkeypatch.setattr(printed, "write_standings", others_ask_meanwhile)
    pdf_bytes(Client(REMOTE_ADDR="203.0.113.7").get(pdf))
    waiting = answers["made"]
    assert (waiting.status_code, waiting["Retry-After"]) == (503, "3")
    assert "Many visitors are reading the results right now" in waiting.content.decode()
    assert answers["kept"].status_code == answers["staff"].status_code == 200
    # the place is free again: the page is made now
    assert Client(REMOTE_ADDR="198.51.100.9").get(standings, {"page": 2}).status_code == 200
