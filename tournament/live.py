"""Pages that update themselves while the room plays (``static/js/live.js``, docs/live.md).

A live page is an ordinary page; the script asks for it again every few seconds with the
ETag it last had. The ETag is made here, in one place, from what the page reads: the version
of the tournament's data its audience's results are kept under (``versions.version``: the
public's, which no deal moves, or every change's), the language, the audience, the code
(``crowd.CODE``) and the address asked. An unchanged room is a 304 after one indexed query;
the next change is a new ETag, and the whole page is sent (from the public's kept copy where
``crowd.heavy`` keeps it).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.db.models import Count, Q, Sum
from django.http import HttpResponseNotModified
from django.utils import translation
from django.utils.http import parse_etags
from django.utils.translation import gettext

from tournament import crowd
from tournament.models import Seat, SheetStatus, Table
from tournament.numbers import grouped

# the browser asks again every time (no-cache), and only the visitor's own copy of a
# logged-in page is kept anywhere (private)
PUBLIC_CACHING = "no-cache"
PRIVATE_CACHING = "private, no-cache"


def page_etag(request, tournament, *, public: bool, audience: str, moves=()) -> str:
    """The ETag of the page ``request`` asks for, read by ``audience`` (who reads it:
    "public", or an account): moves with the tournament's version (the public's with
    ``public``), the language, the code and ``moves`` (what else the page shows that no
    version counts: the clock's minute of an expected end)."""
    query = sorted((k, v) for k in request.GET for v in request.GET.getlist(k))
    parts = (crowd.request_version(request, tournament, public), translation.get_language(),
             audience, crowd.CODE, request.path, query, tuple(moves))
    return '"' + hashlib.sha256(repr(parts).encode()).hexdigest()[:24] + '"'


def _asked_for(request, etag: str) -> bool:
    """live.js's poll (``X-Live``) already holds this ETag (If-None-Match, compared weakly as
    RFC 9110 says for a GET). A browser's own revalidation (a reload, the back button) gets
    the page: it may carry a message of the visitor's that its kept copy would show again."""
    if request.method not in ("GET", "HEAD") or not request.headers.get("X-Live"):
        return False
    held = parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))
    bare = etag.removeprefix("W/")
    return "*" in held or any(tag.removeprefix("W/") == bare for tag in held)


def _unchanged(etag: str, private: bool, read: float) -> HttpResponseNotModified:
    response = HttpResponseNotModified()
    response["ETag"] = etag
    response["Cache-Control"] = PRIVATE_CACHING if private else PUBLIC_CACHING
    response["X-Live-Read"] = f"{read:.3f}"
    return response


def shared_caching() -> str:
    """An anonymous live page's Cache-Control: kept ``LIVE_SHARED`` seconds by a proxy in
    front (nginx's micro-cache, docs/deployment.md), so that a thousand followers' polls are
    one answer of the app's a change; no-cache where the setting is 0."""
    seconds = int(getattr(settings, "LIVE_SHARED", 0))
    return f"public, max-age={seconds}" if seconds > 0 else PUBLIC_CACHING


def _tagged(response, etag: str, private: bool, read: float, request=None):
    """The page with its ETag (a plain 200 only: an error or a wait page keeps none), and
    when the version was read (``X-Live-Read``, Unix seconds): what the page shows is the
    room as it was then, however long a proxy keeps it. ``request``: an anonymous reader's,
    whose page any anonymous reader would get alike (``crowd.storable``) may be shared."""
    if response.status_code == 200 and not response.streaming:
        response["ETag"] = etag
        caching = PRIVATE_CACHING if private else PUBLIC_CACHING
        if request is not None and not private and crowd.storable(request, response):
            caching = shared_caching()
        response["Cache-Control"] = caching
        response["X-Live-Read"] = f"{read:.3f}"
    return response


def _audience(request, staff: bool, in_play: bool = False) -> str:
    user = request.user
    if user.is_authenticated:  # the page names its reader (the header, the staff's links)
        return f"{'staff' if staff else 'user'}:{user.pk}"
    return "public+play" if in_play else "public"


def clock() -> float:
    """Now, in Unix seconds (a test sets the live pages' clock alone)."""
    return time.time()


