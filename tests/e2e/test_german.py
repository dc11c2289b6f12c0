"""An organizer's day and a scorekeeper's phone, walked in a German browser and again in an
English one (issue 20): the tournament, its players from a CSV, the check-in, the draw and its
publishing, the sheets' PDF, then a phone at a table enters a deal and an impossible one.

In German no page of the walk holds an English word of the site (tests/german.py), the PDF is
German, and the impossible deal's reason is German on its field; the same walk in English
still works and speaks English. The buttons are found by their form, not their words."""

import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e.conftest import screenshot
from tests.german import english_lines, page_text
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS_CSV = """vorname;nachname;verein
Anna;Becker;Pik As
August;Brandt;Pik As
Bertha;Fischer;Germania
Carl;Hartmann;Germania
Clara;Hoffmann;Concordia
Ernst;Jung;Concordia
"""
NAMES = frozenset({"Anna Becker", "August Brandt", "Bertha Fischer", "Carl Hartmann",
                   "Clara Hoffmann", "Ernst Jung", "Pik As", "Germania", "Concordia",
                   "Herbstpokal", "Vereinsheim", "English", "marta"})
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# what each language must show where the other would show its own word
SAYS = {"de": ("Platz 1:", "Augen"), "en": ("Seat 1:", "Card points")}


def read(page, language: str, seen: list[str]) -> None:
    """The page as a person reads it: in German, no English line."""
    text = page_text(page.content())
    if language == "de":
        seen += [f"{page.url}: {line}" for line in english_lines(text, NAMES)]


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_organizers_day_and_a_phone_in_each_language(browser, live_server, client,
                                                        organizer_user, language):
    client.force_login(organizer_user)
    context = browser.new_context(base_url=live_server.url, locale=f"{language}-DE"
                                  if language == "de" else "en-US",
                                  viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    page = context.new_page()
    english: list[str] = []

    # 1. the tournament: an ISkO club evening
    page.goto("/organize/new/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    read(page, language, english)
    page.fill("#id_name", "Herbstpokal")
    page.fill("#id_start_date", "2027-11-25")  # a date input takes ISO, shows the reader's
    page.fill("#id_venue", "Vereinsheim")
    page.select_option("#id_rule_set", "isko")
    page.check("#id_public")
    if language == "de":  # a German club: its table links and PDFs speak German to everyone
        page.select_option("#id_language", "de")
    page.locator("form.stacked [type=submit]").click()
    expect(page.locator("h1")).to_contain_text("Herbstpokal")
    read(page, language, english)
    tournament = Tournament.objects.get(name="Herbstpokal")
    assert str(tournament.start_date) == "2027-11-25"

    # 2. the players from a CSV with German headers, previewed then imported
    page.goto(f"/organize/{tournament.slug}/players/import/")
    read(page, language, english)
    page.fill("textarea", PLAYERS_CSV)
    page.locator("button[name=preview]").click()
    read(page, language, english)
    page.locator("button[name=confirm]").click()
    assert tournament.entries.count() == 6

    # 3. everybody checked in from the list
    page.goto(f"/organize/{tournament.slug}/players/")
    read(page, language, english)
    for _ in range(6):
        page.locator("form[action$='/check-in/'] button:not(.secondary)").first.click()
        page.wait_for_load_state()
    assert tournament.entries.filter(checked_in=True).count() == 6

    # 4. series 1 drawn and published
    page.goto(f"/organize/{tournament.slug}/series/1/")
    page.fill("#id_seed", "herbst")
    page.locator("button[name=seat]").click()
    expect(page.locator(".table-card")).to_have_count(2)
    read(page, language, english)
    page.locator("button[name=publish]").click()
    expect(page.locator(".messages")).to_be_visible()
    read(page, language, english)

    # 5. the sheets page, and the blank score sheets as the organizer prints them (asked
    # without a browser language: the German club's sheets are German all the same)
    page.goto(f"/organize/{tournament.slug}/series/1/sheets/")
    read(page, language, english)
    pdf = page.request.get(f"/organize/{tournament.slug}/series/1/table/1/sheet.pdf")
    assert pdf.ok
    printed = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert SAYS[language][0] in printed
    if language == "de":
        english += [f"sheet.pdf: {line}" for line in english_lines(printed, NAMES)]
    screenshot(page, f"day-{language}-sheets")

    # 6. a phone at table 1: a Grand is saved, an impossible deal is refused on its field
    table = tournament.series.get(number=1).tables.get(number=1)
    phone = browser.new_context(base_url=live_server.url, locale="de-DE" if language == "de"
                                else "en-US", **PHONE)
    sheet = phone.new_page()
    sheet.goto(f"/s/{table.token}/")
    expect(sheet.locator("h1")).to_be_visible()
    read(sheet, language, english)
    sheet.select_option("#id_game", "grand")
    sheet.select_option("#id_declarer", "1")
    sheet.fill("#id_matadors", "2")
    sheet.fill("#id_card_points", "70")
    expect(sheet.locator(".preview-value")).to_have_text(re.compile(r"^\+?72$"))
    sheet.locator("form.deal-form [type=submit]").first.click()
    expect(sheet.locator(".messages")).to_be_visible()
    read(sheet, language, english)
    assert table.deals.count() == 1

    sheet.select_option("#id_game", "grand")
    sheet.select_option("#id_declarer", "2")
    sheet.fill("#id_matadors", "2")
    sheet.fill("#id_card_points", "119")  # no card is worth the 1 point left over
    sheet.locator("form.deal-form [type=submit]").first.click()
    expect(sheet.locator(".field-card_points .error").first).to_contain_text(SAYS[language][1])
    read(sheet, language, english)
    screenshot(sheet, f"phone-{language}-refused")
    assert table.deals.count() == 1

    assert english == []
    phone.close()
    context.close()
