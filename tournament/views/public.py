"""Pages for the room and the public: the tournament, seating charts, a table's page."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render

from engine import dealer_seat
from tournament.models import Series, Table, Tournament
from tournament.permissions import visible_tournament
from tournament.seating import services as plans


def _visible_series(request, slug, number) -> tuple[Tournament, Series, bool]:
    tournament, organizer = visible_tournament(request, slug)
    series = get_object_or_404(Series, tournament=tournament, number=number)
    if not (series.is_published or organizer):
        raise Http404("This series is not seated yet.")
    return tournament, series, organizer


def tournament_page(request, slug):
    tournament, organizer = visible_tournament(request, slug)
    series = tournament.series.order_by("number")
    if not organizer:
        series = series.exclude(status="draft")
    return render(request, "tournament/public/tournament.html",
                  {"tournament": tournament, "series_list": series, "organizer": organizer})


def chart_by_table(request, slug, number):
    tournament, series, organizer = _visible_series(request, slug, number)
    return render(request, "tournament/public/chart_tables.html", {
        "tournament": tournament, "series": series, "tables": plans.chart_by_table(series),
        "draft": not series.is_published,
    })


def chart_by_player(request, slug, number):
    tournament, series, organizer = _visible_series(request, slug, number)
    return render(request, "tournament/public/chart_players.html", {
        "tournament": tournament, "series": series, "rows": plans.chart_by_player(series),
        "draft": not series.is_published,
    })


def table_page(request, slug, number, table):
    tournament, series, organizer = _visible_series(request, slug, number)
    table_obj = get_object_or_404(Table, series=series, number=table)
    rows = sorted((r for r in plans.seat_rows(series) if r.table == table_obj.number),
                  key=lambda r: r.position)
    size = len(rows)
    first_dealer = None
    if size in (3, 4):
        first_dealer = rows[dealer_seat(1, size, tournament.rules) - 1]
    return render(request, "tournament/public/table.html", {
        "tournament": tournament, "series": series, "table": table_obj, "rows": rows,
        "first_dealer": first_dealer, "deals": tournament.deals_at(size) if size else 0,
        "organizer": organizer,
    })
