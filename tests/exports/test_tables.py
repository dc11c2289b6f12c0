"""The tables of the other pages as files: Comparative Skat's standings, travellers and a
player's decks (matchpoints as numbers), the prize list, a player's deals, and every export's
queries independent of the number of rows."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.exports.conftest import body, html_rows, rows_of
from tests.factories import add_entries, enter, new_tournament, seat
from tests.scoring.test_comparative_pages import build
from tournament.seating.services import ensure_series

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_budget")]


@pytest.fixture
def comparative(django_user_model):
    """The comparative night of tests/scoring/test_comparative_pages.py (three decks, nine
    players, not released) and a client of its organizer."""
    tournament, series = build()
    boss = django_user_model.objects.create_user("boss", password="Grand-Ouvert-1908")
    tournament.organizers.add(boss)
    client = Client()
    client.force_login(boss)
    return tournament, client


def _decimal(text: str) -> Decimal:
    return Decimal(text.replace(",", "."))


def test_the_comparative_standings_hold_the_pages_matchpoints_as_numbers(comparative):
    tournament, boss = comparative
    page = html_rows(boss.get(f"/t/{tournament.slug}/comparative/").content, "comparative")
    rows = rows_of("xlsx", body(boss.get(f"/t/{tournament.slug}/comparative/standings.xlsx")))
    assert rows[0] == ["Place", "No.", "Player", "Decks", "Matchpoints", "%"]
    assert [[int(place.rstrip("=")), int(number), name, int(decks), _decimal(mp),
             _decimal(percent)] for place, number, name, decks, mp, percent in page] == [
        [place, number, name, decks, Decimal(str(mp)), Decimal(str(percent))]
        for place, number, name, decks, mp, percent in rows[1:]]
    assert len(rows) == 10
    # the public sees no unreleased series: headers only
    public = rows_of("csv", body(Client().get(
        f"/t/{tournament.slug}/comparative/standings.csv")))
    assert public == [["place", "number", "name", "decks", "matchpoints", "percent"]]


def test_a_traveller_and_a_series_travellers(comparative):
    """Deck 1 was played at three three-tables (T3 by E, a Club Solo with 2: +36); the series'
    file has every deck's lines, deck by deck."""
    tournament, boss = comparative
    rows = rows_of("csv", body(boss.get(
        f"/t/{tournament.slug}/comparative/series/1/deck/1/traveller.csv")))
    head, lines = rows[0], rows[1:]
    assert head[:6] == ["deck", "table", "declarer_seat", "declarer", "game", "value"]
    assert [line[1] for line in lines] == ["1", "2", "3"]
    third = dict(zip(head, lines[2], strict=True))
    assert third["value"] == "36" and third["game"].startswith("Club Solo")
    letters = [key for key in head[6:] if len(key) == 1]
    assert len(letters) == 3 and third[f"{letters[1]}_mp"] == "4.00"
    every = rows_of("ods", body(boss.get(
        f"/t/{tournament.slug}/comparative/series/1/travellers.ods")))
    assert [(int(row[0]), int(row[1])) for row in every[1:]] == [
        (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 1), (3, 2)]


def test_a_players_decks_as_numbers(comparative):
    tournament, boss = comparative
    page = html_rows(boss.get(f"/t/{tournament.slug}/player/4/").content, "player-decks")
    rows = rows_of("xlsx", body(boss.get(f"/t/{tournament.slug}/player/4/decks.xlsx")))
    assert rows[0] == ["Series", "Deck", "Seat", "Score", "Field", "The field", "MP", "Top",
                       "%"]
    assert [[int(n) for n in cells[0].split(" / ")] for cells in page] == [
        row[:2] for row in rows[1:]]
    assert len(rows) > 2
    assert all(isinstance(row[3], int) and isinstance(row[7], int) for row in rows[1:])
    # a League tournament has no decks
    league = Client().get("/t/club-night/player/1/decks.xlsx")
    assert league.status_code == 404


def test_the_prize_list_file(night):
    tournament, _, _ = night
    rows = rows_of("xlsx", body(Client().get(f"/t/{tournament.slug}/prizes.xlsx")))
    assert rows[0] == ["Prize number", "Title", "Winner", "No.", "Club", "Reason", "Note"]
    first = rows[1]
    assert first[:5] == [1, "Most Games", "Eve =cmd|' /C calc'!A0", 1, "'+Plus Skat"]
    assert "130 Points" in first[5]
    tie = rows[4]
    assert tie[2] is None and "Koch" in tie[6] and "Lange" in tie[6]


def _staff_room(slug: str, players: int, user):
    """``players`` seated in series 1, two deals at its first table: counted for the staff."""
    tournament = new_tournament(slug, user, public=True, series_count=1, deals_per_player=2)
    add_entries(tournament, players)
    (series,) = ensure_series(tournament)
    seat(series, slug)
    enter(series.tables.order_by("number").first(), 2)
    return tournament


EXPORTS = ("/t/{}/standings.xlsx", "/t/{}/standings/series/1.csv", "/t/{}/club-standings.csv",
           "/t/{}/prizes.csv", "/t/{}/series/1/seating.ods", "/organize/{}/players.csv",
           "/organize/{}/audit.xlsx")


def test_no_export_asks_the_database_once_a_row(django_user_model):
    """A congress's exports read as many queries as a club night's: no query per row."""
    boss = django_user_model.objects.create_user("boss", password="Grand-Ouvert-1908")
    small, large = _staff_room("small", 7, boss), _staff_room("large", 40, boss)
    client = Client()
    client.force_login(boss)
    counts = {}
    for tournament in (small, large):
        for url in EXPORTS:
            caches["default"].clear()  # computed afresh, as after a change
            client.get(url.format(tournament.slug))  # the session, the language
            caches["default"].clear()
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url.format(tournament.slug))
            assert response.status_code == 200
            counts[tournament.slug, url] = len(queries)
    assert {url: counts["small", url] for url in EXPORTS} == {
        url: counts["large", url] for url in EXPORTS}
