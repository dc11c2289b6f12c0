"""The world of the export tests: a public League club night of two series whose series 1 is
released and series 2 played but not released, with players whose names a spreadsheet would
read as formulas; and a reader of each format."""

from __future__ import annotations

import csv
import datetime
import io
from html.parser import HTMLParser

import openpyxl
import pytest
import tablib
from django.test import Client

from tests.factories import SOLO_LOST, add_entry, confirm_series, play, release, seat
from tests.factories import enter as enter_deals
from tournament.models import Club, Tournament
from tournament.seating.services import ensure_series

# (first name, last name): the standings file them "Last, First", so these start with
# what a spreadsheet evaluates
FORMULA_NAMES = (("Eve", "=cmd|' /C calc'!A0"), ("Berta", "-Anna"), ("Carl", "@home"))
OTHERS = (("Dora", "Fischer"), ("Emil", "Koch"), ("Franz", "Lange"), ("Greta", "Vogel"))
LATE = ("Zora", "Spät")  # plays series 2 only


@pytest.fixture
def night(django_user_model):
    """The club night, its organizer ``boss`` and assistant ``ida``: seven players at a four-
    and a three-table; series 1 released (a lost game among the won ones), series 2 seated
    with Zora, a deal played at its first table, not released."""
    boss = django_user_model.objects.create_user("boss", password="Grand-Ouvert-1908")
    ida = django_user_model.objects.create_user("ida", password="Herz-Sieben-1908")
    night = Tournament.objects.create(name="Club Night", slug="club-night", public=True,
                                      start_date=datetime.date(2027, 5, 1),
                                      deals_per_player=2, series_count=2)
    night.organizers.add(boss)
    night.assistants.add(ida)
    plus = Club.objects.create(name="+Plus Skat", created_by=boss)
    for number, (first, last) in enumerate(FORMULA_NAMES + OTHERS, start=1):
        add_entry(night, number, first, last, club=plus if number <= 2 else None)
    one, two = ensure_series(night)
    seat(one, "exports")
    first = one.tables.order_by("number").first()
    play(first, dict(SOLO_LOST))  # a loss: negative Points and Games
    release(confirm_series(one))
    add_entry(night, 8, *LATE)
    seat(two, "exports-2")
    enter_deals(two.tables.order_by("number").first(), 1)
    return night, _client(boss), _client(ida)


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# -- reading a file back ----------------------------------------------------------------------


def rows_of(fmt: str, content: bytes) -> list[list]:
    """Every row of a downloaded file, the header first, as its format's reader gives it:
    the csv module, openpyxl, tablib (odfpy) for ODS."""
    if fmt == "csv":
        assert content.startswith(b"\xef\xbb\xbf")  # the byte order mark Excel needs
        return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    if fmt == "xlsx":
        sheet = openpyxl.load_workbook(io.BytesIO(content)).active
        return [[cell.value for cell in row] for row in sheet.iter_rows()]
    book = tablib.Dataset().load(io.BytesIO(content), format="ods")
    return [list(book.headers), *[list(row) for row in book]]


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


@pytest.fixture
def no_budget(settings):
    """No per-address budget: a test downloads more than a visitor may a minute (the budget
    itself is tests/exports/test_audiences.py's)."""
    settings.PUBLIC_BUDGET = 0


class _Rows(HTMLParser):
    """The text of each cell of the body rows of the first ``<table>`` of a class."""

    def __init__(self, css_class: str):
        super().__init__()
        self.css_class, self.depth, self.inside, self.rows = css_class, 0, False, []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and self.css_class in classes and not self.rows:
            self.depth = 1
        elif self.depth and tag == "tbody":
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag == "td":
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "td" and self.cell is not None:
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tbody":
            self.inside = False
            self.depth = 0

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def html_rows(content: bytes, css_class: str) -> list[list[str]]:
    """The body rows of the page's ``<table class="… css_class …">``, each cell's text."""
    parser = _Rows(css_class)
    parser.feed(content.decode())
    return parser.rows
