"""A club evening for the demo: two series at four-tables with the weekly club's money (a
stake each series paid out that series, Listengeld, lost-game money), set before the first
deal as an organizer sets it, then played and released (``manage.py demo_club_evening``,
``make run``)."""

from __future__ import annotations

import random

from django.db import transaction

from money.presets import PRESETS
from money.services import save_money
from tournament import lifecycle
from tournament.demo import build_congress, play_demo_series
from tournament.models import SeriesStatus, Tournament

CLUB_SLUG = "demo-club-evening"
CLUB_PRESET = "stake_paid_out_each_series"


def build_club_evening(reset: bool = False, seed: str = "club") -> Tournament:
    """Create the demo club evening (or return it if it exists and ``reset`` is false)."""
    existing = Tournament.objects.filter(slug=CLUB_SLUG).first()
    if existing and not reset:
        return existing
    with transaction.atomic():
        tournament = build_congress(CLUB_SLUG, players=24, series_count=2, seed=seed,
                                    reset=True, unplayed=2)
        Tournament.objects.filter(pk=tournament.pk).update(
            name="Skatabend im Vereinsheim (Demo)", venue="Vereinsheim", language="de")
        tournament.refresh_from_db()
        save_money(tournament, None, rules=PRESETS[CLUB_PRESET], preset=CLUB_PRESET,
                   currency="EUR")
        rng = random.Random(seed)
        for series in tournament.series.order_by("number"):
            play_demo_series(series, rng, share=1.0, confirm=True)
            series.refresh_from_db()
            lifecycle.move(series, SeriesStatus.RELEASED, None, actor="demo")
    return tournament
