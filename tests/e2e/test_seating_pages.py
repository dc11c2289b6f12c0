"""Issue 13, point 5 in a real browser: at congress size a player on a phone finds his seat
from the chart by table, and a table number typed in the box shows that table."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import fits, screenshot
from tournament.demo import build_congress
from tournament.models import Seat

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hall():
    tournament = build_congress("big-hall", 843, 1, played=0)  # 211 tables, three pages
    tournament.public = True
    tournament.save()
    return tournament


def test_a_player_finds_his_seat_and_a_table_its_page(page, hall, viewport):
    page.set_viewport_size(viewport)
    kind = "phone" if viewport["width"] < 500 else "desktop"
    seat = Seat.objects.select_related("entry", "table").get(series__tournament=hall,
                                                             entry__number=7)
    player = seat.entry
    page.goto("/t/big-hall/series/1/tables/")
    expect(page.locator(".table-card")).to_have_count(100)
    fits(page)
    page.get_by_label("Where do I sit?").fill(f"{player.first_name} {player.last_name}")
    page.get_by_role("button", name="Find").click()
    row = page.locator("#where li", has_text=f"{player.last_name}, {player.first_name}")
    expect(row).to_have_count(1)
    expect(row.locator(".at")).to_have_text(f"{seat.table.number}\u200a/\u200a{seat.position}")
    expect(row).to_be_in_viewport()
    fits(page)
    screenshot(page, f"seat-found-{kind}")
    row.get_by_role("link", name=f"Table {seat.table.number}").click()  # his table-mates
    expect(page.locator("body")).to_contain_text(f"{player.first_name} {player.last_name}")
    page.go_back()

    # his number finds him too, and only him
    page.get_by_label("Where do I sit?").fill("7")
    page.get_by_label("Where do I sit?").press("Enter")
    expect(page.locator("#where li")).to_have_count(1)
    expect(page.locator("#where li")).to_contain_text(player.last_name)

    # a table number: the page of tables 101–200, table 150 in view
    page.get_by_role("spinbutton", name="Table").fill("150")
    page.get_by_role("button", name="Go").click()
    expect(page).to_have_url(re.compile(r"\?page=2#table-150$"))
    expect(page.locator("#table-150")).to_be_in_viewport()
    expect(page.locator(".page-jumps [aria-current=page]")).to_have_text("101–200")
    fits(page)
    screenshot(page, f"table-found-{kind}")
