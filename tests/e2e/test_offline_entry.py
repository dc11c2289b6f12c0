"""Issue 24 point 1: a scorekeeper's phone loses the network, enters deals into the table
link's outbox, reloads the page with the network still gone (the service worker serves it),
and the deals are stored once each, in order, when the network is back; a deal another device
entered meanwhile is refused on that deal and stays in the outbox (docs/live.md)."""

import re

import pytest
from playwright.sync_api import expect

from api.models import DealRequest
from engine import evaluate
from tests.e2e.conftest import screenshot
from tests.e2e.test_score_sheet import PHONE, fill_deal, three_table
from tests.factories import play
from tournament.models import AuditAction, AuditEntry, Deal

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

# (form fields, the record the engine stores, the declarer's seat): deals 1 to 3
DEALS = [
    ({"trump": "hearts", "matadors": "1", "card_points": "95"},
     {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}, 3),
    ({"matadors": "2", "card_points": "70"},
     {"game": "grand", "matadors": 2, "card_points": 70}, 1),
    ({"tricks": "0"}, {"game": "null", "tricks": 0}, 2),
]


def phone_on_its_link(browser, live_server, table):
    """The phone opens its table's link and waits until the page is kept for offline use."""
    context = browser.new_context(base_url=live_server.url, **PHONE)
    page = context.new_page()
    page.goto(f"/s/{table.token}/")
    expect(page.locator("html[data-offline-ready='1']")).to_have_count(1)
    page.fill("input[name=scorekeeper]", "Bert Brandt")
    return context, page


def enter_offline(page, fields, record, seat, waiting):
    fill_deal(page, fields, record, seat)
    value = evaluate(record)["value"]
    # the value from the page's own rules (static/js/skat_value.js): no server to ask
    expect(page.locator(".preview-value")).to_have_text(re.compile(rf"^\+?{value}$"))
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#outbox-status")).to_contain_text(
        f"{waiting} deal{'s' if waiting > 1 else ''} waiting")


def outbox(page, table) -> list[dict]:
    return page.evaluate("token => SheetOutbox.list(token)", table.token)


def test_three_deals_entered_offline_are_stored_once_each_in_order(browser, live_server):
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    context.set_offline(True)
    for n, (fields, record, seat) in enumerate(DEALS, start=1):
        enter_offline(page, fields, record, seat, waiting=n)
        # the form moves on to the next deal and its dealer
        expect(page.locator("#entry h2")).to_contain_text(f"Deal {n + 1}")
    assert not Deal.objects.filter(table=table).exists()

    page.reload()  # no network: the service worker's copy of the page, the outbox kept
    expect(page.locator("#outbox-status")).to_contain_text("3 deals waiting")
    expect(page.locator("input[name=scorekeeper]")).to_have_value("Bert Brandt")
    rows = page.locator("tr.outbox-row.waiting")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Heart Solo")
    expect(page.locator("#entry h2")).to_contain_text("Deal 4")
    assert [e["number"] for e in outbox(page, table)] == [1, 2, 3]
    screenshot(page, "offline-entry-waiting")
    assert not Deal.objects.filter(table=table).exists()

    lost = []

    def lose_the_first_answer(route):
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server stores deal 1 ...
            lost.append(route.request.headers["idempotency-key"])
            route.abort()  # ... and its answer is lost on the way back
        else:
            route.continue_()

    page.route("**/api/tables/*/deals", lose_the_first_answer)
    with page.expect_event("requestfailed"):
        context.set_offline(False)  # the "online" event sends the outbox
    assert Deal.objects.filter(table=table).count() == 1
    kept = outbox(page, table)
    assert [e["number"] for e in kept] == [1, 2, 3] and kept[0]["key"] == lost[0]

    # sent again (as every 20 s): the same key and body, so deal 1 is not stored twice
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("table.sheet tr.deal:not(.outbox-row)")).to_have_count(3)
    expect(page.locator("#outbox-status")).to_be_hidden()
    expect(page.locator(".sheet-progress")).to_contain_text("3 of 36")
    assert outbox(page, table) == []

    stored = list(Deal.objects.filter(table=table).order_by("number"))
    assert [(d.number, d.record, d.declarer) for d in stored] == [
        (n, record, seat) for n, (_f, record, seat) in enumerate(DEALS, start=1)]
    assert DealRequest.objects.filter(table=table).count() == 3  # one key each
    assert DealRequest.objects.filter(table=table, key=lost[0]).exists()
    audit = AuditEntry.objects.filter(action=AuditAction.DEAL_ENTERED,
                                      tournament=table.series.tournament,
                                      series=table.series.number, table=table.number)
    assert sorted(audit.values_list("deal", flat=True)) == [1, 2, 3]
    assert set(audit.values_list("actor", flat=True)) == {"Bert Brandt"}
    context.close()


