"""One deal POST and one sheet page: CPU time and queries (issue 19, point 2).

``python bench/bench_deal_post.py`` builds a congress of 128 players at 32 four-tables on a
fresh SQLite file (``BENCH_PG_URL=postgresql://postgres@127.0.0.1:5432``: on a fresh PostgreSQL
database instead, dropped at the end), every sheet open with 30 of its 48 deals played. Then,
through Django's test client as the phones and the staff send them:

* the sheet page (GET of the table's link) of a sheet with 30 deals, by a scorekeeper and by
  an assistant;
* the next deal's POST (the entry form: ``number``, ``version``, ``scorekeeper``), through the
  table's link and by an assistant logged in, round the tables (a Heart Solo, a Grand and a
  Null in turn).

Each figure is the median over ``--runs`` requests after ``--warm`` unmeasured ones: CPU
milliseconds of this process (``time.process_time``: the view's Python and the database
driver, not a PostgreSQL server; fair while the machine is shared) and the queries of one
request (counted on separate requests, so the counting costs no CPU in the timed ones).
``--code DIR`` runs another checkout (a worktree of the code before a change); ``--profile post``
(or ``page``) prints cProfile's top functions of 50 link POSTs (sheet pages). Prints one JSON line.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import json
import os
import pstats
import shutil
import statistics
import sys
import tempfile
import time
import uuid
import warnings
from contextlib import nullcontext
from pathlib import Path
from urllib.parse import urlencode

PLAYERS = 128  # 32 four-tables
PLAYED = 30 / 48  # each sheet has 30 of its 48 deals


def pg_admin(pg_url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(pg_url.rstrip("/") + "/postgres", autocommit=True) as conn:
        conn.execute(statement)


def setup_django(code: Path, database_url: str, folder: str) -> None:
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1",
                      DJANGO_ALLOWED_HOSTS="testserver",
                      DJANGO_CACHE_DIR=str(Path(folder) / "cache"), DATABASE_URL=database_url)
    sys.path.insert(0, str(code.resolve()))
    warnings.filterwarnings("ignore", message="No directory at")  # no collectstatic here
    import django

    django.setup()
    from django.conf import settings

    settings.DEBUG = False  # no query log, as in production


def deal_data(table, number: int) -> dict:
    """The phone's form for deal ``number``: a Heart Solo, a Grand or a Null in turn."""
    from tournament.sheets.loaders import table_info

    info = table_info(table)
    dealer = info.dealer(number)
    declarer = next(p.position for p in info.players if p.position != dealer)
    game = [{"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95},
            {"game": "grand", "matadors": 2, "without": "on", "card_points": 70},
            {"game": "null", "tricks": 0}][number % 3]
    return {**game, "declarer": declarer, "version": table.sheet_version, "number": number,
            "entry": "new", "scorekeeper": f"keeper {table.number}"}


def measure(request, count: int, counted: int) -> tuple[list[float], list[int]]:
    """``request(i)`` ``count`` times timed, then ``counted`` times with its queries counted."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cpu = []
    for i in range(count):
        start = time.process_time()
        request(i)
        cpu.append(1000 * (time.process_time() - start))
    queries = []
    for i in range(count, count + counted):
        with CaptureQueriesContext(connection) as captured:
            request(i)
        queries.append(len(captured.captured_queries))
    return cpu, queries


def figures(cpu: list[float], queries: list[int]) -> dict:
    return {"cpu_ms_median": round(statistics.median(cpu), 2),
            "cpu_ms_p90": round(sorted(cpu)[int(0.9 * len(cpu))], 2),
            "queries": statistics.median(queries), "runs": len(cpu)}


def run(args) -> dict:
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournament.demo import build_congress
    from tournament.models import Deal, Table

    call_command("migrate", verbosity=0)
    congress = build_congress("deal-bench", PLAYERS, series_count=1, seed="deal-bench",
                              played=PLAYED)
    assistant = get_user_model().objects.create_user("bench-assistant")
    congress.assistants.add(assistant)
    tables = list(Table.objects.filter(series__tournament=congress)
                  .select_related("series__tournament").order_by("number"))
    # a phone per table (its own session, which keeps its scorekeeper's name), one assistant
    phones = {t.pk: Client() for t in tables}
    staff = Client()
    staff.force_login(assistant)
    link = {t.pk: reverse("tournament:sheet", args=[t.token]) for t in tables}
    add = {t.pk: reverse("tournament:deal_add", args=[t.token]) for t in tables}
    report: dict = {}

    def page(client):
        def get(i: int) -> None:
            table = tables[i % len(tables)]
            response = (client or phones[table.pk]).get(link[table.pk])
            assert response.status_code == 200, response.status_code
        return get

    for name, client in (("sheet page, table link", None),
                         ("sheet page, staff", staff)):
        for i in range(args.warm):
            page(client)(i)
        report[name] = figures(*measure(page(client), args.runs, 5))
        if args.queries:
            with CaptureQueriesContext(connection) as captured:
                page(client)(0)
            print(f"-- {name}", *(q["sql"][:300] for q in captured.captured_queries),
                  sep="\n", file=sys.stderr)

    sent = 0

    def post(client, counted: bool = False) -> float | int:
        """The next deal of the next table: its CPU milliseconds, or its queries."""
        nonlocal sent
        table = tables[sent % len(tables)]
        sent += 1
        # the bench's own reading (the deal's number, the form's version) is not timed
        table.refresh_from_db(fields=["sheet_version"])
        number = Deal.objects.filter(table=table).count() + 1
        data = urlencode(deal_data(table, number))
        with CaptureQueriesContext(connection) if counted else nullcontext() as captured:
            start = time.process_time()
            response = (client or phones[table.pk]).post(add[table.pk], data,
                                   content_type="application/x-www-form-urlencoded")
            spent = 1000 * (time.process_time() - start)
        assert response.status_code == 302, response.content[:2000]
        assert Deal.objects.filter(table=table, number=number).exists(), (
            f"deal {number} of table {table.number} was not saved")
        return len(captured.captured_queries) if counted else spent

    for name, client in (("deal POST, table link", None), ("deal POST, staff", staff)):
        for _ in range(args.warm):
            post(client)
        cpu = [float(post(client)) for _ in range(args.runs)]
        queries = [int(post(client, counted=True)) for _ in range(5)]
        report[name] = figures(cpu, queries)
        if args.queries:
            with CaptureQueriesContext(connection) as captured:
                post(client)
            print(f"-- {name}", *(q["sql"][:300] for q in captured.captured_queries),
                  sep="\n", file=sys.stderr)
    expected = len(tables) * 30 + sent
    saved = Deal.objects.filter(table__series__tournament=congress).count()
    assert saved == expected, f"{saved} deals saved, {expected} expected"
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for i in range(50):
            if args.profile == "post":
                post(None)
            else:
                page(None)(i)
        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats(args.sort).print_stats(*args.only, 40)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=100, help="timed requests of each kind")
    parser.add_argument("--warm", type=int, default=32,
                        help="unmeasured requests first (32: one round of the tables)")
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--label", default="", help="a name for the run in the JSON line")
    parser.add_argument("--profile", choices=["post", "page"],
                        help="cProfile 50 link POSTs or sheet pages (after the figures)")
    parser.add_argument("--queries", action="store_true",
                        help="print the SQL of one request of each kind (stderr)")
    parser.add_argument("--sort", default="cumulative", help="the profile's order")
    parser.add_argument("--only", nargs="*", default=[],
                        help="the profile's lines matching these patterns (e.g. tournament/)")
    args = parser.parse_args()
    capacity = (PLAYERS // 4) * 18
    if 2 * (args.runs + args.warm + 6) + (50 if args.profile else 0) > capacity:
        parser.error(f"at most {capacity} deals fit on the open sheets: fewer --runs")
    folder = tempfile.mkdtemp(prefix="skat-deal-")
    pg_url, pg_db = os.environ.get("BENCH_PG_URL"), f"skat_deal_bench_{uuid.uuid4().hex[:8]}"
    if pg_url:
        pg_admin(pg_url, f'CREATE DATABASE "{pg_db}"')
        database_url = f"{pg_url.rstrip('/')}/{pg_db}"
    else:
        database_url = f"sqlite:///{folder}/deal.sqlite3"
    try:
        setup_django(args.code, database_url, folder)
        report = run(args)
    finally:
        if pg_url:
            from django.db import connections

            connections.close_all()
            pg_admin(pg_url, f'DROP DATABASE IF EXISTS "{pg_db}" WITH (FORCE)')
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({"label": args.label, "code": str(args.code),
                      "vendor": "postgresql" if pg_url else "sqlite",
                      "at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                      **report}), flush=True)


if __name__ == "__main__":
    main()
