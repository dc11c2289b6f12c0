"""What a download is: its format read back by that format's own reader, the formula rule on
names people typed, numbers as numbers, its name, type and header row (docs/exports.md)."""

from __future__ import annotations

import io
import zipfile

import openpyxl
import pytest
from django.test import Client

from tests.exports.conftest import FORMULA_NAMES, body, rows_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_budget")]

FORMATS = ("csv", "xlsx", "ods")
TYPES = {"csv": "text/csv; charset=utf-8",
         "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
         "ods": "application/vnd.oasis.opendocument.spreadsheet"}


def _get(client, url, **headers):
    response = client.get(url, **headers)
    assert response.status_code == 200, (url, response.status_code)
    return response


@pytest.mark.parametrize("fmt", FORMATS)
def test_names_a_spreadsheet_would_evaluate_come_back_as_text(night, fmt):
    """Players named "=cmd|' /C calc'!A0", "-Anna", "@home" and a club "+Plus Skat", in the
    public standings, the seating plan and the organizer's player list: each read back with
    the leading apostrophe, as text; the Points and Games, negative ones too, as numbers."""
    tournament, boss, _ = night
    files = {"standings": _get(Client(), f"/t/{tournament.slug}/standings.{fmt}"),
             "seating": _get(Client(), f"/t/{tournament.slug}/series/1/seating.{fmt}"),
             "players": _get(boss, f"/organize/{tournament.slug}/players.{fmt}")}
    for what, response in files.items():
        rows = rows_of(fmt, body(response))
        column = {"standings": 2, "seating": 3, "players": 1}[what]
        names = {row[column] for row in rows[1:]}
        for first, last in FORMULA_NAMES:
            assert f"'{last}, {first}" in names, (what, names)
        assert "'+Plus Skat" in {str(cell) for row in rows[1:] for cell in row}
        if fmt == "xlsx":
            sheet = openpyxl.load_workbook(io.BytesIO(body(response))).active
            assert all(cell.data_type != "f" for row in sheet.iter_rows() for cell in row)
        if fmt == "ods":
            content = zipfile.ZipFile(io.BytesIO(body(response))).read("content.xml")
            assert b"table:formula" not in content
    standings = rows_of(fmt, body(files["standings"]))
    header = standings[0]
    eve = next(row for row in standings if "=cmd" in str(row[2]))
    points, games = eve[header.index("points" if fmt == "csv" else "Points")], eve[-1]
    if fmt == "csv":  # the csv module reads text: a number is written bare, never quoted
        assert points == "130" and games == "4"
    else:
        assert points == 130 and games == 4
        assert isinstance(points, int | float)


def test_a_negative_number_stays_a_number(night):
    """Eve's lost Heart Solo: -20 on her deals' file, a number without an apostrophe."""
    tournament, _, _ = night
    for fmt in FORMATS:
        rows = rows_of(fmt, body(_get(Client(), f"/t/{tournament.slug}/player/1.{fmt}")))
        points = [row[-1] for row in rows[1:]]
        assert (-20 if fmt != "csv" else "-20") in points
        assert (30 if fmt != "csv" else "30") in points


NAMES = {"standings": "standings", "standings/series/1": "standings-series-1",
         "club-standings": "clubs", "team-standings": "teams", "prizes": "prizes",
         "player/1": "player-1-deals", "series/1/seating": "seating-series-1"}


def test_a_file_is_named_after_the_tournament_its_date_and_the_table(night):
    tournament, boss, _ = night
    for url, name in NAMES.items():
        for fmt in FORMATS:
            response = _get(Client(), f"/t/{tournament.slug}/{url}.{fmt}")
            assert response["Content-Type"] == TYPES[fmt]
            assert response["Content-Disposition"] == (
                f'attachment; filename="club-night-2027-05-01-{name}.{fmt}"')
    response = _get(boss, f"/organize/{tournament.slug}/audit.csv")
    assert response["Content-Disposition"] == (
        'attachment; filename="club-night-2027-05-01-audit.csv"')


def test_a_club_filter_is_in_the_file_and_its_name(night):
    tournament, _, _ = night
    club = tournament.entries.get(number=1).club
    response = _get(Client(), f"/t/{tournament.slug}/standings.xlsx?club={club.pk}&page=2")
    assert response["Content-Disposition"].endswith('-standings-plus-skat.xlsx"')
    rows = rows_of("xlsx", body(response))
    assert [row[1] for row in rows[1:]] == [1, 2]


def test_german_heads_and_title_for_a_german_reader_english_keys_in_csv(night):
    tournament, _, _ = night
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    for fmt in ("xlsx", "ods"):
        rows = rows_of(fmt, body(_get(Client(), f"/t/{tournament.slug}/standings/series/1.{fmt}",
                                      **german)))
        assert rows[0][:5] == ["Platz", "Nr.", "Spieler/in", "Verein", "Punkte"]
    book = openpyxl.load_workbook(io.BytesIO(body(_get(
        Client(), f"/t/{tournament.slug}/standings/series/1.xlsx", **german))))
    assert book.active.title == "Rangliste der 1. Serie"
    english = openpyxl.load_workbook(io.BytesIO(body(_get(
        Client(), f"/t/{tournament.slug}/standings/series/1.xlsx"))))
    assert english.active.title == "Standings series 1"
    assert english.active["A1"].value == "Place"
    for headers in ({}, german):
        rows = rows_of("csv", body(_get(Client(), f"/t/{tournament.slug}/standings.csv",
                                        **headers)))
        assert rows[0] == ["place", "number", "name", "club", "points", "won", "lost", "games"]


def test_a_page_shows_its_download_links_with_its_filters_not_its_page(night):
    tournament, boss, _ = night
    page = _get(Client(), f"/t/{tournament.slug}/standings/series/1/?club=1&page=1")
    content = page.content.decode()
    for fmt in FORMATS:
        assert f'href="/t/{tournament.slug}/standings/series/1.{fmt}?club=1"' in content
    audit = _get(boss, f"/organize/{tournament.slug}/audit/?series=2").content.decode()
    assert f'href="/organize/{tournament.slug}/audit.ods?series=2"' in audit


def test_a_file_keeps_the_order_the_page_was_sorted_by(night):
    tournament, _, _ = night
    rows = rows_of("csv", body(_get(Client(), f"/t/{tournament.slug}/standings.csv?sort=-number")))
    assert [int(row[1]) for row in rows[1:]] == [7, 6, 5, 4, 3, 2, 1]
    ignored = rows_of("csv", body(_get(Client(), f"/t/{tournament.slug}/standings.csv?sort=x")))
    assert [int(row[0]) for row in ignored[1:]] == sorted(int(row[0]) for row in ignored[1:])
