"""Amounts as people read and type them (money/currency.py): "1,50 €" on German lists, "$1.50"
in English, and what is typed into an amount field read back to the cent."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from money.currency import MOST_TYPED, amount, default_currency, parse_amount


@pytest.mark.parametrize("cents, currency, language, said", [
    (150, "EUR", "de", "1,50\u00a0€"),
    (50, "EUR", "de", "0,50\u00a0€"),
    (123456789, "EUR", "de", "1.234.567,89\u00a0€"),
    (-250, "EUR", "de", "−2,50\u00a0€"),
    (150, "USD", "en", "$1.50"),
    (123456789, "USD", "en", "$1,234,567.89"),
    (-5, "USD", "en", "−$0.05"),
    (150, "EUR", "en", "€1.50"),
    (150, "CHF", "en", "1.50\u00a0CHF"),
    (0, "EUR", "de", "0,00\u00a0€"),
])
def test_an_amount_is_written_as_the_language_writes_it(cents, currency, language, said):
    assert amount(cents, currency, language) == said


def test_the_number_alone():
    assert amount(123450, "EUR", "de", sign=False) == "1.234,50"
    assert amount(-123450, "USD", "en", sign=False) == "−1,234.50"


@pytest.mark.parametrize("typed, language, cents", [
    ("1,50", "de", 150), ("1.50", "de", 150), ("2", "de", 200), ("0,5", "de", 50),
    ("1.234,50", "de", 123450), ("1.234", "de", 123400), ("3,00 €", "de", 300),
    ("1.50", "en", 150), ("1,50", "en", 150), ("1,234.50", "en", 123450), ("$2", "en", 200),
    (",50", "de", 50), ("100.000,00", "de", 10**7),
])
def test_a_typed_amount_is_read_to_the_cent(typed, language, cents):
    assert parse_amount(typed, language) == cents


@pytest.mark.parametrize("typed", ["", "abc", "-1", "−1,00", "1,505", "1,2,3", "1e3",
                                   "99999999999", "100.000,01", "²", "1,²", "9" * 5000])
def test_what_is_no_amount_is_refused(typed):
    assert parse_amount(typed, "de") is None


@given(st.integers(min_value=0, max_value=MOST_TYPED), st.sampled_from(["de", "en"]))
def test_what_is_written_reads_back(cents, language):
    assert parse_amount(amount(cents, "EUR", language), language) == cents


def test_the_currency_follows_the_language():
    assert default_currency("de") == "EUR" and default_currency("en") == "USD"
