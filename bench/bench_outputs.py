"""Issue 21's outputs at congress size: the downloads, the API, the tournament file.

``python bench/bench_outputs.py`` builds a congress with ``manage.py generate_congress
--players 3150 --series 4 --unplayed 1`` on a fresh SQLite file (``BENCH_PG_URL=
postgresql://postgres@127.0.0.1:5432``: on a fresh PostgreSQL database instead, dropped at the
end): series 1–3 played, confirmed and released through ``release_series`` (113,400 deals at
3,150 players), series 4 seated for the deal POSTs. The audit log is filled as the room would
have filled it before the releases: a ``deal_entered`` entry per deal (its ``after`` as the
sheet's service writes it) and a submitted and a confirmed entry per sheet. Then, in this
process through Django's test client (``DEBUG`` off, ``PUBLIC_BUDGET`` 0):

* the overall standings as CSV, XLSX and ODS, by the public (anonymous: ``tournament.crowd``
  keeps its copy) and by the organizer (logged in: made every time); *cold* = every cache
  emptied first (the results and the crowd's kept answers, as after a change the file counts),
  *warm* = the same request again;
* the audit log as CSV (the organizer), cold and warm;
* the API (anonymous): the standings' page 1 of 150 rows cold and warm, the same again with
  the answer's ETag in ``If-None-Match`` (304), a released table's sheet
  (``/api/tournaments/<slug>/series/1/tables/1``) and a seated table's sheet for its link
  (``/api/tables/<token>/deals``); then the standings warm, the 304 and the released sheet
  again as while series 4 is played: as many ``deal_entered`` entries of series 4 in the log
  after the last release as series 3 had (the public's version skips them);
* one deal POST through the API (``Idempotency-Key``) beside one through the sheet's form (the
  table link, as ``bench_deal_post.py``), a Heart Solo each, in turn at 32 of series 4's
  tables: CPU milliseconds of this process (median of ``--runs`` after ``--warm``) and queries;
* the organizer's "Download tournament file" (``organize/<slug>/tournament-file/``);
* the tournament file in a process of its own each (its own peak memory, ``wait4``'s
  ``ru_maxrss``; started by a small launcher, so that it does not inherit the bench's):
  ``manage.py export_tournament SLUG -o FILE`` (time, size), ``manage.py import_tournament
  FILE --check`` and a full ``import_tournament`` into the same database (``--no-import``
  skips it); a command that fails at once gives the baseline memory of such a process.

Each request: wall milliseconds, CPU milliseconds of this process, queries, bytes, and how
far this process's memory rose at its highest while the request ran (Linux's VmHWM, reset
before each request). ``--steps`` measures a part only; ``--profile NAME …`` prints
cProfile's top functions of steps (a request's name, ``export``, ``check`` or ``import``) on
stderr. ``--players 300`` tries it in a few minutes. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import io
import json
import os
import pstats
import resource
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
import warnings
from contextlib import nullcontext
from pathlib import Path
from urllib.parse import urlencode

SLUG = "congress-bench"
STEPS = ("standings", "audit", "api", "posts", "file")
POST_TABLES = 32  # the phones of bench_deal_post.py
ORGANIZER = "bench-organizer"
FORM = "application/x-www-form-urlencoded"  # as a browser sends the sheet's form
SOLO = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}  # +30


def pg_admin(pg_url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(pg_url.rstrip("/") + "/postgres", autocommit=True) as conn:
        conn.execute(statement)


def setup_django(code: Path, database_url: str, folder: str) -> None:
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1",
                      DJANGO_ALLOWED_HOSTS="testserver", DJANGO_PUBLIC_BUDGET="0",
                      DJANGO_CACHE_DIR=str(Path(folder) / "cache"), DATABASE_URL=database_url)
    sys.path.insert(0, str(code.resolve()))
    warnings.filterwarnings("ignore", message="No directory at")  # no collectstatic here
    import django

    django.setup()
    from django.conf import settings

    settings.DEBUG = False  # no query log, as in production
    settings.PUBLIC_BUDGET = 0  # one address asks for everything


def max_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _status_mib(key: str) -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    raise LookupError(key)


_HWM = [True]  # Linux's peak can be reset here; else the all-time peak's rise


def peak_from_here() -> float:
    """This process's memory now (MiB), its peak (Linux's VmHWM) reset to it, so that
    ``peak_rise`` gives what one step added at its highest, whatever came before; elsewhere
    the rise of the process's all-time peak (ru_maxrss)."""
    try:
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")  # reset the peak resident set size
        return _status_mib("VmRSS")
    except OSError:
        _HWM[0] = False
        return max_rss_mib()


