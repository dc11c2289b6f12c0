"""Issue 12, point 1: a first-time organizer finds the way from the home page to a seated
first series by links and buttons alone (no typed addresses but the home page), on a desktop
and on a 390×844 phone, and no page on the way scrolls sideways."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS_CSV = """first name;last name;club
Anna;Becker;Pik As
August;Brandt;Pik As
Bertha;Fischer;Germania
Carl;Hartmann;Germania
Clara;Hoffmann;Concordia
Ernst;Jung;Concordia
Emma;Keller;Pik As
Franz;Koch;Germania
"""

# the elements that reach past the right edge, for the failure message
WIDEST = """w => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > w)
  .slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id + ' '
                        + Math.round(e.getBoundingClientRect().right))"""

VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def fits(page, width: int) -> None:
    """The page does not scroll sideways at this width."""
    page.wait_for_load_state()
    scroll = page.evaluate("document.documentElement.scrollWidth")
    if scroll > width:
        screenshot(page, "way-in-too-wide")
        wide = page.evaluate(WIDEST, width)
        pytest.fail(f"{page.url} is {scroll}px wide at {width}px: {wide}")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_a_first_time_organizer_seats_series_1_from_the_home_page(browser, live_server,
                                                                  organizer_user, device):
    viewport = VIEWPORTS[device]
    width = viewport["width"]
    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    context.set_default_timeout(15_000)
    page = context.new_page()

    # the home page: no jargon, a way to log in
    page.goto("/")
    expect(page.locator("main")).not_to_contain_text("seed")
    expect(page.locator("main")).not_to_contain_text("RULINGS")
    fits(page, width)
    page.get_by_role("link", name="Organizer login").click()
    page.fill("#id_username", "marta")
    page.fill("#id_password", "secret-marta")
    page.get_by_role("button", name="Log in").click()
    expect(page).not_to_have_url(re.compile("/admin/"))
    expect(page.get_by_role("heading", name="Your tournaments")).to_be_visible()
    fits(page, width)

    # a tournament
    page.get_by_role("link", name="New tournament").first.click()
    page.fill("#id_name", "Club Night")
    page.fill("#id_start_date", "2027-04-03")
    page.fill("#id_venue", "Pik As")
    page.check("#id_public")
    fits(page, width)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Club Night")).to_be_visible()
    tournament = Tournament.objects.get(name="Club Night")
    next_step = page.locator(".next-steps")
    expect(next_step).to_contain_text("Nobody is registered yet")
    fits(page, width)

    # its players, from a CSV
    next_step.get_by_role("link", name="Import a player list (CSV)").click()
    page.fill("textarea", PLAYERS_CSV)
    page.get_by_role("button", name="Check the file").click()
    page.get_by_role("button", name=re.compile(r"Import 8 players")).click()
    assert tournament.entries.count() == 8
    fits(page, width)

    # the dashboard sends them to check-in, then to seating
    page.get_by_role("navigation", name="Tournament").get_by_role("link", name="Overview").click()
    expect(next_step).to_contain_text("0 of 8 players are checked in")
    next_step.get_by_role("link", name="Check in players").click()
    for _ in range(8):
        page.get_by_role("button", name="Check in", exact=True).first.click()
        page.wait_for_load_state()
    assert tournament.entries.filter(checked_in=True).count() == 8
    fits(page, width)
    page.get_by_role("navigation", name="Tournament").get_by_role("link", name="Overview").click()
    expect(next_step).to_contain_text("Seat series 1: 8 checked-in players")
    next_step.get_by_role("link", name="Seat series 1").click()
    page.get_by_role("button", name="Seat 8 players").click()
    expect(page.locator(".table-card")).to_have_count(2)
    fits(page, width)

    # publish from the dashboard's next step, then see the seating as the room does
    page.get_by_role("navigation", name="Tournament").get_by_role("link", name="Overview").click()
    expect(next_step).to_contain_text("Series 1 is drawn but not published")
    next_step.get_by_role("link", name="Publish series 1").click()
    page.get_by_role("button", name="Publish series 1").click()
    expect(page.locator(".messages")).to_contain_text("published")
    page.get_by_role("navigation", name="Tournament").get_by_role("link", name="Overview").click()
    expect(next_step).to_contain_text("Series 1 is seated at 2 tables")
    screenshot(page, f"way-in-dashboard-{device}")
    fits(page, width)
    page.get_by_role("navigation", name="Tournament").get_by_role("link",
                                                                 name="Public page").click()
    page.get_by_role("link", name="by table").first.click()
    expect(page.locator(".table-card")).to_have_count(2)
    expect(page.locator("main")).to_contain_text("Anna Becker")
    screenshot(page, f"way-in-seating-{device}")
    fits(page, width)

    # back home: the tournament is listed as theirs and for the public
    page.get_by_role("link", name="Home").first.click()
    expect(page.locator(".your-tournaments")).to_contain_text("Club Night")
    screenshot(page, f"way-in-home-{device}")
    fits(page, width)
    context.close()
