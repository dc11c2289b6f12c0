"""The score sheet of one table in one series as a PDF (docs/rules.md §9): filled from the
sheet the pages show (``table_info`` + ``load_sheet``), or blank with each deal's dealer named,
for play on paper. Each has the QR code of the table's entry link. No queries of its own."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import IO
from xml.sax.saxutils import escape

from django.utils.translation import gettext, ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from engine import GAME_BONUS, OPPONENT_BONUS, SeegerFabianFoot, at_rate, settle
from printing.base import Layout, PageGroup, fit, render, style
from printing.qr import QrCode
from printing.sheet_grid import SIZE, Cell, Cells, Grid
from printing.sheet_words import answered, rate_text, title
from scoring.ranking import ranking_of
from tournament.numbers import grouped
from tournament.sheets.loaders import TableInfo
from tournament.sheets.sheet import Sheet, seeger_fabian_feet

RATE = Fraction(1, 4)  # cents a point, the book's default (seed 000 L4811)
SHADE = colors.Color(0.88, 0.88, 0.88)  # the sitting-out dealer's cell
PENALTY = colors.Color(1, 0.95, 0.85)
ROW = 9.8  # a deal row's height at most
# The height of everything on a sheet but its deal rows: the head, the foot or settlement
# block (a blank foot's boxes), who submitted and confirmed, and the signatures. Rows shrink
# to leave it room, so 48 deals fit one page of Letter.
REST = 280


@dataclass(frozen=True)
class SheetPrint:
    """One sheet to print: the table, its sheet (None: blank) and its entry link (None: the
    public's copy of a released sheet, which never shows the table's secret link)."""

    info: TableInfo
    sheet: Sheet | None
    link: str | None
    note: str = ""  # the public copy's line in place of the link: how final the sheet is


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
    """A number with a true minus sign, grouped in the active language: −1,234 / −1.234."""
    return f"−{grouped(-n)}" if n < 0 else grouped(n)


def signed(n: int) -> str:
    return f"+{grouped(n)}" if n > 0 else number(n)


def _p(text: str, width: float, size: float = SIZE, *, bold: bool = False,
       right: bool = False) -> Paragraph:
    text, size = fit(text, width - 4, size, bold=bold)
    return Paragraph(escape(text), style(size, bold=bold, leading=size * 1.15,
                                         align=TA_RIGHT if right else 0))


def _head(item: SheetPrint, layout: Layout, blank: bool) -> Flowable:
    info = item.info
    qr_size = 74
    left = layout.width - qr_size - 10
    facts = [gettext("Series %(series)s") % {"series": info.table.series.number},
             gettext("Table %(table)s") % {"table": info.table.number},
             ngettext("%(count)s player", "%(count)s players", info.size) % {"count": info.size},
             ngettext("%(count)s deal", "%(count)s deals", info.deal_count)
             % {"count": info.deal_count},
             gettext(info.rules.name), *([gettext("blank sheet")] if blank else [])]
    lines = [
        _p(info.tournament.name, left, 13, bold=True),
        _p(" · ".join(facts), left, 9),
        Spacer(1, 2),
    ]
    for player in info.players:
        # Translators: a line of the sheet's head: "Seat 1:  Anna Becker  (no. 12)"
        lines.append(_p(gettext("%(seat)s:  %(name)s  (no. %(number)s)") % {
            "seat": info.seat_words(player.position), "name": player.name,
            "number": player.number}, left, 9))
    if item.link is None:
        lines += [Spacer(1, 2), _p(item.note, left, 7)]
    else:
        lines += [Spacer(1, 2), _p(gettext("Entry link: %(link)s") % {"link": item.link},
                                   left, 7)]
    code = QrCode(item.link, qr_size) if item.link is not None else ""
    box = Table([[lines, code]], colWidths=[left, qr_size + 10])
    box.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                             ("LEFTPADDING", (0, 0), (-1, -1), 0),
                             ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                             ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                             ("TOPPADDING", (0, 0), (-1, -1), 0)]))
    return box


def _widths(info: TableInfo, layout: Layout) -> list[float]:
    """No., dealer, declarer, game, value, the seats. At a comparative table the dealer's
    cell also names the deck ("Anna Becker · deck 5", German "· Austeilung 5"): it takes
    some of the game's room."""
    seats = [44.0] * info.size
    dealer = 110.0 if info.decks else 72.0
    game = layout.width - 16 - dealer - 72 - 30 - sum(seats)
    return [16.0, dealer, 72.0, game, 30.0, *seats]


