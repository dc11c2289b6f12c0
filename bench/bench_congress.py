"""Benchmark the site at congress scale (issue 13): one run, one JSON report.

``.venv/bin/python bench/bench_congress.py`` (``make bench``; ``--quick`` for a 300-player
try in a few minutes). On a PostgreSQL database of its own (``--pg-url``, database
``skat_bench``, dropped at the end) it builds the congress with ``manage.py generate_congress``
(every series played, confirmed and released but the last, which is seated for the phones) and
measures, with the production settings (DEBUG off) under gunicorn on 127.0.0.1:

(a) ``scoring.results.services.compute`` + ``prizes`` of the whole congress, cold (the first
    in a fresh process, then the median of five with every cache emptied, as a worker meets
    them after a deal) and warm, beside the SQL floor (each player's Points, games won and
    lost in one aggregate query), and the peak memory of that computation
    (bench/congress_probe.py);
(b) every result page: cold (the first request after a deal was entered and the cache
    emptied; each worker has served the page before) and warm, p50/p95, SQL queries
    (bench/counting_wsgi.py) and HTML size;
(c) 50 phones entering deals through the table link's form as fast as they can, for a fixed
    time; deals/s, POST latencies, then deals lost or duplicated, counted in the database;
(d) the same 50 phones at a room's rate (8 deals/s) on a SQLite file under gunicorn;
(e) the gunicorn workers' peak memory, the load generator's own CPU.

Writes bench/results/congress-<date>.json and prints a summary for bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import resource
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager, nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script from anywhere

from congress_http import (  # noqa: E402
    DEAL_FORM,
    Browser,
    Phone,
    load,
    login,
    time_page,
)

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv" / "bin"
SLUG = "congress-bench"
ORGANIZER = "bench-organizer"
TICKS = os.sysconf("SC_CLK_TCK")

TARGETS = {"standings_ms": 1000, "ratio_to_floor": 1.5, "page_p95_ms": 200, "player_page_ms": 50,
           "deals_per_second": 200, "post_p95_ms": 100}


LOAD_AVERAGE: dict[str, list[float]] = {}  # the machine's load as each step began


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)
    if text.startswith("("):  # a measured step: (a), (b), …
        LOAD_AVERAGE[text[:3]] = [round(x, 1) for x in os.getloadavg()]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def site_env(database_url: str, cache: Path) -> dict[str, str]:
    """config/settings.py's production settings: DEBUG off, a secret key, our own cache."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings",
               DJANGO_SECRET_KEY=secrets.token_urlsafe(40), DJANGO_DEBUG="0",
               DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost", DJANGO_CACHE_DIR=str(cache),
               DJANGO_LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT),
               # one address opens every page many times: the public's budget a minute
               # (tournament/crowd.py, measured by bench/flood_entry.py) would answer it 429
               DJANGO_PUBLIC_BUDGET="0")
    return env


