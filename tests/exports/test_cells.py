"""The rule of docs/exports.md against formula cells, as ``exports.cells`` applies it to every
cell of every export."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction

import pytest
from django.utils import timezone

from exports.cells import exact, safe_cell, safe_text


@pytest.mark.parametrize(("typed", "written"), [
    ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
    ("+49 30 1234", "'+49 30 1234"),
    ("-Anna", "'-Anna"),
    ("@home", "'@home"),
    ("\tTab", "'\tTab"),
    ("\rReturn", "'\rReturn"),
    ("Anna-Lena", "Anna-Lena"),  # only the first character counts
    ("'quoted", "'quoted"),
    ("", ""),
])
def test_a_text_that_a_spreadsheet_would_evaluate_gets_an_apostrophe(typed, written):
    assert safe_text(typed) == written
    assert safe_cell(typed) == written


def test_control_characters_no_spreadsheet_holds_are_dropped():
    assert safe_text("Ann\x00a\x1b") == "Anna"
    assert safe_text("=\x07x") == "'=x"
    assert safe_text("two\nlines") == "two\nlines"


def test_numbers_the_site_computed_stay_numbers():
    assert safe_cell(-20) == -20 and isinstance(safe_cell(-20), int)
    assert safe_cell(Decimal("-12.50")) == Decimal("-12.50")
    assert safe_cell(None) is None
    assert safe_cell(Fraction(25, 2)) == Decimal("12.50")  # a matchpoint total, as its page
    # a typed string is never taken for a number
    assert safe_cell("-20") == "'-20"


def test_a_time_is_written_in_the_active_zone_without_one():
    moment = datetime.datetime(2027, 5, 1, 17, 30, tzinfo=datetime.UTC)
    with timezone.override("Europe/Berlin"):
        assert safe_cell(moment) == datetime.datetime(2027, 5, 1, 19, 30)
    assert safe_cell(datetime.date(2027, 5, 1)) == datetime.date(2027, 5, 1)


def test_exact_rounds_half_away_from_zero_as_the_pages_do():
    assert exact(Fraction(1, 8)) == Decimal("0.13")
    assert exact(Fraction(-1, 8)) == Decimal("-0.13")
    assert exact(Fraction(162, 3)) == Decimal("54.00")
    assert exact(None) is None