def peak_rise(since: float) -> float:
    return round((_status_mib("VmHWM") if _HWM[0] else max_rss_mib()) - since, 1)


def empty_caches() -> None:
    """Every cache emptied: the results (shared and this process's), the crowd's kept
    answers and budgets."""
    from django.core.cache import caches

    from scoring.cache import forget_recent

    for each in caches.all():
        each.clear()
    forget_recent()


class Profiled:
    """cProfile around the step named ``--profile``, printed on stderr."""

    def __init__(self, wanted: list[str] | None, top: int):
        self.wanted, self.top = set(wanted or ()), top

    def run(self, name: str, call):
        if name not in self.wanted:
            return call()
        profiler = cProfile.Profile()
        result = profiler.runcall(call)
        print(f"-- profile of {name}", file=sys.stderr)
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(self.top)
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(self.top)
        return result


def timed_request(send, profiled: Profiled, name: str, expect: int = 200) -> tuple[dict, object]:
    """One request: wall and CPU ms, queries, bytes, this process's peak memory's rise."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    rss = peak_from_here()
    with CaptureQueriesContext(connection) as captured:
        wall, cpu = time.perf_counter(), time.process_time()
        response = profiled.run(name, send)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert response.status_code == expect, (name, response.status_code, body[:500])
    return {"wall_ms": round(1000 * wall, 1), "cpu_ms": round(1000 * cpu, 1),
            "queries": len(captured.captured_queries), "bytes": len(body),
            "peak_rise_mib": peak_rise(rss)}, response


def build(players: int) -> dict:
    """The congress: generated, its played series released, its audit log filled."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from scoring.release.services import release_series
    from tournament.models import SeriesStatus, Tournament

    call_command("migrate", verbosity=0)
    organizer = get_user_model().objects.create_user(ORGANIZER, password=secrets.token_hex(8))
    start = time.perf_counter()
    out = io.StringIO()
    call_command("generate_congress", slug=SLUG, players=players, series=4, unplayed=1,
                 stdout=out)
    generated = time.perf_counter() - start
    tournament = Tournament.objects.get(slug=SLUG)
    tournament.organizers.add(organizer)
    start = time.perf_counter()
    logged = fill_audit_log(tournament)  # the room's entries come before the releases
    filling = time.perf_counter() - start
    if connection.vendor == "postgresql":  # as autovacuum would have by now (bench_congress)
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    start = time.perf_counter()
    released = []
    for series in tournament.series.order_by("number"):
        if series.status == SeriesStatus.CONFIRMED:
            release_series(series, None)
            released.append(series.number)
    return {"built": out.getvalue().strip(), "generate_s": round(generated, 1),
            "released": released, "release_s": round(time.perf_counter() - start, 1),
            "audit_entries": logged, "audit_fill_s": round(filling, 1)}


class Batches:
    """Audit entries written 2,000 at a time."""

    def __init__(self):
        self.batch: list = []
        self.made = 0

    def add(self, entry) -> None:
        self.batch.append(entry)
        if len(self.batch) >= 2000:
            self.flush()

    def flush(self) -> int:
        from tournament.models import AuditEntry

        self.made += len(AuditEntry.objects.bulk_create(self.batch))
        self.batch.clear()
        return self.made


