"""Issue 24, point 6: 1,000 followers of the live standings while 50 tables enter.

``.venv/bin/python bench/bench_live.py`` builds a congress of ``--tables`` four-tables on
PostgreSQL (series 1 played and released, series 2 seated, the public's provisional standings
switched on), serves it with the production settings under ``gunicorn -w 4`` behind one
(pretended) proxy, and for ``--seconds``:

* ``--tables`` phones enter deals through the table link's API, a deal a table every
  ``--deal-seconds`` (each an audited change that moves the standings' version, as a table's
  confirmation does);
* ``--followers`` anonymous followers, each from an address of its own (X-Forwarded-For),
  poll the public standings as static/js/live.js does: every ``--every`` seconds (the page's
  ``data-live-every``), ``X-Live: 1`` and ``If-None-Match`` with the last ETag.

A change shows on a follower once he has an answer to a poll he sent after the change was
committed: that answer is the page of the change or a later one (the page is kept under the
version read when it is asked for). For every change, the time until it shows on each
follower: p50, p95, max over all (change, follower) pairs (target p95 ≤ 5 s); the followers'
answers (200, 304, 429, 503) and their time (p50/p95); the phones' deal POSTs (p50/p95).
Written to ``bench/results/live-<date>.json``. ``--quick``: 200 followers, 10 tables, 20 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script from anywhere

ROOT = Path(__file__).resolve().parents[1]
SLUG = "live-bench"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"  # Debian's nginx (apt-get install nginx)


def percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "max": None, "n": 0}
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 3),
            "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
            "max": round(ordered[-1], 3), "n": len(ordered)}


# --- the followers -----------------------------------------------------------------------------

async def follower(port: int, path: str, index: int, every: float, until: float,
                   polls: list[tuple[int, float, float, int, float | None]]) -> None:
    """One phone at home: polls ``path`` with its ETag, as live.js does, and waits a
    Retry-After as it does; records (follower, sent, answered, status, read) of every poll,
    in wall-clock seconds: ``read`` is the answer's X-Live-Read, when the app read the room
    the answer shows (a proxy's kept copy is older than the poll)."""
    address = f"10.{index // 65536 % 256}.{index // 256 % 256}.{index % 256}"
    etag = ""
    await asyncio.sleep(random.Random(index).uniform(0, every))
    while time.monotonic() < until:
        sent, sent_at = time.monotonic(), time.time()
        headers = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Live: 1\r\n"
                   f"X-Forwarded-For: {address}\r\nX-Forwarded-Proto: https\r\n"
                   f"Accept-Language: de\r\nConnection: close\r\n")
        if etag:
            headers += f"If-None-Match: {etag}\r\n"
        status, wait, read = 0, every, None
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write((headers + "\r\n").encode())
            await writer.drain()
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
            await reader.read()  # the page, to its end
            writer.close()
            status = int(head.split(" ", 2)[1])
            for line in head.split("\r\n"):
                name, _, value = line.partition(":")
                if name.lower() == "etag" and status == 200:
                    etag = value.strip()
                if name.lower() == "retry-after" and status in (429, 503):
                    wait = max(1.0, float(value.strip() or every))
                if name.lower() == "x-live-read":
                    read = float(value.strip())
        except (OSError, asyncio.IncompleteReadError, ValueError):
            status = -1
        polls.append((index, sent_at, time.time(), status, read))
        await asyncio.sleep(max(0.0, sent + wait - time.monotonic()))


def followers(port: int, path: str, count: int, every: float, seconds: float,
              polls: list) -> None:
    async def all_of_them() -> None:
        until = time.monotonic() + seconds
        await asyncio.gather(*(follower(port, path, i, every, until, polls)
                               for i in range(count)))

    asyncio.run(all_of_them())


# --- the tables --------------------------------------------------------------------------------

