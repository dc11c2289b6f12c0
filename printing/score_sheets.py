"""The score sheet of one table in one series as a PDF (docs/rules.md §9): filled from the
sheet the pages show (``table_info`` + ``load_sheet``), or blank with each deal's dealer named,
for play on paper. Each has the QR code of the table's entry link. No queries of its own."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import IO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from engine import ScoringSystem, at_rate, settle
from printing.base import Layout, PageGroup, fit, render, style
from printing.qr import qr_drawing
from tournament.sheets.loaders import TableInfo
from tournament.sheets.sheet import Sheet

RATE = Fraction(1, 4)  # cents a point, the book's default (seed 000 L4811)
RATE_TEXT = "¼ cent a point"
SHADE = colors.Color(0.88, 0.88, 0.88)  # the sitting-out dealer's cell
PENALTY = colors.Color(1, 0.95, 0.85)
SIZE = 7  # the rows' font size
ROW = 9.8  # a deal row's height: 48 deals and the rest fit one page of A4 or Letter


@dataclass(frozen=True)
class SheetPrint:
    """One sheet to print: the table, its sheet (None: blank) and its entry link."""

    info: TableInfo
    sheet: Sheet | None
    link: str


@dataclass(frozen=True)
class Settlement:
    totals: tuple[int, ...]
    cents: tuple[int, ...]  # each total at the rate, the fraction dropped
    balances: tuple[int, ...]  # what each wins (+) or pays (−), settled pairwise


def settlement(totals: Iterable[int], rate: Fraction = RATE) -> Settlement:
    """The book's two steps: every total to whole cents, then every two players settle."""
    totals = tuple(totals)
    cents = tuple(at_rate(t, rate) for t in totals)
    return Settlement(totals, cents, tuple(settle(cents)))


def number(n: int) -> str:
    """A number with a true minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else number(n)


def title(info: TableInfo) -> str:
    return (f"{info.tournament.name} · Series {info.table.series.number} · "
            f"Table {info.table.number}")


def _p(text: str, width: float, size: float = SIZE, *, bold: bool = False,
       right: bool = False) -> Paragraph:
    text, size = fit(text, width - 4, size, bold=bold)
    return Paragraph(escape(text), style(size, bold=bold, leading=size * 1.15,
                                         align=TA_RIGHT if right else 0))


def _out() -> Paragraph:
    return Paragraph("out", style(5.5, align=TA_RIGHT))


def _head(item: SheetPrint, layout: Layout, blank: bool) -> Flowable:
    info = item.info
    qr_size = 74
    left = layout.width - qr_size - 10
    lines = [
        _p(info.tournament.name, left, 13, bold=True),
        _p(f"Series {info.table.series.number} · Table {info.table.number} · "
           f"{info.size} players · {info.deal_count} deals · {info.rules.name}"
           + (" · blank sheet" if blank else ""), left, 9),
        Spacer(1, 2),
    ]
    for player in info.players:
        lines.append(_p(f"Seat {player.position}:  {player.name}  (no. {player.number})",
                        left, 9))
    lines += [Spacer(1, 2), _p(f"Entry link: {item.link}", left, 7)]
    box = Table([[lines, qr_drawing(item.link, qr_size)]], colWidths=[left, qr_size + 10])
    box.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                             ("LEFTPADDING", (0, 0), (-1, -1), 0),
                             ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                             ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                             ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    return box


def _widths(info: TableInfo, layout: Layout) -> list[float]:
    seats = [44.0] * info.size
    game = layout.width - 16 - 2 * 72 - 30 - sum(seats)
    return [16.0, 72.0, 72.0, game, 30.0, *seats]


# Long on purpose: the cells and the style commands that address them by row index are built
# in one pass; split, every part would have to recount the rows.
def _rows(item: SheetPrint, layout: Layout, blank: bool) -> Flowable:
    info, sheet = item.info, item.sheet
    widths = _widths(info, layout)
    seat_width = widths[5]
    four = info.size == 4

    def totals(values, moved=(), size: float = SIZE) -> list[Paragraph]:
        return [_p(number(t), seat_width, size, bold=s in moved or size > SIZE, right=True)
                for s, t in enumerate(values, start=1)]

    def dealer(n: int | None, seat: int | None) -> Paragraph:
        """The dealer's name; at a comparative table also the deck the deal is played with."""
        deck = info.deck(n) if n else None
        name = info.name(seat)
        return _p(f"{name} · deck {deck.number}" if deck else name, widths[1])

    def shade(row: int, seat: int | None) -> None:
        if four and seat:
            commands.append(("BACKGROUND", (4 + seat, row), (4 + seat, row), SHADE))

    header = [_p(t, w, SIZE, bold=True) for t, w in
              zip(("No.", "Dealer", "Declarer", "Game"), widths, strict=False)]
    header.append(_p("Value", widths[4], SIZE, bold=True, right=True))
    header += [_p(f"{p.position} {p.name.split(' ')[0]}", seat_width, SIZE, bold=True,
                  right=True) for p in info.players]
    data: list[list] = [header]
    commands: list[tuple] = []
    played = set()
    if sheet is not None and not blank:
        for row in sheet.rows:
            r = len(data)
            if row.kind == "penalty":
                data.append(["", "", _p(info.name(next(iter(row.entries), None)), widths[2]),
                             _p(row.text, widths[3]),
                             _p(signed(row.value), widths[4], right=True),
                             *totals(row.totals)])
                commands.append(("BACKGROUND", (0, r), (-1, r), PENALTY))
                continue
            played.add(row.number)
            loser = row.declarer is None and len(row.entries) == 1
            who = info.name(next(iter(row.entries))) if loser else info.name(row.declarer)
            data.append([_p(str(row.number), widths[0], right=True),
                         dealer(row.number, row.dealer), _p(who, widths[2]),
                         _p(row.text, widths[3]), _p(signed(row.value), widths[4], right=True),
                         *totals(row.totals, row.entries)])
            shade(r, row.dealer)
    for n in range(1, info.deal_count + 1):
        if n in played:
            continue
        seat = info.dealer(n)
        shade(len(data), seat)
        data.append([_p(str(n), widths[0], right=True), dealer(n, seat), "", "", "",
                     *[_out() if four and s == seat else "" for s in range(1, info.size + 1)]])
    r = len(data)
    final = [""] * info.size if blank or sheet is None else totals(sheet.totals, size=SIZE + 1)
    data.append(["", "", "", _p("Totals", widths[3], SIZE + 1, bold=True), "", *final])
    commands.append(("LINEABOVE", (0, r), (-1, r), 1.2, colors.black))
    table = Table(data, colWidths=widths, rowHeights=[ROW + 2] + [ROW] * (len(data) - 2)
                  + [ROW + 4], repeatRows=1)
    table.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.3, colors.grey),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        *commands,
    ]))
    return table