# Long on purpose: the cells and the fills that address them by row index are built in one
# pass; split, every part would have to recount the rows.
def _rows(item: SheetPrint, layout: Layout, blank: bool) -> Flowable:
    info, sheet = item.info, item.sheet
    widths = _widths(info, layout)
    four = info.size == 4
    seat_columns = range(5, 5 + info.size)
    cells = Cells(widths)

    def totals(values: Iterable[int]) -> list[str]:
        return [number(t) for t in values]

    def moved(entries: Iterable[int]) -> list[int]:
        return [4 + seat for seat in entries]

    def dealer(n: int | None, seat: int | None) -> str:
        """The dealer's name; at a comparative table also the deck the deal is played with."""
        deck = info.deck(n) if n else None
        name = info.name_at(seat, n)
        if not deck:
            return name
        return gettext("%(name)s · deck %(deck)s") % {"name": name, "deck": deck.number}

    def shade(row: int, seat: int | None) -> None:
        if four and seat:
            cells.fill(row, [4 + seat], SHADE)

    cells.row([gettext("No."), gettext("Dealer"), gettext("Declarer"), gettext("Game"),
               gettext("Value"),
               *[f"{p.position} {p.name.split(' ')[0]}" for p in info.players]],
              bold=range(5 + info.size))
    played = set()
    last = 1  # a penalty names whoever played the seat in the deal before it (a substitute)
    if sheet is not None and not blank:
        for row in sheet.rows:
            last = row.number or last
            if row.kind == "penalty":
                r = cells.row(["", "", info.name_at(next(iter(row.entries), None), last),
                               row.text,
                               signed(row.value), *totals(row.totals)], bold=moved(row.entries))
                cells.fill(r, range(len(widths)), PENALTY)
                continue
            played.add(row.number)
            loser = row.declarer is None and len(row.entries) == 1
            who = info.name_at(next(iter(row.entries)) if loser else row.declarer, row.number)
            r = cells.row([str(row.number), dealer(row.number, row.dealer), who, row.text,
                           signed(row.value), *totals(row.totals)], bold=moved(row.entries))
            shade(r, row.dealer)
    for n in range(1, info.deal_count + 1):
        if n in played:
            continue
        seat = info.dealer(n)
        r = cells.row([str(n), dealer(n, seat), "", "", ""]
                      + ["" for _ in range(info.size)])
        if four and seat:
            cells.rows[r][4 + seat] = Cell(
                fit(pgettext("the dealer at a four-table sits the deal out", "out"),
                    widths[4 + seat] - 4, 5.5, smallest=4)[0], 5.5)
        shade(r, seat)
    final = ["" for _ in range(info.size)] if blank or sheet is None else totals(sheet.totals)
    last = cells.row(["", "", "", gettext("Totals"), "", *final], bold=[3, *seat_columns],
                     size=SIZE + 1)
    row = max(SIZE + 1.5, min(ROW, (layout.height - REST) / (info.deal_count + 2)))
    heights = [row + 2] + [row] * (len(cells.rows) - 2) + [row + 4]
    return Grid(widths, heights, cells.rows, cells.fills, frozenset({last}))


BOX = 15  # a blank foot's box: room for a handwritten number


