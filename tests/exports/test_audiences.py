"""Who downloads what: the public the rows its pages show (released series only, a private
tournament not at all), the staff every series, the organizer his player list and audit log;
an anonymous download costs what a PDF costs (``tournament.crowd``)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.exports.conftest import LATE, body, html_rows, rows_of
from tournament.models import AuditEntry, Tournament
from tournament.versions import changed

pytestmark = pytest.mark.django_db

FORMATS = ("csv", "xlsx", "ods")
SCOPES = {"overall": "standings", "series 1": "standings/series/1",
          "series 2": "standings/series/2"}


def _number(cell) -> int:
    """A whole number as a page ("3=", "+4") or a reader (ODS: 3.0) gives it."""
    if isinstance(cell, float):
        assert cell.is_integer()
        return int(cell)
    return int(str(cell).rstrip("=").replace("+", ""))


def _page_rows(client, url) -> list[tuple]:
    """The standings page's rows as (place, number, name, club, points, won, lost, games)."""
    response = client.get(url)
    assert response.status_code == 200
    return [(_number(place), int(number), name, club, int(points), int(won), int(lost),
             _number(games))
            for place, number, name, club, points, won, lost, games
            in html_rows(response.content, "standings")]


def _file_rows(client, url, fmt) -> list[tuple]:
    response = client.get(url)
    assert response.status_code == 200, url
    rows = rows_of(fmt, body(response))[1:]
    # the page shows the formula rule's apostrophe nowhere: the file writes it for text only
    return [(_number(place), _number(number), str(name).removeprefix("'"),
             str(club or "").removeprefix("'"), _number(points), _number(won), _number(lost),
             _number(games))
            for place, number, name, club, points, won, lost, games in rows]


@pytest.mark.usefixtures("no_budget")
@pytest.mark.parametrize("scope", list(SCOPES))
def test_the_public_standings_file_holds_the_rows_of_the_page(night, scope):
    """In every format; the organizer's file holds his page's rows, series 2 too."""
    tournament, boss, _ = night
    url = f"/t/{tournament.slug}/{SCOPES[scope]}"
    page = _page_rows(Client(), f"{url}/?per_page=150")
    staff_page = _page_rows(boss, f"{url}/?per_page=150")
    assert bool(page) is (scope != "series 2")  # series 2 is not released
    assert staff_page and staff_page != page or scope == "series 1"
    for fmt in FORMATS:
        assert _file_rows(Client(), f"{url}.{fmt}", fmt) == page, fmt
        assert _file_rows(boss, f"{url}.{fmt}", fmt) == staff_page, fmt


RESULTS = ("standings", "standings/series/1", "standings/series/2", "club-standings",
           "team-standings", "prizes", *(f"player/{n}" for n in range(1, 9)))


@pytest.mark.usefixtures("no_budget")
def test_an_unreleased_series_appears_in_no_public_file(night):
    """Zora plays series 2 only, Dora won its one deal: neither shows in any file of the
    public's results, in any format, while the organizer's hold both."""
    tournament, boss, _ = night
    late = f"{LATE[1]}, {LATE[0]}"
    for url in RESULTS:
        for fmt in FORMATS:
            rows = rows_of(fmt, body(Client().get(f"/t/{tournament.slug}/{url}.{fmt}")))
            cells = {str(cell) for row in rows for cell in row}
            assert not any(LATE[1] in cell for cell in cells), (url, fmt)
    dora = rows_of("xlsx", body(Client().get(f"/t/{tournament.slug}/player/4.xlsx")))
    assert {row[0] for row in dora[1:]} == set()  # she played series 1 without a game
    staff = rows_of("xlsx", body(boss.get(f"/t/{tournament.slug}/player/4.xlsx")))
    assert [(row[0], row[-1]) for row in staff[1:]] == [(2, 30)]
    overall = rows_of("xlsx", body(boss.get(f"/t/{tournament.slug}/standings.xlsx")))
    assert late in {row[2] for row in overall}


