"""Issue 12 in a real browser: the player page adds up (4), every public page fits a phone (5),
a withdrawal asks first (10), the room's charts fill a projector (14), words and details (15)."""

import datetime
import random
import re

import pytest
from playwright.sync_api import expect

from scoring.release import services as release
from scoring.results import services as results
from tests.e2e.conftest import fits, screenshot
from tests.factories import add_entry
from tournament.demo import FIRST, LAST, build_comparative_demo, build_demo_congress
from tournament.models import Penalty, Seat, SeatingMethod, Tournament
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
PROJECTOR = {"width": 1920, "height": 1080}


def _released_demo():
    tournament = build_demo_congress(with_deals=True)
    for number in (1, 2):  # series 3 is still being played
        release.release_series(tournament.series.get(number=number), None)
    return tournament


def _context(browser, live_server, viewport):
    context = browser.new_context(base_url=live_server.url, viewport=viewport,
                                  is_mobile=viewport is PHONE, has_touch=viewport is PHONE)
    context.set_default_timeout(15_000)
    return context


def test_every_public_page_of_the_demo_congress_fits_a_phone(browser, live_server):
    tournament = _released_demo()
    comparative = build_comparative_demo()
    slug, other = tournament.slug, comparative.slug
    table = tournament.series.get(number=3).tables.order_by("number").first()
    pages = [f"/t/{slug}/", f"/t/{slug}/standings/", f"/t/{slug}/standings/series/1/",
             f"/t/{slug}/standings/series/2/", f"/t/{slug}/club-standings/",
             f"/t/{slug}/team-standings/", f"/t/{slug}/prizes/", f"/t/{slug}/player/2/",
             f"/t/{slug}/series/1/tables/", f"/t/{slug}/series/1/players/",
             f"/t/{slug}/series/3/table/{table.number}/", "/", "/login/",
             f"/t/{other}/", f"/t/{other}/standings/", f"/t/{other}/comparative/",
             f"/t/{other}/comparative/series/1/", f"/t/{other}/comparative/series/1/deck/1/",
             f"/t/{other}/series/1/movement/", f"/t/{other}/series/1/hands/",
             f"/t/{other}/player/1/"]
    context = _context(browser, live_server, PHONE)
    page = context.new_page()
    wide, checked = [], 0
    for path in pages:
        response = page.goto(path)
        assert response.status == 200, path
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide.append(f"{path}: {width} px")
        headers = page.locator("table.standings th, table.groups th",
                               has_text=re.compile(r"^\s*(Points|Score)\s*$"))
        if headers.count():  # the Points column is in view, not cut off at the right
            checked += 1
            box = headers.first.bounding_box()
            assert box and box["x"] + box["width"] <= PHONE["width"], path
    assert wide == []
    assert checked >= 6  # both demos' standings, series standings, clubs, teams
    page.goto(f"/t/{slug}/standings/")
    screenshot(page, "phone-standings")
    page.goto(f"/t/{slug}/club-standings/")
    screenshot(page, "phone-club-standings")
    context.close()


def test_the_player_page_adds_up_on_a_phone_and_a_desktop(browser, live_server):
    tournament = _released_demo()
    penalty = Penalty.objects.filter(table__series__tournament=tournament,
                                     table__series__number__lte=2).first()
    entry = Seat.objects.get(table=penalty.table, position=penalty.seat).entry
    points = next(s.points for s in results.compute(tournament, released_only=True).standings
                  if s.entry == entry.id)
    for viewport in (DESKTOP, PHONE):
        context = _context(browser, live_server, viewport)
        page = context.new_page()
        page.goto(f"/t/{tournament.slug}/player/{entry.number}/?per_page=500")
        expect(page.locator("table.deals")).to_contain_text("Penalty: misdeal")
        expect(page.locator("#player-total")).to_contain_text(f"{points:+d} Points")
        cells = page.locator("table.deals tbody td:last-child").all_inner_texts()
        assert sum(int(c) for c in cells) == points
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        screenshot(page, f"player-page-{viewport['width']}")
        context.close()


