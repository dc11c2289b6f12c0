"""A scorekeeper enters a whole series at a three-table on a phone, from the table's link:
36 deals with a correction and a penalty; he submits, another player confirms on his phone,
and the totals on screen are the engine's sum."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from engine import evaluate
from tests.e2e.conftest import screenshot
from tests.factories import add_entry
from tournament.models import SeatingMethod, SheetStatus, Tournament
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# (form fields, the engine record of the same deal); the declarer seat is added per deal
PATTERNS = [
    ({"trump": "hearts", "matadors": "1", "card_points": "95", "tricks": "8"},
     {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95, "tricks": 8}),
    ({"matadors": "2", "card_points": "70"},
     {"game": "grand", "matadors": 2, "card_points": 70}),
    ({"trump": "clubs", "matadors": "1", "without": True, "card_points": "50"},
     {"game": "tourne", "trump": "clubs", "matadors": -1, "card_points": 50}),
    ({"tricks": "0"}, {"game": "null", "tricks": 0}),
    ({"jungfer": True}, {"game": "ramsch", "jungfer": True}),
    ({"trump": "spades", "matadors": "3", "card_points": "120", "tricks": "10",
      "schwarz_announced": True},
     {"game": "solo", "trump": "spades", "matadors": 3, "card_points": 120, "tricks": 10,
      "schwarz_announced": True}),
    ({"matadors": "1", "card_points": "80"},
     {"game": "grand_tourne", "matadors": 1, "card_points": 80}),
    ({"matadors": "1", "card_points": "40"}, {"game": "guckser", "matadors": 1,
                                              "card_points": 40}),
    ({"trump": "diamonds", "matadors": "2", "card_points": "62", "bid": "27"},
     {"game": "solo", "trump": "diamonds", "matadors": 2, "card_points": 62, "bid": 27}),
    ({"tricks": "1"}, {"game": "null_ouvert", "tricks": 1}),
    ({"trump": "hearts", "matadors": "2", "card_points": "75"},
     {"game": "tourne", "trump": "hearts", "matadors": 2, "card_points": 75}),
    ({"trump": "clubs", "matadors": "1", "card_points": "80", "schneider_announced": True},
     {"game": "solo", "trump": "clubs", "matadors": 1, "card_points": 80,
      "schneider_announced": True}),
]


def three_table(deals_per_player: int | None = None):
    more = {"deals_per_player": deals_per_player} if deals_per_player else {}
    tournament = Tournament.objects.create(name="Phone Cup", slug="phone-cup",
                                           start_date=datetime.date(2027, 5, 8), public=True,
                                           **more)
    series = plans.ensure_series(tournament)[0]
    for n, (first, last) in enumerate([("Anna", "Becker"), ("Bert", "Brandt"),
                                       ("Carl", "Fischer")], start=1):
        add_entry(tournament, n, first, last)
    plans.seat_series(series, SeatingMethod.DRAW, "phone", user=None)
    plans.publish(series, user=None)
    return series.tables.get()


def fill_deal(page, fields, record, seat):
    page.select_option("#id_game", record["game"])
    if record["game"] == "ramsch":
        page.select_option("#id_loser", str(seat))
    else:
        page.select_option("#id_declarer", str(seat))
    for name, value in fields.items():
        if value is True:
            page.check(f"#id_{name}")
        elif name == "trump":
            page.select_option("#id_trump", value)
        else:
            page.fill(f"#id_{name}", value)


def test_a_full_series_on_a_phone(browser, live_server):
    # five deals each: 15 deals, every pattern once and three again (a congress's 36 are
    # the same form 36 times; the suite's time goes elsewhere)
    table = three_table(deals_per_player=5)
    names = {s.position: s.entry.player.name for s in table.seats.select_related(
        "entry__player")}
    phone = browser.new_context(base_url=live_server.url, **PHONE)
    page = phone.new_page()
    page.goto(f"/s/{table.token}/")
    expect(page.locator("h1")).to_contain_text(f"Table {table.number}")
    expect(page.locator("#id_game")).to_be_focused()  # keyboard-first
    page.fill("input[name=scorekeeper]", names[1])

    records = {}
    for number in range(1, 16):
        fields, record = PATTERNS[(number - 1) % len(PATTERNS)]
        seat = (number % 3) + 1
        record = {**record, "loser": seat} if record["game"] == "ramsch" else record
        fill_deal(page, fields, record, seat)
        value = evaluate(record)["value"]
        # the value and the new totals are shown before saving
        expect(page.locator(".preview-value")).to_have_text(re.compile(rf"^\+?{value}$"))
        page.get_by_role("button", name="Save deal").click()
        expect(page.locator(".messages")).to_contain_text(f"Deal {number}:")
        records[number] = (record, seat)
        if number == 8:
            page.locator("details.penalty-entry summary").click()
            page.select_option("#id_seat", "3")
            page.select_option("#id_reason", "misdeal")
            page.fill("#id_deal", "8")  # a misdeal is charged to its deal's dealer
            page.get_by_role("button", name="Enter the penalty").click()
            expect(page.locator("tr.penalty")).to_have_count(1)
        if number == 13:  # a correction: deal 2 was a Grand with 2 made Schneider
            page.goto(f"/s/{table.token}/deal/2/")
            page.fill("#id_card_points", "95")
            expect(page.locator(".preview-value")).to_have_text(re.compile(r"^\+?80$"))
            page.get_by_role("button", name=re.compile("Save")).click()
            expect(page.locator(".messages")).to_contain_text("Corrected.")
            record2, seat2 = records[2]
            records[2] = ({**record2, "card_points": 95}, seat2)
    expect(page.locator(".sheet-progress")).to_contain_text("15 of 15")
    screenshot(page, "sheet-phone-complete")

    # the engine's sum, with the misdeal of seat 3
    expected = {1: 0, 2: 0, 3: -10}
    for record, seat in records.values():
        expected[seat] += evaluate(record)["value"]
    shown = [int(t) for t in page.locator("tfoot td.num strong").all_inner_texts()]
    assert shown == [expected[1], expected[2], expected[3]]

    page.fill("#id_submit_name", names[1])
    page.get_by_role("button", name="Submit the sheet").click()
    expect(page.locator("h1 .status")).to_have_text("Submitted")

    # the submitter cannot confirm his own sheet ...
    page.fill("#id_confirm_name", names[1])
    page.get_by_role("button", name="Confirm the sheet").click()
    # said on the confirmation form, which keeps the name typed
    expect(page.locator(".sheet-step .error")).to_contain_text("cannot confirm it too")
    expect(page.locator("#id_confirm_name")).to_have_value(names[1])

    # ... a second player confirms on his own phone
    second = browser.new_context(base_url=live_server.url, **PHONE).new_page()
    second.goto(f"/s/{table.token}/")
    second.fill("#id_confirm_name", names[2])
    second.get_by_role("button", name="Confirm the sheet").click()
    expect(second.locator(".sheet-progress")).to_contain_text(f"Confirmed by {names[2]}")
    expect(second.locator("#id_game")).to_have_count(0)  # no more entry for the table
    table.refresh_from_db()
    assert table.sheet_status == SheetStatus.CONFIRMED
    assert [int(t) for t in second.locator("tfoot td.num strong").all_inner_texts()] == [
        expected[1], expected[2], expected[3]]
    screenshot(second, "sheet-phone-confirmed")
    second.context.close()
    phone.close()


def test_two_phones_on_one_sheet_hear_that_it_changed(browser, live_server):
    table = three_table()
    phones = [browser.new_context(base_url=live_server.url, **PHONE) for _ in range(2)]
    first, second = (phone.new_page() for phone in phones)
    for page in (first, second):
        page.goto(f"/s/{table.token}/")
    fields, record = PATTERNS[0]
    fill_deal(first, fields, record, 2)
    first.get_by_role("button", name="Save deal").click()
    expect(first.locator(".messages")).to_contain_text("Deal 1:")

    # the second phone still shows deal 1 as the next one: its preview says why
    fill_deal(second, fields, record, 3)
    expect(second.locator(".js-non-field")).to_contain_text("changed on another device")
    second.get_by_role("button", name="Save deal").click()
    expect(second.locator(".messages")).to_contain_text(
        "This sheet was changed on another device: your entry was not saved.")
    expect(second.locator(".sheet-progress")).to_contain_text("1 of 36")
    screenshot(second, "sheet-changed-on-another-device")
    for phone in phones:
        phone.close()
