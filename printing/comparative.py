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

from django.utils.translation import gettext, ngettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from printing.base import FONT_BOLD, Layout, fit, render, style
from printing.score_sheets import number
from scoring.comparison.loaders import DeckInfo
from scoring.comparison.page import ComparativePage, LetterRow
from scoring.comparison.services import Comparison, TravellerRow
from tournament.numbers import decimals

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
    """A matchpoint total or a percentage: two decimals, half up, with the language's
    separator (12.50 / 12,50), as the pages print them."""
    text = decimals(value)
    return "−" + text[1:] if text.startswith("-") else text


def _wide_enough(widths: list[float], heads: Sequence[str], size: float = SIZE) -> list[float]:
    """Each fixed column (not 0) widened to its bold heading: German headings are longer."""
    return [w and max(w, pdfmetrics.stringWidth(h, FONT_BOLD, size) + 5)
            for w, h in zip(widths, heads, strict=True)]


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


def standings_title(comparison: Comparison) -> str:
    name = comparison.tournament.name
    if comparison.series:
        return gettext("%(tournament)s · Comparative standings, series %(series)s") % {
            "tournament": name, "series": comparison.series}
    return gettext("%(tournament)s · Comparative standings, all series") % {"tournament": name}


def _notes(comparison: Comparison, width: float) -> list[Flowable]:
    notes = []
    if comparison.released_only:
        notes.append(gettext("Released series only."))
    if comparison.provisional:
        notes.append(gettext("Provisional: some sheets are not confirmed yet."))
    flowables: list[Flowable] = [Paragraph(escape(" ".join(
        [gettext("Players rank by the mean of their percentages per deck; equal places are "
                 "ties."), *notes])), style(7.5))]
    flowables += [Paragraph(escape(p), style(7)) for p in comparison.data.problems]
    return flowables


def _ranking(page: ComparativePage, width: float) -> Table:
    heads = (gettext("Place"), gettext("No."), gettext("Player"), gettext("Decks"),
             gettext("Matchpoints"), "%")
    widths = _wide_enough([34, 30, 0, 36, 60, 44], heads)
    widths[2] = width - sum(widths)
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
        data.append(["", "", _p(gettext("No decks compared yet."), widths[2]), "", "", ""])
    return _grid(data, widths, commands)


def _letter_column(letter: str, lines: Sequence[LetterRow], width: float) -> Table:
    heads = (gettext("Place"), gettext("Player"), gettext("Decks"), gettext("Points"))
    widths = _wide_enough([26, 0, 28, 32], heads)
    widths[1] = width - sum(widths)
    data: list[list] = [[_p(letter, widths[0], SIZE + 1, bold=True), "", "", ""],
                        [_p(heads[0], widths[0], bold=True, right=True),
                         _p(heads[1], widths[1], bold=True),
                         _p(heads[2], widths[2], bold=True, right=True),
                         _p(heads[3], widths[3], bold=True, right=True)]]
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
    heading = [_p(gettext("By seat letter"), width, 11, bold=True),
               Paragraph(escape(gettext(
                   "The book's columns: the players who held each letter's cards, ranked by "
                   "their total score on those decks; “Decks” says on how many that total "
                   "rests.")), style(7.5)), Spacer(1, 3)]
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
    note = [gettext("Series %(series)s, deck %(deck)s") % {"series": deck.series,
                                                          "deck": deck.number}]
    if top is not None:
        note.append(ngettext("top %(top)s matchpoint", "top %(top)s matchpoints", top)
                    % {"top": top})
    if comparison.deal_set.table_size == 4:
        # Translators: the seat letter of the deck's dealer, who holds no cards at a four-table
        note.append(gettext("%(letter)s dealt and sat it out") % {"letter": deck.dealer})
    heading = _p(" · ".join(note), width, 10, bold=True)
    if not lines:
        return [KeepTogether([heading, _p(gettext("No table has played this deck yet."),
                                          width)]),
                Spacer(1, 8)]
    heads = (gettext("Table"), gettext("Declarer"), gettext("Game"), gettext("Value"))
    head: list = [_p(h, w, bold=True, right=i in (0, 3)) for i, (h, w) in
                  enumerate(zip(heads, widths, strict=False))]
    spans = []
    for i, letter in enumerate(letters):
        col = 4 + 2 * i
        # Translators: a traveller's heading over a seat letter's score and matchpoints (MP)
        head += [_p(gettext("%(letter)s  score · MP") % {"letter": letter},
                    widths[col] + widths[col + 1], bold=True, right=True), ""]
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
    name = comparison.tournament.name
    if deck is not None:
        return gettext("%(tournament)s · Series %(series)s · deck %(deck)s traveller") % {
            "tournament": name, "series": series, "deck": deck}
    return gettext("%(tournament)s · Series %(series)s · travellers") % {
        "tournament": name, "series": series}


def travellers_story(comparison: Comparison, decks: Sequence[DeckInfo], layout: Layout, *,
                     title: str) -> list[Flowable]:
    width = layout.width - FRAME_PADDING
    sentences = [gettext("Every table that played the deck: the declarer's game, and each "
                         "letter's score with its matchpoints against the same letter at the "
                         "other tables.")]
    if comparison.released_only:
        sentences.append(gettext("Released series only."))
    if comparison.provisional:
        sentences.append(gettext("Provisional: some sheets are not confirmed yet."))
    story: list[Flowable] = [_p(title, width, 13, bold=True),
                             Paragraph(escape(" ".join(sentences)), style(7.5)), Spacer(1, 6)]
    if not decks:
        return [*story, _p(gettext("No results of this series to show yet."), width, 10)]
    for deck in decks:
        story += traveller_flowables(comparison, deck, width)
    return story


def write_travellers(handle: IO[bytes], comparison: Comparison, decks: Sequence[DeckInfo], *,
                     title: str, paper_name: str = "a4",
                     printed_at: datetime.datetime | None = None) -> None:
    render(lambda layout: travellers_story(comparison, decks, layout, title=title), handle,
           title=title, paper_name=paper_name, printed_at=printed_at)
