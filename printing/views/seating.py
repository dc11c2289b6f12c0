"""The seating chart (by table and by name) and the seat slips of a series, for its organizers:
the decorator of the series page, which draws and publishes the plan.

The slips have a URL of their own (``seat-slips.pdf``) rather than ``seating.pdf?slips=1``:
they are another document, not a variant of the chart (``?blank=1`` empties a sheet but keeps
its layout), printed at another moment on other paper and cut up; their own URL downloads
under their own file name, and the access table lists it as a row of its own.

A series without seats answers a one-page PDF that says so; a draft plan prints marked
"draft" on every page and slip.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import translation

from printing import seat_slips, seating
from printing.views.common import options as _options
from printing.views.common import pdf as _pdf
from tournament.languages import print_language
from tournament.models import Series
from tournament.permissions import organizer_required
from tournament.seating import charts


def _chart(tournament, number: int) -> seating.SeatingPrint:
    series = get_object_or_404(Series, tournament=tournament, number=number)
    return seating.SeatingPrint(tournament.name, series.number,
                                tuple(charts.seat_rows(series)), draft=series.is_draft)


@organizer_required
def seating_pdf(request, tournament, number):
    chart = _chart(tournament, number)
    with translation.override(print_language(tournament, request)):
        return _pdf(lambda out: seating.write_chart(out, chart, **_options(request, tournament)),
                    f"{tournament.slug}-s{number}-seating.pdf")


@organizer_required
def seat_slips_pdf(request, tournament, number):
    chart = _chart(tournament, number)
    with translation.override(print_language(tournament, request)):
        return _pdf(lambda out: seat_slips.write_slips(out, chart,
                                                       **_options(request, tournament)),
                    f"{tournament.slug}-s{number}-seat-slips.pdf")
