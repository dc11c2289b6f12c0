"""The organizer's way to a table's sheet, reopening a sheet, and a series' tables."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.live import live_staff
from tournament.models import Series, SheetStatus
from tournament.parsing import INT_MAX, clean_text, int_param, page_number
from tournament.permissions import organizer_required, session_tag, staff_required
from tournament.seating.page import no_such_table
from tournament.sheets import page as sheet_pages
from tournament.sheets import services as deals
from tournament.sheets.page import series_sheets, series_tables
from tournament.sheets.services import SheetError
from tournament.views.confirm import Question, ask, confirmed
from tournament.views.sheets.requests import refused, sheet_url, staff_table


@staff_required
def organizer_sheet(request, tournament, number, table):
    return redirect(sheet_url(staff_table(tournament, number, table)))


@require_POST
@organizer_required
def sheet_reopen(request, tournament, number, table):
    table = staff_table(tournament, number, table)
    if not confirmed(request) and not table.is_open:
        where = {"table": table.number, "series": number}
        said = [(_("The sheet of table %(table)s of series %(series)s goes back to its players: "
                   "deals can be changed again, and its confirmation is void.")
                 if table.is_confirmed else
                 _("The sheet of table %(table)s of series %(series)s goes back to its players: "
                   "deals can be changed again, and its submission is void.")) % where,
                _("The sheet must be submitted and confirmed again before the series' results "
                  "count as final.")]
        if table.series.is_released:
            said.append(_("The results of series %(series)s are released. Until this sheet is "
                          "confirmed again and the series is released again, the public pages "
                          "show no results of series %(series)s, only “a correction is in "
                          "progress”; then the corrected results.") % where)
        return ask(request, Question(_("Reopen the sheet of table %(table)s?") % where, said,
                                     yes=_("Reopen the sheet"), cancel=sheet_url(table)),
                   tournament)
    try:  # the one question above was the organizer's consent to the correction
        deals.reopen_sheet(table, request.user, released_ok=True, session=session_tag(request))
    except SheetError as exc:
        return refused(request, table, exc)
    messages.success(request, _("The sheet of table %(table)s is open again.")
                     % {"table": table.number})
    return redirect(sheet_url(table))


@staff_required
@live_staff  # the tables' progress updates by itself (static/js/live.js)
def series_sheets_page(request, tournament, number):
    series = get_object_or_404(Series, tournament=tournament, number=number)
    typed = clean_text(request.GET.get("table", ""))
    if typed:  # "Table … Go": straight to that table's sheet
        found = series.tables.filter(number=int_param(typed, 1, INT_MAX) or 0).first()
        if found is not None:
            return redirect("tournament:sheet", found.token)
        messages.error(request, no_such_table(series, typed))
    status = request.GET.get("status", "")
    status = status if status in SheetStatus.values else ""
    page = Paginator(series_tables(series, status), sheet_pages.SHEETS_PER_PAGE).get_page(
        page_number(request))
    return render(request, "tournament/sheet/series_sheets.html", {
        "tournament": tournament, "series": series, "page": page,
        "tables": series_sheets(series, page.object_list), "status": status,
        "statuses": SheetStatus.choices, "has_tables": series.tables.exists(),
        "query": f"status={status}&" if status else "",
        "is_organizer": tournament.organized_by(request.user),
    })
