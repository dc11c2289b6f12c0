"""``manage.py demo_club_season``: the demo club's 20 evenings and its two seasons, built once
(again with ``--reset``)."""

from __future__ import annotations

import io

from django.core.management import call_command
from django.urls import reverse

from seasons.demo import CLUB_NAME, QUARTER_SLUG, YEAR_SLUG
from seasons.models import Season
from seasons.services import season_ranking
from tournament.models import Club, SeriesStatus, Tournament


def test_the_demo_builds_a_club_season_with_members_and_guests(db, client):
    out = io.StringIO()
    call_command("demo_club_season", stdout=out)
    club = Club.objects.get(name=CLUB_NAME)
    evenings = Tournament.objects.filter(club=club)
    assert evenings.count() == 20 and set(evenings.values_list("language", flat=True)) == {"de"}
    assert all(e.public for e in evenings)
    statuses = set(evenings.values_list("series__status", flat=True))
    assert statuses == {SeriesStatus.RELEASED}
    assert club.members.count() == 26
    year = Season.objects.get(club=club, slug=YEAR_SLUG)
    assert year.rules["min_played"] == 20 and year.rules["drop_worst_at"] == [25, 30, 35]
    ranking = season_ranking(year, public=True)
    assert len(ranking.units) == 40
    ranked = [r for r in ranking.rows if r.qualified]
    guests = [r for r in ranking.rows if r.guest]
    assert len(ranked) >= 15 and ranked[0].rank == "1" and any(r.dropped for r in ranked)
    assert 1 <= len(guests) <= 6 and ranking.rows[-len(guests):] == tuple(guests)
    quarter = season_ranking(Season.objects.get(club=club, slug=QUARTER_SLUG), public=True)
    assert quarter.evenings == 10 and any(r.qualified for r in quarter.rows)
    assert f"/club/{club.pk}/{YEAR_SLUG}/" in out.getvalue()
    page = client.get(reverse("seasons:ranking_export", kwargs={
        "club": club.pk, "season": YEAR_SLUG, "fmt": "csv"}))
    assert page.status_code == 200

    call_command("demo_club_season", stdout=io.StringIO())  # kept as it is
    assert Club.objects.get(name=CLUB_NAME).pk == club.pk
    call_command("demo_club_season", "--reset", stdout=io.StringIO())
    rebuilt = Club.objects.get(name=CLUB_NAME)
    assert rebuilt.pk != club.pk and rebuilt.evenings.count() == 20
    assert Season.objects.filter(club=rebuilt).count() == 2
