"""Issue 18, points 1 and 18 in a browser, on a desktop and a 390×844 phone: the organizer
checks in a late arrival after the draw, Publish names him, he takes the free seat of the
three-table, the series is published and his table's link (the same link) shows him; a link
a re-draw replaced and a page an assistant may not open answer pages that say what happened
and what to do."""

import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import fits, screenshot
from tests.factories import add_entry
from tournament.models import SeatingMethod, SeriesStatus, TablePolicy, Tournament
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def late_night(organizer_user):
    """Eleven players drawn at two four-tables and a three-table (a draft); Hans Spät is
    registered but not checked in yet."""
    tournament = Tournament.objects.create(name="Late Night", slug="late-night",
                                           start_date=datetime.date(2027, 5, 1), public=True,
                                           series_count=1, deals_per_player=2)
    tournament.organizers.add(organizer_user)
    for n in range(1, 12):
        add_entry(tournament, n, f"First{n}", f"Last{n:02d}")
    add_entry(tournament, 12, "Hans", "Spät", checked_in=False)
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "late", user=None)
    return series


def kind_of(viewport) -> str:
    return "phone" if viewport["width"] < 500 else "desktop"


def test_the_organizer_seats_a_late_arrival_and_his_link_shows_him(organizer_page, late_night,
                                                                   viewport):
    page = organizer_page
    page.set_viewport_size(viewport)
    kind = kind_of(viewport)
    three = next(t for t in late_night.tables.all() if t.seats.count() == 3)
    link = three.token

    # the door: he arrives after the draw
    page.goto("/organize/late-night/door/")
    page.fill("#id_q", "spat")
    page.get_by_role("button", name="Find").click()
    page.locator("tr", has_text="Spät, Hans").get_by_role("button", name="Check in").first \
        .click()
    expect(page.locator(".messages")).to_contain_text(
        "12 Hans Spät is checked in. Series 1 is drawn without them")

    # the series page names him; Publish refuses while he has no seat
    page.goto("/organize/late-night/series/1/")
    expect(page.locator(".warning", has_text="no seat")).to_contain_text("12 Hans Spät")
    page.get_by_role("button", name="Publish series 1").click()
    expect(page.locator(".messages .error")).to_contain_text("no seat: 12 Hans Spät")
    late_night.refresh_from_db()
    assert late_night.status == SeriesStatus.DRAFT
    fits(page)
    screenshot(page, f"late-arrival-named-{kind}")

    # he takes the free seat of the three-table
    panel = page.locator("#late-arrivals")
    panel.get_by_label("Late arrival").select_option("12")
    panel.get_by_label("at table").select_option(str(three.number))
    panel.get_by_role("button", name="Seat the late arrival").click()
    expect(page.locator(".messages")).to_contain_text(
        f"Player 12 is seated at table {three.number}")
    card = page.locator(f"#table-{three.number}")
    expect(card).to_contain_text("4 players")
    expect(card.locator("li").nth(3)).to_contain_text("Hans Spät")
    expect(page.locator("#late-arrivals")).to_have_count(0)
    fits(page)
    screenshot(page, f"late-arrival-seated-{kind}")

    page.get_by_role("button", name="Publish series 1").click()
    expect(page.locator(".messages")).to_contain_text("Series 1 is published")

    # his table's link is the one printed before, and its sheet shows him at seat 4
    three.refresh_from_db()
    assert three.token == link
    page.goto(f"/s/{link}/")
    expect(page.locator("body")).to_contain_text("Hans Spät")
    fits(page)
    screenshot(page, f"late-arrival-sheet-{kind}")


def test_a_replaced_link_and_a_refusal_say_what_happened(browser, live_server, client,
                                                         django_user_model, organizer_user,
                                                         viewport):
    kind = kind_of(viewport)
    tournament = Tournament.objects.create(name="Redraw Night", slug="redraw-night",
                                           start_date=datetime.date(2027, 5, 1),
                                           series_count=1, table_policy=TablePolicy.THREE_ONLY)
    tournament.organizers.add(organizer_user)
    for n in range(1, 13):
        add_entry(tournament, n, f"First{n}", f"Last{n:02d}")
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "four tables", user=None)
    old = series.tables.get(number=4).token  # its card is printed, then two players leave
    tournament.entries.filter(number__gt=9).update(checked_in=False)
    plans.seat_series(series, SeatingMethod.DRAW, "three tables", user=None)
    plans.publish(series, None)
    ida = django_user_model.objects.create_user("ida", password="secret-ida")
    tournament.assistants.add(ida)

    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    context.set_default_timeout(15_000)
    page = context.new_page()
    response = page.goto(f"/s/{old}/")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "This table link was replaced")
    expect(page.locator(".what-happened")).to_contain_text(
        "This table link was replaced by a new draw; ask the director")
    expect(page.get_by_role("heading", name="What to do")).to_be_visible()
    fits(page)
    screenshot(page, f"error-404-replaced-link-{kind}")

    client.force_login(ida)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    response = page.goto("/organize/redraw-night/series/1/")
    assert response.status == 403
    expect(page.locator(".what-happened")).to_have_text(
        "Only an organizer of this tournament can do this.")
    expect(page.locator("body")).to_contain_text("Staff")
    fits(page)
    screenshot(page, f"error-403-assistant-{kind}")
    context.close()
