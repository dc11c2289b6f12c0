"""A visitor downloads the released standings as XLSX from the standings page on his phone
(390 px, where the links must fit too): the file holds the page's rows (docs/exports.md)."""

import openpyxl
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import VIEWPORTS, fits, screenshot
from tests.factories import club_night, confirm_series, release

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_standings_download_as_xlsx_holds_the_rows_of_the_page(page, tmp_path):
    night = club_night(slug="club-night")
    release(confirm_series(night.series.get(number=1)))
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(f"/t/{night.slug}/standings/series/1/")
    links = page.locator(".download-links a")
    expect(links).to_have_text(["CSV", "XLSX", "ODS"])
    fits(page)  # the links fit a 390 px phone
    screenshot(page, "standings-downloads-phone")
    # the page's rows as the visitor reads them: place, No., name, Points (a phone hides No.)
    shown = [[cell.inner_text() for cell in row.locator("td").all()]
             for row in page.locator("table.standings tbody tr").all()]
    with page.expect_download() as download:
        links.filter(has_text="XLSX").click()
    name = download.value.suggested_filename
    assert name == "club-night-2027-05-01-standings-series-1.xlsx"
    download.value.save_as(tmp_path / name)
    sheet = openpyxl.load_workbook(tmp_path / name).active
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0][:5] == ["Place", "No.", "Player", "Club", "Points"]
    assert len(rows) - 1 == len(shown) == 7
    for cells, row in zip(shown, rows[1:], strict=True):
        assert int(cells[0].rstrip("=")) == row[0]
        assert cells[2] == row[2]
        assert int(cells[4].replace(",", "")) == row[4]
        assert cells[7] == (f"+{row[7]}" if row[7] > 0 else str(row[7]))
