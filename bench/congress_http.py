"""The HTTP side of bench/bench_congress.py: a browser's cookies and forms on stdlib
``http.client`` (one connection a request, as gunicorn's sync workers close each), the
result pages timed, and the phones of the load test entering deals through the real form.

Only 127.0.0.1. Every request says it came through the TLS proxy (``X-Forwarded-Proto``),
as production's nginx does, so the site runs with its production settings (secure cookies,
CSRF's Referer check, no redirect to https).
"""

from __future__ import annotations

import http.client
import random
import re
import statistics
import threading
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode

HOST = "127.0.0.1"
TIMEOUT = 120  # seconds; a request never hangs the run


@dataclass
class Answer:
    status: int
    location: str
    body: str
    seconds: float
    queries: int | None  # bench/counting_wsgi.py's header, when that app serves


class Browser:
    """One device: its cookies, its requests to gunicorn on ``port``."""

    def __init__(self, port: int):
        self.port = port
        self.origin = f"https://{HOST}:{port}"
        self.cookies: dict[str, str] = {}
        self.headers: dict[str, str] = {}  # sent with every request (X-Forwarded-For)

    def _request(self, method: str, path: str, body: str | None = None,
                 referer: str | None = None) -> Answer:
        headers = {"Host": f"{HOST}:{self.port}", "X-Forwarded-Proto": "https",
                   "User-Agent": "skat-bench", "Accept": "text/html", **self.headers}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = self.origin
        if referer:
            headers["Referer"] = self.origin + referer
        start = time.perf_counter()
        conn = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
        finally:
            conn.close()
        seconds = time.perf_counter() - start
        for header in response.headers.get_all("Set-Cookie") or []:
            self._keep(header)
        queries = response.headers.get("X-Bench-Queries")
        return Answer(response.status, response.headers.get("Location", ""),
                      data.decode("utf-8", "replace"), seconds,
                      int(queries) if queries else None)

    def _keep(self, header: str) -> None:
        for name, morsel in SimpleCookie(header).items():
            if morsel.value == "" or morsel["max-age"] == "0":
                self.cookies.pop(name, None)  # Django deletes a cookie this way
            else:
                self.cookies[name] = morsel.value

    def get(self, path: str) -> Answer:
        return self._request("GET", path)

    def post(self, path: str, fields: dict[str, str], referer: str) -> Answer:
        return self._request("POST", path, urlencode(fields), referer)


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def login(browser: Browser, username: str, password: str) -> None:
    page = browser.get("/login/")
    token = CSRF.search(page.body)
    if page.status != 200 or not token:
        raise RuntimeError(f"login page: HTTP {page.status}")
    answer = browser.post("/login/", {"csrfmiddlewaretoken": token.group(1),
                                      "username": username, "password": password}, "/login/")
    if answer.status != 302:
        raise RuntimeError(f"login refused: HTTP {answer.status}")


def percentiles(seconds: list[float]) -> dict[str, float | None]:
    """p50/p95/p99 and the maximum in milliseconds (nearest rank)."""
    if not seconds:
        return {"p50_ms": None, "p95_ms": None, "p99_ms": None, "max_ms": None}
    ordered = sorted(seconds)

    def rank(p: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))], 1)

    return {"p50_ms": round(1000 * statistics.median(ordered), 1), "p95_ms": rank(0.95),
            "p99_ms": rank(0.99), "max_ms": round(1000 * ordered[-1], 1)}


# --- (b) the result pages ---------------------------------------------------------------------