def fill_audit_log(tournament) -> int:
    """The log a congress leaves: a ``deal_entered`` per deal (``after`` as
    ``confirmation.deal_state`` writes it), a submitted and a confirmed entry per sheet of
    the played series, in bulk."""
    from tournament.models import AuditAction, AuditEntry, Deal, Table

    batches = Batches()
    add = batches.add

    deals = (Deal.objects.filter(table__series__tournament=tournament)
             .order_by("table__series__number", "table__number", "number")
             .values_list("table__series__number", "table__number", "number", "declarer",
                          "record", "value", "description", "contra_by", "revoked_by",
                          "entered_by"))
    for series, table, number, declarer, record, value, text, contra, revoked, by in (
            deals.iterator(chunk_size=2000)):
        add(AuditEntry(tournament=tournament, actor=by or f"keeper {table}",
                       action=AuditAction.DEAL_ENTERED, series=series, table=table, deal=number,
                       subject=f"series {series} table {table} deal {number}",
                       after={"number": number, "declarer": declarer, "record": record,
                              "value": value, "text": text, "contra_by": contra,
                              "revoked_by": revoked}))
    tables = (Table.objects.filter(series__tournament=tournament, deals__isnull=False)
              .distinct().values_list("series__number", "number"))
    for series, table in tables:
        for action, after in ((AuditAction.SHEET_SUBMITTED, {"status": "submitted"}),
                              (AuditAction.SHEET_CONFIRMED, {"status": "confirmed"})):
            add(AuditEntry(tournament=tournament, actor=f"keeper {table}", action=action,
                           series=series, table=table, subject=f"series {series} table {table}",
                           before=None, after=after))
    return batches.flush()


def series_in_play(tournament, number: int, deals: int) -> list[int]:
    """The log of a series played but not yet released: ``deals`` ``deal_entered`` entries
    at its tables in turn, after every public change; their ids."""
    from tournament.models import AuditAction, AuditEntry

    tables = list(tournament.series.get(number=number).tables.values_list("number", flat=True))
    batches = Batches()
    first = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first()
    for i in range(deals):
        table, deal = tables[i % len(tables)], 1 + i // len(tables)
        batches.add(AuditEntry(tournament=tournament, actor=f"keeper {table}",
                               action=AuditAction.DEAL_ENTERED, series=number, table=table,
                               deal=deal, subject=f"series {number} table {table} deal {deal}",
                               after={"number": deal, "declarer": 1, "record": SOLO,
                                      "value": 30, "text": "Heart Solo won", "contra_by": None,
                                      "revoked_by": None}))
    batches.flush()
    return list(AuditEntry.objects.filter(id__gt=first).values_list("id", flat=True))


def downloads(profiled: Profiled, steps: set[str]) -> dict:
    """The overall standings in each format by the public and the organizer, the audit log
    as CSV: cold and warm."""
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Tournament

    public, organizer = Client(), Client()
    tournament = Tournament.objects.get(slug=SLUG)
    organizer.force_login(tournament.organizers.get())
    report: dict = {}
    asked = [(f"standings.{fmt} {who}", client, reverse("exports:standings", args=[SLUG, fmt]))
             for who, client in (("public", public), ("organizer", organizer))
             for fmt in ("csv", "xlsx", "ods") if "standings" in steps]
    if "audit" in steps:
        asked.append(("audit.csv organizer", organizer,
                      reverse("exports:audit", args=[SLUG, "csv"])))
    for name, client, url in asked:
        empty_caches()
        def send(client=client, url=url):
            return client.get(url)

        cold, response = timed_request(send, profiled, name)
        warm, _ = timed_request(send, profiled, name + " warm")
        report[name] = {"cold": cold, "warm": warm,
                        "type": response["Content-Type"].split(";")[0]}
        say(f"{name}: cold {cold['wall_ms']:.0f} ms, warm {warm['wall_ms']:.0f} ms, "
            f"{cold['bytes']:,} bytes")
    return report