def _settlement(item: SheetPrint, layout: Layout) -> Flowable:
    info, sheet = item.info, item.sheet
    assert sheet is not None
    result = settlement(sheet.totals)
    widths = [layout.width - 3 * 70, 70, 70, 70]
    data = [[_p(f"Settlement at {RATE_TEXT}", widths[0], 8, bold=True),
             _p("Points", 70, 8, bold=True, right=True),
             _p("Cents", 70, 8, bold=True, right=True),
             _p("Balance", 70, 8, bold=True, right=True)]]
    for player, total, cents, balance in zip(info.players, result.totals, result.cents,
                                             result.balances, strict=True):
        data.append([_p(f"{player.position} {player.name}", widths[0], 8),
                     _p(number(total), 70, 8, right=True), _p(number(cents), 70, 8, right=True),
                     _p(f"{signed(balance)} cents", 70, 8, bold=True, right=True)])
    table = Table(data, colWidths=widths)
    table.setStyle(TableStyle([("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                               ("TOPPADDING", (0, 0), (-1, -1), 0.5),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    return table


def _signatures(item: SheetPrint, layout: Layout) -> Flowable:
    half = layout.width / 2
    cells = [_p(f"{p.position} {p.name}: ______________________", half, 8)
             for p in item.info.players]
    rows = [cells[i:i + 2] + [""] * (2 - len(cells[i:i + 2])) for i in range(0, len(cells), 2)]
    table = Table(rows, colWidths=[half, half], rowHeights=[18] * len(rows))
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM")]))
    return table


def sheet_story(item: SheetPrint, layout: Layout, *, blank: bool = False) -> list[Flowable]:
    info = item.info
    story: list[Flowable] = [_head(item, layout, blank), Spacer(1, 6), _rows(item, layout, blank)]
    if info.size == 4:
        story.append(_p("Shaded: the dealer, who sits out that deal.", layout.width, 6.5))
    story.append(Spacer(1, 6))
    filled = item.sheet is not None and not blank
    if filled and item.sheet.problems:
        story += [_p(f"Problem: {p}", layout.width, 7) for p in item.sheet.problems]
    if filled and info.tournament.scoring_system == ScoringSystem.LEAGUE:
        story.append(_settlement(item, layout))
    if blank:
        story += [_p("Signatures", layout.width, 8, bold=True), _signatures(item, layout)]
    return story


def write_sheet(handle: IO[bytes], item: SheetPrint, *, blank: bool = False,
                paper_name: str = "a4", printed_at: datetime.datetime | None = None) -> None:
    render(lambda layout: sheet_story(item, layout, blank=blank), handle, title=title(item.info),
           paper_name=paper_name, printed_at=printed_at)


def write_sheets(handle: IO[bytes], items: Iterable[SheetPrint], *, series_title: str,
                 blank: bool = False, paper_name: str = "a4",
                 printed_at: datetime.datetime | None = None) -> None:
    """All sheets of a series in one PDF, each numbered "page n of m" on its own."""

    def story(layout: Layout) -> list[Flowable]:
        flowables: list[Flowable] = []
        for i, item in enumerate(items):
            if i:
                flowables.append(PageBreak())
            flowables.append(PageGroup(str(i), title(item.info)))
            flowables += sheet_story(item, layout, blank=blank)
        if not flowables:
            flowables.append(_p("This series has no tables yet.", layout.width, 10))
        return flowables

    render(story, handle, title=series_title, paper_name=paper_name, printed_at=printed_at)
