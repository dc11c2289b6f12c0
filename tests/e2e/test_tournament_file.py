"""Issue 21, point 2, in a browser: the demo congress's tournament file downloaded from its
dashboard, uploaded as a new tournament through the preview and confirmed; the new
tournament's standings page shows the original's standings."""

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tournament.demo import build_demo_congress
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def standings(page, slug: str) -> list[list[str]]:
    """Every row of the overall standings, page by page, as the browser shows them."""
    shown, number = [], 1
    while True:
        page.goto(f"/t/{slug}/standings/?page={number}")
        rows = page.locator("table.standings tbody tr")
        shown += [row.split("\t") for row in rows.all_inner_texts()]
        if not page.locator(f'a[href*="page={number + 1}"]').count():
            return shown
        number += 1


def test_the_demo_congress_travels_as_a_file_to_a_new_tournament(organizer_page, organizer_user,
                                                                 tmp_path):
    congress = build_demo_congress(with_deals=True)
    congress.organizers.add(organizer_user)
    page = organizer_page

    page.goto(f"/organize/{congress.slug}/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download tournament file").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("demo-congress-tournament-") and saved.suffix == ".json"
    assert json.loads(saved.read_text(encoding="utf-8"))["format"] == "skat-congress/tournament"

    page.goto("/")
    page.get_by_role("link", name="New tournament from a file").click()
    page.set_input_files("input[type=file]", str(saved))
    page.get_by_role("button", name="Check the file").click()
    expect(page.locator("h1")).to_have_text("Tournament file preview")
    expect(page.locator("main")).to_contain_text("demo-congress-2")
    expect(page.locator("main")).to_contain_text("1,770")  # deals
    screenshot(page, "tournament-file-preview")
    assert not Tournament.objects.filter(slug="demo-congress-2").exists()  # nothing saved yet

    page.get_by_role("button", name="Import as a new tournament").click()
    expect(page).to_have_url(f"{page.url.split('/organize/')[0]}/organize/demo-congress-2/")
    expect(page.locator(".messages")).to_contain_text("imported as a new tournament")

    original = standings(page, "demo-congress")
    assert len(original) == 59  # every player who played
    assert standings(page, "demo-congress-2") == original