def time_page(browser: Browser, path: str, cold: int, warm: int, make_cold,
              warm_up: int = 0) -> dict:
    """``cold`` requests each right after ``make_cold()`` (a change, caches emptied), then
    ``warm`` repeats; time, queries and size of each. First ``warm_up`` requests unmeasured,
    so that every worker has served the page once (its template compiled, its code run):
    the cold measured is the results cache's, as the site meets it during a day of play,
    not a worker's first request."""
    for _ in range(warm_up):
        browser.get(path)
    cold_answers, warm_answers = [], []
    for _ in range(cold):
        make_cold()
        cold_answers.append(browser.get(path))
    for _ in range(warm):
        warm_answers.append(browser.get(path))
    answers = cold_answers + warm_answers
    bad = sorted({a.status for a in answers if a.status != 200})
    if bad:
        return {"path": path, "error": f"HTTP {bad}"}
    return {
        "path": path,
        "cold": percentiles([a.seconds for a in cold_answers]),
        "warm": percentiles([a.seconds for a in warm_answers]),
        "queries_cold": cold_answers[0].queries if cold_answers else None,
        "queries_warm": warm_answers[-1].queries if warm_answers else None,
        "html_bytes": len(answers[-1].body.encode()),
    }


# --- (c) and (d) phones entering deals --------------------------------------------------------

DEAL_FORM = re.compile(r'<form[^>]*class="deal-form[^"]*"[^>]*>(.*?)</form>', re.S)
ACTION = re.compile(r'<form method="post" action="([^"]+)" class="deal-form')
HIDDEN = {name: re.compile(rf'name="{name}" value="([^"]*)"')
          for name in ("csrfmiddlewaretoken", "version", "number")}
DECLARER = re.compile(r'<select name="declarer"[^>]*>(.*?)</select>', re.S)
OPTION = re.compile(r'<option value="(\d+)"')
SUCCESS = re.compile(r'<li class="success">Deal \d+')
ERROR = re.compile(r'<li class="error">([^<]*)')


def deal_fields(html: str, form: str, rng: random.Random, tag: str) -> tuple[str, dict]:
    """What a phone posts for a won Solo: the form's hidden fields, a seat that may
    declare, and ``tag`` as the scorekeeper's name (stored on the deal as who entered it)."""
    fields = {name: rx.search(form).group(1) for name, rx in HIDDEN.items()
              if name != "csrfmiddlewaretoken"}
    fields["csrfmiddlewaretoken"] = HIDDEN["csrfmiddlewaretoken"].search(html).group(1)
    seats = OPTION.findall(DECLARER.search(form).group(1))
    fields.update(entry="new", game="solo", trump=rng.choice(
        ["clubs", "spades", "hearts", "diamonds"]), declarer=rng.choice(seats),
        matadors=str(rng.randint(1, 4)), card_points=str(rng.randint(61, 100)),
        scorekeeper=tag)
    if rng.random() < 0.4:
        fields["without"] = "on"
    return ACTION.search(html).group(1), fields


