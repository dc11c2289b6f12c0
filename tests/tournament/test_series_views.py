"""Organizer series pages and the public seating charts, through the test client."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import new_tournament, register
from tournament.models import AuditEntry, SeatingMethod, SeriesStatus, Tournament
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db


@pytest.fixture
def marta(django_user_model):
    return django_user_model.objects.create_user("marta-series", password="x")


@pytest.fixture
def ten_to_seat(marta):
    """Spring Congress, public: ten players registered and checked in, no series seated."""
    tournament = new_tournament("spring", marta, name="Spring Congress",
                                start_date=datetime.date(2027, 4, 3), public=True)
    register(tournament, [f"First{n} Last{n:02d}" for n in range(1, 11)])
    return tournament


@pytest.fixture
def marta_client(client, marta):
    client.force_login(marta)
    return client


def url(name, tournament, *args):
    return reverse(f"tournament:{name}", args=[tournament.slug, *args])


def test_organizer_draws_publishes_and_the_public_sees_the_chart(marta_client, client, ten_to_seat):
    response = marta_client.post(url("series_seat", ten_to_seat, 1),
                                 {"method": SeatingMethod.DRAW, "seed": "hall-1"}, follow=True)
    assert "seated at 3 tables from seed hall-1" in response.content.decode()
    series = ten_to_seat.series.get(number=1)
    assert series.seed == "hall-1" and series.tables.count() == 3

    # not published: the public gets a 404, the organizer sees a draft banner
    chart = url("chart", ten_to_seat, 1)
    assert marta_client.get(chart).status_code == 200
    marta_client.post(url("series_publish", ten_to_seat, 1))
    series.refresh_from_db()
    assert series.status == SeriesStatus.SEATED

    client.logout()
    page = client.get(chart).content.decode()
    assert 'id="table-3"' in page and "First7 Last07" in page
    where = client.get(url("where", ten_to_seat, 1)).content.decode()
    assert where.index("Last01, First1") < where.index("Last10, First10")


def test_the_public_cannot_see_a_draft_or_a_private_tournament(marta_client, client, ten_to_seat):
    marta_client.post(url("series_seat", ten_to_seat, 1), {"method": "draw", "seed": "x"})
    client.logout()
    assert client.get(url("chart", ten_to_seat, 1)).status_code == 404
    ten_to_seat.public = False
    ten_to_seat.save()
    assert client.get(url("public", ten_to_seat)).status_code == 404


def test_swap_through_the_page_and_the_audit_log_shows_it(marta_client, ten_to_seat):
    marta_client.post(url("series_seat", ten_to_seat, 1), {"method": "draw", "seed": "s"})
    series = ten_to_seat.series.get(number=1)
    layout = plans.snapshot(series)
    a, b = layout[0][0], layout[2][0]
    response = marta_client.post(url("series_swap", ten_to_seat, 1), {"first": a, "second": b},
                                 follow=True)
    assert f"Players {a} and {b} swapped seats." in response.content.decode()
    assert plans.snapshot(series)[0][0] == b
    audit = marta_client.get(url("audit", ten_to_seat)).content.decode()
    assert "Players swapped" in audit and "marta-series" in audit
    assert AuditEntry.objects.filter(tournament=ten_to_seat, action="players_swapped").exists()


def test_a_refused_change_shows_the_reason(marta_client, ten_to_seat):
    marta_client.post(url("series_seat", ten_to_seat, 1), {"method": "draw", "seed": "s"})
    response = marta_client.post(url("series_swap", ten_to_seat, 1), {"first": 3, "second": 99},
                                 follow=True)
    assert "Player number 99 has no seat in series 1." in response.content.decode()


def test_only_organizers_reach_the_series_page(client, django_user_model, ten_to_seat):
    page = url("series", ten_to_seat, 1)
    assert client.get(page).status_code == 302  # to the login page
    stranger = django_user_model.objects.create_user("stranger", password="x")
    client.force_login(stranger)
    assert client.get(page).status_code == 403
    assert client.post(url("series_seat", ten_to_seat, 1), {"method": "draw"}).status_code == 403


def test_create_tournament_with_rule_set_options(marta_client, marta):
    response = marta_client.post(reverse("tournament:create"), {
        "name": "Fall Club Night", "slug": "", "start_date": "2027-10-02", "end_date": "",
        "venue": "Club house", "rule_set": "nasl-1908", "scoring_system": "league",
        "series_count": 2, "deals_per_player": 12, "table_policy": "prefer_four",
        "public": "on", "opt__nasl-1908__contra": "on", "opt__nasl-1908__ramsch": "on",
    })
    tournament = Tournament.objects.get(slug="fall-club-night")
    assert response.status_code == 302
    assert tournament.options == {"contra": True}
    assert tournament.resolved_options["contra"] is True
    assert tournament.organized_by(marta)
    assert list(tournament.series.values_list("number", flat=True)) == [1, 2]


def test_create_refuses_a_bad_option_combination(marta_client):
    response = marta_client.post(reverse("tournament:create"), {
        "name": "Odd", "start_date": "2027-10-02", "rule_set": "nasl-1908",
        "scoring_system": "league", "series_count": 1, "deals_per_player": 12,
        "table_policy": "prefer_four", "opt__nasl-1908__point_ramsch": "on",
    })
    assert response.status_code == 200
    assert "point_ramsch needs ramsch=on" in response.content.decode()
    assert not Tournament.objects.filter(name="Odd").exists()


def test_table_page_names_the_first_dealer(marta_client, ten_to_seat):
    marta_client.post(url("series_seat", ten_to_seat, 1), {"method": "draw", "seed": "d"})
    page = marta_client.get(url("table", ten_to_seat, 1, 1)).content.decode()
    assert "The first deal is dealt by seat 2" in page
    assert "48 deals" in page  # table 1 is a four-table: 4 x 12


def _played(series):
    """Seated, published, and a deal entered at one table: the series is in play."""
    from tests.factories import enter

    plans.publish(series, user=None)
    enter(series.tables.order_by("number").first(), 1)
    series.refresh_from_db()
    assert series.status == SeriesStatus.PLAYING


def test_the_series_page_names_the_pairs_that_meet_again(marta_client, ten_to_seat):
    """Issue 12.14: "1 pair(s) meet again" says who: "A and B met in series 1"."""
    ten_to_seat.entries.filter(number__gt=4).update(checked_in=False)  # one table: all meet again
    first = ten_to_seat.series.get(number=1)
    plans.seat_series(first, SeatingMethod.DRAW, "one", user=None)
    _played(first)
    response = marta_client.post(url("series_seat", ten_to_seat, 2),
                                 {"method": SeatingMethod.RESEAT, "seed": "two"}, follow=True)
    second = ten_to_seat.series.get(number=2)
    assert second.repeat_pairs == 6
    html = response.content.decode()
    together = {}
    for seat in first.seats.select_related("entry"):
        together.setdefault(seat.table_id, []).append(seat.entry.name)
    pair = sorted(next(iter(together.values()))[:2])
    assert f"{pair[0]} and {pair[1]} met in series 1" in html  # in the message and the list
    assert html.count("met in series 1") >= 2 * second.repeat_pairs
    assert "pair(s)" not in html


def test_a_series_in_play_shows_no_empty_publish_panel(marta_client, ten_to_seat):
    series = ten_to_seat.series.get(number=1)
    plans.seat_series(series, SeatingMethod.DRAW, "one", user=None)
    html = marta_client.get(url("series", ten_to_seat, 1)).content.decode()
    assert "<h2>Publish</h2>" in html  # a draft: publish it
    _played(series)
    html = marta_client.get(url("series", ten_to_seat, 1)).content.decode()
    assert "<h2>Publish</h2>" not in html and 'class="panel"' not in html
    assert "play has started, so the plan is fixed" in html


def test_where_do_i_sit_flows_in_columns_on_a_projector_one_on_a_phone(client, ten_to_seat):
    from pathlib import Path

    from django.contrib.staticfiles import finders

    series = ten_to_seat.series.get(number=1)
    plans.seat_series(series, SeatingMethod.DRAW, "one", user=None)
    plans.publish(series, user=None)
    html = client.get(url("where", ten_to_seat, 1)).content.decode()
    assert html.count("<li data-key=") == 10
    assert '<ol class="where-list" id="where" data-live>' in html
    css = Path(finders.find("css/site.css")).read_text()
    wide = css[css.index("@media (min-width: 64rem)"):]
    assert "body.projector .where-list { columns:" in wide
