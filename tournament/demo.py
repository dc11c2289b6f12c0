"""A realistic demo congress: clubs, about 60 players, three series seated and published."""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from . import plans
from .models import Club, Entry, Player, SeatingMethod, Tournament

DEMO_SLUG = "demo-congress"

CLUBS = [
    ("Milwaukee Skat Club", "Milwaukee"), ("Germania Chicago", "Chicago"),
    ("Cincinnati Skat Verein", "Cincinnati"), ("Pik As St. Louis", "St. Louis"),
    ("Concordia Detroit", "Detroit"), ("Grand Ouvert Cleveland", "Cleveland"),
    ("Herz Dame Buffalo", "Buffalo"), ("Kreuz Bube Toronto", "Toronto"),
]
FIRST = ["Anna", "August", "Bertha", "Carl", "Clara", "Ernst", "Emma", "Franz", "Frieda",
         "Georg", "Hedwig", "Heinrich", "Ida", "Johann", "Karl", "Louise", "Martha", "Otto",
         "Paul", "Rosa", "Wilhelm", "Emil", "Gustav", "Helene", "Hermann", "Lina", "Max"]
LAST = ["Becker", "Brandt", "Fischer", "Hartmann", "Hoffmann", "Jung", "Keller", "Koch",
        "Kraus", "Lange", "Lehmann", "Meyer", "Möller", "Neumann", "Richter", "Schäfer",
        "Schmidt", "Schneider", "Schulz", "Schwarz", "Vogel", "Wagner", "Weber", "Wolf",
        "Zimmermann", "Bauer", "Krüger", "Ludwig", "Sommer", "Winter"]


def build_demo_congress(players: int = 62, checked_in: int = 59, seed: str = "demo",
                        reset: bool = False) -> Tournament:
    """Create the demo congress (or return it if it exists and ``reset`` is false)."""
    existing = Tournament.objects.filter(slug=DEMO_SLUG).first()
    if existing and not reset:
        return existing
    rng = random.Random(seed)
    with transaction.atomic():
        if existing:
            existing.delete()
        tournament = Tournament.objects.create(
            name="North American Skat Congress 2027 (demo)", slug=DEMO_SLUG,
            start_date=datetime.date(2027, 6, 12), end_date=datetime.date(2027, 6, 13),
            venue="Turner Hall, Milwaukee", rule_set="nasl-1908", public=True,
        )
        organizer = get_user_model().objects.filter(username="organizer").first()
        if organizer:
            tournament.organizers.add(organizer)
        clubs = [Club.objects.get_or_create(name=n, defaults={"city": c})[0] for n, c in CLUBS]
        names: set[tuple[str, str]] = set()
        while len(names) < players:
            names.add((rng.choice(FIRST), rng.choice(LAST)))
        for number, (first, last) in enumerate(sorted(names, key=lambda n: rng.random()),
                                               start=1):
            club = rng.choice(clubs)
            player, _ = Player.objects.get_or_create(first_name=first, last_name=last,
                                                     club=club)
            Entry.objects.create(tournament=tournament, player=player, number=number,
                                 checked_in=number <= checked_in)
        for series in plans.ensure_series(tournament):
            method = SeatingMethod.DRAW if series.number == 1 else SeatingMethod.RESEAT
            plans.seat_series(series, method, f"{seed}-{series.number}", user=None)
            plans.publish(series, user=None)
    return tournament