@pytest.mark.usefixtures("no_budget")
def test_a_private_tournaments_files_are_404_but_for_its_staff(night, django_user_model):
    tournament, boss, ida = night
    Tournament.objects.filter(pk=tournament.pk).update(public=False)
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("bea", password="Karo-7-1908"))
    for url in ("standings.xlsx", "standings/series/1.csv", "prizes.ods",
                "series/1/seating.xlsx", "player/1.csv"):
        for client in (Client(), stranger):
            assert client.get(f"/t/{tournament.slug}/{url}").status_code == 404, url
        for client in (boss, ida):
            assert client.get(f"/t/{tournament.slug}/{url}").status_code == 200, url


def test_the_player_list_and_the_audit_log_are_the_organizers(night):
    tournament, boss, ida = night
    for url in ("players.xlsx", "audit.csv"):
        address = f"/organize/{tournament.slug}/{url}"
        assert Client().get(address).status_code == 302  # to the login
        assert ida.get(address).status_code == 403  # an assistant
        assert boss.get(address).status_code == 200
    players = rows_of("xlsx", body(boss.get(f"/organize/{tournament.slug}/players.xlsx")))
    assert [row[0] for row in players[1:]] == list(range(1, 9))
    audit = rows_of("csv", body(boss.get(f"/organize/{tournament.slug}/audit.csv")))
    assert len(audit) - 1 == AuditEntry.objects.filter(tournament=tournament).count()
    assert audit[0] == ["at", "actor", "action", "subject", "series", "table", "deal",
                        "changes"]
    # the page's filters: the changes of series 2 only
    series_two = rows_of("csv", body(boss.get(
        f"/organize/{tournament.slug}/audit.csv?series=2")))[1:]
    assert series_two and {row[4] for row in series_two} == {"2"}
    assert "Deal entered" in {row[2] for row in series_two}


def test_an_anonymous_download_costs_what_a_pdf_costs(night, settings):
    """``heavy(Cost.PDF)``: a budget of 32 a minute pays one file made for the visitor (30)
    and the kept copy of it (2), not another file."""
    tournament, boss, _ = night
    settings.PUBLIC_BUDGET = 32
    visitor = Client()
    assert visitor.get(f"/t/{tournament.slug}/standings.csv").status_code == 200
    assert visitor.get(f"/t/{tournament.slug}/standings.csv").status_code == 200  # kept
    assert visitor.get(f"/t/{tournament.slug}/prizes.csv").status_code == 429
    assert boss.get(f"/t/{tournament.slug}/prizes.csv").status_code == 200  # never counted


@pytest.mark.usefixtures("no_budget")
def test_the_public_files_publish_the_name_each_player_chose(night):
    """Eve publishes a pseudonym, Carl his first name and initial (``tournament.privacy``):
    every public file says so, the organizer's the full names."""
    tournament, boss, _ = night
    tournament.entries.filter(number=1).update(publication="pseudonym", pseudonym="Kiebitz")
    tournament.entries.filter(number=3).update(publication="initial")
    changed(tournament.pk)
    for url in ("standings.xlsx", "standings/series/1.csv", "club-standings.ods",
                "prizes.xlsx", "series/1/seating.csv"):
        cells = {str(cell) for row in rows_of(url.rsplit(".", 1)[1], body(
            Client().get(f"/t/{tournament.slug}/{url}"))) for cell in row}
        text = " ".join(cells)
        assert "Kiebitz" in text and "cmd" not in text and "home" not in text, url
        staff = " ".join(str(cell) for row in rows_of(url.rsplit(".", 1)[1], body(
            boss.get(f"/t/{tournament.slug}/{url}"))) for cell in row)
        assert "Kiebitz" not in staff and "=cmd|' /C calc'!A0" in staff, url
    seating = rows_of("csv", body(Client().get(f"/t/{tournament.slug}/series/1/seating.csv")))
    assert "H., Carl" in {row[3] for row in seating}
