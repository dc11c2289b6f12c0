"""A comparative series' decks on paper: the hand records (every deck's hands by seat letter,
its Skat and its dealer, several decks a page like a bridge hand-record sheet) and the deck
labels to stick on the numbered deck boxes, many a page with cut lines.

Fed by ``tournament.comparative.page.hand_records`` (what the hand-record page shows) and, for
the labels, ``services.deck_paths`` (where each deck starts); no queries of their own.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO
from xml.sax.saxutils import escape

from django.utils.translation import gettext, ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from engine import Suit
from engine.cards import JACK_ORDER
from printing.base import Layout, fit, render, style
from tournament.comparative.page import DeckRecord, SuitCards

RED = colors.HexColor("#cc0000")  # hearts and diamonds, as on the page
BLACK = colors.black
SIZE = 8
GAP = 8  # between two decks of a row
DECK_COLUMNS = 2
LETTER_WIDTH = 26
FRAME_PADDING = 12  # reportlab's frame keeps 6 points each side of ``Layout.width``
JACKS_WIDTH = 52


def colour_of(suit: SuitCards | str) -> colors.Color:
    """Red for hearts and diamonds, black for clubs and spades (a ``SuitCards`` or a symbol)."""
    name = suit.colour if isinstance(suit, SuitCards) else next(
        s.colour for s in Suit if s.symbol == suit)
    return RED if name == "red" else BLACK


def symbol(suit: SuitCards | str) -> str:
    """The suit symbol as paragraph markup in its colour."""
    text = suit.symbol if isinstance(suit, SuitCards) else suit
    return f'<font color="#{colour_of(suit).hexval()[2:]}">{text}</font>'


def _p(markup: str, size: float = SIZE, *, bold: bool = False, align: int = 0) -> Paragraph:
    return Paragraph(markup, style(size, bold=bold, leading=size * 1.2, align=align))


def _plain(text: str, width: float, size: float = SIZE, *, bold: bool = False,
           align: int = 0) -> Paragraph:
    text, size = fit(text, width - 4, size, bold=bold)
    return _p(escape(text), size, bold=bold, align=align)


def _ranks(cards: SuitCards | None, width: float) -> Paragraph | str:
    if cards is None:
        return ""
    text, size = fit(cards.ranks, width - 4, SIZE)
    return _p(escape(text), size)


def _jacks(jacks: Sequence[SuitCards]) -> Paragraph:
    jack = escape(pgettext("the Jack, as a card letter", "J"))
    return _p(" ".join(symbol(j) + jack for j in jacks))


def _deck_table(deck: DeckRecord, width: float, table_size: int) -> Table:
    """One deck: a row a hand (the letter, its Jacks, then its cards suit by suit), the Skat
    and the dealer; at a four-table the dealer holds no cards and says so."""
    suit_width = (width - LETTER_WIDTH - JACKS_WIDTH) / len(JACK_ORDER)
    widths = [LETTER_WIDTH, JACKS_WIDTH] + [suit_width] * len(JACK_ORDER)
    title = gettext("Deck %(deck)s") % {"deck": deck.number}
    # Translators: the seat letter of the deck's dealer; at a four-table the dealer sits out
    dealer = (gettext("dealer %(letter)s, sits out") if table_size == 4
              else gettext("dealer %(letter)s")) % {"letter": deck.dealer}
    rows: list[list] = [
        [_p(escape(title), SIZE + 2, bold=True), "", "", "",
         _plain(dealer, 2 * suit_width, SIZE, align=TA_RIGHT), ""],
        ["", _p(escape(gettext("Jacks")), SIZE - 1)]
        + [_p(symbol(s.symbol), SIZE + 1) for s in JACK_ORDER],
    ]
    commands: list[tuple] = [("SPAN", (0, 0), (3, 0)), ("SPAN", (4, 0), (5, 0))]
    for hand in deck.hands:
        by_symbol = {s.symbol: s for s in hand.suits}
        rows.append([_p(hand.letter, SIZE + 1, bold=True), _jacks(hand.jacks)]
                    + [_ranks(by_symbol.get(s.symbol), suit_width) for s in JACK_ORDER])
        if hand.letter == deck.dealer:
            commands.append(("BACKGROUND", (0, len(rows) - 1), (0, len(rows) - 1),
                             colors.Color(0.88, 0.88, 0.88)))
    skat = "&nbsp;&nbsp;&nbsp;".join(symbol(s) + "&nbsp;" + escape(s.ranks) for s in deck.skat)
    rows.append([_p(escape(gettext("Skat")), SIZE - 1, bold=True), _p(skat), "", "", "", ""])
    last = len(rows) - 1
    commands += [("SPAN", (1, last), (-1, last)),
                 ("LINEABOVE", (0, last), (-1, last), 0.4, colors.grey)]
    table = Table(rows, colWidths=widths)
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.6, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
        ("LINEBELOW", (0, 1), (-1, 1), 0.3, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        *commands,
    ]))
    return table


def _analysis_table(deck: DeckRecord, width: float) -> Table:
    """The deck's open-card analysis under its hands: a row a letter, each game's card points
    (Null: won or lost), won games bold, the best framed; then each letter's best game."""
    game_width = (width - LETTER_WIDTH) / 6
    heads = [escape(gettext("Grand"))] + [symbol(s.symbol) for s in JACK_ORDER] + [
        escape(gettext("Null"))]
    rows: list[list] = [
        [_p(escape(gettext("With open cards")), SIZE - 1, bold=True)] + [""] * 6,
        [""] + [_p(h, SIZE - 1, align=TA_RIGHT) for h in heads]]
    commands: list[tuple] = [("SPAN", (0, 0), (-1, 0))]
    for row in deck.analysis:
        cells: list = [_p(row.letter, SIZE, bold=True)]
        for column, cell in enumerate(row.cells, start=1):
            text = cell.text + (f" {cell.mark}" if cell.mark else "")
            cells.append(_plain(text, game_width, SIZE, bold=cell.won, align=TA_RIGHT))
            if cell.best:
                at = (column, len(rows))
                commands.append(("BOX", at, at, 0.8, colors.HexColor("#22aa66")))
        rows.append(cells)
    for row in deck.analysis:
        rows.append([_p(row.letter, SIZE - 1, bold=True), _plain(
            f"{row.best} · {row.value}", width - LETTER_WIDTH, SIZE - 1), "", "", "", "", ""])
        commands.append(("SPAN", (1, len(rows) - 1), (-1, len(rows) - 1)))
    table = Table(rows, colWidths=[LETTER_WIDTH] + [game_width] * 6)
    table.setStyle(TableStyle([
        ("BOX", (0, 0), (-1, -1), 0.6, colors.black),
        ("LINEBELOW", (0, 1), (-1, 1), 0.3, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        *commands,
    ]))
    return table


def _deck_cell(deck: DeckRecord, width: float, table_size: int) -> list[Flowable]:
    if not deck.analysis:
        return [_deck_table(deck, width, table_size)]
    return [_deck_table(deck, width, table_size), Spacer(1, 2), _analysis_table(deck, width)]


def hands_title(tournament_name: str, series: int) -> str:
    return gettext("%(tournament)s · Series %(series)s · hand records") % {
        "tournament": tournament_name, "series": series}


def hands_story(decks: Sequence[DeckRecord], layout: Layout, *, heading: str,
                table_size: int, seed: str) -> list[Flowable]:
    full = layout.width - FRAME_PADDING
    count = len(decks)
    if table_size == 4:
        dealt = ngettext("%(count)s deck for 4-tables, dealt from seed %(seed)s.",
                         "%(count)s decks for 4-tables, dealt from seed %(seed)s.", count)
    else:
        dealt = ngettext("%(count)s deck for 3-tables, dealt from seed %(seed)s.",
                         "%(count)s decks for 3-tables, dealt from seed %(seed)s.", count)
    story: list[Flowable] = [
        _plain(heading, full, 13, bold=True),
        _p(escape(" ".join([dealt % {"count": count, "seed": seed}, gettext(
            "Each hand lists its Jacks, then its cards suit by suit; the dealer's letter is "
            "shaded.")] + ([gettext(
                "With open cards: the declarer's card points when all three play perfectly, "
                "knowing every card, the Skat as dealt counting for the declarer (a game "
                "from the hand); won games bold, the hand's best game framed.")]
                if any(d.analysis for d in decks) else []))), 8),
        Spacer(1, 6),
    ]
    if not decks:
        return [*story, _plain(gettext("This series has no decks."), full, 10)]
    width = (full - GAP * (DECK_COLUMNS - 1)) / DECK_COLUMNS
    cells = [_deck_cell(d, width, table_size) for d in decks]
    rows = []
    for i in range(0, len(cells), DECK_COLUMNS):
        row: list = []
        for cell in cells[i:i + DECK_COLUMNS]:
            row += [cell, ""]
        rows.append((row + ["", ""] * DECK_COLUMNS)[:2 * DECK_COLUMNS - 1])
    grid = Table(rows, colWidths=([width, GAP] * DECK_COLUMNS)[:2 * DECK_COLUMNS - 1])
    grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                              ("TOPPADDING", (0, 0), (-1, -1), 0),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), GAP)]))
    return [*story, grid]


