"""The seating of a series on paper, from the rows the room's charts show
(``tournament.seating.charts``); no queries of its own.

* ``write_chart``: one document with the chart **by table** (a grid of four tables a row, each
  with its seats, names and numbers: a 1,000-player series on six A4 pages) and the chart **by
  name** (alphabetical in three columns of name, club, table and seat: 210 names a page). A
  chart that fits one page in larger type gets it: a club night's five tables print in two
  columns at twice the size, to be read from across the room (``TABLE_TYPES``). Each
  part counts its own pages and every page names its range ("tables 1–48", "Abel – Hahn"), so
  the pages can be posted side by side.
* ``seat_slips.write_slips``: one slip per player, in the order of the chart by name.

Names sort as in a dictionary (``charts.alphabetical``): Müller with Muller, before Mustermann.
A draft plan is printed with "draft" on every page and slip; a series without seats prints
one page that says so.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak

from printing.base import Layout, PageGroup, render
from printing.drawing import INK, Page, draw_text, usable
from tournament.seating.charts import SeatRow, alphabetical, tables_of

GREY = colors.Color(0.45, 0.45, 0.45)
RULE = colors.Color(0.6, 0.6, 0.6)
BAND = colors.Color(0.88, 0.88, 0.88)  # a table's title band
STRIPE = colors.Color(0.93, 0.93, 0.93)  # every other row of the chart by name
DRAFT_INK = colors.Color(0.75, 0, 0)

HEADING = 24  # a page's heading: "Series 2 · by table" and its range
DRAFT_LINE = 12
DRAFT_TEXT = gettext_noop("DRAFT: not published yet, the plan may still change")

# chart by table: a grid of blocks
TABLE_COLUMNS = 4
TABLE_GAP = 5
BLOCK_TITLE = 12
SEAT_LINE = 9.5
SEAT_SIZE = 7.5

# chart by name: columns of rows
NAME_COLUMNS = 3
NAME_GAP = 12
NAME_LINE = 10
NAME_SIZE = 8
NAME_HEAD = 12
CLUB_ROOM = 30  # at least this much of a name's cell is left for the club



@dataclass(frozen=True)
class Type:
    """How large a chart prints: ``scale`` times a congress's type, in ``columns``."""

    scale: float
    columns: int


# A club night's few tables (or names) print large enough to read from across the room: the
# largest type that puts the whole chart on one page; a congress keeps the small type.
TABLE_TYPES = (Type(3.0, 1), Type(2.2, 2), Type(1.5, 3), Type(1.0, TABLE_COLUMNS))
NAME_TYPES = (Type(2.2, 1), Type(1.6, 2), Type(1.0, NAME_COLUMNS))


@dataclass(frozen=True)
class SeatingPrint:
    """What the documents print: the tournament's name, the series and its seats."""

    tournament: str
    series: int
    rows: tuple[SeatRow, ...]
    draft: bool = False

    @property
    def seated(self) -> bool:
        return bool(self.rows)

    def title(self, what: str) -> str:
        # Translators: a seating PDF's title, e.g. "Skatabend · Series 2 · seating chart"
        return gettext("%(tournament)s · Series %(series)s · %(what)s") % {
            "tournament": self.tournament, "series": self.series, "what": what}


def _heading(canv: Canvas, width: float, top: float, left: str, right: str,
             draft: bool) -> float:
    """The page's heading below ``top``; returns its height."""
    draw_text(canv, 0, top - 15, left, width * 0.6, 14, bold=True)
    draw_text(canv, width * 0.6, top - 15, right, width * 0.4, 14, bold=True, right=True)
    if not draft:
        return HEADING
    draw_text(canv, 0, top - HEADING - 6, gettext(DRAFT_TEXT), width, 9, bold=True,
              ink=DRAFT_INK)
    return HEADING + DRAFT_LINE


def heading_height(draft: bool) -> float:
    return HEADING + (DRAFT_LINE if draft else 0)


def surname(row: SeatRow) -> str:
    return row.sort_name.split(",")[0].strip() or row.name.strip()


def name_range(rows: Sequence[SeatRow]) -> str:
    """"Abel – Hahn": the surnames of the first and the last row (full names if they agree)."""
    first, last = surname(rows[0]), surname(rows[-1])
    if first == last:
        first, last = rows[0].sort_name.strip(", "), rows[-1].sort_name.strip(", ")
    return first if first == last else f"{first} – {last}"


def paged(groups: list, key: str, title: Callable[[object], str], width: float, height: float,
           paint: Callable[[object], Callable[[Canvas, float, float], None]]) -> list[Flowable]:
    story: list[Flowable] = []
    for i, group in enumerate(groups):
        if i:
            story.append(PageBreak())
        story += [PageGroup(key, title(group)), Page(width, height, paint(group))]
    return story


# --- the chart by table --------------------------------------------------------------------

Tables = list[tuple[int, list[SeatRow]]]


