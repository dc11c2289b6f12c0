"""The results as PDFs: standings overall or of one series, club and team standings, and the
prize list with each reason in words, to be read aloud at the prize-giving.

Fed by the rows of the result pages (``scoring.results.page``, ``scoring.awards.page``: the
same rows, the same series counted, the same notices for the same visitor); no queries of its
own. A standings table of
a congress of thousands runs over many pages, its column header repeated on each.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from typing import IO
from xml.sax.saxutils import escape

from django.utils.translation import gettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from printing.base import FONT, FONT_BOLD, Layout, fit, render, style
from scoring.awards.page import PrizePage
from scoring.release.page import NOTHING_RELEASED, Release
from scoring.results.loaders import PlayerInfo
from scoring.results.page import GroupPage, StandingsPage
from scoring.results.services import Computation
from tournament.numbers import grouped

SIZE = 8  # the table rows' font size
ROW = 11.5  # a standings row's height: 66 rows a page of A4
STRIPE = colors.Color(0.94, 0.94, 0.94)  # every other row, to follow a line across
RULE = colors.Color(0.6, 0.6, 0.6)


def number(n: int) -> str:
    """A number with a true minus sign, grouped in the active language: −1,234 / −1.234."""
    return f"−{grouped(-n)}" if n < 0 else grouped(n)


def signed(n: int) -> str:
    return f"+{grouped(n)}" if n > 0 else number(n)


def _series_list(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def counted_line(release: Release) -> str:
    """Which series these results count, in the words of the visitor's page."""
    if release.nothing_released:
        # the pages' words (scoring.release.page), translated there or by the catalog here
        return gettext(str(NOTHING_RELEASED))
    if release.number is not None and not release.counted:
        return gettext("Series %(series)s is not released yet.") % {"series": release.number}
    if not release.counted:
        return gettext("No series yet.")
    if release.public_view:
        return gettext("Released series counted: %(series)s.") % {
            "series": _series_list(release.counted)}
    unreleased = release.unreleased_counted
    if not unreleased:
        return gettext("Series counted: %(series)s, all released.") % {
            "series": _series_list(release.counted)}
    return gettext("Series counted: %(series)s, released or not (not released yet: "
                   "%(unreleased)s). The public sees the released series only.") % {
        "series": _series_list(release.counted), "unreleased": _series_list(unreleased)}


def notices(release: Release, comp: Computation) -> list[str]:
    """The warnings the result pages show above their tables, word for word."""
    lines = []
    if comp.provisional:
        lines.append(gettext("<b>Provisional:</b> sheets that are not confirmed yet are "
                             "counted."))
    after = (gettext("Its results are shown again, corrected, when the series is released "
                     "again.")
             if release.public_view else gettext("The public sees its results again, corrected, "
                                                 "when every sheet is confirmed and the series "
                                                 "is released again."))
    lines += [gettext("<b>Series %(series)s: a correction is in progress.</b> %(after)s")
              % {"series": n, "after": after} for n in release.correcting]
    return lines


def _text(text: str, size: float = 9, *, bold: bool = False) -> Paragraph:
    return Paragraph(escape(text), style(size, bold=bold, leading=size * 1.3))


def _intro(heading: str, lead: str, release: Release, comp: Computation,
           layout: Layout) -> list[Flowable]:
    text, size = fit(heading, layout.width, 15, bold=True, smallest=9)
    story: list[Flowable] = [Paragraph(escape(text), style(size, bold=True, leading=size * 1.3)),
                             Spacer(1, 2)]
    if lead:
        story.append(_text(lead))
    story.append(_text(counted_line(release), bold=release.nothing_released))
    story += [Paragraph(n, style(9, leading=11.7)) for n in notices(release, comp)]
    story.append(Spacer(1, 6))
    return story


def _did_not_play(absent: Sequence[PlayerInfo]) -> list[Flowable]:
    if not absent:
        return []
    return [Spacer(1, 6),
            _text(gettext("Did not play: %(names)s.") % {
                "names": ", ".join(p.label for p in absent)}, 8)]


@functools.lru_cache(maxsize=4096)  # a club's name comes back on every one of its players
def _cut(text: str, width: float) -> str:
    if pdfmetrics.stringWidth(text, FONT, SIZE) <= width:
        return text
    short, long = 0, len(text)  # the longest start that fits with "…": binary search
    while short < long:
        middle = (short + long + 1) // 2
        if pdfmetrics.stringWidth(text[:middle] + "…", FONT, SIZE) <= width:
            short = middle
        else:
            long = middle - 1
    return text[:short].rstrip() + "…"


def _heading_width(title: str) -> float:
    """The width a column needs for its bold title and the cell's padding."""
    return pdfmetrics.stringWidth(title, FONT_BOLD, SIZE) + 5.5


