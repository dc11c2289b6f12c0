"""The standings and prize pages of the demo congress in a real browser: sort a column."""

import re

import pytest
from playwright.sync_api import expect

from scoring.awards import services as awards
from scoring.results import services as results
from tests.e2e.conftest import screenshot
from tournament.demo import build_demo_congress

pytestmark = pytest.mark.django_db(transaction=True)


def test_standings_sort_and_prizes_of_the_demo_congress(organizer_page, organizer_user):
    tournament = build_demo_congress(with_deals=True)
    tournament.organizers.add(organizer_user)
    page = organizer_page
    page.goto(f"/t/{tournament.slug}/standings/")
    expect(page.locator(".provisional")).to_be_visible()  # series 3 is under way
    expect(page.locator("table.standings tbody tr")).to_have_count(50)  # first page

    # sort by Won, highest first: the header link sorts ascending, a second click descending
    won_header = page.locator("table.standings thead th a", has_text="Won")
    won_header.click()
    expect(page).to_have_url(re.compile(r"sort=won$"))
    page.locator("table.standings thead th a", has_text="Won").click()
    expect(page).to_have_url(re.compile(r"sort=-won$"))
    won_column = page.locator("table.standings tbody tr td:nth-child(6)").all_inner_texts()
    won = [int(x) for x in won_column]
    assert won == sorted(won, reverse=True)
    comp = results.compute(tournament)
    assert won[0] == max(s.won for s in comp.standings)
    screenshot(page, "standings-sorted-by-won")

    page.get_by_role("link", name="Prizes").first.click()
    expect(page.locator("li.prize")).to_have_count(7)
    first = awards.prizes(comp)[0]
    expect(page.locator("#prize-1")).to_contain_text(comp.player(first.winners[0]).name)
    expect(page.locator("#prize-3")).to_contain_text("card points (series")
    screenshot(page, "prizes")