def tables_entering(port: int, tokens: list[str], every: float, seconds: float,
                    changes: list[float], posts: list[float], errors: list[str]) -> None:
    from bench_outbox import Lost, Phone

    def one(phone: Phone) -> None:
        rng = random.Random(phone.index)
        next_at = time.monotonic() + rng.uniform(0, every)
        end = time.monotonic() + seconds
        try:
            phone.read_sheet()
        except (Lost, RuntimeError) as exc:
            errors.append(str(exc)[:300])
            return
        while True:
            time.sleep(max(0.0, next_at - time.monotonic()))
            if time.monotonic() >= end:
                return
            phone.enter()
            deal = phone.outbox[0]
            deal["body"] = phone._body(deal["number"])
            start = time.monotonic()
            try:
                status, answer = phone.call("POST", deal["body"], deal["key"])
            except Lost as exc:
                errors.append(str(exc)[:300])
                return
            done = time.monotonic()
            committed = time.time()  # the deal was committed before its answer came
            if status != 201:
                errors.append(f"{status}: {str(answer)[:300]}")
                return
            phone.outbox.pop(0)
            phone.version = answer["sheet_version"]
            posts.append(done - start)
            changes.append(committed)
            next_at += every

    threads = [threading.Thread(target=one, args=(Phone(port, token, i),))
               for i, token in enumerate(tokens)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def shown_after(changes: list[float], polls: list[tuple[int, float, float, int, float | None]],
                count: int) -> list[float]:
    """For each change and each follower: the time until the follower had an answer that
    shows the room as read after the change (X-Live-Read; a 200 is the page of that
    moment, a 304 says the page he holds still is)."""
    by_follower: dict[int, list[tuple[float, float]]] = {i: [] for i in range(count)}
    for index, _sent, answered, status, read in polls:
        if status in (200, 304) and read is not None:
            by_follower[index].append((read, answered))
    delays = []
    for change in changes:
        for answers in by_follower.values():
            later = [answered for read, answered in answers if read >= change]
            if later:
                delays.append(min(later) - change)
    return delays


@contextlib.contextmanager
def behind_nginx(upstream: int, tmp: Path):
    """Debian's nginx on a free port in front of ``upstream``, with the site's micro-cache
    of the live pages (deploy/nginx/live-cache.conf, included as production does)."""
    from bench_congress import free_port

    port = free_port()
    for folder in ("body", "proxy", "fastcgi", "uwsgi", "scgi", "cache"):
        (tmp / "nginx" / folder).mkdir(parents=True, exist_ok=True)
    conf = tmp / "nginx" / "nginx.conf"
    # run as root, the master would hand its worker to nobody, who may not write the cache
    user = "user root;" if os.geteuid() == 0 else ""
    conf.write_text(f"""
{user}
worker_processes 1;
worker_rlimit_nofile 16384;
pid {tmp}/nginx/nginx.pid;
error_log {tmp}/nginx/error.log warn;
daemon off;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/nginx/body;
    proxy_temp_path {tmp}/nginx/proxy;
    fastcgi_temp_path {tmp}/nginx/fastcgi;
    uwsgi_temp_path {tmp}/nginx/uwsgi;
    scgi_temp_path {tmp}/nginx/scgi;
    proxy_cache_path {tmp}/nginx/cache levels=1:2 keys_zone=skat_live:10m max_size=256m
                     inactive=2m use_temp_path=off;
    upstream skat {{ server 127.0.0.1:{upstream}; keepalive 32; }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 48m;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        # the bench pretends TLS in front, as its followers say
        proxy_set_header X-Forwarded-Proto $http_x_forwarded_proto;
        location / {{
            proxy_pass http://skat;
        }}
        location /t/ {{
            proxy_pass http://skat;
            include {ROOT}/deploy/nginx/live-cache.conf;
        }}
    }}
}}
""")
    process = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(tmp / "nginx")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"nginx ended: {process.stderr.read().decode()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("nginx did not listen within 10 s") from None
                time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--followers", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--every", type=float, default=None,
                        help="seconds between a follower's polls (default: the page's)")
    parser.add_argument("--deal-seconds", type=float, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--proxy", action="store_true",
                        help="serve through nginx with the live pages' micro-cache "
                             "(deploy/nginx/live-cache.conf)")
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL",
                                                           "postgres://postgres@127.0.0.1:5432"))
    parser.add_argument("--pg-db", default="skat_bench_live")
    args = parser.parse_args()
    if args.quick:
        args.followers, args.tables, args.seconds = 200, 10, 20
    from bench_congress import pg_admin, run, site_env
    from flood_entry import serving

    tmp = Path(tempfile.mkdtemp(prefix="live-bench-"))
    env = site_env(f"{args.pg_url.rstrip('/')}/{args.pg_db}", tmp / "cache")
    env.pop("DJANGO_PUBLIC_BUDGET", None)  # the followers are many addresses: the real budget
    # the followers' own X-Forwarded-For, then nginx's
    env["DJANGO_PROXY_COUNT"] = "2" if args.proxy else "1"
    pg_admin(args.pg_url, f"DROP DATABASE IF EXISTS {args.pg_db}")
    pg_admin(args.pg_url, f"CREATE DATABASE {args.pg_db}")
    print(f"building {args.tables} four-tables on PostgreSQL", flush=True)
    run(env, "manage.py", "migrate", "--noinput", "-v0")
    run(env, "manage.py", "collectstatic", "--noinput", "-v0")
    run(env, "manage.py", "generate_congress", "--slug", SLUG, "--players",
        str(args.tables * 4), "--series", "2", "--unplayed", "1")
    found = json.loads(run(env, "manage.py", "shell", "-c", (
        "import json; from django.conf import settings; "
        "from tournament.models import Series, Tournament; "
        f"t = Tournament.objects.get(slug='{SLUG}'); t.public = True; "
        "t.provisional_public = True; t.save(); "
        "s = t.series.get(number=2); "
        "print(json.dumps({'tokens': list(s.tables.order_by('number')"
        ".values_list('token', flat=True)), 'every': getattr(settings, 'LIVE_EVERY', 10)}))"
    )).strip().splitlines()[-1])
    every = args.every or float(found["every"])
    path = f"/t/{SLUG}/standings/"
    polls: list = []
    changes: list[float] = []
    posts: list[float] = []
    errors: list[str] = []
    with contextlib.ExitStack() as stack:
        port = stack.enter_context(serving(env, ROOT, args.workers, tmp / "gunicorn.log"))
        if args.proxy:
            port = stack.enter_context(behind_nginx(port, tmp))
        print(f"{args.followers} followers every {every:g} s, {args.tables} tables a deal "
              f"every {args.deal_seconds:g} s, for {args.seconds:g} s", flush=True)
        room = threading.Thread(target=tables_entering, args=(
            port, found["tokens"][:args.tables], args.deal_seconds, args.seconds, changes,
            posts, errors))
        room.start()
        followers(port, path, args.followers, every, args.seconds + every, polls)
        room.join()
    # a change in the last poll interval has not been asked after by everyone yet
    measured = [c for c in changes if c <= max(p[2] for p in polls) - 2 * every]
    delays = shown_after(measured, polls, args.followers)
    statuses: dict[str, int] = {}
    for _index, _sent, _answered, status, _read in polls:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    report = {
        "settings": {"followers": args.followers, "tables": args.tables, "every": every,
                     "deal_seconds": args.deal_seconds, "seconds": args.seconds,
                     "workers": args.workers, "proxy": "nginx micro-cache" if args.proxy
                     else None},
        "changes": len(changes), "changes_measured": len(measured),
        "shown_on_follower_seconds": percentiles(delays),
        "follower_answers": statuses,
        "follower_200_seconds": percentiles([a - s for _, s, a, st, _r in polls if st == 200]),
        "follower_304_seconds": percentiles([a - s for _, s, a, st, _r in polls if st == 304]),
        "polls_per_second": round(len(polls) / (args.seconds + every), 1),
        "deal_post_seconds": percentiles(posts), "errors": errors[:10],
        "machine": {"cpus": os.cpu_count(), "date": datetime.date.today().isoformat()},
    }
    name = f"live{'-proxy' if args.proxy else ''}-{datetime.date.today().isoformat()}.json"
    out = ROOT / "bench" / "results" / name
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    pg_admin(args.pg_url, f"DROP DATABASE IF EXISTS {args.pg_db}")
    shown = report["shown_on_follower_seconds"]["p95"]
    return 0 if shown is not None and shown <= 5 and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