class _Columns:
    """A table's columns: title, width, right-aligned; the last wide one takes what is left.
    A fixed column is widened to its title when the title is longer (German headings)."""

    def __init__(self, layout: Layout, columns: Sequence[tuple[str, float | None, bool]]):
        columns = [(t, None if w is None else max(w, _heading_width(t)), r)
                   for t, w, r in columns]
        fixed = sum(w for _, w, _ in columns if w is not None)
        free = [i for i, (_, w, _) in enumerate(columns) if w is None]
        share = (layout.width - fixed) / len(free) if free else 0
        self.titles = [t for t, _, _ in columns]
        self.widths = [share if w is None else w for _, w, _ in columns]
        self.right = [i for i, (_, _, r) in enumerate(columns) if r]

    def cell(self, i: int, text: str) -> str:
        """``text`` cut with "…" to fit its column at the rows' size (no paragraph: a table of
        thousands of rows lays out fast only with plain strings)."""
        return _cut(text, self.widths[i] - 5)

    def style(self, rows: int) -> list[tuple]:
        commands: list[tuple] = [
            ("FONT", (0, 0), (-1, -1), FONT, SIZE),
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, SIZE),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LEFTPADDING", (0, 0), (-1, -1), 2.5), ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ]
        if rows > 1:
            commands.append(("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, STRIPE]))
        commands += [("ALIGN", (i, 0), (i, -1), "RIGHT") for i in self.right]
        return commands


def standings_story(page: StandingsPage, release: Release, layout: Layout) -> list[Flowable]:
    comp = page.comp
    own_score = comp.ranking.own_score
    sentences = [comp.ranking.lead, gettext("Equal places are ties.")]
    if page.club_filter:
        sentences.append(gettext("Players of %(club)s only.") % {"club": page.club_name}
                         if page.club_name else gettext("Players of one club only."))
    lead = " ".join(sentences)
    heading = (gettext("%(tournament)s: Series %(series)s") % {
        "tournament": comp.tournament.name, "series": release.number} if release.number
        else gettext("%(tournament)s: Standings") % {"tournament": comp.tournament.name})
    story = _intro(heading, lead, release, comp, layout)
    columns = _Columns(layout, [(gettext("Place"), 32, True), (gettext("No."), 32, True),
                                (gettext("Player"), None, False),
                                # "Club" alone is also the engine's suit (Kreuz)
                                (pgettext("a player's club", "Club"), None, False),
                                (gettext("Points"), 44, True), (gettext("Won"), 30, True),
                                (gettext("Lost"), 30, True), (gettext("Games"), 36, True)]
                       + ([(gettext("Score"), 46, True)] if own_score else []))
    if not page.rows:
        return [*story, _text(gettext("No results yet.")), *_did_not_play(page.absent)]
    data: list[list[str]] = [columns.titles]
    for r in page.rows:
        row = [r.place, str(r.number), columns.cell(2, r.sort_label), columns.cell(3, r.club),
               number(r.points), grouped(r.won), grouped(r.lost), signed(r.games)]
        if own_score:
            row.append(number(r.score))
        data.append(row)
    table = Table(data, colWidths=columns.widths, rowHeights=ROW, repeatRows=1)
    table.setStyle(TableStyle(columns.style(len(data))))
    # the tables that could not finish, and how they count (as the page says)
    notes = [_text(note, 8) for note in page.notes]
    return [*story, table, *([Spacer(1, 4)] if notes else []), *notes,
            *_did_not_play(page.absent)]


# A club's players run over as many rows as they need, each at most this long, so that a
# club of thousands breaks across pages between rows (one cell taller than a page cannot).
MEMBERS_PER_ROW = 600  # characters: about a dozen lines of the column


def member_lines(names: Sequence[str], most: int = MEMBERS_PER_ROW) -> list[str]:
    """``names`` joined by commas into pieces of at most ``most`` characters (a longer name
    stands alone), every piece but the last ending with a comma."""
    pieces: list[list[str]] = [[]]
    length = 0
    for name in names:
        if pieces[-1] and length + len(name) + 2 > most:
            pieces.append([])
            length = 0
        pieces[-1].append(name)
        length += len(name) + 2
    lines = [", ".join(piece) for piece in pieces]
    return [line + ("," if i < len(lines) - 1 else "") for i, line in enumerate(lines)]


def groups_story(page: GroupPage, release: Release, layout: Layout) -> list[Flowable]:
    # Translators: the heading of the club or team standings: "Skatabend: Clubs"
    story = _intro(gettext("%(tournament)s: %(title)s") % {
        "tournament": page.comp.tournament.name, "title": page.title}, page.explain, release,
                   page.comp, layout)
    columns = _Columns(layout, [(gettext("Place"), 32, True), (gettext("Name"), 150, False),
                                (gettext("Score"), 50, True), (gettext("Counted"), 44, True),
                                (gettext("Players"), None, False)])
    if not page.rows:
        return [*story, _text(gettext("Nothing to rank yet.")), *_did_not_play(page.absent)]
    members = style(SIZE, leading=SIZE * 1.25)
    data: list[list] = [columns.titles]
    stripes: list[tuple] = []
    for i, r in enumerate(page.rows):
        first = len(data)
        lines = member_lines(r.names)
        data.append([r.place, Paragraph(escape(r.name), style(SIZE, bold=True,
                                                               leading=SIZE * 1.25)),
                     number(r.score), grouped(r.counted), Paragraph(escape(lines[0]), members)])
        data += [["", "", "", "", Paragraph(escape(line), members)] for line in lines[1:]]
        last = len(data) - 1
        if i % 2:  # one stripe for all of a club's rows
            stripes.append(("BACKGROUND", (0, first), (-1, last), STRIPE))
        if last > first:  # its lines read on without a gap
            stripes += [("BOTTOMPADDING", (0, first), (-1, last - 1), 0),
                        ("TOPPADDING", (0, first + 1), (-1, last), 0)]
    table = Table(data, colWidths=columns.widths, repeatRows=1)
    table.setStyle(TableStyle([*columns.style(1),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("TOPPADDING", (0, 0), (-1, -1), 2),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 3), *stripes]))
    return [*story, table, *_did_not_play(page.absent)]


def _who(player: PlayerInfo) -> str:
    if player.club:
        return gettext("%(name)s (no. %(number)s, %(club)s)") % {
            "name": player.name, "number": player.number, "club": player.club}
    return gettext("%(name)s (no. %(number)s)") % {"name": player.name, "number": player.number}


def _prize(prize, winners: Sequence[PlayerInfo], candidates: Sequence[PlayerInfo],
           layout: Layout) -> Flowable:
    """One prize as the page shows it: the winner (or the tie, or nobody) and the reason."""
    heading = Table([[Paragraph(str(prize.number), style(13, bold=True, align=TA_RIGHT)),
                      Paragraph(escape(prize.title), style(13, bold=True, leading=16))]],
                    colWidths=[26, layout.width - 26])
    heading.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (0, 0), 8),
                                 ("TOPPADDING", (0, 0), (-1, -1), 0),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                                 ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    body: list[Flowable] = []
    if prize.unawarded:
        body.append(Paragraph(escape(prize.reason), ParagraphStyle(
            "unawarded", parent=style(11, leading=14.3), textColor=colors.dimgrey)))
    elif prize.tie:
        body.append(Paragraph(gettext("<b>Tie</b> between %(names)s: to be settled by lot.") % {
            "names": escape(", ".join(
                # Translators: a player and his participant number, "Anna Becker (#12)"
                gettext("%(name)s (#%(number)s)") % {"name": c.name, "number": c.number}
                for c in candidates))},
            style(12, leading=15)))
        body.append(_text(prize.reason, 11))
    else:
        names = ", ".join(_who(w) for w in winners)
        if prize.by_lot:
            names = gettext("%(names)s — by lot") % {"names": names}
        body.append(_text(names, 14, bold=True))
        body.append(_text(prize.reason, 12))
    if prize.provisional:
        body.append(_text(gettext("Provisional until the tie above is settled."), 9))
    block = Table([[body]], colWidths=[layout.width - 26])
    block.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    block.hAlign = "RIGHT"
    return KeepTogether([heading, block, Spacer(1, 10)])


