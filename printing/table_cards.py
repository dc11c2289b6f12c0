"""Table cards: one page per table of a series with its big number, its seats and players, and
the QR code of the table's entry link. Fed by ``table_info``; no queries of its own."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO
from xml.sax.saxutils import escape

from django.utils.translation import gettext
from reportlab.lib.enums import TA_CENTER
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from printing.base import Layout, fit, render, style
from printing.qr import QrCode
from tournament.sheets.loaders import TableInfo


@dataclass(frozen=True)
class CardPrint:
    info: TableInfo
    link: str
    start_decks: tuple[int, ...] = ()  # comparative: the decks the table plays in round 1


def _centred(text: str, width: float, size: float, *, bold: bool = False) -> Paragraph:
    text, size = fit(text, width, size, bold=bold, smallest=size / 2)
    return Paragraph(escape(text), style(size, bold=bold, leading=size * 1.15, align=TA_CENTER))


def card_story(card: CardPrint, layout: Layout) -> list[Flowable]:
    info, width = card.info, layout.width
    label = 130 if info.decks else 90  # "Seat 1 · N" at a comparative table
    seats = Table([[_centred(info.seat_words(p.position), label - 10, 16),
                    _centred(p.name, width - label - 10, 20, bold=True)]
                   for p in info.players],
                  colWidths=[label, width - label - 10], rowHeights=[34] * len(info.players))
    seats.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("LINEBELOW", (0, 0), (-1, -1), 0.4, (0.6, 0.6, 0.6))]))
    qr = min(200, layout.height / 3.5)
    drawing = QrCode(card.link, qr)
    drawing.hAlign = "CENTER"
    return [
        _centred(info.tournament.name, width, 16, bold=True),
        _centred(gettext("Series %(series)s") % {"series": info.table.series.number}, width, 14),
        Spacer(1, 10),
        _centred(gettext("Table"), width, 28),
        Spacer(1, 6),
        _centred(str(info.table.number), width, 150, bold=True),
        Spacer(1, 60),
        seats,
        *([Spacer(1, 10), _centred(gettext("Decks to start with: %(decks)s") % {
            "decks": ", ".join(map(str, card.start_decks))}, width, 16, bold=True)]
          if card.start_decks else []),
        Spacer(1, 18),
        drawing,
        _centred(gettext("Scan to enter the deals of this table:"), width, 10),
        _centred(card.link, width, 9),
    ]


def write_cards(handle: IO[bytes], cards: Iterable[CardPrint], *, title: str,
                paper_name: str = "a4", printed_at: datetime.datetime | None = None) -> None:
    def story(layout: Layout) -> list[Flowable]:
        flowables: list[Flowable] = []
        for i, card in enumerate(cards):
            if i:
                flowables.append(PageBreak())
            flowables += card_story(card, layout)
        return flowables or [_centred(gettext("This series has no tables yet."), layout.width,
                                      12)]

    render(story, handle, title=title, paper_name=paper_name, printed_at=printed_at)
