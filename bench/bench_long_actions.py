"""How long a long organizer action holds the database (issue 18, point 15).

``.venv/bin/python bench/bench_long_actions.py`` on a fresh SQLite file (``--pg`` also on a fresh
PostgreSQL database): a 20,000-row CSV import (``--rows``) and a comparative set of 99 decks
for 99 series, each through the same functions as the organizer's pages, while a "phone"
takes the lock a deal's save takes every 50 ms and times each wait (SQLite: the write lock,
``BEGIN IMMEDIATE``; PostgreSQL: the tournament's row, which a registration at the door
locks). Prints one JSON line per action: its time, the phone's longest and p95 wait, and the
waits over 1 s. ``--code DIR`` runs another checkout (e.g. ``git archive main``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path


def phone(database: dict, tournament_id: int, stop: threading.Event,
          waits: list[float]) -> None:
    """Take and let go of the lock a save needs, every 50 ms; time each wait."""
    if database["ENGINE"].endswith("sqlite3"):
        conn = sqlite3.connect(database["NAME"], timeout=120, isolation_level=None)

        def take():
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("COMMIT")
    else:
        import psycopg

        conn = psycopg.connect(dbname=database["NAME"], user=database["USER"],
                               password=database["PASSWORD"], host=database["HOST"],
                               port=database["PORT"] or 5432, autocommit=False)

        def take():
            conn.execute("SELECT 1 FROM tournament_tournament WHERE id = %s FOR UPDATE",
                         [tournament_id])
            conn.commit()
    while not stop.is_set():
        start = time.perf_counter()
        take()
        waits.append(time.perf_counter() - start)
        stop.wait(0.05)
    conn.close()


def timed(database: dict, tournament_id: int, action) -> dict:
    stop, waits = threading.Event(), []
    watcher = threading.Thread(target=phone, args=(database, tournament_id, stop, waits))
    watcher.start()
    time.sleep(0.2)
    start = time.perf_counter()
    action()
    seconds = time.perf_counter() - start
    time.sleep(0.2)
    stop.set()
    watcher.join()
    waits.sort()
    return {"seconds": round(seconds, 1), "phone_waits": len(waits),
            "phone_wait_max_ms": round(1000 * waits[-1], 1),
            "phone_wait_p95_ms": round(1000 * waits[int(0.95 * len(waits))], 1),
            "phone_waits_over_1s": sum(1 for w in waits if w > 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--series", type=int, default=99)
    parser.add_argument("--decks", type=int, default=99)
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="skat-long-")
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1",
                      DJANGO_CACHE_DIR=str(Path(folder) / "cache"),
                      DATABASE_URL=args.database_url or f"sqlite:///{folder}/long.sqlite3")
    sys.path.insert(0, str(args.code.resolve()))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournament.comparative.services import make_comparative
    from tournament.models import Tournament
    from tournament.registration.importing import import_players, parse_players_csv
    from tournament.seating.services import ensure_series

    call_command("migrate", verbosity=0)
    database = settings.DATABASES["default"]
    organizer = get_user_model().objects.create_user("long-organizer")
    congress = Tournament.objects.create(name="Import", slug="import",
                                         start_date=datetime.date(2027, 5, 1))
    congress.organizers.add(organizer)
    text = "first name,last name,club\n" + "".join(
        f"Spieler{n},Nummer{n},Verein {n % 150}\n" for n in range(1, args.rows + 1))
    preview = parse_players_csv(text, congress, organizer)
    result = timed(database, congress.pk,
                   lambda: import_players(congress, preview, organizer))
    print(json.dumps({"action": f"import {args.rows} rows", "vendor": database["ENGINE"],
                      "imported": congress.entries.count(), **result}), flush=True)
    evening = Tournament.objects.create(name="Decks", slug="decks", series_count=args.series,
                                        start_date=datetime.date(2027, 5, 1))
    ensure_series(evening)
    result = timed(database, evening.pk, lambda: make_comparative(
        evening, table_size=3, decks=args.decks, seed="long", user=organizer))
    print(json.dumps({"action": f"deal {args.decks} decks for {args.series} series",
                      "vendor": database["ENGINE"], **result}), flush=True)


if __name__ == "__main__":
    main()