def _block(data: list[list], widths: list[float], last_bold: bool = False,
           boxes: bool = False) -> Flowable:
    """``boxes``: a blank sheet's foot, a box for every number the table writes in."""
    heights = [None] + [BOX] * (len(data) - 1) if boxes else None
    table = Table(data, colWidths=widths, rowHeights=heights)
    commands = [("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
                ("TOPPADDING", (0, 0), (-1, -1), 0.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]
    if boxes:
        commands += [("GRID", (1, 1), (-1, -1), 0.5, colors.grey),
                     ("VALIGN", (0, 1), (-1, -1), "MIDDLE")]
    if last_bold:
        commands.append(("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black))
    table.setStyle(TableStyle(commands))
    return table


def _settlement(item: SheetPrint, layout: Layout, rate: Fraction) -> Flowable:
    """Every total to whole cents, then every two players settle (blank: the rule in words)."""
    info, sheet = item.info, item.sheet
    widths = [layout.width - 3 * 70, 70, 70, 70]
    data = [[_p(gettext("Settlement at %(rate)s") % {"rate": rate_text(rate)}, widths[0], 8,
                bold=True),
             _p(gettext("Points"), 70, 8, bold=True, right=True),
             _p(gettext("Cents"), 70, 8, bold=True, right=True),
             _p(gettext("Balance"), 70, 8, bold=True, right=True)]]
    if sheet is None:
        data += [[_p(f"{p.position} {p.name}", widths[0], 8), "", "", ""] for p in info.players]
        data.append([_p(gettext("Each total at the rate, the fraction dropped; every two "
                                "players settle the difference."), layout.width, 6.5),
                     "", "", ""])
        return _block(data, widths)
    result = settlement(sheet.totals, rate)
    for player, total, cents, balance in zip(info.players, result.totals, result.cents,
                                             result.balances, strict=True):
        data.append([_p(f"{player.position} {player.name}", widths[0], 8),
                     _p(number(total), 70, 8, right=True), _p(number(cents), 70, 8, right=True),
                     _p(gettext("%(amount)s cents") % {"amount": signed(balance)}, 70, 8,
                        bold=True, right=True)])
    return _block(data, widths)


@dataclass(frozen=True)
class Foot:
    """A Seeger-Fabian sheet's foot, per seat (docs/rules.md §10): ``seeger_fabian_feet``,
    the same numbers the web sheet shows and the standings rank."""

    feet: tuple[SeegerFabianFoot, ...]
    bonus: int  # per game another declarer lost: 40 at a three-table, 30 at a four-table

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(f.points for f in self.feet)

    @property
    def won(self) -> tuple[int, ...]:
        return tuple(f.won for f in self.feet)

    @property
    def lost(self) -> tuple[int, ...]:
        return tuple(f.lost for f in self.feet)

    @property
    def others_lost(self) -> tuple[int, ...]:
        return tuple(f.others_lost for f in self.feet)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(f.score for f in self.feet)


def foot(sheet: Sheet) -> Foot:
    return Foot(seeger_fabian_feet(sheet), OPPONENT_BONUS[sheet.seats])


def _foot(item: SheetPrint, layout: Layout) -> Flowable:
    info, sheet = item.info, item.sheet
    bonus = OPPONENT_BONUS[info.size]
    seat_width = 56.0
    label = layout.width - seat_width * info.size
    widths = [label, *[seat_width] * info.size]
    result = foot(sheet) if sheet is not None else None
    lines: list[tuple[str, Callable[[Foot], tuple[int, ...]]]] = [
        (gettext("Points (the sheet's totals)"), lambda f: f.totals),
        (gettext("Games won × %(bonus)s") % {"bonus": GAME_BONUS},
         lambda f: tuple(GAME_BONUS * w for w in f.won)),
        (gettext("Games lost × %(bonus)s") % {"bonus": GAME_BONUS},
         lambda f: tuple(-GAME_BONUS * lo for lo in f.lost)),
        (gettext("Games the others lost × %(bonus)s") % {"bonus": bonus},
         lambda f: tuple(bonus * o for o in f.others_lost)),
        (gettext("Seeger-Fabian score"), lambda f: f.scores),
    ]
    data: list[list] = [[_p("Seeger-Fabian", label, 8, bold=True),
                         *[_p(f"{p.position} {p.name.split(' ')[0]}", seat_width, 8, bold=True,
                              right=True) for p in info.players]]]
    for i, (text, values) in enumerate(lines):
        bold = i == len(lines) - 1
        cells = ([_p(signed(v) if 0 < i < len(lines) - 1 else number(v), seat_width, 8,
                     bold=bold, right=True) for v in values(result)]
                 if result is not None else [""] * info.size)
        if result is not None and 0 < i < len(lines) - 1:
            counts = (result.won, result.lost, result.others_lost)[i - 1]
            # Translators: a line of the Seeger-Fabian foot and each seat's count of games:
            # "Games won × 50  (3, 2, 1 games)"
            text = gettext("%(line)s  (%(counts)s games)") % {
                "line": text, "counts": ", ".join(grouped(c) for c in counts)}
        data.append([_p(text, label, 8, bold=bold), *cells])
    return _block(data, widths, last_bold=True, boxes=result is None)


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
        story.append(_p(gettext("Shaded: the dealer, who sits out that deal."), layout.width,
                        6.5))
    story.append(Spacer(1, 6))
    filled = item.sheet is not None and not blank
    # a table that could not finish: who sat in for whom, where the director ended the sheet
    story += [_p(note, layout.width, 7) for note in (
        *(s.words for s in info.substitutes), info.ended_words) if note]
    if filled and item.sheet.problems:
        story += [_p(gettext("Problem: %(problem)s") % {"problem": p}, layout.width, 7)
                  for p in item.sheet.problems]
    shown = item if filled else SheetPrint(info, None, item.link)
    if ranking_of(info.tournament.scoring_system).foot:
        story.append(_foot(shown, layout))
    else:
        story.append(_settlement(shown, layout, info.tournament.cents_per_point))
    story.append(Spacer(1, 10))
    if filled:  # who answers for the sheet, above the players' signatures
        story += [_p(answered(info.table), layout.width, 8), Spacer(1, 6)]
    story += [_p(gettext("Signatures"), layout.width, 8, bold=True), _signatures(item, layout)]
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
            flowables.append(_p(gettext("This series has no tables yet."), layout.width, 10))
        return flowables

    render(story, handle, title=series_title, paper_name=paper_name, printed_at=printed_at)
