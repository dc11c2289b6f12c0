"""The season ranking's PDF and its files: the same lines as ``season_ranking``, what the
public may read only (released series, names as published), the numbers numbers."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from seasons.models import Member, Season
from seasons.services import season_ranking
from tests.seasons.conftest import FIRST_DAY, club_evening, persons
from tournament.models import Entry

WEEK = datetime.timedelta(days=7)


@pytest.fixture
def season(club) -> Season:
    """Two released evenings of eight (seven members, a guest) and an unreleased third."""
    people = persons(8)
    Member.objects.bulk_create([Member(club=club, player=p, joined_on=FIRST_DAY)
                                for p in people[:7]])
    club_evening(club, FIRST_DAY, people, series=2)
    club_evening(club, FIRST_DAY + WEEK, people[:4] + people[6:])
    club_evening(club, FIRST_DAY + 2 * WEEK, people[:4], release=False)
    return Season.objects.create(club=club, name="Jahreswertung 2027", slug="2027",
                                 first_day=datetime.date(2027, 1, 1),
                                 last_day=datetime.date(2027, 12, 31),
                                 rules={"value": "total", "min_played": 3,
                                        "drop_worst_at": [3]})


def _url(season: Season, name: str, **kwargs) -> str:
    return reverse(f"seasons:{name}", kwargs={"club": season.club_id, "season": season.slug,
                                              **kwargs})


def _csv(response) -> list[dict[str, str]]:
    text = b"".join(response.streaming_content if response.streaming else [response.content])
    return list(csv.DictReader(io.StringIO(text.decode("utf-8-sig"))))


def test_the_pdf_prints_the_ranking_with_its_rules(season):
    response = Client().get(_url(season, "ranking_pdf"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    text = " ".join(page.extract_text() for page in reader.pages)
    ranking = season_ranking(season, public=True)
    leader = ranking.person(ranking.rows[0].player).name
    assert ranking.rows[0].rank == "1"
    assert leader in text and "Jahreswertung 2027" in text and "SC Kreuz Bube" in text
    assert "Guests" in text and "Not qualified" in text
    assert ranking.rows[0].printed_value in text
    assert "worst result dropped at 3" in text  # the rules in words


def test_a_long_ranking_repeats_its_head_on_every_page(club):
    people = persons(120)
    Member.objects.bulk_create([Member(club=club, player=p, joined_on=FIRST_DAY)
                                for p in people])
    club_evening(club, FIRST_DAY, people, deals_per_player=1)
    season = Season.objects.create(club=club, name="2027", slug="2027",
                                   first_day=FIRST_DAY, last_day=FIRST_DAY)
    response = Client().get(_url(season, "ranking_pdf"))
    pages = PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages
    assert len(pages) >= 2
    assert all("Counted total" in page.extract_text() for page in pages)


def test_the_csv_rows_are_the_ranking_rows(season):
    rows = _csv(Client().get(_url(season, "ranking_export", fmt="csv")))
    ranking = season_ranking(season, public=True)
    assert len(rows) == len(ranking.rows) == 8
    for line, row in zip(rows, ranking.rows, strict=True):
        assert line["player"] == str(row.player)
        assert line["rank"] == (row.rank or "")
        assert line["name"] == ranking.person(row.player).name
        assert line["value"] == row.printed_value
        assert (int(line["played"]), int(line["counted"]), int(line["dropped"])) == (
            row.played, len(row.counted), len(row.dropped))
        assert (int(line["total"]), int(line["penalty"])) == (row.total, row.penalty)
        assert (line["qualified"], line["guest"]) == (str(int(row.qualified)),
                                                      str(int(row.guest)))
    assert rows[-1]["guest"] == "1" and rows[-1]["rank"] == ""


def test_a_sheet_holds_numbers(season):
    response = Client().get(_url(season, "ranking_export", fmt="xlsx"))
    sheet = load_workbook(io.BytesIO(response.content)).active
    heads = [c.value for c in sheet[1]]
    first = dict(zip(heads, [c.value for c in sheet[2]], strict=True))
    ranking = season_ranking(season, public=True)
    assert Decimal(str(first["Value"])) == Decimal(ranking.rows[0].printed_value)
    assert first["Played"] == ranking.rows[0].played
    assert "attachment" in response["Content-Disposition"] and "2027-ranking.xlsx" in (
        response["Content-Disposition"])


def test_the_public_never_reads_an_unreleased_series(season, club_client):
    public = {r["player"]: int(r["played"])
              for r in _csv(Client().get(_url(season, "ranking_export", fmt="csv")))}
    staff = {r["player"]: int(r["played"])
             for r in _csv(club_client.get(_url(season, "ranking_export", fmt="csv")))}
    regulars = [str(p) for p in Member.objects.values_list("player_id", flat=True)
                .order_by("player_id")[:4]]
    assert [public[p] for p in regulars] == [3, 3, 3, 3]
    assert [staff[p] for p in regulars] == [4, 4, 4, 4]
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(b"".join(
        Client().get(_url(season, "ranking_pdf")).streaming_content))).pages)
    assert "3 evenings" not in text and "2 evenings with results" in text


def test_the_files_name_the_players_as_published(season, club_client):
    hidden = Entry.objects.filter(tournament__club=season.club).order_by("player_id").first()
    Entry.objects.filter(player_id=hidden.player_id).update(publication="initial")
    Entry.objects.filter(player_id=hidden.player_id).update(last_name="Zwiebelmann")
    public = {r["player"]: r["name"]
              for r in _csv(Client().get(_url(season, "ranking_export", fmt="csv")))}
    staff = {r["player"]: r["name"]
             for r in _csv(club_client.get(_url(season, "ranking_export", fmt="csv")))}
    mine = str(hidden.player_id)
    assert public[mine] == f"{hidden.first_name} Z." and "Zwiebelmann" in staff[mine]
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(b"".join(
        Client().get(_url(season, "ranking_pdf")).streaming_content))).pages)
    assert "Zwiebelmann" not in text and f"{hidden.first_name} Z." in text


def test_a_season_without_a_public_evening_is_no_download_for_the_public(season,
                                                                        club_client):
    season.club.evenings.update(public=False)
    for name, extra in (("ranking_pdf", {}), ("ranking_export", {"fmt": "ods"})):
        assert Client().get(_url(season, name, **extra)).status_code == 404
        assert club_client.get(_url(season, name, **extra)).status_code == 200


def test_the_file_is_sorted_as_the_page_was(season, club_client):
    """The page sorted by name links a file sorted by name; unsorted, or by an unknown
    column, the file keeps the ranking's order."""
    page = club_client.get(_url(season, "ranking") + "?sort=name").content.decode()
    link = _url(season, "ranking_export", fmt="csv") + "?sort=name"
    assert link in page
    by_name = [r["name"] for r in _csv(club_client.get(link))]
    assert by_name == sorted(by_name, key=lambda name: name.split()[-1].casefold())
    ranked = [r["rank"] for r in _csv(club_client.get(_url(season, "ranking_export",
                                                            fmt="csv")))]
    assert ranked != [r["rank"] for r in _csv(club_client.get(link))]
    unknown = _url(season, "ranking_export", fmt="csv") + "?sort=nonsense"
    assert [r["rank"] for r in _csv(club_client.get(unknown))] == ranked
