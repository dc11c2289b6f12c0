"""The audit page at congress size: its filters by the place columns beside the LIKE of before.

Run by hand on PostgreSQL (the log is written with ``generate_series``):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skat_bench DJANGO_DEBUG=1 \\
        .venv/bin/python bench/bench_audit.py

It keeps a tournament ``audit-bench`` whose log is a congress's (issue 13: 3 series of 788
tables, 48 deals each, every sheet submitted and confirmed: 118,203 entries), built once,
and for each filter of the page prints the milliseconds of the page's own requests (the
organizer's client, median of ``--runs``) and of its SQL (EXPLAIN ANALYZE, the best run),
with the LIKE filters of before (issue 19.3) on the same rows for the SQL beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_DEBUG", "1")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver")

import django  # noqa: E402

django.setup()

import datetime  # noqa: E402

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.paginator import Paginator  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Q  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from tournament.forms import AuditFilterForm  # noqa: E402
from tournament.models import Tournament  # noqa: E402

SLUG = "audit-bench"
FILTERS = [{}, {"series": 1}, {"series": 3}, {"table": 400}, {"series": 2, "table": 400},
           {"series": 2, "table": 400, "deal": 17}, {"deal": 17},
           {"action": "sheet_confirmed", "series": 2}]

LOG = """
INSERT INTO tournament_auditentry (tournament_id, actor, session, action, subject, series,
                                   "table", deal, after, at)
SELECT %(t)s, 'scorekeeper', '',
       CASE WHEN d <= 48 THEN 'deal_entered' WHEN d = 49 THEN 'sheet_submitted'
            ELSE 'sheet_confirmed' END,
       CASE WHEN d <= 48 THEN format('series %%s table %%s deal %%s', s, t, d)
            ELSE format('series %%s table %%s', s, t) END,
       s, t, CASE WHEN d <= 48 THEN d END, '{"value": 30}'::jsonb,
       now() - make_interval(secs => (4 - s) * 100000 + (50 - d) * 1000 + t)
FROM generate_series(1, 3) s, generate_series(1, 788) t, generate_series(1, 50) d;
INSERT INTO tournament_auditentry (tournament_id, actor, session, action, subject, series, at)
SELECT %(t)s, 'director', '', 'results_released', format('series %%s', s), s, now()
FROM generate_series(1, 3) s;
"""


def congress_log() -> Tournament:
    tournament, made = Tournament.objects.get_or_create(
        slug=SLUG, defaults={"name": "Audit bench", "start_date": datetime.date(2027, 5, 1)})
    if made or not tournament.audit.exists():
        with connection.cursor() as cursor:
            cursor.execute(LOG, {"t": tournament.pk})
            cursor.execute("VACUUM ANALYZE tournament_auditentry")
    return tournament


def like_filter(entries, query: dict):
    """The audit page's filters before issue 19.3: the subject taken apart with LIKE."""
    if query.get("action"):
        entries = entries.filter(action=query["action"])
    if query.get("series"):
        n = query["series"]
        entries = entries.filter(Q(subject=f"series {n}") | Q(subject__startswith=f"series {n} "))
    if query.get("table"):
        t = query["table"]
        entries = entries.filter(Q(subject__endswith=f"table {t}")
                                 | Q(subject__contains=f"table {t} "))
    if query.get("deal"):
        entries = entries.filter(subject__endswith=f" deal {query['deal']}")
    return entries


def sql_ms(entries, runs: int) -> float:
    """The database's own time for the page's count and its first 50 rows (best of ``runs``)."""
    with CaptureQueriesContext(connection) as ctx:
        list(Paginator(entries, 50).get_page(1))
    total = 0.0
    with connection.cursor() as cursor:
        for query in ctx.captured_queries:
            best = None
            for _ in range(runs):
                cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + query["sql"])
                ms = cursor.fetchone()[0][0]["Execution Time"]
                best = ms if best is None else min(best, ms)
            total += best or 0.0
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        sys.exit("bench_audit needs PostgreSQL (DATABASE_URL)")
    tournament = congress_log()
    organizer, _ = get_user_model().objects.get_or_create(username="audit-bench")
    tournament.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    url = reverse("tournament:audit", args=[SLUG])
    print(f"{tournament.audit.count()} entries; ms: page (median of {args.runs}), "
          "SQL by columns, SQL by LIKE (before)")
    for query in FILTERS:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            response = client.get(url, query)
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200
        entries = tournament.audit.all()
        by_columns = sql_ms(AuditFilterForm(query).filter(entries), args.runs)
        by_like = sql_ms(like_filter(entries, query), args.runs)
        shown = AuditFilterForm(query).filter(entries).count()
        print(f"{str(query):48} {shown:7} entries  page {statistics.median(times):7.1f}  "
              f"columns {by_columns:7.1f}  LIKE {by_like:7.1f}")


if __name__ == "__main__":
    main()
