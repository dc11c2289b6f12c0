"""A flood of anonymous readers while the room enters deals (issue 18, point 11).

``.venv/bin/python bench/flood_entry.py`` builds the congress of bench_congress.py (3,150
players, series 1–3 played and released, series 4 seated for the phones) on a SQLite file and
on PostgreSQL, serves it with the production settings (DEBUG off) under ``gunicorn -w 4``, and
runs, each for ``--seconds``:

* **quiet**: 50 phones through the table links' form at a room's rate (8 deals/s in all), and
  an organizer logging in every few seconds;
* **flood**: the same, while ``--flooders`` anonymous clients ask as fast as they can for the
  big public pages and PDFs (the standings PDF, the standings at ``?per_page=500``, clubs,
  prizes, a player's page; not the club standings PDF, point 12's 500; every third request
  with a query the cache has never seen).

Entry p50/p95/p99 and errors, the logins' time and errors, and what the flood got (200, 429,
5xx) are written to ``bench/results/flood-<date>.json`` and printed for bench/RESULTS.md.
``--code DIR`` serves another checkout of the site (e.g. ``git archive main``) against the same
databases, for the figures before a change. The site runs behind one (pretended) proxy
(``DJANGO_PROXY_COUNT=1``): the phones and the director come without X-Forwarded-For (their
address is 127.0.0.1), the flood from 203.0.113.1 or from 203.0.113.1–6, one each.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script from anywhere

from bench_congress import (  # noqa: E402
    ORGANIZER,
    SLUG,
    build,
    free_port,
    pg_admin,
    probe,
    run,
    site_env,
)
from congress_http import Browser, Phone, login, percentiles  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def serving(env: dict[str, str], code: Path, workers: int, log: Path):
    """gunicorn serving ``code``'s site on a free port; stopped with its workers."""
    port = free_port()
    env = {**env, "PYTHONPATH": str(code)}
    process = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "config.wsgi:application", "-w",
         str(workers), "-b", f"127.0.0.1:{port}", "--timeout", "120", "--error-logfile",
         str(log), "--log-level", "warning"],
        cwd=code, env=env, stdout=subprocess.DEVNULL, stderr=log.with_suffix(".err").open("a"),
        start_new_session=True)  # Django's own log (a 500's traceback) goes to stderr
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn ended: {log.read_text()[-2000:]}")
            try:
                if Browser(port).get("/").status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not answer within 60 s")
            time.sleep(0.3)
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def flood_paths(prepared: dict) -> list[str]:
    t = f"/t/{SLUG}"
    # not the club standings PDF: a congress's clubs are too big for it (issue 18, point 12:
    # reportlab's LayoutError, a 500 before and after this work)
    return [f"{t}/standings.pdf", f"{t}/standings/?per_page=500", f"{t}/prizes.pdf",
            f"{t}/club-standings/", f"{t}/prizes/",
            *(f"{t}/standings/series/{n}/?per_page=500" for n in prepared["released"]),
            f"{t}/player/{prepared['player']}/?per_page=500"]


def flooder(port: int, paths: list[str], deadline: float, rng: random.Random,
            seen: list[tuple[int, float]], address: str | None) -> None:
    browser = Browser(port)
    if address:  # as one nginx in front would say (the site runs with DJANGO_PROXY_COUNT=1)
        browser.headers["X-Forwarded-For"] = address
    while time.monotonic() < deadline:
        path = rng.choice(paths)
        if rng.random() < 1 / 3:  # a query the cache has never seen
            path += ("&" if "?" in path else "?") + f"v={rng.getrandbits(40)}"
        try:
            answer = browser.get(path)
            seen.append((answer.status, answer.seconds))
        except OSError:
            seen.append((0, 0.0))


def logins(port: int, password: str, deadline: float, every: float,
           seen: list[tuple[str, float]]) -> None:
    """The director logging in again and again: the login page and the POST, timed."""
    while time.monotonic() < deadline:
        browser = Browser(port)
        start = time.perf_counter()
        try:
            login(browser, ORGANIZER, password)
            seen.append(("ok", time.perf_counter() - start))
        except (RuntimeError, OSError) as exc:
            seen.append((str(exc)[:80], time.perf_counter() - start))
        time.sleep(every)


