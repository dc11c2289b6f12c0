"""Seat slips of a series on paper: one slip per player, "Series 2 — table 14, seat 3" with
the player's name and the tournament, 30 to an A4 page between dashed cut lines, in the order
of the chart by name (``printing.seating`` prints the charts and lends its pages,
``printing.drawing`` its text).
"""

from __future__ import annotations

import datetime
from typing import IO

from django.utils.translation import gettext, pgettext
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printing.base import Layout, render
from printing.drawing import draw_text, usable
from printing.seating import (
    DRAFT_INK,
    GREY,
    RULE,
    SeatingPrint,
    name_range,
    not_seated,
    paged,
)
from tournament.seating.charts import SeatRow, alphabetical

# slips: a grid cut with scissors or a guillotine
SLIP_COLUMNS = 3
SLIP_HEIGHT = 72  # at least: a page has as many rows as fit, the slips share the rest


def slip_text(series: int, row: SeatRow) -> str:
    return gettext("Series %(series)s — table %(table)s, seat %(seat)s") % {
        "series": series, "table": row.table, "seat": row.position}


def slips_per_page(height: float) -> tuple[int, int]:
    """Columns and rows of slips on a page ``height`` tall."""
    return SLIP_COLUMNS, max(1, int(height // SLIP_HEIGHT))


def _slip(canv: Canvas, x: float, y: float, width: float, height: float,
          chart: SeatingPrint, row: SeatRow) -> None:
    inner = width - 16
    middle = y + height / 2
    draw_text(canv, x + 8, middle + 18, chart.tournament, inner, 7, centre=True, ink=GREY)
    draw_text(canv, x + 8, middle + 3, row.name.strip(), inner, 12, bold=True, centre=True)
    draw_text(canv, x + 8, middle - 13, slip_text(chart.series, row), inner, 11, bold=True,
          centre=True)
    small = " · ".join([gettext("no. %(number)s") % {"number": row.number},
                        *([row.club] if row.club else [])])
    draw_text(canv, x + 8, middle - 26, small, inner, 6.5, centre=True, ink=GREY)
    if chart.draft:
        draw_text(canv, x + 4, y + height - 9, pgettext("a seating plan not published yet",
                                                        "draft"), 30, 6, bold=True, ink=DRAFT_INK)


def _cut_lines(canv: Canvas, width: float, height: float, columns: int, rows: int) -> None:
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.5)
    canv.setDash(3, 2)
    for i in range(columns + 1):
        canv.line(i * width / columns, 0, i * width / columns, height)
    for j in range(rows + 1):
        canv.line(0, j * height / rows, width, j * height / rows)
    canv.setDash()


def _slip_painter(chart: SeatingPrint, rows: list[SeatRow], columns: int, lines: int):
    def paint(canv: Canvas, width: float, height: float) -> None:
        _cut_lines(canv, width, height, columns, lines)
        slip_w, slip_h = width / columns, height / lines
        for i, row in enumerate(rows):
            line, column = divmod(i, columns)
            _slip(canv, column * slip_w, height - (line + 1) * slip_h, slip_w, slip_h,
                  chart, row)

    return paint


def slips(chart: SeatingPrint, layout: Layout) -> list[Flowable]:
    width, height = usable(layout)
    columns, lines = slips_per_page(height)
    rows = alphabetical(chart.rows)
    per_page = columns * lines
    pages = [rows[i:i + per_page] for i in range(0, len(rows), per_page)]
    return paged(pages, "slips", lambda page: chart.title(gettext("seat slips · %(names)s") % {
        "names": name_range(page)}),
                  width, height, lambda page: _slip_painter(chart, page, columns, lines))


def write_slips(handle: IO[bytes], chart: SeatingPrint, *, paper_name: str = "a4",
                printed_at: datetime.datetime | None = None) -> None:
    def story(layout: Layout) -> list[Flowable]:
        return slips(chart, layout) if chart.seated else not_seated(chart, layout)

    render(story, handle, title=chart.title(gettext("seat slips")), paper_name=paper_name,
           printed_at=printed_at)
