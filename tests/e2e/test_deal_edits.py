"""Issue 18.5 as the organizer and the scorekeeper meet it, on a desktop and a 390×844 phone:
the organizer deletes a deal, is asked first, sees which later deals change dealer and which
would become invalid, mends those in the same step; the scorekeeper inserts a forgotten deal
before deal 3 from the table's link, with the totals after it and at the end of the sheet."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import fits, screenshot
from tests.factories import club_night, play, table_of_size

pytestmark = pytest.mark.django_db(transaction=True)

SOLO = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}  # +30


@pytest.fixture
def four(organizer_user):
    """A four-table with deals 1–5: deal 3 declared by seat 3 and deal 5 lost as a Ramsch by
    seat 1, the dealers of deals 2 and 4 (deals 1..5 are dealt by seats 2, 3, 4, 1, 2)."""
    table = table_of_size(club_night(organizer_user, seed="edits", substitutes=0), 4)
    for declarer, record in ((1, SOLO), (1, SOLO), (3, SOLO), (2, SOLO),
                             (None, {"game": "ramsch", "loser": 1})):
        play(table, record, declarer, actor="Anna Becker")
    return table


def test_delete_asks_and_mends_then_a_forgotten_deal_is_inserted(organizer_page, browser,
                                                                  live_server, four, viewport):
    name = "phone" if viewport["width"] < 500 else "desktop"
    page = organizer_page
    page.set_viewport_size(viewport)

    # the organizer: delete deal 2, asked first
    page.goto(f"/s/{four.token}/deal/2/")
    page.get_by_role("button", name="Delete deal 2").click()
    expect(page.locator("h1")).to_have_text("Delete deal 2?")
    main = page.locator("main")
    expect(main).to_contain_text("3 of them change dealer")
    expect(main).to_contain_text("2 later deals would become invalid")
    expect(main).to_contain_text("becomes deal 2, dealt by 3")
    expect(main).to_contain_text("choose its Ramsch loser")
    fits(page)
    screenshot(page, f"deal-delete-question-{name}")
    page.select_option("#id_fix-3-declarer", "2")
    page.select_option("#id_fix-5-loser", "3")
    page.get_by_role("button", name="Delete deal 2 and mend 2 deals").click()
    expect(page.locator(".messages")).to_contain_text("Deal 2 deleted.")
    expect(page.locator(".sheet-progress")).to_contain_text("4 of 8")
    expect(page.locator("p.warning")).to_have_count(0)  # no deal left invalid
    fits(page)
    screenshot(page, f"deal-delete-done-{name}")

    # the scorekeeper, on his own device: deal 2 was forgotten after all
    phone = browser.new_context(base_url=live_server.url, viewport=viewport)
    keeper = phone.new_page()
    keeper.goto(f"/s/{four.token}/deal/3/")
    keeper.get_by_role("link", name="Insert a forgotten deal before deal 3").click()
    expect(keeper.locator("h1")).to_have_text("Insert a forgotten deal before deal 3")
    expect(keeper.locator("main")).to_contain_text(re.compile(r"dealt by 4 \w+ \w+ \(sits out\)"))
    keeper.select_option("#id_game", "grand")
    keeper.select_option("#id_declarer", "1")
    keeper.fill("#id_matadors", "1")
    keeper.fill("#id_card_points", "70")
    expect(keeper.locator(".preview-value")).to_have_text(re.compile(r"^\+?40$"))
    after = keeper.locator('.preview-totals tr[data-totals="after"] td.num')
    end = keeper.locator('.preview-totals tr[data-totals="end"] td.num')
    expect(keeper.locator(".preview-totals")).to_contain_text("at the end of the sheet")
    expect(after).to_have_text(["70", "30", "0", "0"])
    expect(end).to_have_text(["70", "60", "-20", "0"])
    keeper.fill("input[name=scorekeeper]", "Anna Becker")
    fits(keeper)
    screenshot(keeper, f"deal-insert-{name}")
    keeper.get_by_role("button", name="Insert the deal").click()
    expect(keeper.locator(".messages")).to_contain_text("Inserted. Deal 3: Grand with 1")
    expect(keeper.locator(".sheet-progress")).to_contain_text("5 of 8")
    shown = [int(t) for t in keeper.locator("tfoot td.num strong").all_inner_texts()]
    assert shown == [70, 60, -20, 0]
    fits(keeper)
    phone.close()
