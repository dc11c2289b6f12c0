"""Issue 23's season pages at the issue's size: a club season of 50 evenings of 60 players.

``python bench/bench_seasons.py`` builds, on a fresh SQLite file in a temporary folder, a club
of 54 members and 6 guests and 50 weekly evenings of one series of all 60 (15 four-tables, 48
deals a table: 36,000 deals), each drawn, played from random deals, confirmed and released
(``seasons.demo.club_evening``, the entries and deals written in bulk), and a season over them
(total after drops at 30, 35, 40, 45, 50, ranked from 25). Then, in this process through
Django's test client (``DEBUG`` off) as the public, it measures ``season_ranking`` itself cold
(every cache emptied: each series' standings computed again) and warm, and each request cold
and warm: the ranking page, a player's season page, the PDF and the CSV. Each: wall
milliseconds, queries, bytes. ``--evenings 10`` tries it in a minute. Prints one JSON line.
Not part of ``make test``; the figures go to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

CODE = Path(__file__).resolve().parent.parent
PLAYERS, GUESTS = 60, 6


def build(evenings: int) -> tuple[object, float]:
    from django.db import transaction

    from seasons.demo import club_evening
    from seasons.models import Member, Season
    from seasons.presets import PRESETS
    from tournament.demo import congress_names
    from tournament.models import Club, Player

    rng = random.Random("bench-seasons")
    started = time.perf_counter()
    with transaction.atomic():
        club = Club.objects.create(name="Bench Skatclub", city="Bench")
        people = Player.objects.bulk_create([Player(first_name=f, last_name=last)
                                             for f, last in congress_names(PLAYERS)])
        Member.objects.bulk_create([Member(club=club, player=p,
                                           joined_on=datetime.date(2020, 1, 1))
                                    for p in people[:PLAYERS - GUESTS]])
    first = datetime.date(2027, 1, 7)
    for week in range(evenings):
        with transaction.atomic():
            club_evening(club, first + datetime.timedelta(weeks=week), people, rng, None,
                         series_count=1)
    season = Season.objects.create(
        club=club, name="Jahreswertung 2027", slug="2027", first_day=datetime.date(2027, 1, 1),
        last_day=datetime.date(2027, 12, 31), preset="total_dropping_the_worst",
        rules=PRESETS["total_dropping_the_worst"].rules)
    return season, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=50)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-seasons-")
    database = f"sqlite:///{folder}/bench.sqlite3"
    env = {**os.environ, "DJANGO_DEBUG": "1", "DATABASE_URL": database,
           "DJANGO_CACHE_DIR": f"{folder}/cache"}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=CODE, env=env,
                   check=True)
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1",
                      DJANGO_ALLOWED_HOSTS="testserver", DJANGO_PUBLIC_BUDGET="0",
                      DATABASE_URL=database, DJANGO_CACHE_DIR=f"{folder}/cache")
    sys.path.insert(0, str(CODE))
    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import caches
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from page_timing import time_pages

    from scoring.cache import forget_recent
    from seasons.services import season_ranking

    season, built = build(args.evenings)
    settings.DEBUG = False
    client = Client()

    def empty() -> None:
        for each in caches.all():
            each.clear()
        forget_recent()

    def counted():
        """The queries of what follows (the log emptied: it keeps 9,000 at most)."""
        connection.queries_log.clear()
        return CaptureQueriesContext(connection)

    found: dict[str, object] = {"evenings": args.evenings, "players": PLAYERS,
                                "build_s": round(built, 1)}
    for when in ("cold", "warm"):
        if when == "cold":
            empty()
        with counted() as queries:
            started = time.perf_counter()
            ranking = season_ranking(season, public=True)
            found[f"season_ranking_{when}"] = {
                "ms": round((time.perf_counter() - started) * 1000), "queries": len(queries),
                "units": len(ranking.units), "rows": len(ranking.rows)}
    leader = ranking.rows[0].player
    at = {"club": season.club_id, "season": season.slug}
    pages = {"ranking": reverse("seasons:ranking", kwargs=at),
             "player": reverse("seasons:player", kwargs={**at, "player": leader}),
             "pdf": reverse("seasons:ranking_pdf", kwargs=at),
             "csv": reverse("seasons:ranking_export", kwargs={**at, "fmt": "csv"})}
    time_pages(client, pages, empty, found)
    print(json.dumps(found))


if __name__ == "__main__":
    main()
