"""What an anonymous visitor may cost the room: the public's big pages and PDFs are kept per
results version, a page asks for at most what a phone shows, and each address spends from a
budget a minute (a 429 with Retry-After once it is spent).

The room's phones enter deals through table links and the staff log in: neither is counted
here, so a flood of anonymous readers cannot starve them. The address is the one every
per-address limit reads (``config.client.client_address``, named by the setting
``AXES_CLIENT_IP_CALLABLE``): behind a proxy, from the right of X-Forwarded-For.
"""

from __future__ import annotations

import enum
import hashlib
import math
import re
import time
from collections.abc import Callable
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import caches
from django.http import HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.module_loading import import_string
from django.utils.translation import gettext, ngettext

from tournament.versions import version

PUBLIC_MAX_PER_PAGE = 150  # a player's whole day (three series of 48 deals) on one page
WINDOW = 60  # seconds of one budget
BUDGET = 300  # units an address may spend a window (settings.PUBLIC_BUDGET; 0: no limit)
# The parameters of the site's own links: an answer to anything else is made, never kept (a
# flood of made-up queries would fill the cache).
KNOWN = re.compile(r"^([a-z]+-)?(page|per_page|sort|club|paper)$")
KEEP_SECONDS = 24 * 3600  # a key is never reused after a change; this only frees space
MAKING_SECONDS = 30  # how long others wait for one worker making a page before making it too
READY_SECONDS = 3  # when a visitor asks again for a page being made
# Pages made for anonymous visitors at once on the whole site (settings.PUBLIC_MAKERS): the
# other workers stay free for the room's phones and logins, however many addresses ask.
MAKERS = 1


class Cost(enum.IntEnum):
    """What one request costs its address: a kept answer little, a computed one its work."""

    CHECKED = 1  # a live page's poll of an unchanged room: a 304 (tournament/live.py)
    KEPT = 2
    PAGE = 10
    PDF = 30


def _code_digest() -> str:
    """The code and templates that make the pages: a new release never sends what an older
    one kept."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for folder in ("tournament", "scoring", "printing", "exports", "engine", "live", "money",
                   "seasons", "templates"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".py", ".html"):
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


CODE = _code_digest()


def now() -> float:
    return time.time()


def kept_answers():
    """The cache of kept pages and budgets: its own (``CACHES["crowd"]``), so that a crowd
    filling it never culls the results' versions and computations of the default cache."""
    return caches["crowd"] if "crowd" in settings.CACHES else caches["default"]


def is_anonymous(request) -> bool:
    user = getattr(request, "user", None)
    return user is None or not user.is_authenticated


def page_size_limit(request, limit: int) -> int:
    """The largest page size ``request`` may ask for: ``limit`` for the staff, what a phone
    shows for everyone else."""
    return min(limit, PUBLIC_MAX_PER_PAGE) if is_anonymous(request) else limit


def client_address(request) -> str:
    return str(import_string(settings.AXES_CLIENT_IP_CALLABLE)(request))


def _budget_key(address: str, window: int) -> str:
    return f"crowd:budget:{address}:{window}"