def block_height(seats: int, scale: float = 1.0) -> float:
    return (BLOCK_TITLE + seats * SEAT_LINE + 3) * scale


def table_pages(tables: Tables, height: float, columns: int = TABLE_COLUMNS,
                scale: float = 1.0) -> list[list[Tables]]:
    """The rows of blocks (``columns`` tables each, in order) of each page ``height`` tall."""
    pages: list[list[Tables]] = []
    page: list[Tables] = []
    used = 0.0
    for start in range(0, len(tables), columns):
        row = tables[start:start + columns]
        needed = max(block_height(len(seats), scale) for _, seats in row) + TABLE_GAP * scale
        if page and used + needed > height:
            pages.append(page)
            page, used = [], 0.0
        page.append(row)
        used += needed
    if page:
        pages.append(page)
    return pages


def table_type(tables: Tables, height: float) -> Type:
    """The largest type in which every table fits on one page ``height`` tall."""
    for kind in TABLE_TYPES:
        if len(table_pages(tables, height, kind.columns, kind.scale)) <= 1:
            return kind
    return TABLE_TYPES[-1]


def _block(canv: Canvas, x: float, top: float, width: float, number: int,
           seats: list[SeatRow], k: float = 1.0) -> None:
    """One table: its number and size on a band, then seat, name and number; ``k`` the
    scale of the type."""
    height = block_height(len(seats), k)
    title = BLOCK_TITLE * k
    canv.setFillColor(BAND)
    canv.rect(x, top - title, width, title, stroke=0, fill=1)
    canv.setStrokeColor(RULE)
    canv.setLineWidth(0.6)
    canv.rect(x, top - height, width, height, stroke=1, fill=0)
    draw_text(canv, x + 4 * k, top - title + 3 * k, gettext("Table %(table)s") % {
        "table": number}, width - 40 * k, 9.5 * k, bold=True)
    draw_text(canv, x + width - 40 * k, top - title + 3 * k, ngettext(
        "%(count)s player", "%(count)s players", len(seats)) % {"count": len(seats)}, 36 * k,
          6.5 * k, right=True, ink=GREY)
    line = SEAT_LINE * k
    y = top - title - line + 2.5 * k
    for seat in seats:
        draw_text(canv, x + 4 * k, y, str(seat.position), 9 * k, SEAT_SIZE * k, bold=True)
        draw_text(canv, x + 14 * k, y, seat.name.strip(), width - 44 * k, SEAT_SIZE * k)
        draw_text(canv, x + width - 28 * k, y, str(seat.number), 24 * k, (SEAT_SIZE - 1) * k,
              right=True, ink=GREY)
        y -= line


def _table_painter(chart: SeatingPrint, page: list[Tables], kind: Type):
    numbers = [number for row in page for number, _ in row]

    def paint(canv: Canvas, width: float, height: float) -> None:
        top = height - _heading(canv, width, height,
                                gettext("Series %(series)s · by table") % {
                                    "series": chart.series},
                                gettext("tables %(first)s–%(last)s") % {
                                    "first": numbers[0], "last": numbers[-1]}, chart.draft)
        gap = TABLE_GAP * kind.scale
        block = (width - (kind.columns - 1) * gap) / kind.columns
        for row in page:
            for i, (number, seats) in enumerate(row):
                _block(canv, i * (block + gap), top, block, number, seats, kind.scale)
            top -= max(block_height(len(seats), kind.scale) for _, seats in row) + gap

    return paint


def chart_by_table(chart: SeatingPrint, layout: Layout) -> list[Flowable]:
    width, height = usable(layout)
    tables = tables_of(chart.rows)
    room = height - heading_height(chart.draft)
    kind = table_type(tables, room)
    pages = table_pages(tables, room, kind.columns, kind.scale)

    def title(page) -> str:
        numbers = [number for row in page for number, _ in row]
        return chart.title(gettext("seating by table · tables %(first)s–%(last)s") % {
            "first": numbers[0], "last": numbers[-1]})

    return paged(pages, "tables", title, width, height,
                  lambda page: _table_painter(chart, page, kind))


# --- the chart by name ---------------------------------------------------------------------

