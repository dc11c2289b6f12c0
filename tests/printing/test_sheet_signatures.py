"""Who answers for a printed sheet (issue 18, point 22): the filled sheet names who submitted
and who confirmed it and has the players' signature lines; the blank Seeger-Fabian foot has
boxes to write in and stands clear of "Signatures"."""

import datetime
import io
import re

import pytest
from pypdf import PdfReader
from reportlab.platypus import Paragraph

from printing import score_sheets
from printing.base import Layout
from tests.printing.conftest import LINK, PRINTED, book_sheet, penalty_sheet, plain_info


def pdf(item, **options):
    out = io.BytesIO()
    score_sheets.write_sheet(out, item, printed_at=PRINTED, **options)
    out.seek(0)
    return PdfReader(out)


def text(reader):
    return "\n".join(page.extract_text() for page in reader.pages)


def confirmed(info, *, by="Björn Weiß", override=False):
    table = info.table
    table.sheet_status = "confirmed"
    table.submitted_by, table.confirmed_by = "Änne Schröder", by
    table.submitted_at = datetime.datetime(2027, 5, 1, 22, 40, tzinfo=datetime.UTC)
    table.confirmed_at = datetime.datetime(2027, 5, 1, 22, 47, tzinfo=datetime.UTC)
    table.confirmation_override = override
    return info


def test_a_confirmed_sheet_says_who_submitted_and_confirmed_it_and_has_signatures(info):
    words = text(pdf(score_sheets.SheetPrint(confirmed(info), book_sheet(info), LINK)))
    assert re.search(r"Submitted by Änne Schröder \(2027-05-01 \d\d:40\) · confirmed by "
                     r"Björn Weiß \(2027-05-01 \d\d:47\)", words), words
    assert "Signatures" in words
    for player in info.players:
        assert f"{player.position} {player.name}: ____" in words


def test_an_organizers_override_is_on_the_paper_too(info):
    item = score_sheets.SheetPrint(confirmed(info, by="marta", override=True), book_sheet(info),
                                   LINK)
    assert "confirmed by marta (organizer override" in text(pdf(item))


def test_a_sheet_still_open_says_so_above_its_signatures(info):
    words = text(pdf(score_sheets.SheetPrint(info, book_sheet(info), LINK)))
    assert "Not submitted yet" in words and "Signatures" in words
    assert "Submitted by" not in words


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("scoring", ["league", "seeger-fabian"])
def test_a_filled_confirmed_48_deal_sheet_still_fits_one_page(paper, scoring):
    info = confirmed(plain_info(4, 12, scoring=scoring))
    reader = pdf(score_sheets.SheetPrint(info, penalty_sheet(info), LINK), paper_name=paper)
    assert len(reader.pages) == 1
    assert "confirmed by Björn Weiß" in text(reader)


def _baselines(reader, wanted):
    """The y of each wanted line's text on the first page (pypdf's text visitor)."""
    found = {}

    def visit(string, cm, tm, font, size):
        key = string.strip()
        if key in wanted and key not in found:
            found[key] = cm[5] + tm[5]

    reader.pages[0].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_blank_seeger_fabian_foot_stands_clear_of_the_signatures(paper):
    info = plain_info(4, 12, scoring="seeger-fabian")
    reader = pdf(score_sheets.SheetPrint(info, None, LINK), blank=True, paper_name=paper)
    assert len(reader.pages) == 1
    lines = _baselines(reader, {"Seeger-Fabian score", "Signatures"})
    # half a box and a gap between the foot's last line and the heading (was 10 points:
    # the bold lines touched)
    assert lines["Seeger-Fabian score"] - lines["Signatures"] >= 20, lines


def test_the_blank_seeger_fabian_foot_has_a_box_for_every_number():
    info = plain_info(4, 12, scoring="seeger-fabian")
    story = score_sheets.sheet_story(score_sheets.SheetPrint(info, None, LINK),
                                     Layout("a4", 500, 700), blank=True)
    foot = next(f for f in story if getattr(f, "_cellvalues", None)
                and isinstance(f._cellvalues[0][0], Paragraph)
                and f._cellvalues[0][0].text == "Seeger-Fabian")
    boxes = [cmd for cmd in foot._linecmds if cmd[0] == "GRID"]
    # every seat's five lines: points, won, lost, the others' losses, the score
    assert any(cmd[1] == (1, 1) and cmd[2] == (-1, -1) for cmd in boxes), foot._linecmds
    assert all(height >= 14 for height in foot._rowHeights[1:]), foot._rowHeights
