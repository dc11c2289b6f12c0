"""The table link's entry without network (issue 24, point 1; docs/live.md "Entry offline"):
the service worker that keeps the link's page and its files, the page's web app manifest, and
what the page's outbox (static/js/outbox.js) needs to know of the sheet ahead.

The service worker is served from ``/s/sheet-sw.js`` so that its scope is ``/s/``: it controls
the table links' pages and no organizer page, and it caches nothing but those pages and the
static files and JavaScript catalog they load (static/js/sheet_sw.js).
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse, HttpResponseNotAllowed, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import etag, require_GET

from tournament.permissions import table_of_link
from tournament.sheets.offline_rules import offline_rules
from tournament.sheets.page import SheetPage

SCOPE = "/s/"  # the table links' pages (config/urls.py: ``s/<token>/``)
WORKBOX_MODULES = ("core", "routing", "strategies", "expiration")
# a form saved while the network seems up but answers nothing: kept in the outbox after this
POST_TIMEOUT_SECONDS = 15


def _worker_body() -> str:
    path = finders.find("js/sheet_sw.js")
    return _worker_source(path, os.stat(path).st_mtime_ns)


@cache
def _worker_source(path: str, changed: int) -> str:
    """The worker with its settings, read once per version of the file."""
    with open(path, encoding="utf-8") as source:
        return f"self.SHEET_SW = {json.dumps(worker_settings())};\n{source.read()}"


def _worker_tag(request) -> str:
    return hashlib.sha256(_worker_body().encode()).hexdigest()[:20]


def worker_settings() -> dict:
    """What the service worker reads before its code: the static files' addresses (hashed
    where the site's storage hashes them), the catalog's, the scope."""
    return {
        "workbox_sw": static("vendor/workbox/workbox-sw.js"),
        "workbox": {f"workbox-{name}": static(f"vendor/workbox/workbox-{name}.prod.js")
                    for name in WORKBOX_MODULES},
        "outbox": [static("vendor/idb-keyval/idb-keyval.js"), static("js/outbox_store.js")],
        "static": settings.STATIC_URL,
        "catalog": reverse("javascript_catalog"),
        "scope": SCOPE,
        "post_timeout": POST_TIMEOUT_SECONDS,
    }


@require_GET
@etag(_worker_tag)
def service_worker(request):
    """static/js/sheet_sw.js, after a line with its settings; never kept by a cache between
    (a browser asks for it at each visit to find a new version: an unchanged one is a 304)."""
    response = HttpResponse(_worker_body(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = SCOPE
    response["Cache-Control"] = "no-cache"
    return response


def manifest(request, token):
    """The web app manifest of one table's link: installed, it opens that table's sheet. The
    token is decided first, as on every page of the link: a guessed one is a 404 however
    asked."""
    table, _role = table_of_link(request, token)
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    link = reverse("tournament:sheet", args=[table.token])
    series = table.series
    short = _("Table %(number)s") % {"number": table.number}
    response = JsonResponse({
        "id": link,
        "name": f"{short} · {_('Series %(number)s') % {'number': series.number}}"
                f" · {series.tournament.name}",
        "short_name": short,
        "start_url": link,
        "scope": link,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1b5e20",
        "icons": [{"src": static("img/favicon.svg"), "sizes": "any",
                   "type": "image/svg+xml", "purpose": "any"}],
    }, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def offline_data(page: SheetPage, staff_name: str = "") -> dict:
    """The table-link page's outbox data (``<script type="application/json"
    id="sheet-offline">``): where to send, the sheet as the page shows it, and for each deal
    the heading, dealer and seats its form offers (a four-table's dealer sits out), so the
    form moves on to the next deal with the network gone."""
    info, sheet = page.info, page.sheet
    token = info.table.token
    return {
        "token": token,
        "api": reverse("api:deal_entry", kwargs={"token": token}),
        "worker": reverse("sheet_service_worker"),
        "scope": SCOPE,
        "manifest": reverse("tournament:sheet_manifest", args=[token]),
        "seats": info.size,
        "next": sheet.next_number,
        "deal_count": sheet.deal_count,
        "version": info.table.sheet_version,
        "staff_name": staff_name,  # who enters for the audit log, where the form asks no name
        "totals": None if page.hide_totals else list(sheet.totals),
        "hide_totals": page.hide_totals,
        "deals": {str(n): _deal_ahead(page, n) for n in range(1, sheet.deal_count + 1)},
    }


def _deal_ahead(page: SheetPage, number: int) -> dict:
    info = page.info
    dealer = info.dealer(number)
    sits_out = dealer if info.size == 4 else None
    deck = info.deck(number)
    name = info.seat_label(dealer, number)
    heading = _("Deal %(number)s") % {"number": number}
    if deck is not None:
        heading += " · " + _("deck %(number)s") % {"number": deck.number}
    return {
        "heading": heading,
        "dealer": (_("dealer: %(name)s (sits out)") if sits_out else _("dealer: %(name)s"))
        % {"name": name},
        "dealer_seat": dealer,
        "sits_out": sits_out,
        "deck": deck.number if deck is not None else None,
        "seats": [[p.position, info.seat_label(p.position, number)]
                  for p in info.players if p.position != sits_out],
    }


def offline_context(request, page: SheetPage) -> dict:
    """The template's part: the outbox's data and the rule set for the value preview. Also
    where the sheet takes no deal now (confirmed, every deal entered): deals waiting on the
    phone are still shown there, and what the server answers them."""
    if page.read_only or not page.playable:
        return {}
    staff_name = request.user.get_username() if page.staff else ""
    return {"offline": offline_data(page, staff_name),
            "skat_rules": offline_rules(page.info.tournament)}
