"""An organizer sets up a congress in a real browser: tournament, CSV import, check-in,
the draw of series 1, a swap, publishing, and the seating chart as the room reads it."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tournament.models import Seat, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS_CSV = """first name;last name;club;number
Anna;Becker;Pik As;
August;Brandt;Pik As;
Bertha;Fischer;Germania;
Carl;Hartmann;Germania;
Clara;Hoffmann;Concordia;
Ernst;Jung;Concordia;
Emma;Keller;Pik As;
Franz;Koch;Germania;
Frieda;Kraus;Concordia;
Georg;Lange;;
Hedwig;;Pik As;
"""


def test_organizer_sets_up_a_congress_and_seats_series_1(organizer_page, browser, live_server):
    page = organizer_page

    # 1. the tournament
    page.goto("/organize/new/")
    page.fill("#id_name", "Spring Congress")
    page.fill("#id_start_date", "2027-04-03")
    page.fill("#id_venue", "Turner Hall")
    page.select_option("#id_rule_set", "nasl-1908")
    page.check("#id_public")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Spring Congress")).to_be_visible()
    tournament = Tournament.objects.get(name="Spring Congress")

    # 2. players from CSV: the preview lists the bad row, nothing is saved before confirming
    page.goto(f"/organize/{tournament.slug}/players/import/")
    page.fill("textarea", PLAYERS_CSV)
    page.get_by_role("button", name="Check the file").click()
    expect(page.locator(".import-errors")).to_contain_text("Row 12")
    expect(page.locator(".import-errors")).to_contain_text("last name")
    assert tournament.entries.count() == 0
    page.check("input[name=skip_bad]")
    page.get_by_role("button", name=re.compile(r"Import 10 players")).click()
    assert tournament.entries.count() == 10

    # 3. check everybody in from the player list
    page.goto(f"/organize/{tournament.slug}/players/")
    for _ in range(10):
        page.get_by_role("button", name="Check in", exact=True).first.click()
        page.wait_for_load_state()
    assert tournament.entries.filter(checked_in=True).count() == 10

    # 4. draw series 1 from a recorded seed
    page.goto(f"/organize/{tournament.slug}/series/1/")
    page.select_option("#id_method", "draw")
    page.fill("#id_seed", "spring-1")
    page.get_by_role("button", name="Seat 10 players").click()
    expect(page.locator(".messages")).to_contain_text("seated at 3 tables from seed spring-1")
    expect(page.locator(".table-card")).to_have_count(3)

    # 5. swap the scorekeepers of tables 1 and 2
    first = Seat.objects.get(series__tournament=tournament, table__number=1, position=1)
    second = Seat.objects.get(series__tournament=tournament, table__number=2, position=1)
    a, b = first.entry.number, second.entry.number
    page.fill("#id_first", str(a))
    page.fill("#id_second", str(b))
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.locator(".messages")).to_contain_text(f"Players {a} and {b} swapped seats.")
    expect(page.locator("#table-1 .seats li").first).to_contain_text(second.entry.player.name)

    # 6. publish, and read the chart as the room does (not logged in)
    page.get_by_role("button", name="Publish series 1").click()
    expect(page.locator(".messages")).to_contain_text("published")
    screenshot(page, "series-1-plan")

    room = browser.new_context(base_url=live_server.url, viewport={"width": 1920,
                                                                     "height": 1080})
    chart = room.new_page()
    chart.goto(f"/t/{tournament.slug}/series/1/tables/")
    expect(chart.locator(".table-card")).to_have_count(3)
    expect(chart.locator("#table-2")).to_contain_text(first.entry.player.name)
    screenshot(chart, "series-1-chart-by-table")

    chart.goto(f"/t/{tournament.slug}/series/1/players/")
    chart.fill("#where-filter", "Kraus")
    visible = chart.locator("#where li:visible")
    expect(visible).to_have_count(1)
    frieda = Seat.objects.get(series__tournament=tournament, entry__player__last_name="Kraus")
    expect(visible.first).to_contain_text(str(frieda.table.number))
    screenshot(chart, "series-1-where-do-i-sit")
    room.close()
