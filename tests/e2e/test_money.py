"""Issue 22 in a browser: the organizer picks a preset on the Money page, the door shows the
fee, a scorekeeper's sheet (their phone, the table's link) shows the lost-game money, and the
payout sheet PDF balances (rendered to PNG and kept in test-results/ to be looked at)."""

import subprocess

import pytest
from playwright.sync_api import expect

from money.models import MoneySettings
from money.presets import PRESETS
from money.services import money_book
from tests.e2e.conftest import ARTIFACTS, VIEWPORTS, fits, screenshot
from tests.factories import SOLO_LOST, club_night, confirm_series, play, table_of_size
from tournament.sheets.loaders import table_info

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_preset_reaches_the_door_the_sheet_and_a_balanced_payout_sheet(
        organizer_page, organizer_user, browser, live_server, tmp_path):
    night = club_night(organizer_user, slug="money-night")
    page = organizer_page

    # the organizer picks the Preisskat preset on the Money page
    page.goto(f"/organize/{night.slug}/money/")
    preset = page.locator("form.preset").filter(
        has=page.locator("input[name=preset][value=prizes_from_entry_fees]"))
    expect(preset).to_contain_text("$15.00")  # the entry fee in the tournament's currency
    preset.locator("button").click()
    expect(page.locator(".messages, .message").first).to_be_visible()
    stored = MoneySettings.objects.get(tournament=night)
    assert stored.rules == PRESETS["prizes_from_entry_fees"]

    # the door shows what each arriving player pays
    page.goto(f"/organize/{night.slug}/door/")
    expect(page.locator("#door-money")).to_contain_text("$15.00")

    # a scorekeeper's phone: two lost games at the four-table, the money by the tiers
    table = table_of_size(night, 4)
    info = table_info(table)
    loser = max({1, 2, 3, 4} - {info.dealer(1), info.dealer(2)})  # plays both deals
    play(table, SOLO_LOST, declarer=loser)
    play(table, SOLO_LOST, declarer=loser)
    phone = browser.new_context(base_url=live_server.url, viewport=VIEWPORTS["phone"])
    sheet = phone.new_page()
    sheet.goto(f"/s/{table.token}/")
    money = sheet.locator("#sheet-money")
    expect(money).to_be_visible()
    lost = money.locator("tr.lost-game-money td")
    assert lost.nth(loser - 1).inner_text() == "$1.00"  # 2 × $0.50 (the 1st–3rd lost game)
    assert lost.nth(0).inner_text() == "$0.00"
    fits(sheet)
    screenshot(sheet, "money-sheet-phone")
    phone.close()

    # the series played to the end: the payout sheet balances, on the page and in the PDF
    confirm_series(night.series.get(number=1))
    page.goto(f"/organize/{night.slug}/money/payouts/")
    expect(page.locator("#balance")).to_contain_text("It balances.")
    screenshot(page, "money-payouts")
    pdf = page.request.get(f"/organize/{night.slug}/money/payouts.pdf")
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    path = tmp_path / "payouts.pdf"
    path.write_bytes(pdf.body())
    ARTIFACTS.mkdir(exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", str(path),
                    str(ARTIFACTS / "money-payouts-pdf")], check=True)
    assert (ARTIFACTS / "money-payouts-pdf-1.png").stat().st_size > 10_000
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "It balances." in text
    ledger = money_book(night).ledger
    paid = sum(sum(kinds.values()) for kinds in ledger.paid.values())
    assert paid == sum(ledger.pools_in.values()) == 7 * 1500 + 100  # 7 entries, 2 lost games
    assert f"{paid / 100:,.2f}" in text