def run(env: dict[str, str], *command: str) -> str:
    done = subprocess.run([str(VENV / "python"), *command], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def probe(env: dict[str, str], *args: str) -> dict:
    return json.loads(run(env, "bench/congress_probe.py", *args).strip().splitlines()[-1])


def build(env: dict[str, str], players: int, series: int, password: str) -> dict:
    """Migrate, the organizer, the congress (its last series seated only), released."""
    run(env, "manage.py", "migrate", "--noinput", "-v0")
    run(env, "manage.py", "create_organizer", "--username", ORGANIZER, "--password", password)
    start = time.perf_counter()
    out = run(env, "manage.py", "generate_congress", "--slug", SLUG, "--players", str(players),
              "--series", str(series + 1), "--unplayed", "1")
    seconds = time.perf_counter() - start
    say(f"  {out.strip()} in {seconds:.0f} s")
    prepared = probe(env, "prepare", SLUG, ORGANIZER)
    prepared["generate_seconds"] = round(seconds, 1)
    return prepared


# --- PostgreSQL -------------------------------------------------------------------------------

def pg_admin(pg_url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(pg_url.rstrip("/") + "/postgres", autocommit=True) as conn:
        conn.execute(statement)


def pg_run(pg_url: str, name: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(f"{pg_url.rstrip('/')}/{name}", autocommit=True) as conn:
        conn.execute(statement)


def pg_version(pg_url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(f"{pg_url.rstrip('/')}/{name}") as conn:
        return conn.execute("SHOW server_version").fetchone()[0]


class PgBackendsCpu:
    """CPU seconds of the PostgreSQL backends serving database ``name`` while it runs: their
    pids polled twice a second, as gunicorn's connections end and open again (CONN_MAX_AGE)."""

    def __init__(self, pg_url: str, name: str):
        self.url, self.name = f"{pg_url.rstrip('/')}/{name}", name
        self.seen: dict[int, float] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self.stop.is_set():
                for (pid,) in conn.execute(
                        "SELECT pid FROM pg_stat_activity WHERE datname = %s "
                        "AND pid <> pg_backend_pid()", [self.name]):
                    self.seen[pid] = proc_cpu_seconds([pid]) or self.seen.get(pid, 0.0)
                self.stop.wait(0.5)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()

    @property
    def seconds(self) -> float:
        return round(sum(self.seen.values()), 1)


def proc_cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue  # ended meanwhile
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


# --- gunicorn ---------------------------------------------------------------------------------

class Gunicorn:
    """gunicorn serving ``app`` on a free port of 127.0.0.1, its workers' memory and CPU."""

    def __init__(self, env: dict[str, str], app: str, workers: int, log: Path):
        self.port = free_port()
        self.log = log
        self.process = subprocess.Popen(
            [str(VENV / "gunicorn"), app, "-w", str(workers), "-b", f"127.0.0.1:{self.port}",
             "--timeout", "300", "--error-logfile", str(log), "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn ended: {log.read_text()[-2000:]}")
            try:
                if Browser(self.port).get("/").status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not answer within 60 s")
            time.sleep(0.3)

    def workers(self) -> list[int]:
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [int(c) for c in children]

    def peak_mib(self) -> list[float]:
        """Each worker's peak resident memory (VmHWM)."""
        peaks = []
        for pid in self.workers():
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peaks.append(round(int(line.split()[1]) / 1024, 1))
        return sorted(peaks)

    def cpu_seconds(self) -> float:
        return proc_cpu_seconds(self.workers())

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # its own session: master and workers
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


@contextmanager
def gunicorn(env, app, workers, log):
    server = Gunicorn(env, app, workers, log)
    try:
        yield server
    finally:
        server.stop()


# --- (b) pages --------------------------------------------------------------------------------

def pages_of(prepared: dict) -> list[tuple[str, str, str]]:
    """(name, who, path) of every result page: the public's and the organizer's."""
    t, o = f"/t/{SLUG}", f"/organize/{SLUG}"
    played, seated = prepared["released"], prepared["seated"]
    pages = [("standings", "public", f"{t}/standings/")]
    pages += [(f"standings series {n}", "public", f"{t}/standings/series/{n}/") for n in played]
    pages += [
        ("clubs", "public", f"{t}/club-standings/"),
        ("teams", "public", f"{t}/team-standings/"),
        ("prizes", "public", f"{t}/prizes/"),
        ("player", "public", f"{t}/player/{prepared['player']}/"),
        ("tournament page", "public", f"{t}/"),
        ("seating chart by table", "public", f"{t}/series/{seated}/tables/"),
        ("seating chart by player", "public", f"{t}/series/{seated}/players/"),
        ("series sheets list", "organizer", f"{o}/series/{played[-1]}/sheets/"),
        ("series plan", "organizer", f"{o}/series/{seated}/"),
        ("table's sheet", "organizer", f"/s/{prepared['sheet_token']}/"),  # full, confirmed
        ("table link's entry page", "phone", f"/s/{prepared['cold_tokens'][0]}/"),
    ]
    return pages


def measure_pages(port: int, prepared: dict, password: str, cold: int, warm: int,
                  cache_dir: Path, workers: int = 4) -> list[dict]:
    public, phone = Browser(port), Browser(port)
    organizer = Browser(port)
    login(organizer, ORGANIZER, password)
    changer = Phone(0, port, [], None, random.Random("cold"), tag="cold")
    changing = Browser(port)
    tokens = list(prepared["cold_tokens"])
    state = {"page": changer.open_sheet(changing, f"/s/{tokens[0]}/"), "token": tokens[0]}

    def make_cold() -> None:
        """A deal entered at a table of the playing series, then every cache emptied."""
        page = state["page"]
        form = DEAL_FORM.search(page.body) if page else None
        while form is None and tokens:
            state["token"] = tokens.pop(0)
            page = changer.open_sheet(changing, f"/s/{state['token']}/")
            form = DEAL_FORM.search(page.body) if page else None
        if form is not None:
            state["page"] = changer.enter_deal(changing, state["token"], page.body, form.group(1))
        for item in cache_dir.glob("*"):
            if item.is_file():
                item.unlink()

    browsers = {"public": public, "organizer": organizer, "phone": phone}
    results = []
    for name, who, path in pages_of(prepared):
        timing = time_page(browsers[who], path, cold, warm, make_cold, warm_up=2 * workers)
        results.append({"page": name, "who": who, **timing})
        if "error" in timing:
            say(f"  {name}: {timing['error']}")
        else:
            say(f"  {name}: cold p50 {timing['cold']['p50_ms']} ms, warm p50 "
                f"{timing['warm']['p50_ms']} p95 {timing['warm']['p95_ms']} ms, "
                f"{timing['queries_cold']}/{timing['queries_warm']} queries, "
                f"{timing['html_bytes'] // 1024} KiB")
    if changer.errors:
        say(f"  the cold changes met errors: {changer.errors[:3]}")
    return results


# --- (c), (d) load ----------------------------------------------------------------------------

def load_test(env, prepared, workers, tmp, label, clients, seconds, rate,
              pg: tuple[str, str] | None = None) -> dict:
    """``clients`` phones on gunicorn serving ``config.wsgi``; ``pg``: (server URL, database),
    whose backends' CPU is counted too (gunicorn starts fresh: they all open with the load)."""
    with gunicorn(env, "config.wsgi:application", workers, tmp / f"gunicorn-{label}.log") as g:
        polling = PgBackendsCpu(*pg) if pg else nullcontext()
        with polling:
            cpu_before = resource.getrusage(resource.RUSAGE_SELF)
            workers_before = g.cpu_seconds()
            figures, succeeded, failed = load(g.port, prepared["tokens"], clients, seconds,
                                              rate, seed=label)
            cpu_after = resource.getrusage(resource.RUSAGE_SELF)
        # the load generator's own CPU (this process; the poller's share is in it, tiny)
        figures["loadgen_cpu_seconds"] = round(
            cpu_after.ru_utime - cpu_before.ru_utime + cpu_after.ru_stime - cpu_before.ru_stime,
            1)
        figures["gunicorn_cpu_seconds"] = round(g.cpu_seconds() - workers_before, 1)
        figures["gunicorn_workers"] = workers
        figures["gunicorn_worker_peak_mib"] = g.peak_mib()
        if pg:
            figures["postgresql_backends_cpu_seconds"] = polling.seconds
    server_cpu = figures["gunicorn_cpu_seconds"] + figures.get("postgresql_backends_cpu_seconds", 0)
    # what one deal costs the server: its POST and the sheet it redirects to
    figures["server_cpu_ms_per_deal"] = round(
        1000 * server_cpu / max(1, figures["deals_confirmed"]), 1)
    tags = tmp / f"tags-{label}.json"
    tags.write_text(json.dumps({"succeeded": succeeded, "failed": failed}))
    figures.update(probe(env, "count", SLUG, str(prepared["seated"]), str(tags)))
    say(f"  {figures['deals_confirmed']} deals in {figures['seconds']} s: "
        f"{figures['deals_per_second']}/s, POST p50 {figures['post']['p50_ms']} p95 "
        f"{figures['post']['p95_ms']} p99 {figures['post']['p99_ms']} ms, errors "
        f"{figures['errors']}, lost {figures['lost']}, duplicated {figures['duplicated']}; "
        f"load generator CPU {figures['loadgen_cpu_seconds']} s")
    return figures


# --- the report -------------------------------------------------------------------------------

def machine(pg: str | None) -> dict:
    meminfo = Path("/proc/meminfo").read_text().split()
    model = next((line.split(":", 1)[1].strip() for line in
                  Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.machine())
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    return {"cpus": os.cpu_count(), "cpu": model,
            "memory_gib": round(int(meminfo[1]) / 1024 / 1024, 1),
            "system": platform.platform(), "python": platform.python_version(),
            "postgresql": pg, "sqlite": sqlite3.sqlite_version, "commit": commit}


def verdicts(report: dict) -> dict:
    held = {}
    standings = report.get("standings")
    if standings:
        held["standings ≤ 1 s (cold)"] = standings["cold"]["total_ms"] <= TARGETS["standings_ms"]
        held["standings + prizes ≤ 1.5× the SQL floor (cold)"] = (
            standings["cold"]["ratio_to_floor"] <= TARGETS["ratio_to_floor"])
    pages = [p for p in report.get("pages", []) if "error" not in p]
    if pages:
        held["every page p95 ≤ 200 ms (warm)"] = all(
            p["warm"]["p95_ms"] <= TARGETS["page_p95_ms"] for p in pages)
        held["every page p95 ≤ 200 ms (cold)"] = all(
            p["cold"]["p95_ms"] <= TARGETS["page_p95_ms"] for p in pages)
        held["player page ≤ 50 ms (warm p95)"] = all(
            p["warm"]["p95_ms"] <= TARGETS["player_page_ms"] for p in pages
            if p["page"] == "player")
    load_pg = report.get("load_postgresql")
    if load_pg:
        held["≥ 200 deals/s"] = load_pg["deals_per_second"] >= TARGETS["deals_per_second"]
        held["POST p95 ≤ 100 ms"] = (load_pg["post"]["p95_ms"] or 1e9) <= TARGETS["post_p95_ms"]
        held["no deal lost or duplicated (PostgreSQL)"] = not (load_pg["lost"]
                                                               or load_pg["duplicated"])
    room = report.get("room_sqlite")
    if room:
        held["no error at a room's rate on SQLite"] = room["errors"] == 0 and not (
            room["lost"] or room["duplicated"])
    return held


def summary(report: dict) -> str:
    """The figures as Markdown tables, for bench/RESULTS.md."""
    lines = []
    s = report.get("standings")
    if s:
        first = s.get("first", s["cold"])
        lines += ["| standings + prizes | cold (median) | first in its process | warm | SQL floor "
                  "| cold ÷ floor | peak memory |",
                  "|---|---:|---:|---:|---:|---:|---:|",
                  f"| {s['players_ranked']:,} players | {s['cold']['total_ms']:,} ms | "
                  f"{first['total_ms']:,} ms | "
                  f"{s['warm']['total_ms']:,} ms | {s['sql_floor_ms']} ms | "
                  f"{s['cold']['ratio_to_floor']}× | {s['memory']['peak_mib']} MiB "
                  f"(+{s['memory']['computation_mib']}) |", ""]
    if report.get("pages"):
        lines += ["| page | cold p50 / p95 | warm p50 / p95 | queries cold / warm | HTML |",
                  "|---|---:|---:|---:|---:|"]
        for p in report["pages"]:
            if "error" in p:
                lines.append(f"| {p['page']} | {p['error']} | | | |")
                continue
            lines.append(
                f"| {p['page']} | {p['cold']['p50_ms']} / {p['cold']['p95_ms']} ms | "
                f"{p['warm']['p50_ms']} / {p['warm']['p95_ms']} ms | "
                f"{p['queries_cold']} / {p['queries_warm']} | {p['html_bytes'] / 1024:,.0f} KiB |")
        lines.append("")
    rows = [(k, report[k]) for k in ("load_postgresql", "room_sqlite") if report.get(k)]
    if rows:
        lines += ["| load | deals/s | POST p50 / p95 / p99 | errors | lost | duplicated | "
                  "server CPU a deal | generator CPU | workers' peak |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for key, f in rows:
            lines.append(
                f"| {key} ({f['clients']} phones, {f['seconds']} s) | {f['deals_per_second']} | "
                f"{f['post']['p50_ms']} / {f['post']['p95_ms']} / {f['post']['p99_ms']} ms | "
                f"{f['errors']} | {f['lost']} | {f['duplicated']} | "
                f"{f['server_cpu_ms_per_deal']} ms | {f['loadgen_cpu_seconds']} s | "
                f"{max(f['gunicorn_worker_peak_mib'] or [0])} MiB |")
        lines.append("")
    loads = ", ".join(f"{step} {avg[0]}" for step, avg in
                      report.get("load_average_1_5_15_min", {}).items())
    if loads:
        lines += [f"Load average (1 min) as each step began: {loads}.", ""]
    for target, ok in report.get("verdicts", {}).items():
        lines.append(f"- {'held' if ok else 'MISSED'}: {target}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3150)
    parser.add_argument("--series", type=int, default=3, help="series played (one more is "
                        "seated for the phones)")
    parser.add_argument("--quick", action="store_true",
                        help="300 players, 20 s of load, fewer samples: a try in minutes")
    parser.add_argument("--skip-load", action="store_true", help="no load tests (c), (d)")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60, help="each load test's length")
    parser.add_argument("--room-rate", type=float, default=8.0, help="deals/s in (d)")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--cold", type=int, default=3, help="cold requests a page")
    parser.add_argument("--warm", type=int, default=10, help="warm requests a page")
    parser.add_argument("--pg-url", default=os.environ.get(
        "BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432"))
    parser.add_argument("--pg-db", default="skat_bench")
    parser.add_argument("--out", type=Path, default=None, help="the JSON report's path")
    args = parser.parse_args()
    if args.quick:
        args.players, args.seconds, args.cold, args.warm = 300, 20, 2, 5
    today = datetime.datetime.now(datetime.UTC)
    out = args.out or ROOT / "bench" / "results" / f"congress-{today:%Y-%m-%d}.json"
    if args.quick and args.out is None:
        out = out.with_name(f"congress-{today:%Y-%m-%d}-quick.json")
    # a kill still stops gunicorn and drops the database (the finally below)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    tmp = Path(tempfile.mkdtemp(prefix="skat-bench-"))
    password = secrets.token_urlsafe(18)
    report: dict = {"date": today.isoformat(timespec="seconds"),
                    "options": {k: str(v) for k, v in vars(args).items() if k != "pg_url"},
                    "targets": TARGETS}
    pg_url = f"{args.pg_url.rstrip('/')}/{args.pg_db}"
    try:
        env = site_env(pg_url, tmp / "cache-postgresql")
        say("collectstatic (the production settings serve hashed static files)")
        run(env, "manage.py", "collectstatic", "--noinput", "-v0")
        say(f"PostgreSQL: a fresh database {args.pg_db}, the congress of {args.players} "
            "players")
        pg_admin(args.pg_url, f'DROP DATABASE IF EXISTS "{args.pg_db}" WITH (FORCE)')
        pg_admin(args.pg_url, f'CREATE DATABASE "{args.pg_db}"')
        report["machine"] = machine(pg_version(args.pg_url, args.pg_db))
        prepared = build(env, args.players, args.series, password)
        # what autovacuum would have done by the time a congress is this big (this machine's
        # PostgreSQL runs with it off): the statistics (without them the planner guesses a
        # handful of rows where there are 12,600 seats) and the rows the build rewrote
        pg_run(args.pg_url, args.pg_db, "VACUUM ANALYZE")
        report["congress"] = {"players": args.players, "series_played": prepared["released"],
                              "series_seated": prepared["seated"],
                              "tables": prepared["series_tables"], "deals": prepared["deals"],
                              "generate_seconds_postgresql": prepared["generate_seconds"]}
        say("(a) standings + prizes beside the SQL floor, in a fresh process")
        report["standings"] = probe(env, "standings", SLUG)
        say(f"  cold {report['standings']['cold']}, warm {report['standings']['warm']}, "
            f"floor {report['standings']['sql_floor_ms']} ms")
        say("(b) the result pages over HTTP")
        with gunicorn(env, "bench.counting_wsgi:application", args.workers,
                      tmp / "gunicorn-pages.log") as g:
            report["pages"] = measure_pages(g.port, prepared, password, args.cold, args.warm,
                                            tmp / "cache-postgresql", args.workers)
            report["pages_gunicorn_worker_peak_mib"] = g.peak_mib()
        if not args.skip_load:
            say(f"(c) {args.clients} phones as fast as they can for {args.seconds:g} s")
            report["load_postgresql"] = load_test(env, prepared, args.workers, tmp, "postgresql",
                                                  args.clients, args.seconds, None,
                                                  pg=(args.pg_url, args.pg_db))
            say("(d) the room's rate on SQLite: the congress again, on a file")
            sqlite_env = site_env(f"sqlite:///{tmp / 'bench.sqlite3'}",
                                  tmp / "cache-sqlite")
            sqlite_prepared = build(sqlite_env, args.players, args.series, password)
            report["congress"]["generate_seconds_sqlite"] = sqlite_prepared["generate_seconds"]
            report["room_sqlite"] = load_test(sqlite_env, sqlite_prepared, args.workers, tmp,
                                              "sqlite", args.clients, args.seconds,
                                              args.room_rate)
    finally:
        try:
            pg_admin(args.pg_url, f'DROP DATABASE IF EXISTS "{args.pg_db}" WITH (FORCE)')
        except Exception as exc:  # noqa: BLE001 - say it, and still remove the files
            say(f"could not drop {args.pg_db}: {exc}")
        shutil.rmtree(tmp, ignore_errors=True)
    report["load_average_1_5_15_min"] = LOAD_AVERAGE
    report["verdicts"] = verdicts(report)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    say(f"written {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    print(summary(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
