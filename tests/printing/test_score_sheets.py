"""The score sheet PDF from plain data (docs/rules.md §9), read back with pypdf."""

import io
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from pypdf import PdfReader
from reportlab.graphics.barcode.qr import QrCodeWidget

from engine import LETTERS
from printing import qr, score_sheets
from printing.base import Layout
from scoring.standings import DealResult, seeger_fabian_standings
from tests.printing.conftest import LINK, PRINTED, book_sheet, penalty_sheet, plain_info
from tournament.models import Deck
from tournament.sheets.sheet import SheetDeal, build_sheet


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


def widget_matrix(link):
    """The modules reportlab's own QR widget encodes for ``link``."""
    widget = QrCodeWidget(link, barLevel=qr.LEVEL)
    widget.draw()
    count = widget.qr.getModuleCount()
    return [[bool(widget.qr.isDark(r, c)) for c in range(count)] for r in range(count)]


def drawn_matrix(content: str, count: int) -> list[list[bool]]:
    """The modules a page's content stream fills: after the code's ``cm`` into module units,
    each ``x y w 1 re`` is a run of dark modules of one row (y counted from the bottom)."""
    grid = [[False] * count for _ in range(count)]
    path = re.search(r" 0 0 cm\n((?:\d+ \d+ \d+ 1 re\n)+)f", content)
    assert path, "no QR code on the page"
    for x, y, w in re.findall(r"(\d+) (\d+) (\d+) 1 re", path.group(1)):
        row = count + qr.QUIET - 1 - int(y)
        for column in range(int(x) - qr.QUIET, int(x) - qr.QUIET + int(w)):
            grid[row][column] = True
    return grid


def test_the_qr_code_drawn_is_the_table_link(info):
    expected = widget_matrix(LINK)
    assert qr.encode(LINK) == expected
    assert qr.encode(LINK + "x") != expected
    # the sheet's head carries the code of the link, and the page draws exactly its modules
    story = score_sheets.sheet_story(score_sheets.SheetPrint(info, book_sheet(info), LINK),
                                     Layout("a4", 500, 700))
    drawn = story[0]._cellvalues[0][1]
    assert drawn.link == LINK
    reader = pdf(score_sheets.SheetPrint(info, book_sheet(info), LINK))
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert drawn_matrix(content, len(expected)) == expected


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


def lost_game_sheet(info):
    """The book's sheet, then seat 3 loses a Grand (−48) and a Ramsch charges seat 1."""
    deals = [SheetDeal(n, info.dealer(n), seat, text, value, {seat: value}, won)
             for n, (seat, text, value, won) in enumerate([
                 (2, "Grand with 2, won", 60, True), (1, "Grand with 3, won", 80, True),
                 (1, "Grand with 2, won", 60, True), (2, "♦ Tourné with 4, won", 25, True),
                 (3, "Grand Tourné with 1, won", 24, True), (3, "Grand with 1, lost", -48, False),
             ], start=1)]
    deals.append(SheetDeal(7, info.dealer(7), None, "Ramsch, lost", -20, {1: -20}))
    return build_sheet(info.size, info.deal_count, deals, [], info.rules, [])


def test_the_seeger_fabian_foot_is_the_standings_score(info):
    """The foot a table adds up by hand must give what the standings rank."""
    sheet = lost_game_sheet(info)
    foot = score_sheets.foot(sheet)
    assert (foot.won, foot.lost, foot.others_lost) == ((2, 2, 1), (0, 0, 1), (1, 1, 0))
    deals = [DealResult(series=2, table=7, table_size=3, number=r.number, players=(1, 2, 3),
                        declarer=r.declarer, game="grand" if r.declarer else "ramsch",
                        trump=None, matadors=1, won=r.won if r.declarer else None,
                        value=r.value, card_points=None, entries=dict(r.entries))
             for r in sheet.rows]
    scores = {s.entry: s.score for s in seeger_fabian_standings(deals, [], (1, 2, 3))}
    assert foot.scores == (scores[1], scores[2], scores[3])
    assert foot.scores == (80 + 60 - 20 + 100 + 40, 85 + 100 + 40, 24 - 48 + 50 - 50)


def test_a_filled_seeger_fabian_sheet_ends_with_its_foot():
    info = plain_info(scoring="seeger-fabian")
    words = text(pdf(score_sheets.SheetPrint(info, lost_game_sheet(info), LINK)))
    assert "Settlement" not in words
    assert re.search(r"Games won × 50 \(2, 2, 1 games\)\s*\+100\s*\+100\s*\+50", words)
    assert re.search(r"Games lost × 50 \(0, 0, 1 games\)\s*0\s*0\s*−50", words)
    assert re.search(r"Games the others lost × 40 \(1, 1, 0 games\)\s*\+40\s*\+40\s*0", words)
    assert re.search(r"Seeger-Fabian score\s*260\s*225\s*−24", words)


@pytest.mark.parametrize(("scoring", "block"), [("league", "Settlement at ¼ cent a point"),
                                                 ("seeger-fabian", "Games the others lost × 30")])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_blank_four_table_sheets_carry_their_block_on_one_page(scoring, block, paper):
    info = plain_info(4, 12, scoring=scoring)
    reader = pdf(score_sheets.SheetPrint(info, None, LINK), blank=True, paper_name=paper)
    assert len(reader.pages) == 1
    assert block in text(reader)


def test_the_settlement_uses_the_tournaments_rate():
    info = plain_info()
    info.tournament.settlement_rate = Decimal("0.5")
    words = text(pdf(score_sheets.SheetPrint(info, book_sheet(info), LINK)))
    # 140, 85, 24 at ½ cent: 70, 42, 12 cents; 70·2 − 42 − 12 = +86, 84 − 82 = +2, 24 − 112
    assert "Settlement at ½ cent a point" in words
    assert re.search(r"140\s*70\s*\+86 cents.*85\s*42\s*\+2 cents.*24\s*12\s*−88 cents", words,
                     re.S)


@pytest.mark.parametrize(("rate", "words"), [(Fraction(1, 4), "¼ cent a point"),
                                              (Fraction(1), "1 cent a point"),
                                              (Fraction(2), "2 cents a point"),
                                              (Fraction(1, 10), "0.1 cent a point")])
def test_rates_in_words(rate, words):
    assert score_sheets.rate_text(rate) == words