def rows_per_column(height: float, scale: float = 1.0) -> int:
    return int((height - NAME_HEAD * scale) // (NAME_LINE * scale))


def name_pages(rows: Sequence[SeatRow], per_column: int,
               columns: int = NAME_COLUMNS) -> list[list[list[SeatRow]]]:
    """The columns of each page, filled down then across; a page that is not full (the last)
    shares its rows evenly between its columns."""
    pages = []
    per_page = per_column * columns
    for start in range(0, len(rows), per_page):
        chunk = list(rows[start:start + per_page])
        length = -(-len(chunk) // columns)
        pages.append([chunk[i:i + length] for i in range(0, len(chunk), length)])
    return pages


def name_type(players: int, height: float) -> Type:
    """The largest type in which every name fits on one page ``height`` tall."""
    for kind in NAME_TYPES:
        if players <= rows_per_column(height, kind.scale) * kind.columns:
            return kind
    return NAME_TYPES[-1]


def _name_column(canv: Canvas, x: float, top: float, width: float, rows: list[SeatRow],
                 clubs: bool, k: float = 1.0) -> None:
    """Name and club (small, after the name), table (bold) and seat; ``k`` the scale of the
    type."""
    table_w, seat_w = 26.0 * k, 22.0 * k
    name_w = width - table_w - seat_w
    table_x = x + name_w
    seat_x = table_x + table_w
    head, line, size = NAME_HEAD * k, NAME_LINE * k, NAME_SIZE * k
    y = top - head + 3 * k
    draw_text(canv, x + 2, y, gettext("Name, club") if clubs else gettext("Name"), name_w,
              7 * k, bold=True, ink=GREY)
    draw_text(canv, table_x, y, gettext("Table"), table_w - 2, 7 * k, bold=True, ink=GREY,
              right=True)
    draw_text(canv, seat_x, y, pgettext("seat at a table", "Seat"), seat_w - 2, 7 * k,
              bold=True, ink=GREY, right=True)
    canv.setStrokeColor(INK)
    canv.setLineWidth(0.6)
    canv.line(x, top - head, x + width, top - head)
    y = top - head
    for i, row in enumerate(rows):
        if i % 2:
            canv.setFillColor(STRIPE)
            canv.rect(x, y - line, width, line, stroke=0, fill=1)
        base = y - line + 2.6 * k
        room = name_w - 6 * k
        # with a club the name keeps at least CLUB_ROOM for it, and takes no more than it needs
        taken = draw_text(canv, x + 2, base, row.sort_name.strip(", "),
                      room - CLUB_ROOM * k if row.club else room, size)
        if row.club:
            draw_text(canv, x + 2 + taken + 4 * k, base, row.club, room - taken - 4 * k,
                  size - 1.5 * k, ink=GREY)
        draw_text(canv, table_x, base, str(row.table), table_w - 2, size + k, bold=True,
              right=True)
        draw_text(canv, seat_x, base, str(row.position), seat_w - 2, size, right=True)
        y -= line


def _name_painter(chart: SeatingPrint, page: list[list[SeatRow]], clubs: bool, kind: Type):
    everyone = [row for column in page for row in column]

    def paint(canv: Canvas, width: float, height: float) -> None:
        top = height - _heading(canv, width, height,
                                gettext("Series %(series)s · by name") % {
                                    "series": chart.series},
                                name_range(everyone), chart.draft)
        column = (width - (kind.columns - 1) * NAME_GAP) / kind.columns
        for i, rows in enumerate(page):
            x = i * (column + NAME_GAP)
            _name_column(canv, x, top, column, rows, clubs, kind.scale)
            if i:
                canv.setStrokeColor(RULE)
                canv.setLineWidth(0.4)
                canv.line(x - NAME_GAP / 2, top, x - NAME_GAP / 2,
                          top - (NAME_HEAD + len(page[0]) * NAME_LINE) * kind.scale)

    return paint


def chart_by_name(chart: SeatingPrint, layout: Layout) -> list[Flowable]:
    width, height = usable(layout)
    rows = alphabetical(chart.rows)
    room = height - heading_height(chart.draft)
    kind = name_type(len(rows), room)
    pages = name_pages(rows, rows_per_column(room, kind.scale), kind.columns)
    clubs = any(row.club for row in rows)  # no club anywhere: the heading says just "Name"

    def title(page) -> str:
        return chart.title(gettext("seating by name · %(names)s") % {
            "names": name_range([r for c in page for r in c])})

    return paged(pages, "names", title, width, height,
                  lambda page: _name_painter(chart, page, clubs, kind))


# --- the documents -------------------------------------------------------------------------

def not_seated(chart: SeatingPrint, layout: Layout) -> list[Flowable]:
    width, _ = usable(layout)

    def paint(canv: Canvas, w: float, h: float) -> None:
        draw_text(canv, 0, h - 20, gettext("Series %(series)s is not seated yet.") % {
            "series": chart.series}, w, 16, bold=True)
        draw_text(canv, 0, h - 40, gettext("Seat it on the series page, then print again."),
                  w, 11)

    return [Page(width, 48, paint)]


def write_chart(handle: IO[bytes], chart: SeatingPrint, *, paper_name: str = "a4",
                printed_at: datetime.datetime | None = None) -> None:
    """The chart by table, then the chart by name."""
    def story(layout: Layout) -> list[Flowable]:
        if not chart.seated:
            return not_seated(chart, layout)
        return [*chart_by_table(chart, layout), PageBreak(), *chart_by_name(chart, layout)]

    render(story, handle, title=chart.title(gettext("seating chart")), paper_name=paper_name,
           printed_at=printed_at)