def phones(port: int, tokens: list[str], clients: int, seconds: float, rate: float,
           tag: str) -> tuple[list[Phone], list[threading.Thread], threading.Event]:
    pace = clients / rate
    crowd = [Phone(i, port, tokens[i::clients], pace, random.Random(f"{tag}-{i}"), tag=tag)
             for i in range(clients)]
    start = threading.Event()
    deadline = time.monotonic() + 1 + seconds
    threads = [threading.Thread(target=p.run, args=(deadline, start), daemon=True)
               for p in crowd]
    for thread in threads:
        thread.start()
    return crowd, threads, start


def one_run(port: int, prepared: dict, password: str, args, tag: str,
            flood: str | None) -> dict:
    """``flood``: None (quiet), "one" address for every flooder, or "each" its own."""
    crowd, threads, start = phones(port, prepared["tokens"], args.clients, args.seconds,
                                   args.rate, tag)
    time.sleep(1)
    deadline = time.monotonic() + args.seconds
    flood_seen: list[tuple[int, float]] = []
    login_seen: list[tuple[str, float]] = []
    helpers = [threading.Thread(target=logins, args=(port, password, deadline, 3.0,
                                                     login_seen), daemon=True)]
    if flood:
        paths = flood_paths(prepared)
        helpers += [threading.Thread(target=flooder, args=(
            port, paths, deadline, random.Random(f"{tag}-flood-{i}"), flood_seen,
            f"203.0.113.{i + 1 if flood == 'each' else 1}"), daemon=True)
            for i in range(args.flooders)]
    load = os.getloadavg()[0]
    began = time.monotonic()
    start.set()
    for thread in helpers:
        thread.start()
    for thread in threads + helpers:
        thread.join()
    elapsed = time.monotonic() - began
    posts = [s for p in crowd for s in p.post_seconds]
    errors = [e for p in crowd for e in p.errors]
    kinds: dict[str, int] = {}
    for error in errors:
        kinds[error[:100]] = kinds.get(error[:100], 0) + 1
    statuses: dict[str, int] = {}
    for status, _ in flood_seen:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    result = {
        "flood": flood, "seconds": round(elapsed, 1), "load_average_1min": round(load, 1),
        "deals_confirmed": sum(len(p.succeeded) for p in crowd),
        "posts": len(posts), "post": percentiles(posts), "errors": len(errors),
        "error_kinds": kinds,
        "logins": len(login_seen), "login_errors": sum(1 for k, _ in login_seen if k != "ok"),
        "login": percentiles([s for _, s in login_seen]),
        "flood_requests": len(flood_seen), "flood_statuses": statuses,
        "flood_200": percentiles([s for st, s in flood_seen if st == 200]),
        "tags": {"succeeded": [t for p in crowd for t in p.succeeded],
                 "failed": [t for p in crowd for t in p.failed]},
    }
    return result


def measure(label: str, env: dict[str, str], prepared: dict, password: str, args, tmp: Path,
            codes: dict[str, Path]) -> dict:
    figures = {}
    for code_name, code in codes.items():
        # the code before has no per-address budget: one flood address is enough there
        floods = (None, "one", "each") if code_name == "after" else (None, "one")
        for flood in floods:
            name = f"{label} {code_name} " + {None: "quiet", "one": "flood, one address",
                                              "each": "flood, an address each"}[flood]
            tag = f"bench {label[:2]}{code_name[:1]}{flood or 'quiet'}"
            for item in Path(env["DJANGO_CACHE_DIR"]).glob("*"):  # every run starts cold
                if item.is_file():
                    item.unlink()
            with serving(env, code, args.workers, tmp / f"gunicorn-{label}.log") as port:
                say(f"{name}: {args.clients} phones at {args.rate} deals/s for "
                    f"{args.seconds:g} s" + (f", {args.flooders} flooders" if flood else ""))
                result = one_run(port, prepared, password, args, tag, flood)
            tags = tmp / f"tags-{label}.json"
            tags.write_text(json.dumps(result.pop("tags")))
            result.update(probe(env, "count", SLUG, str(prepared["seated"]), str(tags)))
            say(f"  {result['deals_confirmed']} deals, POST p50 {result['post']['p50_ms']} "
                f"p95 {result['post']['p95_ms']} p99 {result['post']['p99_ms']} ms, errors "
                f"{result['errors']} {result['error_kinds']}; logins {result['logins']} "
                f"(errors {result['login_errors']}, p95 {result['login']['p95_ms']} ms); "
                f"flood {result['flood_requests']} {result['flood_statuses']}; lost "
                f"{result['lost']}, duplicated {result['duplicated']}")
            figures[name] = result
    return figures


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


