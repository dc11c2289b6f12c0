"""Every table of a series at once: deals, submission and confirmation from many phones.

A check of the sheet's locks on PostgreSQL (the suite runs on SQLite, where a writer holds
the whole database): one thread a table, all started together, each enters its sheet's deals
through the table's link, submits it and confirms it from a second phone. It builds its own
congress (``generate_congress --reset``, slug ``entry-concurrent``) and prints what must hold:
no error, every deal and sheet stored, the series started and confirmed exactly once.

    DATABASE_URL=postgres://... .venv/bin/python bench/concurrent_entry.py --players 120
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere
sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling bench_entry
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_DEBUG", "1")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")

import django  # noqa: E402

django.setup()

from bench_entry import deal_post  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from tournament.models import AuditEntry, Deal, Series, SeriesStatus, Table  # noqa: E402
from tournament.sheets.loaders import table_info  # noqa: E402

SLUG = "entry-concurrent"


def fresh_series(players: int) -> Series:
    """A seated series of the bench's own congress, no deal entered, two deals a player."""
    call_command("generate_congress", players=players, series=1, played=0, slug=SLUG,
                 reset=True, stdout=io.StringIO())
    series = Series.objects.select_related("tournament").get(tournament__slug=SLUG)
    series.tournament.deals_per_player = 2
    series.tournament.blind_check = False
    series.tournament.save(update_fields=["deals_per_player", "blind_check"])
    series.status = SeriesStatus.SEATED  # as published, before its first deal
    series.save(update_fields=["status"])
    return series


def play(table: Table, barrier: threading.Barrier, errors: list[str]) -> None:
    keeper, confirmer = Client(), Client()  # two phones: two sessions
    try:
        barrier.wait()
        info = table_info(table)
        for _ in range(info.deal_count):
            table.refresh_from_db()
            response = keeper.post(f"/s/{table.token}/deal/", deal_post(table))
            if response.status_code != 302:
                errors.append(f"table {table.number}: deal {response.status_code}")
        names = [p.name for p in info.players]
        for phone, step, name in ((keeper, "submit", names[0]),
                                  (confirmer, "confirm", names[1])):
            response = phone.post(f"/s/{table.token}/{step}/", {"name": name})
            if response.status_code != 302:
                errors.append(f"table {table.number}: {step} {response.status_code}")
    except Exception as exc:  # noqa: BLE001 (a deadlock or a lock timeout is the finding)
        errors.append(f"table {table.number}: {exc!r}")
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=120)
    args = parser.parse_args()
    series = fresh_series(args.players)
    tables = list(series.tables.select_related("series__tournament"))
    actions = AuditEntry.objects.filter(tournament=series.tournament)
    before = {a: actions.filter(action=a).count() for a in ("series_started", "series_confirmed")}
    errors: list[str] = []
    barrier = threading.Barrier(len(tables))
    threads = [threading.Thread(target=play, args=(t, barrier, errors)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    series.refresh_from_db()
    deals = Deal.objects.filter(table__series=series).count()
    due = sum(table_info(t).deal_count for t in tables)
    confirmed = series.tables.filter(sheet_status="confirmed").count()
    started = actions.filter(action="series_started").count() - before["series_started"]
    closed = actions.filter(action="series_confirmed").count() - before["series_confirmed"]
    ok = (not errors and deals == due and confirmed == len(tables) and started == closed == 1
          and series.status == SeriesStatus.CONFIRMED)
    print(f"{'PASS' if ok else 'FAIL'}: {len(tables)} tables at once on {connection.vendor}: "
          f"{deals} of {due} deals, {confirmed} sheets confirmed, series {series.status} "
          f"(started {started}×, confirmed {closed}×), {len(errors)} errors {errors[:3]}")


if __name__ == "__main__":
    main()
