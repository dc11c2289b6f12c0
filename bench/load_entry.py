"""Load test of deal entry: many scorekeepers' phones saving deals without pause.

Start the site with production settings behind no proxy, on a database with a generated
congress (``manage.py generate_congress --played 0.5 --slug entry-bench``), e.g.

    DJANGO_DEBUG=0 DJANGO_SECRET_KEY=x DJANGO_SECURE_SSL_REDIRECT=0 DATABASE_URL=... \\
        .venv/bin/gunicorn config.wsgi -w 4 -b 127.0.0.1:8765

and run ``DATABASE_URL=... .venv/bin/python bench/load_entry.py --clients 50 --seconds 30``.
Each client plays one open table as a phone does: it reads the sheet page, posts the next deal
(a Solo by the first seat the form offers) and follows the redirect to the sheet, whose form
it posts next. It prints the deals saved per second and the POST's latency (median, p95). The
requests say they came through HTTPS (X-Forwarded-Proto), as behind the site's TLS proxy.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DJANGO_DEBUG", "1")

FIELD = re.compile(r'name="(version|number|csrfmiddlewaretoken)" value="([^"]*)"')
DECLARER = re.compile(r'<select name="declarer"[^>]*>(.*?)</select>', re.S)
OPTION = re.compile(r'<option value="(\d+)"')


class Phone:
    """One scorekeeper's browser: its cookies, one connection (keep-alive)."""

    def __init__(self, base: str):
        self.host = urlsplit(base).netloc
        self.conn = http.client.HTTPConnection(self.host, timeout=30)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: str | None = None):
        headers = {"X-Forwarded-Proto": "https", "Host": self.host,
                   "Referer": f"https://{self.host}{path}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return response.status, response.getheader("Location"), text


def form_of(page: str) -> dict | None:
    """The next deal's form as the page gives it, filled in; None when the sheet is full."""
    fields = dict(FIELD.findall(page))
    select = DECLARER.search(page)
    if "number" not in fields or select is None:
        return None
    declarer = OPTION.findall(select.group(1))[0]
    return {**fields, "entry": "new", "game": "solo", "declarer": declarer, "trump": "hearts",
            "matadors": "1", "card_points": "95", "scorekeeper": "bench"}


def play(base: str, tokens: list[str], until: float, latencies: list[float],
         errors: list[str]) -> None:
    phone = Phone(base)
    for token in tokens:
        path = f"/s/{token}/"
        status, _, page = phone.request("GET", path)
        while time.perf_counter() < until:
            form = form_of(page)
            if form is None:
                break  # this sheet is full: the next table
            start = time.perf_counter()
            status, location, _ = phone.request("POST", f"{path}deal/", urlencode(form))
            latencies.append(time.perf_counter() - start)
            if status != 302:
                errors.append(f"POST {status}")
            status, _, page = phone.request("GET", urlsplit(location or path).path)
            if "not saved" in page:
                errors.append("refused")
        if time.perf_counter() >= until:
            return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="http://127.0.0.1:8765")
    parser.add_argument("--slug", default="entry-bench")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    import django

    django.setup()
    from tournament.models import SheetStatus, Table

    tokens = list(Table.objects.filter(series__tournament__slug=args.slug,
                                       sheet_status=SheetStatus.OPEN)
                  .order_by("series__number", "number").values_list("token", flat=True))
    if len(tokens) < args.clients:
        sys.exit(f"{len(tokens)} open tables for {args.clients} clients: generate more.")
    shares = [tokens[i::args.clients] for i in range(args.clients)]  # each its own tables
    latencies: list[float] = []
    errors: list[str] = []
    until = time.perf_counter() + args.seconds
    threads = [threading.Thread(target=play, args=(args.base, share, until, latencies, errors))
               for share in shares]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95)] if latencies else 0
    print(f"{len(latencies)} deals in {elapsed:.1f} s: {len(latencies) / elapsed:.1f} deals/s, "
          f"POST median {1000 * statistics.median(latencies):.0f} ms, p95 {1000 * p95:.0f} ms, "
          f"{len(errors)} errors {errors[:3]}")


if __name__ == "__main__":
    main()
