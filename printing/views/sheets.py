"""Score sheets and table cards of a series, for its organizers and assistants."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache

from printing import progress, score_sheets, table_cards
from printing.views.common import batch, link, options, pdf
from tournament.comparative.services import first_decks
from tournament.crowd import Cost, heavy
from tournament.languages import print_language
from tournament.models import Series, SheetStatus, Table
from tournament.permissions import organizer_required, public_page, staff_required
from tournament.sheets.confirmation import totals_hidden
from tournament.sheets.loaders import load_sheet, table_info


def _tables(tournament, number: int):
    series = get_object_or_404(Series, tournament=tournament, number=number)
    return series, series.tables.select_related("series__tournament").order_by("number")


@never_cache  # the table's secret link is printed on it: no cache keeps a copy
@staff_required
def sheet_pdf(request, tournament, number, table):
    table = get_object_or_404(Table.objects.select_related("series__tournament"),
                              series__tournament=tournament, series__number=number,
                              number=table)
    blank = bool(request.GET.get("blank"))
    name = f"{tournament.slug}-s{number}-t{table.number}{'-blank' if blank else ''}.pdf"
    with translation.override(print_language(tournament, request)):
        info = table_info(table)
        item = score_sheets.SheetPrint(info, None if blank else load_sheet(info),
                                       link(request, table))
        return pdf(lambda out: score_sheets.write_sheet(out, item, blank=blank,
                                                        **options(request, tournament)), name)


@never_cache
@staff_required
def series_sheets_pdf(request, tournament, number):
    series, tables = _tables(tournament, number)
    blank = bool(request.GET.get("blank"))

    def items():
        for table in tables.iterator(chunk_size=100):
            info = table_info(table)
            yield score_sheets.SheetPrint(info, None if blank else load_sheet(info),
                                          link(request, table))

    settings = options(request, tournament)
    # the batch is made in this request, a chunk at a time (common.batch): the items are
    # loaded and every chunk drawn inside the override
    with translation.override(print_language(tournament, request)):
        title = gettext("%(tournament)s · Series %(series)s · score sheets") % {
            "tournament": tournament.name, "series": series.number}
        return batch(request, tournament, items(), tables.count(),
                     lambda out, chunk: score_sheets.write_sheets(
                         out, chunk, series_title=title, blank=blank, **settings),
                     title=title, filename=f"{tournament.slug}-s{number}-sheets"
                                           f"{'-blank' if blank else ''}.pdf")


@never_cache
@organizer_required
def table_cards_pdf(request, tournament, number):
    series, tables = _tables(tournament, number)
    starts = first_decks(series)
    cards = (table_cards.CardPrint(table_info(t), link(request, t), starts.get(t.number, ()))
             for t in tables.iterator(chunk_size=100))
    settings = options(request, tournament)
    with translation.override(print_language(tournament, request)):
        title = gettext("%(tournament)s · Series %(series)s · table cards") % {
            "tournament": tournament.name, "series": series.number}
        return batch(request, tournament, cards, tables.count(),
                     lambda out, chunk: table_cards.write_cards(out, chunk, title=title,
                                                                **settings),
                     title=title, filename=f"{tournament.slug}-s{number}-table-cards.pdf")


@staff_required
def print_progress(request, tournament, number):
    """How far the batch ``?job=`` of this tournament is (JSON), for the page that asked."""
    job = progress.job_of(request)
    state = progress.read(tournament.slug, job) if job else None
    if state is None:  # not started yet, or long forgotten
        return JsonResponse({"known": False})
    return JsonResponse({"known": True, **state.as_json()})


@public_page
@heavy(Cost.PDF)
def public_sheet_pdf(request, visitor, number, table):
    """A released table's sheet as the public table page shows it: the same rule
    (``Visitor.sees_sheets_of``), without the table's secret link or its QR code."""
    tournament = visitor.tournament
    table = get_object_or_404(Table.objects.select_related("series__tournament"),
                              series__tournament=tournament, series__number=number,
                              number=table)
    series = table.series
    if not visitor.sees_sheets_of(series):
        raise Http404(gettext("The sheet is public once the series' results are released."))
    if totals_hidden(table):  # the page hides the totals; the PDF waits for the confirmation
        raise Http404(gettext("The sheet is being confirmed; it prints once it is confirmed."))
    # its words are properties: said in the language they are read; its names as the reader's
    info = table_info(table, public=visitor.released_only)
    if info.size not in (3, 4):
        raise Http404(gettext("This table has no score sheet."))
    with translation.override(print_language(tournament, request)):
        if not series.is_released:
            note = gettext("Not released: the staff's preview of this sheet.")
        elif series.is_correcting or table.sheet_status != SheetStatus.CONFIRMED:
            note = gettext("Correction in progress: this sheet may still change.")
        else:
            note = gettext("Released results: the table's sheet as confirmed.")
        item = score_sheets.SheetPrint(info, load_sheet(info), None, note)
        return pdf(lambda out: score_sheets.write_sheet(out, item,
                                                        **options(request, tournament)),
                   f"{tournament.slug}-s{number}-t{table.number}.pdf")
