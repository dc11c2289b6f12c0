"""Score sheets and table cards of a series, for its organizers and assistants."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from printing import score_sheets, table_cards
from printing.views.common import link as _link
from printing.views.common import options as _options
from printing.views.common import pdf as _pdf
from tournament.models import Series, Table
from tournament.permissions import organizer_required, staff_required
from tournament.sheets.loaders import load_sheet, table_info


def _tables(tournament, number: int):
    series = get_object_or_404(Series, tournament=tournament, number=number)
    return series, series.tables.select_related("series__tournament").order_by("number")


@staff_required
def sheet_pdf(request, tournament, number, table):
    table = get_object_or_404(Table.objects.select_related("series__tournament"),
                              series__tournament=tournament, series__number=number,
                              number=table)
    blank = bool(request.GET.get("blank"))
    info = table_info(table)
    item = score_sheets.SheetPrint(info, None if blank else load_sheet(info),
                                   _link(request, table))
    name = f"{tournament.slug}-s{number}-t{table.number}{'-blank' if blank else ''}.pdf"
    return _pdf(lambda out: score_sheets.write_sheet(out, item, blank=blank,
                                                     **_options(request)), name)


@staff_required
def series_sheets_pdf(request, tournament, number):
    series, tables = _tables(tournament, number)
    blank = bool(request.GET.get("blank"))

    def items():
        for table in tables:
            info = table_info(table)
            yield score_sheets.SheetPrint(info, None if blank else load_sheet(info),
                                          _link(request, table))

    title = f"{tournament.name} · Series {series.number} · score sheets"
    name = f"{tournament.slug}-s{number}-sheets{'-blank' if blank else ''}.pdf"
    return _pdf(lambda out: score_sheets.write_sheets(out, items(), series_title=title,
                                                      blank=blank, **_options(request)), name)


@organizer_required
def table_cards_pdf(request, tournament, number):
    series, tables = _tables(tournament, number)
    cards = (table_cards.CardPrint(table_info(t), _link(request, t)) for t in tables)
    title = f"{tournament.name} · Series {series.number} · table cards"
    return _pdf(lambda out: table_cards.write_cards(out, cards, title=title,
                                                    **_options(request)),
                f"{tournament.slug}-s{number}-table-cards.pdf")