def waiting(address: str) -> int:
    """0 while ``address`` has budget left in this window, else the seconds to the next one.
    One cache read: an address that has spent its budget costs no more than that."""
    budget = getattr(settings, "PUBLIC_BUDGET", BUDGET)
    if budget <= 0:
        return 0
    moment = now()
    window = int(moment // WINDOW)
    if (kept_answers().get(_budget_key(address, window)) or 0) < budget:
        return 0
    return max(1, math.ceil((window + 1) * WINDOW - moment))


def spend(address: str, cost: int) -> None:
    """Charge ``cost`` to ``address``'s budget of this window. Counted in the shared cache
    (every worker), approximately: two workers may add at the same instant."""
    if getattr(settings, "PUBLIC_BUDGET", BUDGET) <= 0:
        return
    store = kept_answers()
    key = _budget_key(address, int(now() // WINDOW))
    cost = int(cost)  # a plain number: Redis's INCR reads a Cost's repr ("<Cost.PAGE: 10>")
    store.add(key, 0, WINDOW * 2)
    try:
        store.incr(key, cost)
    except ValueError:  # gone between add and incr (culled, or the cache was cleared)
        store.set(key, cost, WINDOW * 2)


def stylesheet() -> str:
    """The site's stylesheet by its plain name, for the pages that answer when something is
    busy: no manifest lookup that could fail (``templates/wait.html``)."""
    return f"{settings.STATIC_URL.rstrip('/')}/css/site.css"


def too_many(wait: int) -> HttpResponse:
    response = HttpResponse(render_to_string("wait.html", {
        "title": gettext("Too many requests"), "stylesheet": stylesheet(),
        "message": ngettext(
            "This address asked for more result pages than the room's scorekeepers leave room "
            "for. Try again in %(count)s second.",
            "This address asked for more result pages than the room's scorekeepers leave room "
            "for. Try again in %(count)s seconds.", wait) % {"count": wait}}), status=429)
    response["Retry-After"] = str(wait)
    response["Cache-Control"] = "no-store"
    return response


def being_made(message: str = "") -> HttpResponse:
    """Another visitor's request is making this page (or every worker the public may use is
    making one): come back for the copy; the page asks again by itself."""
    message = message or ngettext(
        "This page is being made for another visitor right now; it appears here in %(count)s "
        "second.",
        "This page is being made for another visitor right now; it appears here in %(count)s "
        "seconds.", READY_SECONDS) % {"count": READY_SECONDS}
    response = HttpResponse(render_to_string("wait.html", {
        "title": gettext("Being made"), "refresh": READY_SECONDS, "message": message,
        "stylesheet": stylesheet()}), status=503)
    response["Retry-After"] = str(READY_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def _maker_slot(store) -> str | None:
    """One of the ``PUBLIC_MAKERS`` places for making a page for the public, taken for at
    most ``MAKING_SECONDS``; None while every one is taken."""
    for place in range(max(1, getattr(settings, "PUBLIC_MAKERS", MAKERS))):
        slot = f"crowd:maker:{place}"
        if store.add(slot, 1, MAKING_SECONDS):
            return slot
    return None


def request_version(request, tournament, public: bool) -> str:
    """``versions.version``, read once for the request: a live page's ETag
    (tournament/live.py) and the kept page's key read the same, with one query."""
    read = request.__dict__.setdefault("_results_versions", {})
    if (tournament.pk, public) not in read:
        read[tournament.pk, public] = version(tournament, public=public)
    return read[tournament.pk, public]


def _key(request, visitor) -> str:
    query = sorted((k, v) for k in request.GET for v in request.GET.getlist(k))
    asked = hashlib.sha256(repr((request.path, query)).encode()).hexdigest()[:24]
    tournament = visitor.tournament
    # the public's version, or every change's where the page counts the series in play
    # (the provisional standings, ``Visitor.public_version``); the page's language is the
    # visitor's or the tournament's (tournament.languages)
    at = request_version(request, tournament, visitor.public_version)
    # what else moves a live page (``live.page_etag``'s moves: the minute of an expected end)
    moved = "".join(f":{m}" for m in getattr(request, "live_moves", ()))
    return (f"crowd:page:{CODE}:{tournament.pk}:{at}:{translation.get_language()}:{asked}"
            f"{moved}")


def storable(request, response) -> bool:
    """Only what any anonymous visitor would get alike: a plain 200, no cookie set, no form
    token, no message of the visitor's own (they live in his cookies); and only for the
    parameters the site's links use."""
    return (response.status_code == 200 and not response.cookies
            and all(KNOWN.match(name) for name in request.GET)
            and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
            and CookieStorage.cookie_name not in request.COOKIES)


Kept = tuple[int, list[tuple[str, str]], bytes, bool]


def _freeze(response) -> Kept:
    content = (b"".join(response.streaming_content) if response.streaming
               else response.content)
    return response.status_code, list(response.items()), content, response.streaming


def _thaw(kept: Kept) -> HttpResponseBase:
    """The kept answer as it was sent: a file (a PDF) streamed, a page whole."""
    status, headers, content, streaming = kept
    response: HttpResponseBase = (StreamingHttpResponse([content], status=status) if streaming
                                  else HttpResponse(content, status=status))
    for name, value in headers:
        response[name] = value
    return response


LIVE_WAIT = 1.0  # seconds a live page's poll waits for the copy another worker is making
LIVE_WAIT_STEP = 0.05


def _copy_soon(request, store, key: str) -> Kept | None:
    """For a live page's poll (static/js/live.js, ``X-Live``) that finds its page being
    made: the copy, if it is kept within ``LIVE_WAIT`` (a page takes a tenth of a second to
    make; a "come back in 3 s" would hold every follower of the room back a whole poll)."""
    if not request.headers.get("X-Live"):
        return None
    deadline = time.monotonic() + LIVE_WAIT
    while time.monotonic() < deadline:
        time.sleep(LIVE_WAIT_STEP)
        kept = store.get(key)
        if kept is not None:
            return kept  # type: ignore[no-any-return]
    return None


def heavy(cost: Cost, counted: bool = True) -> Callable:
    """For a ``public_page`` view whose answer grows with the room (results, their PDFs):
    an anonymous GET is answered from what was kept for the tournament's public version, or
    computed and kept; either is charged to the visitor's address (not ``counted``: a page
    cheap to make, the tournament's own: kept and shared alike, never charged, and never
    "being made": whoever misses the copy makes it). The staff and every other
    logged-in user get the view itself, uncounted."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, visitor, *args, **kwargs):
            if visitor.staff or not is_anonymous(request) or request.method not in (
                    "GET", "HEAD"):
                return view(request, visitor, *args, **kwargs)
            address = client_address(request)
            wait = waiting(address) if counted else 0
            if wait:
                return too_many(wait)
            store = kept_answers()
            key = _key(request, visitor)
            kept = store.get(key)
            if counted:
                spend(address, Cost.KEPT if kept is not None else cost)
            if kept is not None:
                return _thaw(kept)
            if not counted:  # a page cheap to make: made and kept, nobody is asked to wait
                response = view(request, visitor, *args, **kwargs)
                if storable(request, response) and not response.streaming:
                    store.set(key, _freeze(response), KEEP_SECONDS)
                return response
            # one worker makes it; the others' visitors are asked to come back for the copy
            if not store.add(key + ":making", 1, MAKING_SECONDS):
                kept = _copy_soon(request, store, key)
                return _thaw(kept) if kept is not None else being_made()
            slot = _maker_slot(store)
            if slot is None:
                store.delete(key + ":making")
                return being_made(ngettext(
                    "Many visitors are reading the results right now; this page appears here "
                    "in %(count)s second.",
                    "Many visitors are reading the results right now; this page appears here "
                    "in %(count)s seconds.", READY_SECONDS) % {"count": READY_SECONDS})
            try:
                response = view(request, visitor, *args, **kwargs)
                if storable(request, response):
                    frozen = _freeze(response)
                    store.set(key, frozen, KEEP_SECONDS)
                    if response.streaming:  # its content is read: send the copy
                        # not response.close(): it sends request_finished, which would close
                        # the database connection in the middle of the request
                        return _thaw(frozen)
                return response
            finally:
                store.delete_many([key + ":making", slot])

        return wrapped

    return decorator
