"""Issue 18, point 12: the club standings PDF of the largest club splits its players over as
many rows as they need, so the table breaks across pages (no reportlab LayoutError)."""

import datetime
import io
import re

from pypdf import PdfReader

from engine import ScoringSystem
from printing import results
from printing.results import MEMBERS_PER_ROW, member_lines
from scoring.release.page import Release
from scoring.results import services as result_services
from scoring.results.loaders import Results
from scoring.results.page import GroupPage, GroupRow
from tests.printing.conftest import PRINTED
from tournament.models import Entry, Tournament

# The site caps no club below its tournament: 20,000 players is the most a congress is built
# with (manage.py generate_congress), all in one club; some with the longest names a player
# may have (80 letters each, first and last).
LARGEST = 20_000
FIRST_MAX = Entry._meta.get_field("first_name").max_length
LAST_MAX = Entry._meta.get_field("last_name").max_length


def test_member_lines_keep_every_name_in_order_and_each_line_short():
    names = [f"Spieler {n}" for n in range(500)] + ["X" * 700]
    lines = member_lines(names, most=100)
    assert all(len(line) <= 101 for line in lines[:-1]) and lines[-1] == "X" * 700
    assert all(line.endswith(",") for line in lines[:-1])
    assert " ".join(lines) == ", ".join(names)
    assert member_lines(["Anna Becker"]) == ["Anna Becker"]


def test_the_largest_club_prints_over_many_pages():
    tournament = Tournament(name="Skatkongress", slug="k20000", scoring_system="league",
                            start_date=datetime.date(2027, 6, 1))
    comp = result_services.Computation(tournament, ScoringSystem.LEAGUE, (), (),
                                Results((), (), (), False, frozenset()), {}, None, False)
    longest = [f"{chr(65 + n % 26) * FIRST_MAX} {chr(97 + n % 26) * LAST_MAX}"
               for n in range(30)]
    names = longest + [f"Jürgen Müller-Lüdenscheidt {n}" for n in range(LARGEST - 30)]
    rows = [GroupRow(place="1", rank=1, name="Skatfreunde " + "Grün-Weiß " * 10,
                     score=123456, counted=LARGEST, names=tuple(names)),
            GroupRow(place="2", rank=2, name="Pik As", score=12, counted=1,
                     names=("Anna Becker",))]
    page = GroupPage(comp, "Clubs", "The sum of each club's players' scores.", rows, [])
    release = Release([1], [1], [], [1], True)
    out = io.BytesIO()
    results.write_groups(out, page, release, printed_at=PRINTED)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    count = len(reader.pages)
    assert count > 20 and len(", ".join(names)) // MEMBERS_PER_ROW < 20 * count
    first = reader.pages[0].extract_text()
    assert re.search(r"Place\s*Name\s*Score\s*Counted\s*Players", first)
    assert "123,456" in first and "20,000" in first  # grouped (tournament.numbers)
    last = reader.pages[-1].extract_text()
    assert f"Jürgen Müller-Lüdenscheidt {LARGEST - 31}" in last
    assert re.search(r"2\s*Pik As\s*12\s*1\s*Anna Becker", last)
    assert f"page {count} of {count}" in last