def api_reads(profiled: Profiled) -> dict:
    """The API as the public reads it, and a seated table's sheet for its link."""
    from django.test import Client
    from django.urls import reverse

    from tournament.models import AuditEntry, Deal, Table, Tournament

    client = Client()
    report: dict = {}
    standings = reverse("api:standings", args=[SLUG]) + "?page=1&page_size=150"
    empty_caches()
    cold, response = timed_request(lambda: client.get(standings), profiled, "api standings")
    answer = response.json()
    assert len(answer["items"]) == min(150, answer["count"]), answer["count"]
    warm, response = timed_request(lambda: client.get(standings), profiled,
                                   "api standings warm")
    etag = response["ETag"]
    fresh, _ = timed_request(lambda: client.get(standings, HTTP_IF_NONE_MATCH=etag), profiled,
                             "api standings 304", expect=304)
    report["api standings page 1 (150)"] = {"cold": cold, "warm": warm, "304": fresh,
                                            "count": response.json()["count"]}
    sheet = reverse("api:table", args=[SLUG, 1, 1])
    empty_caches()
    cold, response = timed_request(lambda: client.get(sheet), profiled, "api table")
    warm, _ = timed_request(lambda: client.get(sheet), profiled, "api table warm")
    report["api released table's sheet"] = {"cold": cold, "warm": warm,
                                            "deals": len(response.json()["deals"])}
    # While series 4 is played, the public's version and Last-Modified skip its sheets'
    # entries (audit.SHEET_ACTIONS): as many as series 3 had, after the last release.
    tournament = Tournament.objects.get(slug=SLUG)
    played = Deal.objects.filter(table__series__tournament=tournament,
                                 table__series__number=3).count()
    added = series_in_play(tournament, 4, played)
    during: dict = {"sheet_entries_since_release": len(added)}
    client.get(standings)  # the results again in the cache (emptied for the sheet above)
    during["standings warm"], response = timed_request(lambda: client.get(standings), profiled,
                                                       "api standings in play")
    etag = response["ETag"]  # the caches emptied since: a new version's token
    during["304"], _ = timed_request(lambda: client.get(standings, HTTP_IF_NONE_MATCH=etag),
                                     profiled, "api standings 304 in play", expect=304)
    during["released table's sheet warm"], _ = timed_request(lambda: client.get(sheet), profiled,
                                                             "api table in play")
    report["api while series 4 is played"] = during
    AuditEntry.objects.filter(id__in=added).delete()
    token = Table.objects.filter(series__tournament__slug=SLUG, series__number=4,
                                 number=1).values_list("token", flat=True).get()
    link = reverse("api:link_sheet", args=[token])
    first, _ = timed_request(lambda: client.get(link), profiled, "api link sheet")
    again, _ = timed_request(lambda: client.get(link), profiled, "api link sheet warm")
    report["api link's sheet (seated table)"] = {"cold": first, "warm": again}
    for name, figures in report.items():
        say(f"{name}: " + ", ".join(f"{k} {v['wall_ms']:.0f} ms" for k, v in figures.items()
                                    if isinstance(v, dict)))
    return report


def posts(runs: int, warm: int, profiled: Profiled) -> dict:
    """One deal POST through the API beside one through the sheet's form, a Heart Solo each,
    in turn at 32 of series 4's tables (bench_deal_post.py's way: a phone per table, CPU of
    this process, queries counted on separate requests). The two alternate, so that both
    meet the same deal numbers and the same state of the database."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from tournament.models import Deal, Table
    from tournament.sheets.loaders import table_info

    tables = list(Table.objects.filter(series__tournament__slug=SLUG, series__number=4)
                  .select_related("series__tournament").order_by("number")[:POST_TABLES])
    rounds = warm + runs + 5
    if 2 * rounds + 40 > 40 * len(tables):
        raise SystemExit(f"{2 * rounds} deals do not fit on {len(tables)} tables: fewer --runs")
    phones = {t.pk: Client() for t in tables}  # each table's phone keeps its session
    sent = 0

    def next_table():
        nonlocal sent
        table = tables[sent % len(tables)]
        sent += 1
        # the bench's own reading (the deal's number, the seats, the version) is not timed
        table.refresh_from_db(fields=["sheet_version"])
        number = Deal.objects.filter(table=table).count() + 1
        info = table_info(table)
        dealer = info.dealer(number)
        declarer = next(p.position for p in info.players if p.position != dealer)
        return table, number, declarer

    def form_post() -> tuple:
        table, number, declarer = next_table()
        client = phones[table.pk]
        data = urlencode({**SOLO, "declarer": declarer, "version": table.sheet_version,
                          "number": number, "entry": "new",
                          "scorekeeper": f"keeper {table.number}"})
        url = reverse("tournament:deal_add", args=[table.token])
        return (lambda: client.post(url, data, content_type=FORM)), table, number, 302

    def api_post() -> tuple:
        table, number, declarer = next_table()
        client = phones[table.pk]
        body = {"number": number, "sheet_version": table.sheet_version, "record": SOLO,
                "declarer": declarer, "scorekeeper": f"keeper {table.number}"}
        url = reverse("api:deal_entry", args=[table.token])
        return (lambda: client.post(url, body, content_type="application/json",
                                    HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))), table, number, 201

    kinds = {"deal POST, sheet form (table link)": form_post,
             "deal POST, API (table link)": api_post}
    cpu: dict = {name: [] for name in kinds}
    queries: dict = {name: [] for name in kinds}
    for i in range(rounds):
        counted = i >= warm + runs  # the queries counted apart: no cost in the timed ones
        for name, make in kinds.items():
            send, table, number, expect = make()
            with CaptureQueriesContext(connection) if counted else nullcontext() as captured:
                start = time.process_time()
                response = send()
                spent = 1000 * (time.process_time() - start)
            assert response.status_code == expect, (name, response.status_code,
                                                    response.content[:1000])
            assert Deal.objects.filter(table=table, number=number).exists(), (name, number)
            if counted:
                queries[name].append(len(captured.captured_queries))
            elif i >= warm:
                cpu[name].append(spent)
    report: dict = {}
    for name in kinds:
        report[name] = {"cpu_ms_median": round(statistics.median(cpu[name]), 2),
                        "cpu_ms_p90": round(sorted(cpu[name])[int(0.9 * runs)], 2),
                        "queries": statistics.median(queries[name]), "runs": runs}
        say(f"{name}: {report[name]}")
        if name in profiled.wanted:  # 20 more, after the figures
            sends = [kinds[name]()[0] for _ in range(20)]
            profiled.run(name, lambda sends=sends: [send() for send in sends])
    return report


# A process's peak memory (ru_maxrss) starts at its parent's at the fork: the command is
# started by this small launcher, not by the bench's large process, and reports its own.
LAUNCHER = """
import json, os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as out:
    json.dump({"exit": os.waitstatus_to_exitcode(status), "wall": time.perf_counter() - start,
               "cpu": usage.ru_utime + usage.ru_stime, "maxrss_kib": usage.ru_maxrss}, out)