def prizes_story(page: PrizePage, release: Release, layout: Layout) -> list[Flowable]:
    story = _intro(gettext("%(tournament)s: Prizes") % {"tournament": page.comp.tournament.name},
                   page.lead, release, page.comp, layout)
    story += [_prize(row.prize, row.winners, row.candidates, layout) for row in page.prizes]
    return [*story, *_did_not_play(page.absent)]


def write_standings(handle: IO[bytes], page: StandingsPage, release: Release, *,
                    paper_name: str = "a4", printed_at: datetime.datetime | None = None) -> None:
    name = page.comp.tournament.name
    title = (gettext("%(tournament)s · Series %(series)s standings") % {
        "tournament": name, "series": release.number} if release.number
        else gettext("%(tournament)s · Standings") % {"tournament": name})
    render(lambda layout: standings_story(page, release, layout), handle,
           title=title, paper_name=paper_name, printed_at=printed_at)


def write_groups(handle: IO[bytes], page: GroupPage, release: Release, *,
                 paper_name: str = "a4", printed_at: datetime.datetime | None = None) -> None:
    render(lambda layout: groups_story(page, release, layout), handle,
           title=f"{page.comp.tournament.name} · {page.title}", paper_name=paper_name,
           printed_at=printed_at)


def write_prizes(handle: IO[bytes], page: PrizePage, release: Release, *,
                 paper_name: str = "a4", printed_at: datetime.datetime | None = None) -> None:
    render(lambda layout: prizes_story(page, release, layout), handle,
           title=gettext("%(tournament)s · Prizes") % {"tournament": page.comp.tournament.name},
           paper_name=paper_name,
           printed_at=printed_at)
