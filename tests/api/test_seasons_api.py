"""``GET /api/clubs/{club}/seasons/{season}``: the season ranking as its page reads it, for
the public (released series of public evenings, names as published) or the club's organizers
(their token or login: everything)."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from api import tokens
from seasons.models import Member, Season
from seasons.services import season_ranking
from tests.api.conftest import bearer
from tests.seasons import conftest as seasons_world
from tests.seasons.conftest import FIRST_DAY, club_evening, persons
from tournament.models import Entry

WEEK = datetime.timedelta(days=7)

# the season tests' world (tests/seasons/conftest.py): Clara's club
club_organizer = seasons_world.club_organizer
club = seasons_world.club
club_client = seasons_world.club_client


@pytest.fixture
def season(club) -> Season:
    people = persons(8)
    Member.objects.bulk_create([Member(club=club, player=p, joined_on=FIRST_DAY)
                                for p in people[:7]])
    club_evening(club, FIRST_DAY, people, series=2)
    club_evening(club, FIRST_DAY + WEEK, people[:4], release=False)
    return Season.objects.create(club=club, name="Jahreswertung 2027", slug="year",
                                 first_day=datetime.date(2027, 1, 1),
                                 last_day=datetime.date(2027, 12, 31),
                                 rules={"value": "average", "min_played": 2,
                                        "drop_worst_at": [3]})


def _url(season: Season, slug: str | None = None) -> str:
    return reverse("api:season", kwargs={"club": season.club_id,
                                         "season": slug or season.slug})


def test_the_public_reads_the_released_ranking(season):
    response = Client().get(_url(season))
    assert response.status_code == 200
    body = response.json()
    ranking = season_ranking(season, public=True)
    assert body["name"] == "Jahreswertung 2027" and body["club"]["name"] == "SC Kreuz Bube"
    assert body["unit"] == "series" and body["rules"]["value"] == "average"
    assert body["rules"]["drop_worst_at"] == [3] and body["rules"]["absence_penalty"] is None
    assert len(body["units"]) == 2 and {u["series"] for u in body["units"]} == {1, 2}
    assert body["units"][0]["day"] == FIRST_DAY.isoformat()
    assert [r["player"] for r in body["ranking"]] == [r.player for r in ranking.rows]
    first = body["ranking"][0]
    assert first["rank"] == "1" and first["value"] == ranking.rows[0].printed_value
    assert first["played"] == 2 and first["qualified"] and not first["guest"]
    assert body["ranking"][-1]["guest"] and body["ranking"][-1]["rank"] is None


def test_the_club_organizer_reads_every_series_with_full_names(season, club_organizer):
    person = Entry.objects.filter(tournament__club=season.club).order_by("player_id").first()
    Entry.objects.filter(player_id=person.player_id).update(publication="initial")
    secret = tokens.create_token(club_organizer, "club site").secret
    public = Client().get(_url(season)).json()
    staff = Client().get(_url(season), **bearer(secret)).json()
    assert len(public["units"]) == 2 and len(staff["units"]) == 3
    mine = {r["player"]: r for r in staff["ranking"]}[person.player_id]
    theirs = {r["player"]: r for r in public["ranking"]}[person.player_id]
    assert mine["name"] == f"{person.first_name} {person.last_name}"
    assert theirs["name"] == f"{person.first_name} {person.last_name[0]}."
    assert mine["played"] == 3 and theirs["played"] == 2 and len(mine["dropped"]) == 1


def test_a_season_without_a_public_evening_is_the_club_organizers_only(season, club_client,
                                                                      django_user_model):
    season.club.evenings.update(public=False)
    assert Client().get(_url(season)).status_code == 404
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("bea", password="x-Y-z-1908"))
    assert stranger.get(_url(season)).status_code == 404
    assert club_client.get(_url(season)).status_code == 200


def test_an_unknown_season_is_a_404(season):
    assert Client().get(_url(season, "nothing")).status_code == 404
    missing = reverse("api:season", kwargs={"club": season.club_id + 1, "season": "year"})
    assert Client().get(missing).json()["detail"]
