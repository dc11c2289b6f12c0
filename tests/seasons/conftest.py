"""Shared worlds of the season tests: a club organized by Clara, its persons, and its evenings
played, confirmed and released as the demo plays them (random deals from a seed).

Other test modules import ``club_evening`` and ``persons``; keep their signatures stable."""

from __future__ import annotations

import datetime
import random

import pytest

from tests.factories import add_entry, new_tournament, seat
from tournament import lifecycle
from tournament.demo import play_demo_series
from tournament.models import Club, Player, SeriesStatus, Tournament

PASSWORD = "Grand-Hand-1908"
FIRST_DAY = datetime.date(2027, 1, 7)  # a Thursday: the club's evenings are a week apart


@pytest.fixture
def club_organizer(django_user_model):
    return django_user_model.objects.create_user("clara", password=PASSWORD)


@pytest.fixture
def club(db, club_organizer) -> Club:
    found = Club.objects.create(name="SC Kreuz Bube", city="Altenburg",
                                created_by=club_organizer)
    found.organizers.add(club_organizer)
    return found


@pytest.fixture
def club_client(client, club_organizer):
    client.force_login(club_organizer)
    return client


def persons(count: int, first: str = "Spieler") -> list[Player]:
    """``count`` new persons: "Spieler1 Skat001", …"""
    return [Player.objects.create(first_name=f"{first}{n}", last_name=f"Skat{n:03d}")
            for n in range(1, count + 1)]


def club_evening(club: Club, day: datetime.date, players: list[Player], *, series: int = 1,
                 release: bool = True, seed: str = "season", public: bool = True,
                 organizer=None, deals_per_player: int = 2) -> Tournament:
    """An evening of ``club`` on ``day``: ``players`` registered (their own persons), checked
    in, seated by draw and every series played in full and confirmed; released unless not
    ``release``."""
    slug = f"{club.pk}-{day.isoformat()}-{seed}"
    evening = new_tournament(slug, organizer or club.organizers.first(),
                             name=f"Skatabend {day:%d.%m.%Y}", start_date=day,
                             series_count=series, deals_per_player=deals_per_player,
                             public=public, club=club)
    for number, person in enumerate(players, start=1):
        add_entry(evening, number, person.first_name, person.last_name, player=person)
    rng = random.Random(f"{seed}-{day}")
    for numbered in evening.series.order_by("number"):
        seat(numbered, f"{seed}-{day}-{numbered.number}")
        numbered.refresh_from_db()
        play_demo_series(numbered, rng, share=1.0, confirm=True)
        numbered.refresh_from_db()  # every sheet confirmed: the series is
        if release:
            lifecycle.move(numbered, SeriesStatus.RELEASED, None, actor="test")
    return evening
