"""The Django side of bench/bench_congress.py, each step in a fresh process of its own with the
site's production settings (config.settings, DEBUG off) and the bench's DATABASE_URL; prints
one JSON object.

    congress_probe.py prepare SLUG ORGANIZER   release the played series, list the table links
    congress_probe.py standings SLUG           (a) standings + prizes beside the SQL floor
    congress_probe.py count SLUG SERIES FILE   deals lost or duplicated by the load test
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# the site's process as gunicorn starts it (config/wsgi.py: Django set up, the views loaded,
# what they hold kept out of the garbage collector's passes)
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402

import config.wsgi  # noqa: E402, F401
from tournament.models import Deal, Series, SeriesStatus, Tournament  # noqa: E402


def max_rss_mib() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


COLD_TABLES = 4


def prepare(slug: str, organizer: str) -> dict:
    """Release every confirmed series through the project's service (the public pages show
    released series only) and name what the pages and the phones need."""
    from scoring.release.services import release_series

    tournament = Tournament.objects.get(slug=slug)
    tournament.organizers.add(get_user_model().objects.get(username=organizer))
    for series in tournament.series.order_by("number"):
        if series.status == SeriesStatus.CONFIRMED:
            release_series(series, None)
    series = list(tournament.series.order_by("number"))
    released = [s.number for s in series if s.status == SeriesStatus.RELEASED]
    seated = [s.number for s in series if s.status == SeriesStatus.SEATED]
    if not released or not seated:
        raise SystemExit(f"{slug}: needs released series and a seated one (--unplayed 1)")
    tables = list(Series.objects.get(tournament=tournament, number=seated[-1])
                  .tables.order_by("number").values_list("token", flat=True))
    # the last tables take the deals that make the pages cold; the phones take the others
    return {"released": released, "seated": seated[-1], "tokens": tables[:-COLD_TABLES],
            "cold_tokens": tables[-COLD_TABLES:], "series_tables": {s.number: s.tables.count()
                                                        for s in series},
            "sheet_token": Series.objects.get(tournament=tournament, number=released[-1])
            .tables.get(number=1).token,
            "deals": Deal.objects.filter(table__series__tournament=tournament).count(),
            "player": tournament.entries.count() // 2 or 1}  # a player's page: the middle one


# Each player's Points, games won and games lost straight from the deals' scoring columns:
# the least any standings computation must do (penalties, ties and prizes left out).
FLOOR_SQL = """
SELECT s.entry_id,
       SUM(CASE s.position WHEN 1 THEN d.points_1 WHEN 2 THEN d.points_2
                           WHEN 3 THEN d.points_3 ELSE d.points_4 END) AS points,
       SUM(CASE WHEN d.declarer = s.position AND d.won = %s
                 AND d.game NOT IN ('passed', 'ramsch') THEN 1 ELSE 0 END) AS won,
       SUM(CASE WHEN d.declarer = s.position AND d.won = %s
                 AND d.game NOT IN ('passed', 'ramsch') THEN 1 ELSE 0 END) AS lost
FROM tournament_deal d
JOIN tournament_table t ON t.id = d.table_id
JOIN tournament_series r ON r.id = t.series_id
JOIN tournament_seat s ON s.table_id = d.table_id
WHERE r.tournament_id = %s
GROUP BY s.entry_id
"""


def sql_floor(tournament: Tournament) -> tuple[float, list[tuple]]:
    start = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(FLOOR_SQL, [True, False, tournament.pk])
        rows = cursor.fetchall()
    return time.perf_counter() - start, rows


def standings(slug: str, repeat: int = 5) -> dict:
    """(a) ``compute`` and ``prizes`` of the whole congress beside the SQL floor: the first in
    this process (the cache emptied), then ``repeat`` times cold again (the shared cache and
    the process's own emptied, as a worker that has served before meets them after a deal:
    their median is the figure), then warm; (e) this process's peak memory."""
    from scoring.awards import services as awards
    from scoring.cache import forget_recent
    from scoring.results import services as results

    tournament = Tournament.objects.get(slug=slug)
    cache.clear()
    sql_floor(tournament)  # the connection opened, the tables' pages read once: fair to both
    rss_before = max_rss_mib()

    def timed() -> tuple[float, float, list]:
        start = time.perf_counter()
        comp = results.compute(tournament)
        computed = time.perf_counter()
        awarded = awards.prizes(comp)
        return computed - start, time.perf_counter() - computed, [comp, awarded]

    *first, (comp, awarded) = timed()
    rss_after = max_rss_mib()
    cold_runs = []
    for _ in range(repeat):
        cache.clear()
        forget_recent()
        *run, _ = timed()
        cold_runs.append(run)
    cold = (statistics.median(r[0] for r in cold_runs),
            statistics.median(r[1] for r in cold_runs))
    warm_runs = []
    for _ in range(repeat):
        *run, _ = timed()
        warm_runs.append(run)
    floors = []
    for _ in range(repeat):
        seconds, rows = sql_floor(tournament)
        floors.append(seconds)
    floor = statistics.median(floors)
    warm = (statistics.median(r[0] for r in warm_runs), statistics.median(r[1] for r in warm_runs))

    def ms(seconds: float) -> float:
        return round(1000 * seconds, 1)

    return {
        "players_ranked": len(comp.standings), "prizes": len(awarded),
        "floor_rows": len(rows),
        "first": {"standings_ms": ms(first[0]), "prizes_ms": ms(first[1]),
                  "total_ms": ms(sum(first)), "ratio_to_floor": round(sum(first) / floor, 1)},
        "cold": {"standings_ms": ms(cold[0]), "prizes_ms": ms(cold[1]),
                 "total_ms": ms(sum(cold)), "ratio_to_floor": round(sum(cold) / floor, 1),
                 "runs_ms": [ms(sum(r)) for r in cold_runs]},
        "warm": {"standings_ms": ms(warm[0]), "prizes_ms": ms(warm[1]),
                 "total_ms": ms(sum(warm)), "ratio_to_floor": round(sum(warm) / floor, 1)},
        "sql_floor_ms": ms(floor), "sql_floor_runs_ms": [ms(s) for s in floors],
        "memory": {"before_mib": rss_before, "peak_mib": rss_after,
                   "computation_mib": round(rss_after - rss_before, 1)},
        "targets": {"total_ms": 1000, "ratio_to_floor": 1.5},
    }


def count(slug: str, series: int, tags_file: str) -> dict:
    """Deals the site confirmed but did not store (lost), and intended entries stored twice
    (duplicated), from the scorekeeper's tag each deal carries (``entered_by``)."""
    tags = json.loads(Path(tags_file).read_text())
    stored = Counter(Deal.objects.filter(
        table__series__tournament__slug=slug, table__series__number=series,
        entered_by__startswith="bench ").values_list("entered_by", flat=True))
    confirmed, unconfirmed = set(tags["succeeded"]), set(tags["failed"])
    return {
        "stored": sum(stored.values()),
        "lost": len(confirmed - set(stored)),
        "duplicated": sum(n - 1 for n in stored.values() if n > 1),
        "stored_though_not_confirmed": len(unconfirmed & set(stored)),
    }


if __name__ == "__main__":
    step, *args = sys.argv[1:]
    if step == "prepare":
        result = prepare(*args)
    elif step == "standings":
        result = standings(*args)
    elif step == "count":
        result = count(args[0], int(args[1]), args[2])
    else:
        raise SystemExit(__doc__)
    print(json.dumps(result))
