"""Phones saving on one score sheet at the same moment, on a SQLite file (not a test).

Run by tests/test_sqlite_writers.py in a process of its own:
``python -m tests.sqlite_writers`` with DATABASE_URL=sqlite:///<a temporary file> and
config.settings, so the database is set up exactly as the site's (config.database). Prints
one JSON line: what every save ended in.
"""

from __future__ import annotations

import datetime
import json
import threading
from collections import Counter

import django

WRITERS = 8


def build():
    from django.core.management import call_command

    from tournament.models import Entry, Player, SeatingMethod, Tournament
    from tournament.seating import services as plans

    call_command("migrate", verbosity=0)
    tournament = Tournament.objects.create(name="Room", slug="room", series_count=1,
                                           start_date=datetime.date(2027, 5, 1))
    for number in (1, 2, 3):
        Entry.objects.create(tournament=tournament, number=number, checked_in=True,
                             first_name=f"P{number}", last_name="Room",
                             player=Player.objects.create(first_name=f"P{number}",
                                                          last_name="Room"))
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "room", user=None)
    plans.publish(series, user=None)
    return series.tables.get()


def writers(table_pk: int, fresh: bool) -> list[str]:
    """WRITERS threads save a deal at once. Stale: all read the version before the start;
    fresh: each reads it just before saving and tries again when another was quicker."""
    from django.db import connection

    from tournament.models import Table
    from tournament.sheets import services as deals
    from tournament.sheets.services import DealInput, StaleSheet

    deal = DealInput({"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95},
                     declarer=1)
    start = threading.Barrier(WRITERS)
    outcomes: list[str] = []
    version = Table.objects.get(pk=table_pk).sheet_version

    def phone(n: int):
        try:
            start.wait()
            for _ in range(50):
                table = Table.objects.get(pk=table_pk)
                seen = table.sheet_version if fresh else version
                try:
                    deals.add_deal(table, deal, seen, f"phone {n}")
                except StaleSheet as exc:
                    if "changed on another device" not in str(exc):
                        outcomes.append(f"other StaleSheet: {exc}")
                        return
                    if not fresh:
                        outcomes.append("stale")
                        return
                else:
                    outcomes.append("saved")
                    return
            outcomes.append("gave up")
        except Exception as exc:  # noqa: BLE001 - what the test must never see
            outcomes.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def main():
    django.setup()
    from django.db import connection

    from tournament.models import Deal, Table

    table = build()
    stale = writers(table.pk, fresh=False)
    fresh = writers(table.pk, fresh=True)
    table = Table.objects.get(pk=table.pk)
    print(json.dumps({
        "vendor": connection.vendor,
        "journal_mode": connection.cursor().execute("PRAGMA journal_mode").fetchone()[0],
        "stale": Counter(stale), "fresh": Counter(fresh),
        "deals": list(Deal.objects.filter(table=table).order_by("number")
                      .values_list("number", flat=True)),
        "sheet_version": table.sheet_version,
    }))


if __name__ == "__main__":
    main()
