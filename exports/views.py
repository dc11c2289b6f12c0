"""The downloads: each view parses the request, asks ``exports.sheets`` for the sheet of its
page and sends it as a file (``exports.files.download``).

A public download has the decorator of the page it copies, ``public_page``: a private
tournament is a 404 but for its staff, the public gets the released series, the staff every
series. Like the results' PDFs, an anonymous download is ``heavy(Cost.PDF)`` (kept per results
version and charged to the visitor's address, ``tournament.crowd``). The player list and the
audit log are the organizer's, as their pages are.
"""

from __future__ import annotations

from django.views.decorators.http import require_safe

from exports import sheets
from exports.files import download, ordered
from tournament.crowd import Cost, heavy
from tournament.forms import AuditFilterForm
from tournament.models import Club
from tournament.permissions import organizer_required, public_page
from tournament.registration.forms import EntryFilterForm


def _send(request, tournament, sheet, fmt):
    """The sheet in the order its page was sorted by (``?sort=``), as a file."""
    ordered(sheet.table, request.GET.getlist(sheet.table.prefixed_order_by_field))
    return download(sheet, fmt, tournament)


# -- the public's, as their pages (the staff: every series) -----------------------------------


@require_safe
@public_page
@heavy(Cost.PDF)
def standings(request, visitor, fmt):
    sheet = sheets.standings(visitor, club=request.GET.get("club") or "")
    return _send(request, visitor.tournament, sheet, fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def series_standings(request, visitor, number, fmt):
    sheet = sheets.standings(visitor, number, club=request.GET.get("club") or "")
    return _send(request, visitor.tournament, sheet, fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def clubs(request, visitor, fmt):
    return _send(request, visitor.tournament, sheets.clubs(visitor), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def teams(request, visitor, fmt):
    return _send(request, visitor.tournament, sheets.teams(visitor), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def prizes(request, visitor, fmt):
    return _send(request, visitor.tournament, sheets.prizes(visitor), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def player_deals(request, visitor, number, fmt):
    return _send(request, visitor.tournament, sheets.player_deals(visitor, number), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def player_decks(request, visitor, number, fmt):
    return _send(request, visitor.tournament, sheets.player_decks(visitor, number), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def comparative(request, visitor, fmt):
    return _send(request, visitor.tournament, sheets.comparative(visitor), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def comparative_series(request, visitor, number, fmt):
    return _send(request, visitor.tournament, sheets.comparative(visitor, number), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def traveller(request, visitor, number, deck, fmt):
    return _send(request, visitor.tournament, sheets.traveller(visitor, number, deck), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def travellers(request, visitor, number, fmt):
    return _send(request, visitor.tournament, sheets.travellers(visitor, number), fmt)


@require_safe
@public_page
@heavy(Cost.PDF)
def seating(request, visitor, number, fmt):
    return _send(request, visitor.tournament, sheets.seating(visitor, number), fmt)


# -- the organizer's, as their pages ----------------------------------------------------------


@require_safe
@organizer_required
def players(request, tournament, fmt):
    """The player list with the page's filters (name or number, club, status)."""
    filters = EntryFilterForm(request.GET or None,
                              clubs=Club.objects.filter(entries__tournament=tournament).distinct())
    return _send(request, tournament, sheets.players(tournament, **filters.filters()), fmt)


@require_safe
@organizer_required
def audit(request, tournament, fmt):
    """The audit log with the page's filters (kind of change, series, table, deal)."""
    filters = AuditFilterForm(request.GET)
    return _send(request, tournament, sheets.audit(tournament, filters.filter(
        tournament.audit.all())), fmt)