def summary(report: dict) -> str:
    lines = ["| run | deals | POST p50 / p95 / p99 | errors | logins (errors) / p95 | "
             "flood requests: 200 / 429 / 5xx | flood 200 p50 | lost / dupl. | load |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, f in report["runs"].items():
        st = f["flood_statuses"]
        five = sum(v for k, v in st.items() if k.startswith("5") or k == "0")
        flood = (f"{f['flood_requests']}: {st.get('200', 0)} / {st.get('429', 0)} / {five}"
                 if f["flood"] else "–")
        lines.append(
            f"| {name} | {f['deals_confirmed']} | {f['post']['p50_ms']} / {f['post']['p95_ms']}"
            f" / {f['post']['p99_ms']} ms | {f['errors']} | {f['logins']} ({f['login_errors']})"
            f" / {f['login']['p95_ms']} ms | {flood} | "
            f"{f['flood_200']['p50_ms'] if f['flood'] else '–'} ms | "
            f"{f['lost']} / {f['duplicated']} | {f['load_average_1min']} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3150)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--flooders", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--rate", type=float, default=8.0, help="the phones' deals/s in all")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--db", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--code", type=Path, action="append", default=[],
                        help="NAME=DIR: also serve this checkout (before: git archive main)")
    parser.add_argument("--pg-url", default=os.environ.get(
        "BENCH_PG_URL", "postgresql://postgres@127.0.0.1:5432"))
    parser.add_argument("--pg-db", default="skat_flood")
    args = parser.parse_args()
    codes = {}
    for item in args.code:
        name, _, folder = str(item).partition("=")
        codes[name] = Path(folder).resolve()
    codes["after"] = ROOT
    today = datetime.datetime.now(datetime.UTC)
    out = ROOT / "bench" / "results" / f"flood-{today:%Y-%m-%d}.json"
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    tmp = Path(tempfile.mkdtemp(prefix="skat-flood-"))
    password = secrets.token_urlsafe(18)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    report: dict = {"date": today.isoformat(timespec="seconds"), "commit": commit,
                    "options": {k: str(v) for k, v in vars(args).items() if k != "pg_url"},
                    "codes": {k: str(v) for k, v in codes.items()}, "runs": {}}
    databases = []
    if args.db in ("sqlite", "both"):
        databases.append(("sqlite", f"sqlite:///{tmp / 'flood.sqlite3'}"))
    if args.db in ("postgresql", "both"):
        databases.append(("postgresql", f"{args.pg_url.rstrip('/')}/{args.pg_db}"))
    try:
        for code in codes.values():  # the production settings serve hashed static files
            run({**site_env("sqlite:///unused", tmp / "cache"), "PYTHONPATH": str(code)},
                str(code / "manage.py"), "collectstatic", "--noinput", "-v0")
        for label, url in databases:
            # behind one proxy as in production: the flooders' X-Forwarded-For is believed
            env = {**site_env(url, tmp / f"cache-{label}"), "DJANGO_PROXY_COUNT": "1"}
            if label == "postgresql":
                pg_admin(args.pg_url, f'DROP DATABASE IF EXISTS "{args.pg_db}" WITH (FORCE)')
                pg_admin(args.pg_url, f'CREATE DATABASE "{args.pg_db}"')
            say(f"{label}: the congress of {args.players} players")
            prepared = build(env, args.players, 3, password)
            report["runs"].update(measure(label, env, prepared, password, args, tmp, codes))
    finally:
        if args.db in ("postgresql", "both"):
            try:
                pg_admin(args.pg_url, f'DROP DATABASE IF EXISTS "{args.pg_db}" WITH (FORCE)')
            except Exception as exc:  # noqa: BLE001 - say it, and still remove the files
                say(f"could not drop {args.pg_db}: {exc}")
        shutil.rmtree(tmp, ignore_errors=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    say(f"written {out.relative_to(ROOT)}")
    print(summary(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
