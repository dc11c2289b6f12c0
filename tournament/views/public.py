"""Pages for the room and the public: the tournament, seating charts, a table's page."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from engine import dealer_seat
from tournament.comparative.services import deal_set_of
from tournament.crowd import Cost, heavy
from tournament.guide import counted_words
from tournament.live import live_public, progress_of
from tournament.models import Series, Table
from tournament.parsing import clean_text, page_number
from tournament.permissions import IN_PLAY_STATES, Role, Visitor, public_page
from tournament.seating import charts
from tournament.seating import page as pages
from tournament.sheets.loaders import table_info
from tournament.sheets.page import sheet_page


def _seated_series(visitor: Visitor, number: int) -> Series:
    series = get_object_or_404(Series, tournament=visitor.tournament, number=number)
    if not visitor.sees_seating_of(series):
        raise Http404(_("This series is not seated yet."))
    return series


@public_page
@live_public(in_play=True, counted=False)
@heavy(Cost.PAGE, counted=False)  # its followers during play share one copy a change
def tournament_page(request, visitor):
    every = list(visitor.tournament.series.order_by("number"))
    counted = [s.number for s in every if visitor.counts(s)]
    # the series in play, how far their tables are: the staff's, and the public's where the
    # organizer shows it the provisional standings (Visitor.playing)
    playing = [s.number for s in every if s.status in IN_PLAY_STATES
               and (visitor.staff or visitor.in_play)]
    return render(request, "tournament/public/tournament.html", {
        "progress": progress_of(visitor.tournament, playing),
        "tournament": visitor.tournament, "organizer": visitor.staff,
        "series_list": [s for s in every if visitor.sees_seating_of(s)],
        "counted": counted_words(counted, visitor.tournament.series_count),
        "counted_numbers": counted,
        "comparative": deal_set_of(visitor.tournament) is not None,
        "correcting": [s.number for s in every if s.is_correcting]})


@public_page
def chart_by_table(request, visitor, number):
    tournament, series = visitor.tournament, _seated_series(visitor, number)
    typed = clean_text(request.GET.get("table", ""))
    if typed:
        address = pages.table_address(series, typed)
        if address:
            return redirect(request.path + address)
    chart = pages.tables_page(series, page_number(request), public=visitor.released_only)
    return render(request, "tournament/public/chart_tables.html", {
        "tournament": tournament, "series": series, "chart": chart, "page": chart.page,
        "jumps": chart.jumps, "draft": not series.is_published,
        "missing": pages.no_such_table(series, typed) if typed else "", "table_typed": typed[:20],
    })


@public_page
def chart_by_player(request, visitor, number):
    tournament, series = visitor.tournament, _seated_series(visitor, number)
    query = clean_text(request.GET.get("q", ""))[:100]
    names = pages.names_page(series, page_number(request), query,
                             public=visitor.released_only)
    return render(request, "tournament/public/chart_players.html", {
        "tournament": tournament, "series": series, "names": names, "page": names.page,
        "jumps": names.jumps, "query": names.query,
        "paging": urlencode({"q": names.query}) + "&" if names.query else "",
        "draft": not series.is_published,
    })


@public_page
def table_page(request, visitor, number, table):
    tournament, series = visitor.tournament, _seated_series(visitor, number)
    table_obj = get_object_or_404(Table, series=series, number=table)
    rows = sorted((r for r in charts.seat_rows(series, [table_obj.number],
                                              public=visitor.released_only)),
                  key=lambda r: r.position)
    size = len(rows)
    first_dealer = None
    if size in (3, 4):
        first_dealer = rows[dealer_seat(1, size, tournament.rules) - 1]
    # the sheet is public once the series' results are (read-only: no token, no forms)
    sheet = (sheet_page(table_obj, Role.NONE, read_only=True,
                        info=table_info(table_obj, public=visitor.released_only))
             if visitor.sees_sheets_of(series) and size in (3, 4) else None)
    return render(request, "tournament/public/table.html", {
        "tournament": tournament, "series": series, "table": table_obj, "rows": rows,
        "first_dealer": first_dealer, "deals": tournament.deals_at(size) if size else 0,
        "organizer": visitor.staff, "page": sheet, "sheet": sheet.sheet if sheet else None,
    })
