"""The comparative results on paper: the standings with the book's columns per seat letter (as
the comparative page shows them) and the travellers (every table's line of a deck with each
letter's score and matchpoints, as the deck's page shows it).

Fed by the rows of the pages (``scoring.comparison.page``: the standings and the letters'
columns; a deck's ``TravellerRow``s); no queries of its own.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import IO
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from printing.base import Layout, fit, render, style
from printing.score_sheets import number
from scoring.comparison.loaders import DeckInfo
from scoring.comparison.page import ComparativePage, LetterRow
from scoring.comparison.services import Comparison, TravellerRow
from scoring.listings import two_decimals

SIZE = 7.5
COLUMN_ROWS = 50  # lines of a letter's column before it continues beside itself below
LOST = colors.Color(1, 0.93, 0.93)
TIED = colors.Color(0.95, 0.95, 0.95)
FRAME_PADDING = 12  # reportlab's frame keeps 6 points each side of ``Layout.width``


def _p(text: str, width: float, size: float = SIZE, *, bold: bool = False,
       right: bool = False) -> Paragraph:
    text, size = fit(text, width - 4, size, bold=bold)
    return Paragraph(escape(text), style(size, bold=bold, leading=size * 1.2,
                                         align=TA_RIGHT if right else 0))


def points(value) -> str:
    """A score or a total: whole numbers with a true minus, fractions to two decimals."""
    if value is None:
        return ""
    if isinstance(value, int) or getattr(value, "denominator", 1) == 1:
        return number(int(value))
    return _two(value)


def _two(value) -> str:
    """A matchpoint total or a percentage: two decimals, as the pages print them."""
    text = two_decimals(value)
    return "−" + text[1:] if text.startswith("-") else text


def _grid(data: list[list], widths: list[float], commands: Sequence[tuple] = (), *,
          repeat: int = 1) -> Table:
    table = Table(data, colWidths=widths, repeatRows=repeat)
    table.setStyle(TableStyle([
        ("LINEBELOW", (0, 0), (-1, repeat - 1), 0.8, colors.black),
        ("LINEBELOW", (0, repeat), (-1, -1), 0.25, colors.lightgrey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        *commands,
    ]))
    return table


def scope(comparison: Comparison) -> str:
    return f"series {comparison.series}" if comparison.series else "all series"


def standings_title(comparison: Comparison) -> str:
    return f"{comparison.tournament.name} · Comparative standings, {scope(comparison)}"


def _notes(comparison: Comparison, width: float) -> list[Flowable]:
    notes = []
    if comparison.released_only:
        notes.append("Released series only.")
    if comparison.provisional:
        notes.append("Provisional: some sheets are not confirmed yet.")
    flowables: list[Flowable] = [Paragraph(escape(" ".join(
        ["Players rank by the mean of their percentages per deck; equal places are ties.",
         *notes])), style(7.5))]
    flowables += [Paragraph(escape(p), style(7)) for p in comparison.data.problems]
    return flowables


def _ranking(page: ComparativePage, width: float) -> Table:
    widths = [34, 30, 0, 36, 60, 44]
    widths[2] = width - sum(widths)
    heads = ("Place", "No.", "Player", "Decks", "Matchpoints", "%")
    data: list[list] = [[_p(h, w, bold=True, right=i != 2)
                         for i, (h, w) in enumerate(zip(heads, widths, strict=True))]]
    commands = []
    for s in page.rows:
        if s.tied:
            commands.append(("BACKGROUND", (0, len(data)), (-1, len(data)), TIED))
        data.append([_p(s.place, widths[0], right=True),
                     _p(str(s.number), widths[1], right=True),
                     _p(s.sort_name, widths[2]),
                     _p(str(s.decks), widths[3], right=True),
                     _p(_two(s.matchpoints), widths[4], right=True),
                     _p(_two(s.percent), widths[5], right=True)])
    if len(data) == 1:
        data.append(["", "", _p("No decks compared yet.", widths[2]), "", "", ""])
    return _grid(data, widths, commands)


def _letter_column(letter: str, lines: Sequence[LetterRow], width: float) -> Table:
    widths = [26, 0, 28, 32]
    widths[1] = width - sum(widths)
    data: list[list] = [[_p(letter, widths[0], SIZE + 1, bold=True), "", "", ""],
                        [_p("Place", widths[0], bold=True, right=True),
                         _p("Player", widths[1], bold=True),
                         _p("Decks", widths[2], bold=True, right=True),
                         _p("Points", widths[3], bold=True, right=True)]]
    for line in lines:
        data.append([_p(line.place, widths[0], right=True),
                     _p(line.player.sort_name, widths[1]),
                     _p(str(line.decks), widths[2], right=True),
                     _p(points(line.points), widths[3], right=True)])
    return _grid(data, widths, [("SPAN", (0, 0), (-1, 0))], repeat=2)


def _columns(page: ComparativePage, width: float) -> list[Flowable]:
    """The letters side by side, as the book prints them (two and two at four-tables, so the
    names stay readable); a long column continues in a band below (``COLUMN_ROWS`` lines a
    band), so no cell outgrows a page."""
    columns = page.columns
    if not columns:
        return []
    across = 2 if len(columns) > 3 else len(columns)
    gap = 8
    each = (width - gap * (across - 1)) / across
    bands: list[Flowable] = []
    for first in range(0, len(columns), across):
        group = columns[first:first + across]
        longest = max(len(lines) for _, lines in group)
        for start in range(0, longest, COLUMN_ROWS):
            row: list = []
            for i, (letter, lines) in enumerate(group):
                if i:
                    row.append("")
                row.append(_letter_column(letter, lines[start:start + COLUMN_ROWS], each))
            widths = [each if i % 2 == 0 else gap for i in range(2 * len(group) - 1)]
            band = Table([row], colWidths=widths, hAlign="LEFT")
            band.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                      ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                      ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                      ("BOTTOMPADDING", (0, 0), (-1, -1), 8)]))
            bands.append(band)
    heading = [_p("By seat letter", width, 11, bold=True),
               Paragraph("The book's columns: the players who held each letter's cards, ranked "
                         "by their total score on those decks; “Decks” says on how many that "
                         "total rests.", style(7.5)), Spacer(1, 3)]
    return [KeepTogether([*heading, bands[0]]), *bands[1:]]


def standings_story(page: ComparativePage, layout: Layout) -> list[Flowable]:
    width = layout.width - FRAME_PADDING
    comparison = page.comparison
    return [_p(standings_title(comparison), width, 13, bold=True), *_notes(comparison, width),
            Spacer(1, 6), _ranking(page, width), Spacer(1, 12), *_columns(page, width)]


def write_standings(handle: IO[bytes], page: ComparativePage, *, paper_name: str = "a4",
                    printed_at: datetime.datetime | None = None) -> None:
    render(lambda layout: standings_story(page, layout), handle,
           title=standings_title(page.comparison), paper_name=paper_name,
           printed_at=printed_at)


# -- travellers -------------------------------------------------------------------------------


def traveller_widths(letters: int, width: float) -> list[float]:
    score, mp = 52.0, 28.0
    rest = width - 28 - 28 - letters * (score + mp)
    return [28, rest * 0.42, rest * 0.58, 28] + [score, mp] * letters


def _score_cell(cell, width: float) -> list[Flowable]:
    name, size = fit(cell.player.name, width - 4, 5.5, smallest=4)
    return [_p(number(cell.score), width, SIZE, bold=True, right=True),
            Paragraph(escape(name), style(size, leading=size * 1.15, align=TA_RIGHT))]


def _traveller_row(line: TravellerRow, widths: list[float], shown: Sequence[int]) -> list:
    declarer = (f"{line.declarer_letter} · {line.declarer.name}" if line.declarer else "—")
    row: list = [_p(str(line.table), widths[0], right=True), _p(declarer, widths[1]),
                 _p(line.description, widths[2]), _p(number(line.value), widths[3], right=True)]
    for cell in (line.cells[i] for i in shown):
        if cell is None:
            row += [_p("—", widths[4], right=True), ""]
            continue
        row += [_score_cell(cell, widths[4]),
                _p("—" if cell.matchpoints is None else _two(cell.matchpoints), widths[5],
                   right=True)]
    return row


def traveller_flowables(comparison: Comparison, deck: DeckInfo, width: float) -> list[Flowable]:
    """One deck's heading and its traveller table, kept on one page when it fits. A letter
    nobody held (at four-tables the deck's dealer sits it out everywhere) gets no column."""
    lines = comparison.traveller(deck)
    shown = [i for i in range(len(comparison.letters))
             if any(line.cells[i] is not None for line in lines)]
    letters = [comparison.letters[i] for i in shown]
    widths = traveller_widths(len(letters), width)
    top = comparison.top(deck)
    note = [f"Series {deck.series}, deck {deck.number}"]
    if top is not None:
        note.append(f"top {top} matchpoints")
    if comparison.deal_set.table_size == 4:
        note.append(f"{deck.dealer} dealt and sat it out")
    heading = _p(" · ".join(note), width, 10, bold=True)
    if not lines:
        return [KeepTogether([heading, _p("No table has played this deck yet.", width)]),
                Spacer(1, 8)]
    head: list = [_p(h, w, bold=True, right=i in (0, 3)) for i, (h, w) in
                  enumerate(zip(("Table", "Declarer", "Game", "Value"), widths, strict=False))]
    spans = []
    for i, letter in enumerate(letters):
        col = 4 + 2 * i
        head += [_p(f"{letter}  score · MP", widths[col] + widths[col + 1], bold=True,
                    right=True), ""]
        spans.append(("SPAN", (col, 0), (col + 1, 0)))
    data = [head]
    commands: list[tuple] = list(spans)
    for line in lines:
        if line.won is False:
            commands.append(("BACKGROUND", (0, len(data)), (3, len(data)), LOST))
        for i, cell in enumerate(line.cells[j] for j in shown):
            if cell is None:
                commands.append(("SPAN", (4 + 2 * i, len(data)), (5 + 2 * i, len(data))))
        data.append(_traveller_row(line, widths, shown))
    for i in range(len(letters)):
        commands.append(("LINEBEFORE", (4 + 2 * i, 0), (4 + 2 * i, -1), 0.4, colors.grey))
    return [KeepTogether([heading, Spacer(1, 2), _grid(data, widths, commands)]),
            Spacer(1, 10)]


def travellers_title(comparison: Comparison, series: int, deck: int | None = None) -> str:
    what = f"deck {deck} traveller" if deck is not None else "travellers"
    return f"{comparison.tournament.name} · Series {series} · {what}"


def travellers_story(comparison: Comparison, decks: Sequence[DeckInfo], layout: Layout, *,
                     title: str) -> list[Flowable]:
    width = layout.width - FRAME_PADDING
    story: list[Flowable] = [_p(title, width, 13, bold=True), Paragraph(escape(
        "Every table that played the deck: the declarer's game, and each letter's score with "
        "its matchpoints against the same letter at the other tables."
        + (" Released series only." if comparison.released_only else "")
        + (" Provisional: some sheets are not confirmed yet." if comparison.provisional
           else "")), style(7.5)), Spacer(1, 6)]
    if not decks:
        return [*story, _p("No results of this series to show yet.", width, 10)]
    for deck in decks:
        story += traveller_flowables(comparison, deck, width)
    return story


def write_travellers(handle: IO[bytes], comparison: Comparison, decks: Sequence[DeckInfo], *,
                     title: str, paper_name: str = "a4",
                     printed_at: datetime.datetime | None = None) -> None:
    render(lambda layout: travellers_story(comparison, decks, layout, title=title), handle,
           title=title, paper_name=paper_name, printed_at=printed_at)
