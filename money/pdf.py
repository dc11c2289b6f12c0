"""The payout sheet as a PDF: the players' table (paid by kind, received by pool, the net),
the pools, the payouts and the balance line, the rows of the page (``money.payout_sheet``),
through ``printing.base.render`` (the tournament's paper, DejaVu Sans, header and footer).

Amounts are figures in the active language under a head that names the currency; the
balance line writes them with the currency's sign."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from typing import IO
from xml.sax.saxutils import escape

from django.utils.translation import gettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from money.cash_book import (
    balance_lines,
    balance_of,
    balance_problems,
    kinds_in_use,
    payout_where,
    places_text,
    received_in_use,
)
from money.currency import SIGNS
from money.ledger import RECEIVED
from money.payout_sheet import PayoutSheet
from money.rules import FEE_KINDS
from money.services import has_money
from money.tables import figure, signed_figure, who
from money.words import KIND_WORDS, POOL_WORDS, SETTLED_WORD
from printing.base import FONT, FONT_BOLD, Layout, fit, render, style


def no_money_text() -> str:
    return gettext("This tournament moves no money: no fees, no prizes and no settlement at "
                   "the tables are set on its Money page.")


SIZE = 7.5  # the tables' font size
# a players' table of many kinds and pools is set smaller until the names keep their room
SIZES = (7.5, 7, 6.5, 6, 5.5, 5)
ROW = 11  # a player's row
PAD = 2.5  # a cell's padding left and right
STRIPE = colors.Color(0.94, 0.94, 0.94)
WARN = colors.Color(0.72, 0.11, 0.11)
NARROWEST_NAME = 90  # points: below this the club gives its room to the name
ROOMY = 44  # points: an amount column's width where the page has the room


@functools.lru_cache(maxsize=4096)
def cut(text: str, width: float, bold: bool = False, size: float = SIZE) -> str:
    """``text`` cut with "…" to fit ``width`` points at ``size`` (``printing.base.fit``)."""
    return fit(text, width, size, bold=bold, smallest=size)[0]


def _width(text: str, bold: bool = False, size: float = SIZE) -> float:
    return pdfmetrics.stringWidth(text, FONT_BOLD if bold else FONT, size)


def _head(text: str, right: bool, size: float = SIZE) -> Paragraph:
    """A column's head, wrapped at its words so that a long kind's name takes two lines
    rather than the width of its figures."""
    return Paragraph(escape(text), style(size, bold=True, leading=size * 1.15,
                                         align=TA_RIGHT if right else 0))


def _head_width(text: str, size: float = SIZE) -> float:
    """The narrowest a head may be: its longest word."""
    return max(_width(word, True, size) for word in text.split() or [""])


def _text(text: str, size: float = 9, *, bold: bool = False, color=None) -> Paragraph:
    paragraph_style = style(size, bold=bold, leading=size * 1.3)
    if color is not None:
        paragraph_style.textColor = color
    return Paragraph(escape(text), paragraph_style)


def _table_style(rows: int, right: Sequence[int], *, total: bool = False,
                 size: float = SIZE) -> list[tuple]:
    commands: list[tuple] = [
        ("FONT", (0, 1), (-1, -1), FONT, size),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("VALIGN", (0, 1), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD), ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
    ]
    body_end = rows - 2 if total else rows - 1
    if body_end >= 1:
        commands.append(("ROWBACKGROUNDS", (0, 1), (-1, body_end), [None, STRIPE]))
    if total:
        commands += [("FONT", (0, -1), (-1, -1), FONT_BOLD, size),
                     ("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black)]
    commands += [("ALIGN", (i, 1), (i, -1), "RIGHT") for i in right]
    return commands


def _intro(sheet: PayoutSheet, layout: Layout) -> list[Flowable]:
    tournament = sheet.book.settings.tournament
    heading, size = fit(gettext("%(tournament)s: Payout sheet") % {
        "tournament": tournament.name}, layout.width, 15, bold=True, smallest=9)
    currency = sheet.book.currency
    numbers = sheet.book.series_numbers
    lead = [gettext("Amounts in %(currency)s.") % {"currency": SIGNS.get(currency, currency)}]
    lead.append(gettext("Series counted: %(series)s.") % {
        "series": ", ".join(str(n) for n in numbers)} if numbers
        else gettext("No series yet."))
    return [Paragraph(escape(heading), style(size, bold=True, leading=size * 1.3)),
            Spacer(1, 2), _text(" ".join(lead)), Spacer(1, 4)]


def _balance(sheet: PayoutSheet) -> list[Flowable]:
    balance = balance_of(sheet)
    currency = sheet.book.currency
    story: list[Flowable] = [_text(gettext("Balance"), 11, bold=True)]
    story += [_text(line) for line in balance_lines(balance, currency)]
    if balance.balances:
        story.append(_text(gettext("It balances."), bold=True))
    else:
        story.append(_text(gettext("It does not balance."), 11, bold=True, color=WARN))
        story += [_text(problem, bold=True, color=WARN)
                  for problem in balance_problems(balance, currency)]
    return [KeepTogether(story), Spacer(1, 8)]


def players_table(sheet: PayoutSheet, layout: Layout, detailed: bool = True) -> Table:
    """A row a player: No., name, club, the kinds paid, paid, the pools received,
    received, the settlement, the net; a total row under them. Amounts too wide for the
    paper even in the smallest type: paid, received and net only (``detailed`` false), as
    a phone shows them."""
    kinds = kinds_in_use(sheet) if detailed else []
    pools = received_in_use(sheet) if detailed else []
    settles = sheet.book.settings.settle_at_rate
    kind_at = [FEE_KINDS.index(k) for k in kinds]
    pool_at = [RECEIVED.index(p) for p in pools]
    out = {p.pool: p.out or 0 for p in sheet.pools}

    def detail(cents: int) -> str:
        return figure(cents) if cents else "–"

    heads = [str(KIND_WORDS[k]) for k in kinds] + [pgettext("money", "Paid")]
    heads += [str(POOL_WORDS[p]) for p in pools] + [pgettext("money", "Received")]
    heads += [str(SETTLED_WORD)] if settles else []
    heads.append(pgettext("money", "Net"))
    rows = []
    for line in sheet.lines:
        cells = [detail(line.paid[i]) for i in kind_at] + [figure(line.paid_total)]
        cells += [detail(line.received[i]) for i in pool_at] + [figure(line.received_total)]
        cells += [signed_figure(line.settled)] if settles else []
        cells.append(signed_figure(line.net))
        rows.append((line, cells))
    total = [figure(sheet.paid_by_kind[i]) for i in kind_at] + [figure(sheet.paid_total)]
    total += [figure(out[p]) for p in pools] + [figure(sheet.received_total)]
    total += [signed_figure(sheet.settled_total)] if settles else []
    total.append("")
    number_head = pgettext("participant number", "No.")
    for size in SIZES:
        widths, number_width = _player_columns(heads, rows, total, number_head, size)
        free = layout.width - number_width - sum(widths)
        if free >= NARROWEST_NAME:
            break
    else:
        if detailed and (kinds or pools):
            return players_table(sheet, layout, detailed=False)
    roomy = [max(w, ROOMY) for w in widths]
    if size == SIZE and layout.width - number_width - sum(roomy) >= NARROWEST_NAME * 2.2:
        widths = roomy  # room to spare: the figures breathe
    free = max(layout.width - number_width - sum(widths), 2 * NARROWEST_NAME // 3)
    with_club = free >= NARROWEST_NAME * 1.6
    # the names take what they need, the clubs the rest (each cut with "…" if too long)
    needed_name = max([_head_width(gettext("Player"), size), _width(gettext("Total"), True, size),
                       *(_width(line.player.label, size=size) for line, _ in rows)])
    needed_club = max([_head_width(pgettext("a player's club", "Club"), size),
                       *(_width(line.player.club, size=size) for line, _ in rows)])
    name_width = (min(needed_name + 2 * PAD, max(free * 0.55, free - needed_club - 2 * PAD))
                  if with_club else free)
    club_width = free - name_width
    col_widths = [number_width, name_width, *([club_width] if with_club else []), *widths]
    first_amount = 3 if with_club else 2
    right = [0, *range(first_amount, first_amount + len(heads))]
    data: list[list] = [[_head(number_head, True, size), _head(gettext("Player"), False, size),
                         *([_head(pgettext("a player's club", "Club"), False, size)]
                           if with_club else []),
                         *(_head(head, True, size) for head in heads)]]
    for line, cells in rows:
        player = line.player
        data.append([str(player.number), cut(player.label, name_width - 2 * PAD, size=size),
                     *([cut(player.club, club_width - 2 * PAD, size=size)]
                       if with_club else []),
                     *cells])
    data.append(["", cut(gettext("Total"), name_width - 2 * PAD, True, size),
                 *([""] if with_club else []), *total])
    table = Table(data, colWidths=col_widths, rowHeights=[None] + [ROW] * (len(data) - 1),
                  repeatRows=1)
    table.setStyle(TableStyle(_table_style(len(data), right, total=True, size=size)))
    return table


def _player_columns(heads: Sequence[str], rows, total: Sequence[str], number_head: str,
                    size: float) -> tuple[list[float], float]:
    """At ``size``: each amount column as wide as its widest figure or its head's longest
    word, and the number's column."""
    widths = [max([_head_width(head, size), *(_width(cells[i], size=size) for _, cells in rows),
                   _width(total[i], True, size)]) + 2 * PAD
              for i, head in enumerate(heads)]
    number_width = max([_head_width(number_head, size),
                        *(_width(str(line.player.number), size=size) for line, _ in rows)])
    return widths, number_width + 2 * PAD


