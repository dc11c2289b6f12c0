"""Issue 12, points 2, 3 and 11 as a person meets them: the public pages before a release say
nothing is released yet, the results page says what blocks the release, and after the
release the public reads each table's score sheet, read-only, on a desktop and a phone."""

import pytest
from playwright.sync_api import expect

from tests import factories
from tests.e2e.conftest import screenshot
from tests.factories import enter, finish

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def club_night(organizer_user):
    return factories.club_night(organizer_user, seed="release-way", substitutes=0,
                                series_count=2)


def tables(tournament):
    by_size = {t.seats.count(): t for t in tournament.series.get(number=1).tables.all()}
    return by_size[4], by_size[3]


def no_sideways_scroll(page):
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def test_the_release_as_the_organizer_and_the_public_see_it(organizer_page, browser,
                                                            live_server, club_night):
    four, three = tables(club_night)
    enter(four, 3)
    slug = club_night.slug
    public = browser.new_context(base_url=live_server.url,
                                 viewport={"width": 390, "height": 844}).new_page()

    # before the release: no table of zeros, no prize tie, the sheet waits
    public.goto(f"/t/{slug}/")
    expect(public.locator("main")).to_contain_text("Nothing is released yet")
    public.get_by_role("link", name="Standings").first.click()
    expect(public.locator("main")).to_contain_text("Nothing is released yet")
    expect(public.locator("main")).not_to_contain_text("1=")
    public.get_by_role("link", name="Prizes").first.click()
    expect(public.locator("main")).not_to_contain_text("settled by lot")
    public.goto(f"/t/{slug}/series/1/table/{four.number}/")
    expect(public.locator("main")).to_contain_text(
        "shown here once the organizer releases the results of series 1")
    no_sideways_scroll(public)

    # the organizer's results page names what blocks the release
    page = organizer_page
    page.goto(f"/organize/{slug}/results/")
    checks = page.locator(".release-checks")
    expect(checks).to_contain_text("Series 1: 2 tables not confirmed")
    expect(checks).to_contain_text(f"Table {four.number}: 3 of 8 deals")
    expect(checks).to_contain_text(f"Table {three.number}: 0 of 6 deals")
    expect(checks).to_contain_text("Series 2: not seated yet")
    screenshot(page, "release-blockers")

    finish(four)
    finish(three)
    page.goto(f"/organize/{slug}/")
    page.locator(".next-steps").get_by_role("link", name="Release series 1").click()
    expect(checks).to_contain_text("Series 1: ready to release")
    page.get_by_role("button", name="Release").first.click()
    page.get_by_role("button", name="Release series 1").click()  # asked first
    expect(page.locator(".messages")).to_contain_text("Series 1: Released")

    # after it: which series count, and each table's sheet, read-only
    public.goto(f"/t/{slug}/")
    expect(public.locator("main")).to_contain_text("Series 1 of 2 counted.")
    public.get_by_role("link", name="Standings").first.click()
    expect(public.locator("main")).to_contain_text("Series 1 of 2 counted.")
    public.goto(f"/t/{slug}/")
    public.get_by_role("link", name="by table").first.click()
    public.get_by_role("link", name=f"Table {four.number}", exact=True).click()
    expect(public.locator("table.sheet")).to_be_visible()
    expect(public.locator("table.sheet tfoot")).to_contain_text("Totals after 8 deals")
    assert public.locator("main form").count() == 0
    assert four.token not in public.content()
    screenshot(public, "public-released-sheet-phone")
    no_sideways_scroll(public)
    public.context.close()
