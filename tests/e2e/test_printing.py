"""The organizer prints all sheets of a series from its sheets page: the download arrives and
the page shows how far the PDF is while it is made."""

import datetime

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e.conftest import screenshot
from tests.factories import add_entry
from tournament.models import SeatingMethod, Tournament
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def seated(organizer_user):
    tournament = Tournament.objects.create(name="Skatabend Süd", slug="skatabend",
                                           start_date=datetime.date(2027, 5, 1),
                                           deals_per_player=2, series_count=1)
    tournament.organizers.add(organizer_user)
    for n in range(1, 14):
        add_entry(tournament, n, f"Spieler{n}", f"Müller{n}")
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "print", user=None)
    plans.publish(series, user=None)
    return tournament, series


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900},
                                      {"width": 390, "height": 844}])
def test_all_sheets_download_with_their_progress_shown(organizer_page, seated, monkeypatch,
                                                        viewport):
    from printing import batches

    monkeypatch.setattr(batches, "CHUNK", 1)
    tournament, series = seated
    page = organizer_page
    page.set_viewport_size(viewport)
    page.goto(f"/organize/{tournament.slug}/series/1/sheets/")
    expect(page.locator("#print-progress")).to_be_hidden()  # no bar before anything prints
    with page.expect_download() as download:
        page.get_by_role("link", name="all sheets", exact=True).click()
    tables = series.tables.count()
    expect(page.get_by_role("status")).to_contain_text(
        f"Ready: {tables} of {tables} tables", timeout=30_000)
    reader = PdfReader(download.value.path())
    assert len(reader.pages) == tables
    assert "Müller" in reader.pages[0].extract_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    screenshot(page, f"print-progress-{viewport['width']}")
