"""Issue 24 point 1, the outbox's harder paths (docs/live.md, "Refusals and conflicts"): a
deal discarded before the deals after it, a deal whose number another device took, a 409
whose answer was lost, a replaced link, and two tabs of one table."""

import json

import pytest
from django.db.models import F
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.e2e.test_offline_entry import DEALS, enter_offline, outbox, phone_on_its_link
from tests.e2e.test_score_sheet import three_table
from tests.factories import play
from tournament.models import Deal, Table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

STORED = "table.sheet tr.deal:not(.outbox-row)"


def stored(table) -> list[tuple]:
    return list(Deal.objects.filter(table=table).order_by("number")
                .values_list("number", "declarer", "record"))


def refuse_deal_one(page):
    """The server's 422 for the first deal sent (as the engine's refusal on a field)."""
    answered = []

    def handle(route):
        if route.request.method == "POST" and not answered:
            answered.append(json.loads(route.request.post_data)["number"])
            route.fulfill(status=422, content_type="application/json", body=json.dumps({
                "detail": "Tricks: the declarer took no trick.",
                "errors": {"tricks": ["the declarer took no trick."]}}))
        else:
            route.continue_()

    page.route("**/api/tables/*/deals", handle)
    return answered


def test_a_discarded_deal_is_entered_again_and_the_deals_after_it_follow(browser,
                                                                         live_server):
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    context.set_offline(True)
    for n, (fields, record, seat) in enumerate(DEALS, start=1):
        enter_offline(page, fields, record, seat, waiting=n)
    answered = refuse_deal_one(page)
    context.set_offline(False)
    note = page.locator("tr.outbox-note")
    expect(note).to_contain_text("Deal 1 was not stored: Tricks")
    assert answered == [1] and stored(table) == []

    page.once("dialog", lambda dialog: dialog.accept())
    note.get_by_role("button", name="Discard it").click()
    # deals 2 and 3 wait behind the missing deal 1, and the form asks for it
    gap = page.locator("tr.outbox-gap")
    expect(gap).to_contain_text("Deal 1 is missing")
    expect(page.locator("#outbox-status")).to_contain_text("deal 1 is missing: enter it first")
    expect(page.locator("#entry h2")).to_contain_text("Deal 1")
    assert [e["number"] for e in outbox(page, table)] == [2, 3]
    assert stored(table) == []
    screenshot(page, "offline-entry-missing-deal")

    fields, record, seat = DEALS[0]
    enter_offline(page, fields, record, seat, waiting=3)  # online, but deals wait: the outbox
    expect(page.locator(STORED)).to_have_count(3)
    assert outbox(page, table) == []
    assert stored(table) == [(n, s, r) for n, (_f, r, s) in enumerate(DEALS, start=1)]
    context.close()


def test_the_deals_after_a_discarded_one_move_up_when_there_was_no_such_deal(browser,
                                                                              live_server):
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    context.set_offline(True)
    for n, (fields, record, seat) in enumerate(DEALS, start=1):
        enter_offline(page, fields, record, seat, waiting=n)
    refuse_deal_one(page)
    context.set_offline(False)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("tr.outbox-note").get_by_role("button", name="Discard it").click()
    gap = page.locator("tr.outbox-gap")
    expect(gap).to_contain_text("deal 2 becomes deal 1")
    gap.get_by_role("button", name="Move them up").click()
    expect(page.locator(STORED)).to_have_count(2)
    assert outbox(page, table) == []
    assert stored(table) == [(n, s, r) for n, (_f, r, s) in enumerate(DEALS[1:], start=1)]
    context.close()


def test_a_deal_whose_number_was_taken_is_stored_as_the_next_deal(browser, live_server):
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    context.set_offline(True)
    for n, (fields, record, seat) in enumerate(DEALS[:2], start=1):
        enter_offline(page, fields, record, seat, waiting=n)
    # the other phone's deal 1 is another deal, played before this phone's two
    play(table, {"game": "grand", "matadors": 1, "card_points": 40}, declarer=2,
         actor="Carl Fischer")
    context.set_offline(False)
    note = page.locator("tr.outbox-note")
    expect(note).to_contain_text("another device entered deal 1 meanwhile")
    # correcting it would send deal 1 again: only storing it as the next or discarding
    expect(note.get_by_role("button", name="Correct it")).to_have_count(0)
    screenshot(page, "offline-entry-number-taken")
    note.get_by_role("button", name="Store it as deal 2").click()
    expect(page.locator(STORED)).to_have_count(3)
    assert outbox(page, table) == []
    assert [(n, s) for n, s, _r in stored(table)] == [(1, 2), (2, DEALS[0][2]),
                                                     (3, DEALS[1][2])]
    context.close()


