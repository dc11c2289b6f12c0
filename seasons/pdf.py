"""The season ranking as a PDF for the club's notice board: the club, the season and the day
of its latest result in the title, the rules in words (``seasons.describe``), the ranked
players (rank, name, value, played, counted total, penalty), then the not qualified and the
guests, each table's head repeated on every page; through ``printing.base.render`` (the paper
of the club's latest evening, DejaVu Sans, "page n of m", the time printed). Every figure is
``season_ranking``'s."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import IO
from xml.sax.saxutils import escape

from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from printing.base import FONT, FONT_BOLD, Layout, fit, render, style
from seasons.describe import describe
from seasons.models import Season
from seasons.ranking import Row
from seasons.services import SeasonRanking
from tournament.numbers import decimals

SIZE = 8.5  # the table's font size
ROW = 12.5  # a line of the table
PAD = 3
STRIPE = colors.Color(0.94, 0.94, 0.94)
NAME_WIDEST = 230  # points: a name needs no more; the figures keep the rest


def as_of(ranking: SeasonRanking, today: datetime.date | None = None) -> datetime.date:
    """The day of the season's latest result, or ``today`` before its first."""
    if ranking.units:
        return datetime.date.fromisoformat(ranking.units[-1].day)
    return today or datetime.date.today()


def title_of(season: Season, ranking: SeasonRanking, today: datetime.date | None = None) -> str:
    # Translators: the season PDF's title, "SC Kreuz Bube: Jahreswertung 2027, as of 3 May 2027"
    return gettext("%(club)s: %(season)s, as of %(day)s") % {
        "club": season.club.name, "season": season.name,
        "day": date_format(as_of(ranking, today), "DATE_FORMAT")}


def _text(text: str, size: float = 9, *, bold: bool = False) -> Paragraph:
    return Paragraph(escape(text), style(size, bold=bold, leading=size * 1.3))


def _width(text: str, bold: bool = False) -> float:
    return pdfmetrics.stringWidth(text, FONT_BOLD if bold else FONT, SIZE)


def _heads() -> list[str]:
    return [pgettext("a season ranking", "Rank"), gettext("Player"),
            pgettext("a season ranking", "Value"), pgettext("results of a season", "Played"),
            gettext("Counted total"), gettext("Penalty")]


def _cells(row: Row, name: str) -> list[str]:
    # the value as the ranking prints it (half away from zero), the language's decimal mark
    value = decimals(row.value)
    return [row.rank or "", name, value, str(row.played), str(row.total),
            str(row.penalty) if row.penalty else "–"]


def ranking_table(lines: Sequence[tuple[Row, str]], layout: Layout) -> Table:
    """A row a line, the head repeated on each page; the figures right-aligned, each column as
    wide as its widest cell, the name the rest (cut with "…" if ever too long)."""
    heads = _heads()
    cells = [_cells(row, name) for row, name in lines]
    widths = [max([_width(heads[i], True), *(_width(c[i]) for c in cells)]) + 2 * PAD
              for i in range(len(heads))]
    figures = sum(widths) - widths[1]
    name_width = min(layout.width - figures, max(widths[1], NAME_WIDEST))
    widths[1] = name_width
    data: list[list] = [[Paragraph(escape(h), style(SIZE, bold=True, leading=SIZE * 1.15,
                                                    align=0 if i == 1 else TA_RIGHT))
                         for i, h in enumerate(heads)]]
    for c in cells:
        c[1] = fit(c[1], name_width - 2 * PAD, SIZE, smallest=SIZE)[0]
        data.append(c)
    table = Table(data, colWidths=widths, rowHeights=[None] + [ROW] * len(cells),
                  repeatRows=1, hAlign="LEFT")
    commands: list[tuple] = [
        ("FONT", (0, 1), (-1, -1), FONT, SIZE),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"), ("VALIGN", (0, 1), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD), ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        *(("ALIGN", (i, 1), (i, -1), "RIGHT") for i in (0, 2, 3, 4, 5)),
    ]
    if cells:
        commands.append(("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, STRIPE]))
    table.setStyle(TableStyle(commands))
    return table


def ranking_story(season: Season, ranking: SeasonRanking, layout: Layout,
                  rules_text: Sequence[str], today: datetime.date | None = None
                  ) -> list[Flowable]:
    heading, size = fit(title_of(season, ranking, today), layout.width, 15, bold=True,
                        smallest=9)
    story: list[Flowable] = [Paragraph(escape(heading), style(size, bold=True,
                                                                leading=size * 1.3)),
                             Spacer(1, 2)]
    story.append(_text(ngettext("%(count)s evening with results.",
                                "%(count)s evenings with results.", ranking.evenings)
                       % {"count": ranking.evenings} + " " + " ".join(rules_text), 8.5))
    if ranking.problem:
        story.append(_text(gettext("The season's rules cannot be read: %(problem)s")
                           % {"problem": ranking.problem}, 8.5, bold=True))
    story.append(Spacer(1, 6))
    if not ranking.rows:
        return [*story, _text(gettext("No results yet."))]
    groups = [
        ("", [r for r in ranking.rows if r.qualified]),
        (gettext("Not qualified"), [r for r in ranking.rows if not r.qualified and not r.guest]),
        (gettext("Guests"), [r for r in ranking.rows if r.guest]),
    ]
    for heading, rows in groups:
        if not rows:
            continue
        if heading:
            story += [Spacer(1, 8), _text(heading, 11, bold=True), Spacer(1, 2)]
        story.append(ranking_table([(r, ranking.person(int(r.player)).name) for r in rows],
                                   layout))
    return story


def rules_text(season: Season, ranking: SeasonRanking) -> list[str]:
    """The rules in words, as the season page says them (``seasons.describe``)."""
    return [describe(ranking.rules, season.unit)]


def write_ranking(handle: IO[bytes], season: Season, ranking: SeasonRanking, *,
                  paper_name: str = "a4",
                  printed_at: datetime.datetime | None = None) -> None:
    today = printed_at.date() if printed_at else None
    words = rules_text(season, ranking)
    render(lambda layout: ranking_story(season, ranking, layout, words, today), handle,
           title=gettext("%(club)s · %(season)s") % {"club": season.club.name,
                                                      "season": season.name},
           paper_name=paper_name, printed_at=printed_at)
