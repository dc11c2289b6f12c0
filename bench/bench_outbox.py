"""Issue 24, point 6: the room's phones entering through the outbox while the hall's network
fails.

``.venv/bin/python bench/bench_outbox.py`` builds a congress on PostgreSQL (series 1 played
and released, series 2 seated: one table a phone), serves it with the production settings
under ``gunicorn -w 4``, and puts a failing network between the phones and the site: a proxy
on 127.0.0.1 that loses ``--fail`` of the requests (half before they reach the site, half
after: the deal is stored and the answer is lost). Then, for each of ``--phones`` phones
(threads speaking the table link's API as static/js/outbox.js does, docs/live.md):

1. **online**: ``--before`` deals each, through the failing proxy;
2. **the cut**: the proxy refuses every connection for ``--cut-seconds`` (5 minutes); each
   phone keeps entering at the room's pace (a deal every ``--deal-seconds``) into its outbox
   and tries to send every few seconds, as the page does;
3. **reconnection**: the proxy lets requests through again (still failing ``--fail``); every
   outbox sends its deals in order, each under its own Idempotency-Key, a lost answer sent
   again with the same key and body, until the outbox is empty.

The outbox's rule, as the page's: a deal's body (with the sheet version it was first sent
with) is fixed at its first send, so a retry after a lost answer is the same request and gets
the kept answer; the next deal takes the version of the previous one's answer.

Printed and written to ``bench/results/outbox-<date>.json``: the sync after reconnection (time
until every outbox is empty; each phone's p50/p95/max), the requests sent and lost, and the
check in the database: every deal stored exactly once (deal count and kept keys per table), in
the table's order (each deal's card points are the phone's sequence), none lost.
``--quick``: 30 phones, a 20 s cut.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import http.server
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script from anywhere

ROOT = Path(__file__).resolve().parents[1]
SLUG = "outbox-bench"


# --- the failing network -----------------------------------------------------------------------

class Network:
    """What the proxy does to a request: refuse it (the cut), lose it before the site, or
    lose the answer after the site stored it."""

    def __init__(self, fail: float, seed: str):
        self.fail = fail
        self.cut = False
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.counts = {"forwarded": 0, "lost_before": 0, "lost_after": 0, "refused": 0}

    def fate(self) -> str:
        with self.lock:
            if self.cut:
                self.counts["refused"] += 1
                return "refused"
            roll = self.rng.random()
            fate = ("lost_before" if roll < self.fail / 2 else
                    "lost_after" if roll < self.fail else "forwarded")
            self.counts[fate] += 1
            return fate


def proxy(network: Network, site_port: int) -> http.server.ThreadingHTTPServer:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def log_message(self, *args):  # quiet
            pass

        def _forward(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            fate = network.fate()
            if fate in ("refused", "lost_before"):
                self.close_connection = True
                self.connection.close()  # the phone sees the connection drop
                return
            conn = http.client.HTTPConnection("127.0.0.1", site_port, timeout=60)
            headers = {k: v for k, v in self.headers.items() if k.lower() != "connection"}
            conn.request(self.command, self.path, body=body or None, headers=headers)
            answer = conn.getresponse()
            content = answer.read()
            conn.close()
            if fate == "lost_after":  # stored, and the answer never reaches the phone
                self.close_connection = True
                self.connection.close()
                return
            self.send_response(answer.status)
            for key, value in answer.getheaders():
                if key.lower() not in ("connection", "transfer-encoding", "content-length"):
                    self.send_header(key, value)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content)

        do_GET = do_POST = _forward

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.request_queue_size = 1024
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# --- a phone's outbox --------------------------------------------------------------------------

class Lost(Exception):
    """The network lost the request or its answer."""


class Phone:
    """One table's phone: its outbox of deals (body fixed at the first send, with its key),
    sent in order."""

    def __init__(self, port: int, token: str, index: int):
        self.port, self.token, self.index = port, token, index
        self.outbox: list[dict] = []  # {"key", "number", "body" (None until first sent)}
        self.entered = 0  # deals typed so far
        self.sent: list[int] = []  # the card points of each deal, in the table's order
        self.requests = 0
        self.version: int | None = None
        self.refusals: list[dict] = []
        self.size = 0
        self.first_dealer = 1

    def call(self, method: str, body: dict | None = None, key: str = "") -> tuple[int, dict]:
        self.requests += 1
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Content-Type": "application/json", "Connection": "close",
                   "X-Forwarded-Proto": "https"}  # as behind the site's TLS proxy
        if key:
            headers["Idempotency-Key"] = key
        try:
            conn.request(method, f"/api/tables/{self.token}/deals",
                         body=json.dumps(body) if body is not None else None, headers=headers)
            answer = conn.getresponse()
            return answer.status, json.loads(answer.read() or b"{}")
        except (OSError, http.client.HTTPException, json.JSONDecodeError) as exc:
            raise Lost(str(exc)) from exc
        finally:
            conn.close()

    def enter(self) -> None:
        """The scorekeeper saves a deal: into the outbox, numbered after the last one."""
        self.entered += 1
        self.outbox.append({"key": str(uuid.uuid4()), "number": self.entered, "body": None})

    def _body(self, number: int) -> dict:
        dealer = (self.first_dealer - 1 + number - 1) % self.size + 1
        declarer = dealer % self.size + 1  # never the dealer: at a four-table he sits out
        points = 61 + (self.index * 7 + number) % 58  # 61–118: the phone's sequence
        self.sent.append(points)
        return {"number": number, "sheet_version": self.version, "declarer": declarer,
                "record": {"game": "solo", "trump": "hearts", "matadors": 1,
                           "card_points": points},
                "scorekeeper": f"phone {self.index}"}

    def read_sheet(self) -> None:
        status, sheet = self.call("GET")
        if status == 503:
            raise Lost("busy")
        if status != 200:  # not the network: the bench is wrong, or the site
            raise RuntimeError(f"table {self.token}: the sheet answered {status}: {sheet}")
        self.version = sheet["sheet_version"]
        self.size = len(sheet["seats"])
        if sheet["next_deal"] == 1:
            self.first_dealer = sheet["next_dealer"]

    def flush(self) -> bool:
        """Send the outbox in order; False when the network failed (try again later)."""
        try:
            if self.version is None:
                self.read_sheet()
            while self.outbox:
                deal = self.outbox[0]
                if deal["body"] is None:
                    deal["body"] = self._body(deal["number"])
                status, answer = self.call("POST", deal["body"], deal["key"])
                if status == 201:
                    self.version = answer["sheet_version"]
                    self.outbox.pop(0)
                elif status == 503:  # busy: the same request again
                    raise Lost("busy")
                else:  # kept on the deal, never dropped: the bench counts them
                    self.refusals.append({"number": deal["number"], "status": status,
                                          "answer": answer})
                    return True
            return True
        except Lost:
            return False


def run_phones(phones: list[Phone], action, until_empty: bool, deadline: float,
               every: float = 0.5) -> dict[int, float]:
    """``action(phone)`` on every phone in its own thread until it succeeds (and, with
    ``until_empty``, its outbox is empty); each phone's seconds."""
    done: dict[int, float] = {}
    start = time.monotonic()

    def one(phone: Phone) -> None:
        wait = every
        while time.monotonic() < deadline:
            try:
                succeeded = action(phone)
            except RuntimeError as exc:
                phone.refusals.append({"error": str(exc)[:500]})
                return
            if succeeded and (not until_empty or not phone.outbox or phone.refusals):
                done[phone.index] = time.monotonic() - start
                return
            time.sleep(wait)
            wait = min(wait * 1.5, 5.0)  # the page backs off too

    threads = [threading.Thread(target=one, args=(p,)) for p in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return done


def room(port: int, tokens: list[str], args, network: Network) -> dict:
    phones = [Phone(port, token, i) for i, token in enumerate(tokens)]
    say(f"(1) online: {args.before} deals a phone through a network losing "
        f"{args.fail:.0%} of the requests")
    for phone in phones:
        for _ in range(args.before):
            phone.enter()
    online = run_phones(phones, Phone.flush, True, time.monotonic() + 600)
    say(f"(2) the cut: {args.cut_seconds:.0f} s, a deal a phone every {args.deal_seconds:.0f} s")
    network.cut = True
    cut_end = time.monotonic() + args.cut_seconds
    typed = max(1, round(args.cut_seconds / args.deal_seconds))
    stop = threading.Event()

    def typing(phone: Phone) -> None:
        start = time.monotonic()
        offset = random.Random(phone.index).uniform(0, args.deal_seconds)
        for n in range(typed):
            at = min(offset + n * args.deal_seconds, args.cut_seconds - 1)
            if stop.wait(max(0.0, start + at - time.monotonic())):
                return
            phone.enter()
            try:
                phone.flush()  # the page tries at once: the network refuses
            except RuntimeError as exc:
                phone.refusals.append({"error": str(exc)[:500]})
                return

    threads = [threading.Thread(target=typing, args=(p,)) for p in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    time.sleep(max(0.0, cut_end - time.monotonic()))
    waiting = sum(len(p.outbox) for p in phones)
    say(f"(3) reconnection: {waiting} deals waiting in {len(phones)} outboxes")
    network.cut = False
    started = time.monotonic()
    synced = run_phones(phones, Phone.flush, True, time.monotonic() + 900, every=2.0)
    total = time.monotonic() - started
    seconds = sorted(synced.values())
    return {
        "phones": len(phones), "deals_online": args.before * len(phones),
        "online_seconds": round(max(online.values(), default=0), 1),
        "waiting_at_reconnection": waiting,
        "sync_seconds_all": round(total, 1),
        "sync_seconds_phone": {
            "p50": round(statistics.median(seconds), 2) if seconds else None,
            "p95": round(seconds[int(0.95 * (len(seconds) - 1))], 2) if seconds else None,
            "max": round(seconds[-1], 2) if seconds else None},
        "phones_not_synced": len(phones) - len(synced),
        "requests": sum(p.requests for p in phones), "network": dict(network.counts),
        "refusals": [r for p in phones for r in p.refusals][:10],
        "expected": {p.token: p.sent for p in phones},
    }


# --- the database's word -----------------------------------------------------------------------

def check(expected: dict[str, list[int]]) -> dict:
    """Run in the site's settings (``--check FILE``): each table's deals against its phone's."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    django.setup()
    from django.db.models import Count

    from api.models import DealRequest
    from tournament.models import Deal, Table

    tables = dict(Table.objects.filter(token__in=list(expected)).values_list("token", "pk"))
    stored: dict[int, list[tuple[int, int]]] = {}
    for table, number, points in (Deal.objects.filter(table_id__in=tables.values())
                                  .order_by("table_id", "number")
                                  .values_list("table_id", "number", "card_points")):
        stored.setdefault(table, []).append((number, points))
    keys = dict(DealRequest.objects.filter(table_id__in=tables.values(), status=201)
                .values_list("table_id").annotate(n=Count("id")).order_by())
    lost = duplicated = disordered = 0
    for token, sequence in expected.items():
        table = tables[token]
        deals = stored.get(table, [])
        numbers = [n for n, _ in deals]
        if numbers != list(range(1, len(deals) + 1)):
            disordered += 1
        lost += max(0, len(sequence) - len(deals))
        duplicated += max(0, len(deals) - len(sequence)) + abs(keys.get(table, 0) - len(deals))
        if [p for _, p in deals] != sequence[:len(deals)]:
            disordered += 1
    return {"tables": len(expected), "deals_expected": sum(map(len, expected.values())),
            "deals_stored": sum(map(len, stored.values())), "lost": lost,
            "duplicated": duplicated, "tables_out_of_order": disordered}


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--before", type=int, default=2, help="deals a phone before the cut")
    parser.add_argument("--cut-seconds", type=float, default=300)
    parser.add_argument("--deal-seconds", type=float, default=100,
                        help="the room's pace: a deal a table every so many seconds")
    parser.add_argument("--fail", type=float, default=0.2)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--quick", action="store_true", help="30 phones, a 20 s cut")
    parser.add_argument("--pg-url", default=os.environ.get("BENCH_PG_URL",
                                                           "postgres://postgres@127.0.0.1:5432"))
    parser.add_argument("--pg-db", default="skat_bench_outbox")
    parser.add_argument("--check", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.check:
        print(json.dumps(check(json.loads(args.check.read_text()))))
        return 0
    if args.quick:
        args.phones, args.cut_seconds, args.deal_seconds = 30, 20, 8
    from bench_congress import pg_admin, run, site_env
    from flood_entry import serving

    tmp = Path(tempfile.mkdtemp(prefix="outbox-bench-"))
    database = f"{args.pg_url.rstrip('/')}/{args.pg_db}"
    env = site_env(database, tmp / "cache")
    pg_admin(args.pg_url, f"DROP DATABASE IF EXISTS {args.pg_db}")
    pg_admin(args.pg_url, f"CREATE DATABASE {args.pg_db}")
    say(f"building a congress of {args.phones} four-tables on PostgreSQL")
    run(env, "manage.py", "migrate", "--noinput", "-v0")
    run(env, "manage.py", "collectstatic", "--noinput", "-v0")
    run(env, "manage.py", "generate_congress", "--slug", SLUG, "--players",
        str(args.phones * 4 + 8), "--series", "2", "--unplayed", "1")
    tokens = json.loads(run(env, "manage.py", "shell", "-c", (
        "import json; from tournament.models import Series; "
        f"s = Series.objects.get(tournament__slug='{SLUG}', number=2); "
        "print(json.dumps(list(s.tables.order_by('number').values_list('token', flat=True))))"
    )).strip().splitlines()[-1])[:args.phones]
    network = Network(args.fail, "outbox")
    with serving(env, ROOT, args.workers, tmp / "gunicorn.log") as port:
        front = proxy(network, port)
        try:
            report = room(front.server_address[1], tokens, args, network)
        finally:
            front.shutdown()
    expected = report.pop("expected")
    (tmp / "expected.json").write_text(json.dumps(expected))
    report["database"] = json.loads(run(env, "bench/bench_outbox.py", "--check",
                                        str(tmp / "expected.json")).strip().splitlines()[-1])
    report["settings"] = {k: getattr(args, k) for k in ("phones", "before", "cut_seconds",
                                                        "deal_seconds", "fail", "workers")}
    report["machine"] = {"cpus": os.cpu_count(), "date": datetime.date.today().isoformat()}
    out = ROOT / "bench" / "results" / f"outbox-{datetime.date.today().isoformat()}.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    pg_admin(args.pg_url, f"DROP DATABASE IF EXISTS {args.pg_db}")
    database_ok = report["database"]
    ok = (not database_ok["lost"] and not database_ok["duplicated"]
          and not database_ok["tables_out_of_order"] and not report["phones_not_synced"])
    say("every deal stored exactly once, in order" if ok else "DEALS LOST, DOUBLED OR OUT OF ORDER")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