"""


def command(env: dict, folder: str, profiled: Profiled, name: str, *args: str) -> dict:
    """``manage.py *args`` in a process of its own: wall and CPU seconds, its peak memory."""
    python = [sys.executable]
    if name in profiled.wanted:
        python += ["-m", "cProfile", "-o", f"{folder}/{name}.prof"]
    out, err = Path(folder, f"{name}.out"), Path(folder, f"{name}.err")
    usage = Path(folder, f"{name}.usage")
    with out.open("wb") as stdout, err.open("wb") as stderr:
        subprocess.run([sys.executable, "-c", LAUNCHER, str(usage), *python,
                        str(Path(env["BENCH_CODE"]) / "manage.py"), *args],
                       cwd=env["BENCH_CODE"], env=env, stdout=stdout, stderr=stderr, check=True)
    used = json.loads(usage.read_text())
    if name in profiled.wanted:
        print(f"-- profile of {name}", file=sys.stderr)
        for order in ("cumulative", "tottime"):
            pstats.Stats(f"{folder}/{name}.prof", stream=sys.stderr).sort_stats(order) \
                .print_stats(profiled.top)
    return {"exit": used["exit"], "wall_s": round(used["wall"], 2), "cpu_s": round(used["cpu"], 2),
            "peak_rss_mib": round(used["maxrss_kib"] / 1024, 1),
            "stdout": out.read_text()[-300:].strip(), "stderr": err.read_text()[-600:].strip()}


def tournament_file(database_url: str, folder: str, code: Path, full_import: bool,
                    profiled: Profiled) -> dict:
    """The organizer's download in this process, then export, check and import each in a
    process of its own."""
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Deal, Tournament

    report: dict = {}
    organizer = Client()
    tournament = Tournament.objects.get(slug=SLUG)
    organizer.force_login(tournament.organizers.get())
    url = reverse("exports:tournament_file", args=[SLUG])
    report["tournament file download (organizer, HTTP)"], _ = timed_request(
        lambda: organizer.get(url), profiled, "file download")
    say(f"file download: {report['tournament file download (organizer, HTTP)']}")

    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings",
               DJANGO_SECRET_KEY=secrets.token_urlsafe(40), DJANGO_DEBUG="0",
               DJANGO_CACHE_DIR=str(Path(folder) / "cache"), DJANGO_LOG_LEVEL="WARNING",
               BENCH_CODE=str(code.resolve()))
    path = Path(folder) / "congress.json"
    report["baseline process"] = command(env, folder, profiled, "baseline", "export_tournament",
                                         "no-such-tournament")
    report["export_tournament"] = export = command(env, folder, profiled, "export",
                                                   "export_tournament", SLUG, "-o", str(path))
    assert export["exit"] == 0, export
    export["bytes"] = path.stat().st_size
    say(f"export: {export}")
    report["import_tournament --check"] = check = command(
        env, folder, profiled, "check", "import_tournament", str(path), "--check")
    assert check["exit"] == 0, check
    say(f"check: {check}")
    if full_import:
        report["import_tournament"] = done = command(
            env, folder, profiled, "import", "import_tournament", str(path), "--owner",
            ORGANIZER, "--slug", SLUG + "-copy")
        assert done["exit"] == 0, done
        copied = Deal.objects.filter(table__series__tournament__slug=SLUG + "-copy").count()
        original = Deal.objects.filter(table__series__tournament=tournament).count()
        assert copied == original, (copied, original)
        done["deals"] = copied
        say(f"import: {done}")
    return report


def say(line: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {line}", file=sys.stderr, flush=True)


def run(args, database_url: str, folder: str) -> dict:
    profiled = Profiled(args.profile, args.top)
    report: dict = {"players": args.players}
    say(f"building a congress of {args.players} players")
    report["congress"] = build(args.players)
    say(f"built: {report['congress']}")
    report["rss_after_build_mib"] = round(max_rss_mib(), 1)
    steps = set(args.steps)
    report["downloads"] = downloads(profiled, steps & {"standings"})
    if "api" in steps:
        report["api"] = api_reads(profiled)
    if "posts" in steps and args.runs:
        report["posts"] = posts(args.runs, args.warm, profiled)
    if "file" in steps:
        report["tournament_file"] = tournament_file(database_url, folder, args.code,
                                                    not args.no_import, profiled)
    # last: what it leaves in this process's memory would hide the others' peaks
    report["downloads"].update(downloads(profiled, steps & {"audit"}))
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3150,
                        help="the congress's size (default 3150: 113,400 deals; 300 to try)")
    parser.add_argument("--runs", type=int, default=60,
                        help="timed deal POSTs of each kind (0: none)")
    parser.add_argument("--warm", type=int, default=16,
                        help="unmeasured POSTs of each kind first (16: a round of the 32 tables)")
    parser.add_argument("--steps", nargs="+", default=list(STEPS), choices=STEPS,
                        help="what to measure (default: all): the standings' downloads, the "
                             "audit log's, the API's reads, the deal POSTs, the tournament file")
    parser.add_argument("--no-import", action="store_true",
                        help="no full import of the file (its --check only)")
    parser.add_argument("--code", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--label", default="", help="a name for the run in the JSON line")
    parser.add_argument("--profile", metavar="NAME", nargs="+",
                        help="cProfile these steps: a request's name as the report has it "
                             "(e.g. 'standings.ods public'), 'file download', 'export', "
                             "'check' or 'import'")
    parser.add_argument("--top", type=int, default=30, help="the profile's lines")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="skat-outputs-")
    pg_url, pg_db = os.environ.get("BENCH_PG_URL"), f"skat_outputs_{uuid.uuid4().hex[:8]}"
    if pg_url:
        pg_admin(pg_url, f'CREATE DATABASE "{pg_db}"')
        database_url = f"{pg_url.rstrip('/')}/{pg_db}"
    else:
        database_url = f"sqlite:///{folder}/outputs.sqlite3"
    started = time.perf_counter()
    try:
        setup_django(args.code, database_url, folder)
        report = run(args, database_url, folder)
    finally:
        if pg_url:
            from django.db import connections

            connections.close_all()
            pg_admin(pg_url, f'DROP DATABASE IF EXISTS "{pg_db}" WITH (FORCE)')
        shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({"label": args.label, "code": str(args.code),
                      "vendor": "postgresql" if pg_url else "sqlite",
                      "at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
                      "seconds": round(time.perf_counter() - started), "load": os.getloadavg(),
                      "peak_rss_mib": round(max_rss_mib(), 1), **report}), flush=True)


if __name__ == "__main__":
    main()