def test_a_deal_entered_meanwhile_on_another_device_is_refused_on_that_deal(browser,
                                                                              live_server):
    table = three_table()
    context, page = phone_on_its_link(browser, live_server, table)
    context.set_offline(True)
    for n, (fields, record, seat) in enumerate(DEALS[:2], start=1):
        enter_offline(page, fields, record, seat, waiting=n)
    # another phone of the table enters deal 1 as a lost Grand, while this one has no network
    play(table, {"game": "grand", "matadors": 1, "card_points": 40}, declarer=2,
         actor="Carl Fischer")

    context.set_offline(False)
    refused = page.locator("tr.outbox-row.refused")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("Heart Solo")
    note = page.locator("tr.outbox-note")
    expect(note).to_contain_text("Deal 1 was not stored: another device entered deal 1 "
                                 "meanwhile (Grand with 1, lost)")
    expect(page.locator("#outbox-status")).to_contain_text("2 deals waiting")
    expect(page.locator("#outbox-status")).to_contain_text("1 refused")
    entries = outbox(page, table)
    assert [(e["number"], e["state"]) for e in entries] == [(1, "refused"), (2, "waiting")]
    assert "another device entered deal 1" in entries[0]["reason"]
    # the sheet as the server has it: the other phone's deal 1, then this phone's two
    expect(page.locator("table.sheet tr.deal:not(.outbox-row)")).to_have_count(1)
    expect(page.locator("#entry h2")).to_contain_text("Deal 3")
    screenshot(page, "offline-entry-refused")
    # the refused deal stays; the deal after it waits behind it, stored nowhere
    assert list(Deal.objects.filter(table=table).values_list("number", "declarer")) == [(1, 2)]

    # the table agrees the other phone's deal 1 stands: this one is discarded, deal 2 goes on
    page.once("dialog", lambda dialog: dialog.accept())
    note.get_by_role("button", name="Discard it").click()
    expect(page.locator("table.sheet tr.deal:not(.outbox-row)")).to_have_count(2)
    assert outbox(page, table) == []
    second = Deal.objects.get(table=table, number=2)
    assert second.record == DEALS[1][1] and second.declarer == DEALS[1][2]
    context.close()


def test_a_form_sent_into_no_answer_is_kept_and_a_refusal_is_corrected_in_the_form(
        browser, live_server):
    """The phone believes it is online (a hall's Wi-Fi without a way out): the form is posted
    as ever, the service worker gets no answer and keeps the deal in the outbox, unchecked.
    On sync the engine refuses it, on its field; corrected in the form, it is stored."""
    table = three_table()
    context = browser.new_context(base_url=live_server.url, **PHONE)
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'onLine', {get: () => true})")
    page = context.new_page()
    page.goto(f"/s/{table.token}/")
    expect(page.locator("html[data-offline-ready='1']")).to_have_count(1)
    page.fill("input[name=scorekeeper]", "Anna Becker")
    context.set_offline(True)
    # 95 card points in no trick: the engine's refusal, which this path does not check first
    fill_deal(page, {"trump": "hearts", "matadors": "1", "card_points": "95", "tricks": "0"},
              {"game": "solo"}, 3)
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("#outbox-status")).to_contain_text("1 deal waiting")
    assert [e["scorekeeper"] for e in outbox(page, table)] == ["Anna Becker"]

    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")  # onLine never changed here
    note = page.locator("tr.outbox-note")
    expect(note).to_contain_text("Deal 1 was not stored")
    expect(note).to_contain_text("Tricks")
    assert outbox(page, table)[0]["state"] == "refused"
    assert not Deal.objects.filter(table=table).exists()

    note.get_by_role("button", name="Correct it").click()
    expect(page.locator("#entry h2")).to_contain_text("correcting the refused deal")
    expect(page.locator("#id_card_points")).to_have_value("95")
    page.fill("#id_tricks", "8")
    expect(page.locator(".preview-value")).to_have_text("+30")
    screenshot(page, "offline-entry-correcting")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator("table.sheet tr.deal:not(.outbox-row)")).to_have_count(1)
    assert outbox(page, table) == []
    deal = Deal.objects.get(table=table)
    assert (deal.number, deal.declarer, deal.record) == (1, 3, {
        "game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95, "tricks": 8})
    assert AuditEntry.objects.get(action=AuditAction.DEAL_ENTERED).actor == "Anna Becker"
    context.close()