def write_hand_records(handle: IO[bytes], decks: Sequence[DeckRecord], *, tournament_name: str,
                       series: int, table_size: int, seed: str, paper_name: str = "a4",
                       printed_at: datetime.datetime | None = None) -> None:
    title = hands_title(tournament_name, series)
    render(lambda layout: hands_story(decks, layout, heading=title, table_size=table_size,
                                      seed=seed),
           handle, title=title, paper_name=paper_name, printed_at=printed_at)


# -- deck labels ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckLabel:
    """One deck box: its deck, and, once the room is seated, its section and first table."""

    deck: int
    dealer: str
    section: int | None = None
    table: int | None = None  # the table that plays it in round 1


LABEL_COLUMNS = 3
LABEL_HEIGHT = 84  # eight rows on A4 and on Letter
CUT = (3, 2)  # the dashes of the cut lines


def deck_labels(decks: Sequence[DeckRecord], paths: Sequence | None) -> list[DeckLabel]:
    """A label per deck box: one per deck and section once the room is seated (each section
    plays its own copy), else one per deck with the table left to fill in by hand.
    ``paths``: ``services.deck_paths`` of the room (None or empty: not seated)."""
    dealers = {d.number: d.dealer for d in decks}
    if not paths:
        return [DeckLabel(d.number, d.dealer) for d in decks]
    return [DeckLabel(p.deck, dealers.get(p.deck, "?"), p.section,
                      p.tables[0] if p.tables else None)
            for p in sorted(paths, key=lambda p: (p.section, p.deck))]