def this_minute(request, tournament) -> tuple:
    """``moves`` of a page that says the time ahead ("expected end about 21:40"): a new
    ETag every minute, or a stalled room would keep its first guess."""
    return (int(clock() // 60),)


def live_public(in_play: bool = False, counted: bool = True, moves=None):
    """For a ``public_page`` view (inside it, outside ``crowd.heavy``): the page answers a
    poll of an unchanged room with a 304. ``in_play``: a page that may show the public the
    series in play where the organizer switched provisional standings on
    (``Visitor.playing``); the view gets that visitor. An anonymous visitor's 304 costs his
    address ``Cost.CHECKED`` (a phone polling every 10 s spends 6 of 300 a minute), and waits
    as any page once the budget is spent; not ``counted``: a page the budget never counts
    (the tournament's page), whose 304 is free too. ``moves(request, tournament)``: what
    else moves the page's ETag (``page_etag``)."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, visitor, *args, **kwargs):
            if in_play:
                visitor = visitor.playing()
            private = request.user.is_authenticated
            request.live_read = clock()  # before the version is read: never later
            moved = moves(request, visitor.tournament) if moves else ()
            request.live_moves = moved  # the public's kept copy moves with them (crowd._key)
            etag = page_etag(request, visitor.tournament, public=visitor.public_version,
                             audience=_audience(request, visitor.staff, visitor.in_play),
                             moves=moved)
            request.live_etag = etag  # the page's stamp carries it (templates/live/_stamp.html)
            if _asked_for(request, etag):
                if counted and crowd.is_anonymous(request) and not visitor.staff:
                    address = crowd.client_address(request)
                    wait = crowd.waiting(address)
                    if wait:
                        return crowd.too_many(wait)
                    crowd.spend(address, crowd.Cost.CHECKED)
                return _unchanged(etag, private, request.live_read)
            return _tagged(view(request, visitor, *args, **kwargs), etag, private,
                           request.live_read, None if visitor.staff else request)

        return wrapped

    return decorator


def live_staff(view=None, *, moves=None):
    """For a staff page (inside ``organizer_required`` or ``staff_required``, which hand the
    view the tournament): a 304 while nothing of the tournament changed (nor ``moves``, as
    ``live_public``'s)."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, tournament, *args, **kwargs):
            request.live_read = clock()
            etag = page_etag(request, tournament, public=False,
                             audience=_audience(request, staff=True),
                             moves=moves(request, tournament) if moves else ())
            request.live_etag = etag
            if _asked_for(request, etag):
                return _unchanged(etag, True, request.live_read)
            return _tagged(view(request, tournament, *args, **kwargs), etag, True,
                           request.live_read)

        return wrapped

    return decorator(view) if view is not None else decorator


EVERY = 10  # seconds between two polls of a live page (settings.LIVE_EVERY; the tests' less)


def every() -> float:
    """How often a live page asks again (``data-live-every`` of its stamp): the setting
    ``LIVE_EVERY``, read from the environment variable of that name (config/settings.py)."""
    return float(getattr(settings, "LIVE_EVERY", EVERY))


@dataclass(frozen=True)
class Progress:
    """How far the tables of a series in play are: the tournament page's bar."""

    number: int
    tables: int
    confirmed: int
    played: int  # deals entered
    deals: int  # deals the seated players play (each deals ``deals_per_player`` times)

    @property
    def words(self) -> str:
        return gettext("%(confirmed)s of %(tables)s tables confirmed, %(played)s of %(deals)s "
                       "deals entered") % {
            "confirmed": grouped(self.confirmed), "tables": grouped(self.tables),
            "played": grouped(self.played), "deals": grouped(self.deals)}


def progress_of(tournament, numbers: list[int]) -> list[Progress]:
    """The progress of the series ``numbers`` of ``tournament``, in two queries."""
    if not numbers:
        return []
    tables = {n: (count, confirmed, played or 0) for n, count, confirmed, played in
              Table.objects.filter(series__tournament=tournament, series__number__in=numbers)
              .values_list("series__number").annotate(
                  tables=Count("id"),
                  confirmed=Count("id", filter=Q(sheet_status=SheetStatus.CONFIRMED)),
                  played=Sum("deals_played")).order_by()}
    seated = dict(Seat.objects.filter(series__tournament=tournament,
                                      series__number__in=numbers)
                  .values_list("series__number").annotate(Count("id")).order_by())
    return [Progress(n, *tables.get(n, (0, 0, 0)),
                     deals=tournament.deals_per_player * seated.get(n, 0))
            for n in sorted(numbers)]
