"""What every sheet view reads of the request: the table of a link (with its players), who is
entering, the sheet page rendered, a refusal said."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournament.models import Deal, Table
from tournament.numbers import signed
from tournament.parsing import clean_text
from tournament.permissions import Role, session_tag, table_of_link
from tournament.sheets import services as deals
from tournament.sheets.confirmation import real_name, wrong_size
from tournament.sheets.page import confirm_names, sheet_page
from tournament.views.sheets.offline import offline_context
from tournament.words import refusal

SHEET_TEMPLATE = "tournament/sheet/sheet.html"


# --- request parsing -------------------------------------------------------------------------

def playable_table(view):
    """A change through the table's link: ``view(request, info, role, ...)``, ``info`` the
    table with its players (``info.table``), read once for the whole request. A table whose
    plan seats other than 3 or 4 players has no sheet to change: say so, change nothing."""

    @wraps(view)
    def wrapped(request, token, *args, **kwargs):
        table, role = table_of_link(request, token)
        info = deals.table_info(table)
        if info.size not in (3, 4):
            messages.error(request, wrong_size(table.number, info.size))
            return redirect(sheet_url(table))
        return view(request, info, role, *args, **kwargs)

    return wrapped


def _session_key(table: Table) -> str:
    return f"scorekeeper:{table.token}"


def scorekeeper(request, table: Table) -> str:
    """The name the scorekeeper chose on this device (kept per table link)."""
    return real_name(clean_text(request.session.get(_session_key(table), ""))[:120])


def who_enters(request, table: Table, role: Role) -> str:
    """Who is entering: the staff member's username, or the scorekeeper's chosen name."""
    if role >= Role.ASSISTANT:
        return request.user.get_username()
    name = real_name(clean_text(request.POST.get("scorekeeper", ""))[:120])
    if name and name != request.session.get(_session_key(table)):
        request.session[_session_key(table)] = name  # a session write only when it changes
    # no name given: none is made up; the audit log's device tag tells the phones apart
    return name or scorekeeper(request, table)


def sheet_url(table: Table) -> str:
    return reverse("tournament:sheet", args=[table.token])


def render_sheet(request, table: Table, role: Role, status: int = 200,
                  info: deals.TableInfo | None = None, **forms):
    page = sheet_page(table, role, scorekeeper(request, table),
                      own_submission=own_submission(request, table), info=info, **forms)
    return render(request, SHEET_TEMPLATE, {
        "page": page, "tournament": page.info.tournament, "series": table.series,
        "table": table, "sheet": page.sheet,
        "player_names": [p.name for p in page.info.players],
        "confirm_names": confirm_names(page.info, table.submitted_by),
        **offline_context(request, page),  # the outbox and the value preview without network
    }, status=status)


def own_submission(request, table: Table) -> bool:
    """This device or this account submitted the sheet (an organizer may then override)."""
    if not table.submitted_by:
        return False
    user = request.user
    return (table.submitted_session == session_tag(request) or
            (user.is_authenticated and user.get_username().lower() == table.submitted_by.lower()))


def deal_message(deal: Deal) -> str:
    # Translators: a deal saved: "Deal 12: Grand with 2, won: +48"
    return (_("Deal %(number)s: %(game)s: %(value)s")
            % {"number": deal.number, "game": deal.text, "value": signed(deal.value)})


def refused(request, table: Table, exc: Exception, to: str | None = None):
    messages.error(request, refusal(exc))  # the engine's refusals in the reader's language
    return redirect(to or sheet_url(table))


def staff_table(tournament, number: int, table: int) -> Table:
    return get_object_or_404(Table.objects.select_related("series__tournament"),
                             series__tournament=tournament, series__number=number,
                             number=table)