def _label(label: DeckLabel, width: float, *, tournament_name: str, series: int,
           sections: int) -> list[Flowable]:
    width -= 12  # the cell's padding
    # Translators: a deck box's label; "____" when the table is written in by hand
    where = gettext("starts at table %(table)s") % {
        "table": str(label.table) if label.table else "____"}
    if label.section is not None and sections > 1:
        where = gettext("section %(section)s · %(where)s") % {"section": label.section,
                                                              "where": where}
    deck, size = fit(gettext("Deck %(deck)s") % {"deck": label.deck}, width, 22, bold=True,
                     smallest=12)
    return [
        _plain(tournament_name, width, 7, bold=True, align=TA_CENTER),
        _plain(gettext("Series %(series)s") % {"series": series}, width, 8, align=TA_CENTER),
        Paragraph(escape(deck), style(size, bold=True, leading=26, align=TA_CENTER)),
        _plain(where, width, 8, align=TA_CENTER),
        _plain(gettext("dealer %(letter)s") % {"letter": label.dealer}, width, 7,
               align=TA_CENTER),
    ]


def labels_story(labels: Sequence[DeckLabel], layout: Layout, *, tournament_name: str,
                 series: int) -> list[Flowable]:
    if not labels:
        return [_plain(gettext("This series has no decks."), layout.width - FRAME_PADDING, 10)]
    width = (layout.width - FRAME_PADDING) / LABEL_COLUMNS
    sections = len({label.section for label in labels})
    cells = [_label(label, width, tournament_name=tournament_name, series=series,
                    sections=sections) for label in labels]
    rows = [(cells[i:i + LABEL_COLUMNS] + [""] * LABEL_COLUMNS)[:LABEL_COLUMNS]
            for i in range(0, len(cells), LABEL_COLUMNS)]
    grid = Table(rows, colWidths=[width] * LABEL_COLUMNS, rowHeights=LABEL_HEIGHT)
    grid.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey, 1, CUT),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    return [grid]


def labels_title(tournament_name: str, series: int) -> str:
    return gettext("%(tournament)s · Series %(series)s · deck labels") % {
        "tournament": tournament_name, "series": series}


def write_deck_labels(handle: IO[bytes], labels: Sequence[DeckLabel], *, tournament_name: str,
                      series: int, paper_name: str = "a4",
                      printed_at: datetime.datetime | None = None) -> None:
    render(lambda layout: labels_story(labels, layout, tournament_name=tournament_name,
                                       series=series),
           handle, title=labels_title(tournament_name, series), paper_name=paper_name,
           printed_at=printed_at)

