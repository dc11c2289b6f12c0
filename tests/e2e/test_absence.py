"""Issue 18, points 2 and 9 in the browser (desktop and 390×844): the director seats a
substitute at deal 3 of one table and ends another table's sheet early; the sheets and the
standings show it; a Seeger-Fabian sheet shows its foot on the scorekeeper's phone."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import fits, screenshot
from tests.factories import SOLO_LOST, SOLO_WON, club_night, play, table_of_size
from tournament.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_the_director_substitutes_and_ends_a_sheet_early(organizer_page, organizer_user,
                                                         browser, live_server, viewport):
    name = "phone" if viewport["width"] < 500 else "desktop"
    tournament = club_night(organizer_user, scoring="seeger-fabian", slug=f"absence-{name}")
    four, three = table_of_size(tournament, 4), table_of_size(tournament, 3)
    play(four, SOLO_WON, 1)
    play(four, SOLO_WON, 1)
    play(three, SOLO_WON, 1)
    hans = Entry.objects.get(tournament=tournament, first_name="Hans")
    page = organizer_page
    page.set_viewport_size(viewport)

    # a substitute for seat 1 of the four-table from deal 3
    page.goto(f"/s/{four.token}/")
    page.locator("#absence summary").click()
    page.select_option("#substitute-form select[name=seat]", "1")
    page.fill("#substitute-form input[name=from_deal]", "3")
    page.fill("#substitute-form input[name=substitute]", str(hans.number))
    page.fill("#substitute-form input[name=reason]", "fell ill")
    page.get_by_role("button", name="Seat the substitute").click()
    expect(page.locator(".messages")).to_contain_text("From deal 3 Hans Ziegler plays seat 1")
    expect(page.locator("#absence-notes")).to_contain_text(
        f"From deal 3 Hans Ziegler (#{hans.number}) plays seat 1")
    # the substitute loses deal 3 on the form, as the table enters it
    page.select_option("#id_game", "solo")
    page.select_option("#id_declarer", "1")
    page.select_option("#id_trump", "hearts")
    page.fill("#id_matadors", "1")
    page.fill("#id_card_points", "40")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator(".messages")).to_contain_text("Deal 3:")
    expect(page.locator("tr.sheet-note")).to_contain_text("Hans Ziegler")
    expect(page.locator("table.sheet td.col-declarer").nth(2)).to_have_text("Hans Ziegler")
    expect(page.locator("#sf-foot")).to_be_visible()
    # the next deal's dealer is the substitute, who sits out
    expect(page.locator("#entry h2")).to_contain_text("dealer: 1 Hans Ziegler (sits out)")
    fits(page)
    screenshot(page, f"absence-substitute-{name}")

    # the three-table ends after its first deal, is submitted and confirmed
    page.goto(f"/s/{three.token}/")
    page.locator("#absence summary").click()
    page.fill("#end-form input[name=after_deal]", "1")
    page.fill("#end-form input[name=reason]", "fire alarm")
    page.get_by_role("button", name="End the sheet").click()
    expect(page.locator("#ended-early")).to_contain_text(
        "Ended after deal 1 of 6 by marta (fire alarm): deals 2–6 are not played.")
    expect(page.locator(".sheet-progress")).to_contain_text("1 of 1")
    fits(page)
    screenshot(page, f"absence-ended-{name}")
    page.fill("#id_submit_name", "Ida Lange")
    page.get_by_role("button", name="Submit the sheet").click()
    expect(page.locator("h1 .status")).to_have_text("Submitted")
    second = browser.new_context(base_url=live_server.url, **PHONE)
    phone = second.new_page()
    phone.goto(f"/s/{three.token}/")
    seated = [s.entry.name for s in three.seats.select_related("entry")]
    phone.fill("#id_confirm_name", next(n for n in seated if n != "Ida Lange"))
    phone.get_by_role("button", name="Confirm the sheet").click()
    expect(phone.locator(".sheet-progress")).to_contain_text("Confirmed by")
    second.close()

    # the standings say how both tables count
    page.goto(f"/t/{tournament.slug}/standings/")
    notes = page.locator("#absence-notes")
    expect(notes).to_contain_text(f"table {four.number}: from deal 3 Hans Ziegler")
    expect(notes).to_contain_text("Hans Ziegler's deals count for nobody")
    expect(notes).to_contain_text(f"table {three.number}: the director ended the sheet "
                                  "after deal 1 of 6")
    fits(page)
    screenshot(page, f"absence-standings-{name}")


def test_a_seeger_fabian_sheet_shows_its_foot_on_the_phone(browser, live_server,
                                                           organizer_user):
    tournament = club_night(organizer_user, scoring="seeger-fabian", slug="foot-phone")
    three = table_of_size(tournament, 3)
    play(three, SOLO_WON, 2)
    play(three, SOLO_LOST, 3)
    context = browser.new_context(base_url=live_server.url, **PHONE)
    phone = context.new_page()
    phone.goto(f"/s/{three.token}/")
    foot = phone.locator("#sf-foot")
    expect(foot).to_be_visible()
    expect(foot.locator("tr.final")).to_contain_text("Score")
    # seat 2: +30 and 50 for the game won, 40 for seat 3's lost game
    expect(foot.locator("tr.final td").nth(1)).to_have_text("120")
    fits(phone)
    foot.scroll_into_view_if_needed()
    screenshot(phone, "sf-foot-phone")
    context.close()
