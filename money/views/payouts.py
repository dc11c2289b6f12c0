"""The payout sheet (page, PDF, downloads) and the organizer's cash book: every number is the
ledger's (``money.payout_sheet``, ``money.cash_book``), the views only choose the rows."""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from exports.files import FORMATS, Sheet, download, ordered
from money.cash_book import balance_lines, balance_of, balance_problems, cash_book_of
from money.currency import SIGNS
from money.payout_sheet import PayoutSheet, payout_sheet
from money.pdf import write_payout_sheet
from money.services import has_money, money_settings
from money.tables import (
    CashBookExport,
    CashPoolTable,
    KindTable,
    PayoutsTable,
    PayoutTable,
    PoolTable,
    cash_book_records,
    cash_pool_records,
    kind_records,
    payout_rows,
    pool_rows,
)
from printing.views.common import options, pdf
from tournament.languages import print_language
from tournament.parsing import configure_table
from tournament.permissions import organizer_required

PER_PAGE = 100  # players a page: a club night on one, a congress paged


def _download_links(request, name: str, slug: str) -> list[tuple[str, str, str]]:
    """The page's "Download: CSV · XLSX · ODS", keeping its sort (never its page)."""
    query = request.GET.copy()
    for key in list(query):
        if key.rsplit("-", 1)[-1] in ("page", "per_page"):
            del query[key]
    tail = f"?{query.urlencode()}" if query else ""
    return [(fmt, fmt.upper(), reverse(f"money:{name}", args=[slug, fmt]) + tail)
            for fmt in FORMATS]


def _balance(sheet: PayoutSheet) -> dict[str, object]:
    balance = balance_of(sheet)
    return {"balance": balance, "balance_lines": balance_lines(balance, sheet.book.currency),
            "balance_problems": balance_problems(balance, sheet.book.currency)}


@require_safe
@organizer_required
def payouts(request, tournament):
    context = {"tournament": tournament, "moves_money": has_money(money_settings(tournament))}
    if context["moves_money"]:
        sheet = payout_sheet(tournament)
        currency = sheet.book.currency
        context.update(
            problem=sheet.book.problem,
            settings_url=reverse("money:settings", args=[tournament.slug]),
            sheet=sheet, currency=currency, sign=SIGNS.get(currency, currency),
            table=configure_table(request, PayoutTable(sheet), PER_PAGE),
            pools_table=PoolTable(pool_rows(sheet)),
            # a congress pays thousands of groups (each table's money): paged on its own
            payouts_table=configure_table(request, PayoutsTable(payout_rows(sheet),
                                                                prefix="payouts-"), PER_PAGE),
            download_links=_download_links(request, "payouts_export", tournament.slug),
            **_balance(sheet))
    return render(request, "money/payouts.html", context)


@require_safe
@organizer_required
def payouts_pdf(request, tournament):
    settings = options(request, tournament)
    # the PDF's words and figures in the tournament's print language, as the results' PDFs
    with translation.override(print_language(tournament, request)):
        sheet = payout_sheet(tournament)
        return pdf(lambda out: write_payout_sheet(out, sheet, **settings),
                   f"{tournament.slug}-payouts.pdf")


@require_safe
@organizer_required
def payouts_export(request, tournament, fmt):
    """The players' table of the payout sheet, in the order the page was sorted by."""
    table = PayoutTable(payout_sheet(tournament))
    ordered(table, request.GET.getlist(table.prefixed_order_by_field))
    return download(Sheet(table, "payouts", gettext("Payout sheet")), fmt, tournament)


@require_safe
@organizer_required
def cash_book(request, tournament):
    context = {"tournament": tournament, "moves_money": has_money(money_settings(tournament))}
    if context["moves_money"]:
        sheet = payout_sheet(tournament)
        book = cash_book_of(sheet)
        currency = book.currency
        context.update(
            problem=sheet.book.problem,
            settings_url=reverse("money:settings", args=[tournament.slug]),
            book=book, currency=currency, sign=SIGNS.get(currency, currency),
            kinds_table=KindTable(kind_records(book)),
            pools_table=CashPoolTable(cash_pool_records(book)),
            download_links=_download_links(request, "cash_book_export", tournament.slug),
            **_balance(sheet))
    return render(request, "money/cash_book.html", context)


@require_safe
@organizer_required
def cash_book_export(request, tournament, fmt):
    """The cash book as one file: a row per fee kind, a row per pool, the till at the end."""
    book = cash_book_of(payout_sheet(tournament))
    table = CashBookExport(cash_book_records(book))
    return download(Sheet(table, "cash-book", gettext("Cash book")), fmt, tournament)