def test_withdrawing_a_player_asks_first_and_cancel_changes_nothing(organizer_page,
                                                                    organizer_user, viewport):
    organizer_page.set_viewport_size(viewport)
    tournament = Tournament.objects.create(name="Club Night", slug="asks-first", public=True,
                                           start_date=datetime.date(2027, 5, 1))
    tournament.organizers.add(organizer_user)
    anna = add_entry(tournament, 1, "Anna", "Krüger")
    page = organizer_page
    page.goto(f"/organize/{tournament.slug}/players/1/")
    page.locator(".entry-actions").get_by_role("button", name="Withdraw").click()
    expect(page.locator("h1")).to_have_text("Withdraw Anna Krüger?")
    expect(page.locator(".confirm")).to_contain_text("check-in is undone")
    fits(page)
    screenshot(page, "withdraw-asks-first")
    page.get_by_role("link", name="Cancel").click()
    anna.refresh_from_db()
    assert not anna.withdrawn and anna.checked_in
    page.goto(f"/organize/{tournament.slug}/players/1/")
    page.locator(".entry-actions").get_by_role("button", name="Withdraw").click()
    page.get_by_role("button", name="Withdraw Anna Krüger").click()
    expect(page.locator(".messages")).to_contain_text("Anna Krüger is withdrawn")
    anna.refresh_from_db()
    assert anna.withdrawn


def _big_room(players=300):
    tournament = Tournament.objects.create(name="Big Congress", slug="big-room", public=True,
                                           start_date=datetime.date(2027, 6, 1),
                                           series_count=1)
    rng = random.Random(300)
    for number in range(1, players + 1):
        add_entry(tournament, number, rng.choice(FIRST), rng.choice(LAST) + f"-{number}")
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "room", user=None)
    plans.publish(series, user=None)
    return tournament


def test_the_room_charts_fill_a_projector_and_a_phone_gets_one_column(browser, live_server):
    tournament = _big_room()
    context = _context(browser, live_server, PROJECTOR)
    page = context.new_page()
    page.goto(f"/t/{tournament.slug}/series/1/players/")
    names = page.locator("#where li")
    expect(names).to_have_count(300)
    size = page.evaluate("[document.documentElement.scrollWidth,"
                         " document.documentElement.scrollHeight]")
    assert size[0] <= PROJECTOR["width"] and size[1] <= PROJECTOR["height"]
    lefts = {round(b["x"]) for b in (names.nth(i).bounding_box() for i in (0, 150, 299))}
    assert len(lefts) == 3  # first, middle and last name in different columns
    last = names.nth(299).bounding_box()
    assert last["y"] + last["height"] <= PROJECTOR["height"]
    screenshot(page, "projector-where-do-i-sit")
    page.goto(f"/t/{tournament.slug}/series/1/tables/")
    expect(page.locator(".table-card")).to_have_count(75)
    assert page.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]
    screenshot(page, "projector-chart-by-table")
    context.close()

    context = _context(browser, live_server, PHONE)
    page = context.new_page()
    page.goto(f"/t/{tournament.slug}/series/1/players/")
    names = page.locator("#where li")
    assert {round(names.nth(i).bounding_box()["x"]) for i in (0, 150, 299)} == {
        round(names.first.bounding_box()["x"])}
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.fill("#where-filter", "-150")
    expect(page.locator("#where li:visible")).to_have_count(1)
    context.close()


def test_a_ramsch_in_the_loss_colour_and_the_favicon(page, live_server, viewport):
    page.set_viewport_size(viewport)
    tournament = build_demo_congress(with_deals=True)
    table = tournament.series.get(number=1).tables.order_by("number").first()
    page.goto(f"/s/{table.token}/")
    ramsch = page.locator("table.sheet tr.deal", has_text="Ramsch").first
    colour = ramsch.locator("td.value").evaluate("e => getComputedStyle(e).color")
    assert colour == "rgb(183, 28, 28)"
    fits(page)
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.request.get(icon).status == 200
    assert page.request.get("/favicon.ico").status == 200  # after the redirect
    expect(page.get_by_text("confirm my own submission")).to_have_count(0)
