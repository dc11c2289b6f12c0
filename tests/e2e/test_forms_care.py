"""Issue 18 points 19, 23 and 25 in a browser, on a desktop and a 390×844 phone: the CSV
preview of an Excel file, the team form's refusal, the staff page and the new tournament."""

import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import fits, screenshot
from tests.factories import add_entry
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

def _excel() -> bytes:
    text = ("Vorname;Nachname;Verein;Startnummer;Eingecheckt\n"
            "Jürgen;Groß;Kreuz Bube Köln;7;ja\n"
            "Jürgen;Groß;Kreuz Bube Köln;7;ja\n"
            "Hans;Weiß;;8;nein\n")
    return text.encode("cp1252")


def test_an_excel_csv_is_previewed_read_once_and_imported(organizer_page, organizer_user,
                                                           viewport, request):
    kind = request.node.callspec.id
    page = organizer_page
    page.set_viewport_size(viewport)
    tournament = Tournament.objects.create(name="Preisskat", slug="preisskat",
                                           start_date=datetime.date(2027, 3, 6))
    tournament.organizers.add(organizer_user)
    page.goto("/organize/preisskat/players/import/")
    page.set_input_files("#id_file", files=[{"name": "spieler.csv", "mimeType": "text/csv",
                                             "buffer": _excel()}])
    page.get_by_role("button", name="Check the file").click()
    expect(page.locator("p.warning")).to_contain_text("read as Windows-1252")
    expect(page.get_by_text("Row 3 repeats row 2 and is read once.")).to_be_visible()
    expect(page.locator("table.data")).to_contain_text("Groß, Jürgen")
    fits(page)
    screenshot(page, f"import-preview-excel-{kind}")
    page.get_by_role("button", name="Import 2 players").click()
    expect(page.locator(".messages")).to_contain_text(
        "Imported 2 players; 1 repeated row read once.")
    assert tournament.entries.get(number=7).club.name == "Kreuz Bube Köln"


def test_the_team_form_says_it_once_and_the_staff_page_names_the_creator(
        organizer_page, organizer_user, viewport, request):
    kind = request.node.callspec.id
    page = organizer_page
    page.set_viewport_size(viewport)
    tournament = Tournament.objects.create(name="Tandem Night", slug="tandem-night",
                                           start_date=datetime.date(2027, 3, 6),
                                           created_by=organizer_user)
    tournament.organizers.add(organizer_user)
    add_entry(tournament, 1, "Anna", "Becker")
    add_entry(tournament, 2, "Carl", "Brandt")
    page.goto("/organize/tandem-night/results/")
    page.fill("#id_team-name", "Kreuz")
    page.fill("#id_team-members", "1, 9")
    page.get_by_role("button", name="Register").click()
    refusal = page.get_by_text("No player of this tournament has the number 9.")
    expect(refusal).to_have_count(1)
    expect(page.locator("#id_team-members")).to_have_value("1, 9")
    fits(page)
    screenshot(page, f"team-refused-{kind}")

    page.goto("/organize/tandem-night/staff/")
    expect(page.locator("table.data")).to_contain_text("organizer (created it)")
    page.fill("#id_username", "somebody")
    page.get_by_role("button", name="Add").click()
    expect(page.get_by_text("is not among the people you run tournaments with")).to_be_visible()
    fits(page)
    screenshot(page, f"staff-{kind}")

    page.goto("/organize/new/")
    expect(page.locator("#id_public")).to_be_checked()
    fits(page)
    screenshot(page, f"new-tournament-{kind}")
