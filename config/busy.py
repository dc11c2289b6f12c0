"""A busy database answers "busy, nothing saved, try again" (503 with Retry-After), never a 500;
so does a shared cache (Redis) that stopped answering.

A long write (an organizer's import, a large change) holds SQLite's write lock or a PostgreSQL
row lock; a phone's save waits for it ``config.database.lock_wait()`` seconds and then fails
with "database is locked" or a lock timeout. Its transaction is rolled back whole, so the phone
may send the same request again: the sheet's version and deal number refuse a double.
"""

from __future__ import annotations

import sys

from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext, gettext_noop
from django.views.defaults import server_error as django_server_error

from config.caches import cache_unreachable
from config.database import is_busy
from tournament.crowd import stylesheet

RETRY_AFTER = 5  # seconds
# English msgids (tests compare them); ``busy_response`` says them in the reader's language
BUSY_NOTHING_SAVED = gettext_noop("The database is busy (a long change holds it): nothing was "
                                  "saved. Send it again in a few seconds.")
BUSY = gettext_noop("The site is busy (a long change holds the database). Try again in a few "
                    "seconds.")
# A shared cache (Redis, REDIS_URL) that stopped answering: a deal may have been saved before
# the page after it needed the cache, so the reader is told to look rather than to send again
CACHE_DOWN = gettext_noop("The site cannot reach its shared cache right now. Try again in a few "
                          "seconds; reload the page first to see whether what you sent was "
                          "saved.")


def busy_response(request, message: str) -> HttpResponse:
    """The 503: JSON for the sheet's live preview and other script requests, else a page
    rendered without the request (it needs no database: no user, no session). ``message``:
    one of this module's msgids, said in the reader's language."""
    message = gettext(message)
    wants_json = ("application/json" in request.headers.get("Accept", "")
                  or request.path.endswith("/preview/"))
    response: HttpResponse
    if wants_json:
        response = JsonResponse({"ok": False, "busy": True, "errors": {},
                                 "non_field": [message]}, status=503)
    else:
        response = HttpResponse(render_to_string("wait.html", {
            "title": gettext("Busy: try again"), "message": message, "back": True,
            "stylesheet": stylesheet()}),
                                status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


class BusyDatabaseMiddleware:
    """A view that met a lock it could not get in time answers the 503: its transaction was
    rolled back, nothing of the request was saved."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if is_busy(exception):
            return busy_response(request, BUSY_NOTHING_SAVED)
        if cache_unreachable(exception):
            return busy_response(request, CACHE_DOWN)
        return None


def server_error(request, *args, **kwargs):
    """``handler500``: a busy database met outside a view (a session or a login's record
    written after it) is the 503 too; anything else is Django's 500."""
    error = sys.exc_info()[1]
    if error is not None and is_busy(error):
        return busy_response(request, BUSY)
    if error is not None and cache_unreachable(error):
        return busy_response(request, CACHE_DOWN)
    return django_server_error(request, *args, **kwargs)