def pools_table(sheet: PayoutSheet) -> Table:
    heads = [gettext("Pool"), pgettext("money into a pool", "In"), gettext("Paid out"),
             gettext("Kept or left")]
    data: list[list] = [[_head(heads[0], False), *(_head(h, True) for h in heads[1:])]]
    for p in sheet.pools:
        kept = p.kept
        data.append([str(POOL_WORDS[p.pool]), figure(p.came_in),
                     "–" if p.out is None else figure(p.out), figure(kept)])
    table = Table(data, colWidths=[110, 70, 70, 70], hAlign="LEFT")
    table.setStyle(TableStyle(_table_style(len(data), [1, 2, 3])))
    return table


def payouts_table(sheet: PayoutSheet, layout: Layout) -> Table | Paragraph:
    """Each group of equals with its places, pool, series and table, its players (a tie's
    one a line) and what each receives."""
    if not sheet.payouts:
        return _text(gettext("Nobody is paid yet."))
    heads = [gettext("Pool"), gettext("Series / table"), gettext("Places"), gettext("Players"),
             gettext("Each")]
    pool_width = max(_width(str(POOL_WORDS[p.pool])) for p in sheet.payouts) + 2 * PAD
    where_texts = [payout_where(p) for p in sheet.payouts]
    where_width = max([_head_width(heads[1]), *(_width(w) for w in where_texts)]) + 2 * PAD
    places_width = max([_head_width(heads[2]),
                        *(_width(places_text(p.places)) for p in sheet.payouts)]) + 2 * PAD
    each_width = max([_head_width(heads[4]), *(_width(figure(p.cents))
                                               for p in sheet.payouts)]) + 2 * PAD
    players_width = min(layout.width - pool_width - where_width - places_width - each_width,
                        260)
    data: list[list] = [[_head(heads[0], False), _head(heads[1], False), _head(heads[2], True),
                         _head(heads[3], False), _head(heads[4], True)]]
    tied = []
    for p, where in zip(sheet.payouts, where_texts, strict=True):
        names = [cut(who(player), players_width - 2 * PAD) for player in p.players]
        data.append([str(POOL_WORDS[p.pool]), where, places_text(p.places), "\n".join(names),
                     figure(p.cents)])
        if len(p.players) > 1:
            tied.append(len(data) - 1)
    table = Table(data, colWidths=[pool_width, where_width, places_width, players_width,
                                   each_width], repeatRows=1, hAlign="LEFT")
    commands = _table_style(len(data), [2, 4])
    # a tie's figure beside its first name: each of them receives it
    commands += [("VALIGN", (0, row), (-1, row), "TOP") for row in tied]
    table.setStyle(TableStyle(commands))
    return table


def payout_story(sheet: PayoutSheet, layout: Layout) -> list[Flowable]:
    story = _intro(sheet, layout)
    if not has_money(sheet.book.settings):
        return [*story, _text(no_money_text())]
    story += _balance(sheet)
    story += [_text(gettext("Players"), 11, bold=True), Spacer(1, 2),
              players_table(sheet, layout), Spacer(1, 10)]
    story += [KeepTogether([_text(gettext("Pools"), 11, bold=True), Spacer(1, 2),
                            pools_table(sheet)]), Spacer(1, 10)]
    story += [_text(gettext("Payouts"), 11, bold=True),
              _text(gettext("A group of equals shares the amounts of its places; each of its "
                            "players receives the amount shown."), 8),
              Spacer(1, 2), payouts_table(sheet, layout)]
    return story


def write_payout_sheet(handle: IO[bytes], sheet: PayoutSheet, *, paper_name: str = "a4",
                       printed_at: datetime.datetime | None = None) -> None:
    tournament = sheet.book.settings.tournament
    render(lambda layout: payout_story(sheet, layout), handle,
           title=gettext("%(tournament)s · Payout sheet") % {"tournament": tournament.name},
           paper_name=paper_name, printed_at=printed_at)