@dataclass
class Phone:
    """One table's scorekeeper: when its table's sheet is full it takes the next table."""

    client: int
    port: int
    tables: list[str]  # the links (tokens) this phone works through, in order
    pace: float | None  # seconds between deals (a room's rate), None: as fast as it can
    rng: random.Random
    tag: str = "bench"  # the scorekeeper's name starts with it: each deal's intent is known
    post_seconds: list[float] = field(default_factory=list)
    get_seconds: list[float] = field(default_factory=list)
    succeeded: list[str] = field(default_factory=list)  # tags of deals the site confirmed
    failed: list[str] = field(default_factory=list)  # tags of deals refused or lost in transit
    errors: list[str] = field(default_factory=list)
    entries: int = 0
    opened: int = 0  # tables whose sheet it opened

    def run(self, deadline: float, start: threading.Event) -> None:
        browser = Browser(self.port)
        start.wait()
        if self.pace:  # phones of a room do not all save in the same second
            time.sleep(self.rng.uniform(0, self.pace))
        due = time.monotonic()  # the next deal's time, at a room's pace
        for token in self.tables:
            self.opened += 1
            page = self.open_sheet(browser, f"/s/{token}/")
            while page is not None and time.monotonic() < deadline:
                form = DEAL_FORM.search(page.body)
                if form is None:
                    break  # the sheet is full: the next table
                if self.pace:
                    pause = due - time.monotonic()
                    if pause > 0:
                        time.sleep(min(pause, max(0.0, deadline - time.monotonic())))
                    if time.monotonic() >= deadline:
                        return
                    due += self.pace * self.rng.uniform(0.5, 1.5)
                page = self.enter_deal(browser, token, page.body, form.group(1))
            if time.monotonic() >= deadline:
                return

    def open_sheet(self, browser: Browser, path: str) -> Answer | None:
        try:
            answer = browser.get(path)
        except OSError as exc:
            self.errors.append(f"GET {type(exc).__name__}: {exc}")
            return None
        self.get_seconds.append(answer.seconds)
        if answer.status != 200:
            self.errors.append(f"GET HTTP {answer.status}")
            return None
        return answer

    def enter_deal(self, browser: Browser, token: str, html: str, form: str) -> Answer | None:
        """POST one deal as the phone's form does and follow the redirect like a browser."""
        self.entries += 1
        tag = f"{self.tag} c{self.client:02d} e{self.entries:05d}"
        action, fields = deal_fields(html, form, self.rng, tag)
        try:
            answer = browser.post(action, fields, referer=f"/s/{token}/")
        except OSError as exc:
            self.failed.append(tag)
            self.errors.append(f"POST {type(exc).__name__}: {exc}")
            return None
        self.post_seconds.append(answer.seconds)
        if answer.status != 302:
            self.failed.append(tag)
            refused = ERROR.search(answer.body)
            self.errors.append(f"POST HTTP {answer.status}"
                               + (f": {refused.group(1).strip()}" if refused else ""))
            return self.open_sheet(browser, f"/s/{token}/") if answer.status == 200 else None
        page = self.open_sheet(browser, answer.location)
        if page is None:
            self.failed.append(tag)
            return None
        if SUCCESS.search(page.body):
            self.succeeded.append(tag)
        else:
            self.failed.append(tag)
            refused = ERROR.search(page.body)
            self.errors.append("refused: " + (refused.group(1).strip() if refused else "?"))
        return page


def load(port: int, tokens: list[str], clients: int, seconds: float,
         rate: float | None, seed: str) -> tuple[dict, list[str], list[str]]:
    """``clients`` phones for ``seconds``: as fast as they can, or ``rate`` deals a second
    in total. Returns the figures and the tags of the deals confirmed and not confirmed."""
    pace = clients / rate if rate else None
    phones = [Phone(i, port, tokens[i::clients], pace, random.Random(f"{seed}-{i}"))
              for i in range(clients)]
    start = threading.Event()
    begin = time.monotonic()
    deadline = begin + 1 + seconds  # threads start within the first second
    threads = [threading.Thread(target=p.run, args=(deadline, start), daemon=True)
               for p in phones]
    for thread in threads:
        thread.start()
    time.sleep(max(0.0, begin + 1 - time.monotonic()))
    began = time.monotonic()
    start.set()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    posts = [s for p in phones for s in p.post_seconds]
    gets = [s for p in phones for s in p.get_seconds]
    succeeded = [t for p in phones for t in p.succeeded]
    failed = [t for p in phones for t in p.failed]
    errors = [e for p in phones for e in p.errors]
    kinds: dict[str, int] = {}
    for error in errors:
        kinds[error[:120]] = kinds.get(error[:120], 0) + 1
    figures = {
        "clients": clients, "seconds": round(elapsed, 1),
        "target_rate": rate, "deals_confirmed": len(succeeded),
        "deals_per_second": round(len(succeeded) / elapsed, 1),
        "posts": len(posts), "post": percentiles(posts),
        "gets": len(gets), "get": percentiles(gets),
        "errors": len(errors), "error_kinds": kinds,
        "tables_opened": sum(p.opened for p in phones),
    }
    return figures, succeeded, failed
