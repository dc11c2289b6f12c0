"""The score sheet PDF from plain data (docs/rules.md §9), read back with pypdf."""

import io
import re

import pytest
from pypdf import PdfReader
from reportlab.graphics.barcode.qr import QrCodeWidget

from printing import qr, score_sheets
from printing.base import Layout
from tests.printing.conftest import LINK, PRINTED, book_sheet, penalty_sheet, plain_info
from tournament.comparative.services import LETTERS
from tournament.models import Deck


def pdf(item, **options):
    out = io.BytesIO()
    score_sheets.write_sheet(out, item, printed_at=PRINTED, **options)
    out.seek(0)
    return PdfReader(out)


def text(reader):
    return "\n".join(page.extract_text() for page in reader.pages)


def test_the_books_settlement_comes_out_of_the_code():
    result = score_sheets.settlement([140, 85, 24])
    assert result.cents == (35, 21, 6)  # 85 ÷ 4 gives 21, the fraction dropped
    assert result.balances == (43, 1, -44)


def test_a_filled_sheet_shows_players_deals_totals_and_the_settlement(info):
    reader = pdf(score_sheets.SheetPrint(info, book_sheet(info), LINK))
    assert len(reader.pages) == 1
    words = text(reader)
    for expected in ("Skatclub Grün-Weiß Köln · Series 2 · Table 7", "page 1 of 1",
                     "printed 2027-05-01 21:30", "Seat 1: Jürgen Müller (no. 11)",
                     "Seat 2: Änne Schröder", "Seat 3: Björn Weiß", "♦ Tourné with 4, won",
                     "Grand Tourné with 1, won", "Settlement at ¼ cent a point",
                     "+43 cents", "+1 cents", "−44 cents", LINK):
        assert expected in words, expected
    assert re.search(r"Totals\s*140\s*85\s*24", words)
    # one row per deal: number, dealer, declarer, game, value, running totals
    assert re.search(r"4\s*Änne Schröder\s*Änne Schröder\s*♦ Tourné with 4, won\s*\+25\s*"
                     r"140\s*85\s*0\s*5\s*Björn Weiß", words)
    # the deals not yet played stand empty, their dealers named
    assert re.search(r"11\s*Björn Weiß\s*12\s*Jürgen Müller\s*Totals", words)
    assert not any(line.startswith("Problem") for line in words.splitlines())


def test_penalties_are_rows_of_their_own():
    info = plain_info(4, 12)
    words = text(pdf(score_sheets.SheetPrint(info, penalty_sheet(info), LINK)))
    assert re.search(r"1\s*Änne Schröder\s*Björn Weiß\s*♥ Solo with 1, Schneider, won\s*\+30\s*"
                     r"0\s*0\s*30\s*0\s*Zoë Brandt\s*Penalty: misdeal\s*−10\s*0\s*0\s*30\s*−10",
                     words)
    assert "Problem" not in words


def test_seeger_fabian_has_no_settlement():
    info = plain_info(scoring="seeger-fabian")
    words = text(pdf(score_sheets.SheetPrint(info, book_sheet(info), LINK)))
    assert "Settlement" not in words and "Totals" in words


@pytest.mark.parametrize(("paper", "size"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_a_blank_48_deal_four_table_sheet_fits_one_page(paper, size):
    info = plain_info(4, 12)
    reader = pdf(score_sheets.SheetPrint(info, None, LINK), blank=True, paper_name=paper)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(box.width), round(box.height)) == size
    words = text(reader)
    assert "page 1 of 1" in words and "blank sheet" in words and "Signatures" in words
    for number in range(1, 49):
        dealer = info.name(info.dealer(number))
        assert re.search(rf"(^|\n)\s*{number}\n{dealer}\n", words), number
    assert words.count("out") >= 48  # the sitting-out dealer's cell, every deal
    assert "Zoë Brandt: ____" in words


def test_a_filled_48_deal_sheet_fits_one_page_of_letter_too():
    info = plain_info(4, 12)
    reader = pdf(score_sheets.SheetPrint(info, penalty_sheet(info), LINK), paper_name="letter")
    assert len(reader.pages) == 1


def test_the_qr_code_drawn_is_the_table_link(info):
    drawing = qr.qr_drawing(LINK, 74)
    (widget,) = drawing.contents
    assert widget.value == LINK
    assert qr.matrix(widget) == qr.matrix(QrCodeWidget(LINK, barLevel=qr.LEVEL))
    assert qr.matrix(widget) != qr.matrix(QrCodeWidget(LINK + "x", barLevel=qr.LEVEL))
    # the sheet's head carries that very drawing, and the PDF draws one rectangle per
    # rectangle of the widget (a three-table sheet has no other filled rectangles)
    story = score_sheets.sheet_story(score_sheets.SheetPrint(info, book_sheet(info), LINK),
                                     Layout("a4", 500, 700))
    head = story[0]
    drawn = head._cellvalues[0][1]
    assert drawn.contents[0].value == LINK
    reader = pdf(score_sheets.SheetPrint(info, book_sheet(info), LINK))
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    rects = len(re.findall(r" re\b", content))
    assert rects == len(widget.draw().contents)


def test_all_sheets_number_their_pages_per_table():
    items = [score_sheets.SheetPrint(plain_info(4, 12), None, LINK),
             score_sheets.SheetPrint(plain_info(3, 4), None, LINK)]
    out = io.BytesIO()
    score_sheets.write_sheets(out, items, series_title="All", blank=True, printed_at=PRINTED)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert len(reader.pages) == 2
    assert all("page 1 of 1" in page.extract_text() for page in reader.pages)


def test_a_comparative_sheet_names_each_deals_deck_and_its_dealer():
    decks = [Deck(number=number, dealer=letter, hands={}, skat=[])
             for number, letter in zip((5, 6, 7), LETTERS[2::-1], strict=True)]
    info = plain_info(3, 1, decks=decks)
    words = text(pdf(score_sheets.SheetPrint(info, None, LINK), blank=True))
    for n, deck in enumerate(decks, start=1):
        assert f"{info.name(info.dealer(n))} · deck {deck.number}" in words