def test_a_lost_conflict_answer_is_judged_by_the_sheet_as_it_is_now(browser, live_server):
    """Deal 1 is sent against an old version: the 409 is kept under its key and its answer
    lost. Sent again, the key's 409 comes back as it was; the phone reads the sheet afresh
    and sends deal 1 under a new key, instead of refusing a deal nobody conflicts with."""
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    context.set_offline(True)
    fields, record, seat = DEALS[0]
    enter_offline(page, fields, record, seat, waiting=1)
    moved = []

    def stale_and_lost(route):
        if route.request.method == "POST" and not moved:
            # a correction on another device moved the sheet's version before deal 1 came
            Table.objects.filter(pk=table.pk).update(sheet_version=F("sheet_version") + 1)
            moved.append(route.fetch().status)  # the server's 409, kept under the key
            # and the sheet moves again before the phone sends it again
            Table.objects.filter(pk=table.pk).update(sheet_version=F("sheet_version") + 1)
            route.abort()
        else:
            route.continue_()

    page.route("**/api/tables/*/deals", stale_and_lost)
    with page.expect_event("requestfailed"):
        context.set_offline(False)
    assert moved == [409] and stored(table) == []
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the 20 s retry, now
    expect(page.locator(STORED)).to_have_count(1)
    assert outbox(page, table) == []
    assert stored(table) == [(1, seat, record)]
    context.close()


def test_a_replaced_link_refuses_each_waiting_deal_with_the_reason(browser, live_server):
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    context.set_offline(True)
    for n, (fields, record, seat) in enumerate(DEALS[:2], start=1):
        enter_offline(page, fields, record, seat, waiting=n)
    token = table.token
    Table.objects.filter(pk=table.pk).update(token="a-new-draw-gave-a-new-link")
    context.set_offline(False)
    notes = page.locator("tr.outbox-note")
    expect(notes).to_have_count(2)
    expect(notes.first).to_contain_text("No table has this link")
    expect(notes.first.get_by_role("button", name="Correct it")).to_have_count(0)
    assert [e["state"] for e in outbox(page, table)] == ["refused", "refused"]
    # the link works again (say, the series published again): the deals are tried again
    Table.objects.filter(pk=table.pk).update(token=token)
    notes.first.get_by_role("button", name="Try again").click()
    expect(page.locator(STORED)).to_have_count(2)
    assert outbox(page, table) == []
    context.close()


def test_a_proxys_404_page_is_no_answer_of_the_site_and_the_deals_wait(browser,
                                                                       live_server):
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    context.set_offline(True)
    fields, record, seat = DEALS[0]
    enter_offline(page, fields, record, seat, waiting=1)
    answered = []

    def proxy_page(route):
        answered.append(route.request.method)
        route.fulfill(status=404, content_type="text/html", body="<h1>404 Not Found</h1>nginx")

    page.route("**/api/tables/*/deals", proxy_page)
    context.set_offline(False)
    for _ in range(100):  # until the sync has met the proxy's page (at most 10 s)
        if answered:
            break
        page.evaluate("window.dispatchEvent(new Event('online'))")
        page.wait_for_timeout(100)
    assert answered
    page.wait_for_timeout(500)  # what the page makes of the proxy's page (nothing, we check)
    assert [e["state"] for e in outbox(page, table)] == ["waiting"]
    page.unroute("**/api/tables/*/deals")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator(STORED)).to_have_count(1)
    context.close()


def test_a_second_tab_of_the_table_sees_the_deals_the_first_kept(browser, live_server):
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    other = context.new_page()
    other.goto(f"/s/{table.token}/")
    expect(other.locator("#entry h2")).to_contain_text("Deal 1")
    context.set_offline(True)
    fields, record, seat = DEALS[0]
    enter_offline(page, fields, record, seat, waiting=1)
    # the other tab hears the outbox change: deal 1 waits there too, its form asks for deal 2
    expect(other.locator("tr.outbox-row.waiting")).to_have_count(1)
    expect(other.locator("#entry h2")).to_contain_text("Deal 2")
    context.close()
