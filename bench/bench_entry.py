"""Deal entry at congress speed: queries and CPU of one deal POST and one sheet GET.

Run by hand against a database with a generated congress (``manage.py generate_congress
--players 300 --played 0.5 --slug entry-bench``), e.g. on PostgreSQL:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skat_bench DJANGO_DEBUG=1 \\
        .venv/bin/python bench/bench_entry.py --slug entry-bench --deals 300

Each scorekeeper (a test client, its own session) posts the next deal of its table as the
phone's form does (number, version, scorekeeper) and follows the redirect to the sheet. It
prints the queries of one POST and of one GET, and the CPU milliseconds of each (process time,
in this process: the view's Python and the database driver, not the database server). With
``--profile`` it prints cProfile's top functions of the POSTs. The deals it enters stay: run it
on a congress built for it.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_DEBUG", "1")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from tournament.models import SheetStatus, Table  # noqa: E402
from tournament.sheets.loaders import table_info  # noqa: E402


def deal_post(table: Table) -> dict:
    """The form a phone posts for the table's next deal: a Heart Solo with 1, won."""
    info = table_info(table)
    number = table.deals.count() + 1
    dealer = info.dealer(number)
    declarer = next(p.position for p in info.players if p.position != dealer)
    return {"game": "solo", "declarer": declarer, "trump": "hearts", "matadors": 1,
            "card_points": 95, "version": table.sheet_version, "number": number,
            "entry": "new", "scorekeeper": f"keeper {table.number}"}


def post(client: Client, table: Table, data: dict):
    """The phone's form as a browser sends it (urlencoded, not the test client's multipart)."""
    return client.post(reverse("tournament:deal_add", args=[table.token]), urlencode(data),
                       content_type="application/x-www-form-urlencoded")


def open_tables(slug: str) -> list[Table]:
    tables = (Table.objects.filter(series__tournament__slug=slug,
                                   sheet_status=SheetStatus.OPEN)
              .select_related("series__tournament").order_by("series__number", "number"))
    return [t for t in tables if t.seats.count() in (3, 4)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slug", default="entry-bench")
    parser.add_argument("--deals", type=int, default=200, help="POSTs to time")
    parser.add_argument("--profile", action="store_true", help="cProfile the POSTs (CPU time)")
    parser.add_argument("--sort", default="cumulative", help="the profile's order")
    parser.add_argument("--verbose", action="store_true", help="print the queries")
    args = parser.parse_args()
    settings.DEBUG = False  # no query log, as in production
    tables = open_tables(args.slug)
    if not tables:
        sys.exit(f"No open table in tournament {args.slug!r}: generate a congress first.")
    clients = {t.pk: Client() for t in tables}
    # each phone has loaded its sheet once (its session and the CSRF-free test client)
    for table in tables:
        clients[table.pk].get(reverse("tournament:sheet", args=[table.token]))

    def next_table(i: int) -> Table | None:
        for table in tables[i:] + tables[:i]:
            table.refresh_from_db()
            if table.deals.count() < table_info(table).deal_count:
                return table
        return None

    # one measured POST and GET for the query counts, from a phone that has saved a deal
    # before (its session exists, its scorekeeper's name is known)
    for _ in range(2):
        table = next_table(0)
        assert table is not None, "every sheet is full"
        client, data = clients[table.pk], deal_post(table)
        with CaptureQueriesContext(connection) as post_queries:
            response = post(client, table, data)
    assert response.status_code == 302, response.status_code
    with CaptureQueriesContext(connection) as get_queries:
        response = client.get(response["Location"])
    assert response.status_code == 200
    print(f"queries: POST {len(post_queries)}, sheet GET {len(get_queries)}")
    if args.verbose:
        for q in post_queries.captured_queries:
            print("POST", q["sql"][:200])
        for q in get_queries.captured_queries:
            print("GET ", q["sql"][:200])

    profiler = cProfile.Profile(time.process_time) if args.profile else None
    post_cpu = get_cpu = 0.0
    done = 0
    for i in range(args.deals):
        table = next_table(i % len(tables))
        if table is None:
            break
        client, data = clients[table.pk], deal_post(table)  # what the phone's page holds
        before = table.deals.count()
        start = time.process_time()
        if profiler:
            profiler.enable()
        response = post(client, table, data)
        if profiler:
            profiler.disable()
        post_cpu += time.process_time() - start
        start = time.process_time()
        client.get(response["Location"])
        get_cpu += time.process_time() - start
        assert table.deals.count() == before + 1, f"table {table.number}: deal not saved"
        done += 1
    print(f"{done} deals: CPU per POST {1000 * post_cpu / done:.1f} ms, "
          f"per sheet GET {1000 * get_cpu / done:.1f} ms (process time, {connection.vendor})")
    if profiler:
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(45)


if __name__ == "__main__":
    main()
