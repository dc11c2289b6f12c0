"""What a read costs: the answers of a tournament carry an ETag and a Last-Modified from the
version its results are kept under (``tournament.versions``: the next change makes them
stale), so that a club's site polling the standings gets a 304, and no computation, until
something changed; the anonymous spend from the per-address budget of the public's pages
(``tournament.crowd``: a 429 with Retry-After once it is spent)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar

from django.utils import translation
from django.utils.http import http_date, parse_http_date_safe, quote_etag
from django.utils.translation import ngettext
from ninja.errors import HttpError

from api.auth import caller
from tournament import crowd
from tournament.models import AuditEntry
from tournament.models.audit import SHEET_ACTIONS
from tournament.permissions import Visitor
from tournament.versions import version

T = TypeVar("T")

# The shape of the answers: bump it with any change to what an answer holds, so that no
# client's ETag of an older shape is answered 304.
REVISION = 1
VARY = "Accept-Language, Authorization, Cookie"


class NotModified(Exception):  # noqa: N818 (an answer, not an error)
    """The client's copy is current: a 304 with these headers."""

    def __init__(self, headers: dict[str, str]) -> None:
        super().__init__("not modified")
        self.headers = headers


class TooMany(HttpError):
    """The anonymous budget of this address is spent for this minute."""

    def __init__(self, wait: int) -> None:
        super().__init__(429, ngettext(
            "This address asked for more than the room's scorekeepers leave room for. Try "
            "again in %(count)s second.",
            "This address asked for more than the room's scorekeepers leave room for. Try "
            "again in %(count)s seconds.", wait) % {"count": wait})
        self.wait = wait


def spend(request, cost: int) -> None:
    """Charge ``cost`` to an anonymous caller's address, or refuse him (429) once the
    minute's budget is spent. Tokens and logins are not counted."""
    if not caller(request).counted:
        return
    address = crowd.client_address(request)
    wait = crowd.waiting(address)
    if wait:
        raise TooMany(wait)
    crowd.spend(address, cost)


def last_change(visitor: Visitor):
    """When the data the visitor reads last changed: the latest audit entry his version
    counts (the public's skips the sheets' changes, as ``versions.version``)."""
    entries = AuditEntry.objects.filter(tournament=visitor.tournament)
    if visitor.released_only:
        entries = entries.exclude(action__in=sorted(SHEET_ACTIONS))
    return entries.order_by("-id").values_list("at", flat=True).first()


def etag_of(request, visitor: Visitor, at: str) -> str:
    """The answer's tag: the data's version, who reads it (the public, the staff, an
    organizer), in which language, and what was asked (path and query)."""
    audience = "organizer" if visitor.organizer else "staff" if visitor.staff else "public"
    query = sorted((k, v) for k in request.GET for v in request.GET.getlist(k))
    asked = repr((REVISION, at, audience, translation.get_language(), request.path, query))
    return quote_etag(hashlib.sha256(asked.encode()).hexdigest()[:32])


def _matches(header: str, etag: str) -> bool:
    tags = [t.strip() for t in header.split(",")]
    return "*" in tags or etag in tags or f"W/{etag}" in tags


def read(request, response, visitor: Visitor, build: Callable[[], T]) -> T:
    """``build()``, the answer of a read of ``visitor.tournament``, unless the client's copy
    is current (If-None-Match, else If-Modified-Since: ``NotModified``, a 304, nothing
    built); the headers a poller needs are set on ``response`` (ninja's). The anonymous pay
    for it from their address's budget: a 304 little, an answer built a page."""
    etag = etag_of(request, visitor, version(visitor.tournament, public=visitor.released_only))
    changed = last_change(visitor)
    headers = {"ETag": etag, "Vary": VARY,
               "Cache-Control": ("public" if visitor.released_only else "private")
               + ", no-cache"}
    if changed is not None:
        headers["Last-Modified"] = http_date(changed.timestamp())
    asked_tag = request.headers.get("If-None-Match")
    since = parse_http_date_safe(request.headers.get("If-Modified-Since") or "")
    if (asked_tag is not None and _matches(asked_tag, etag)) or (
            asked_tag is None and since is not None and changed is not None
            and int(changed.timestamp()) <= since):
        spend(request, crowd.Cost.KEPT)
        raise NotModified(headers)
    spend(request, crowd.Cost.PAGE)
    body = build()
    for name, value in headers.items():
        response[name] = value
    return body
