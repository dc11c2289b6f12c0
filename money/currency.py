"""Amounts in cents as a person reads them: "1,50 €" in German, "$1.50" in English.

Pure: the caller passes the currency of the tournament and the language of the page. German
lists write the sign after the amount with a comma ("0,50 €", DIN 5008); English before it
with a point. A true minus sign, as the result pages write it."""

from __future__ import annotations

import re

# The currencies a tournament keeps its money in, with their sign.
SIGNS = {"EUR": "€", "USD": "$", "CHF": "CHF"}
CURRENCIES = tuple(SIGNS)
# The most an amount typed on the Money page may be: 100,000.00, a fee no club charges. A
# typo such as "10000" for "10,00" stays far below what the PDF's columns and a spreadsheet's
# floating-point cells hold to the cent.
MOST_TYPED = 10**7


def default_currency(language: str) -> str:
    """A German tournament (or one of each visitor's language on a German site) counts in
    euros, an English one in dollars."""
    return "USD" if language == "en" else "EUR"


def _grouped(units: int, separator: str) -> str:
    text = str(units)
    groups = []
    while len(text) > 3:
        groups.append(text[-3:])
        text = text[:-3]
    return separator.join([text, *reversed(groups)])


def amount(cents: int, currency: str, language: str, sign: bool = True) -> str:
    """``cents`` in ``currency`` for a reader of ``language``: "1.234,50 €", "$1,234.50",
    "−0,50 €"; ``sign=False``: the number alone ("1.234,50")."""
    minus = "−" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    german = language.startswith("de")
    number = (f"{_grouped(units, '.')},{rest:02d}" if german
              else f"{_grouped(units, ',')}.{rest:02d}")
    if not sign:
        return minus + number
    symbol = SIGNS.get(currency, currency)
    if german or len(symbol) > 1:
        return f"{minus}{number}\u00a0{symbol}"
    return f"{minus}{symbol}{number}"


def parse_amount(text: str, language: str) -> int | None:
    """What a person typed into an amount field, in cents: "1,50", "1.50", "2", "0,5", "1.234,50"
    (German) or "1,234.50" (English); None if it is no amount or more than ``MOST_TYPED``. A
    sign of the currency is allowed and ignored."""
    cleaned = text.strip().replace("\u00a0", "").replace(" ", "")
    for symbol in SIGNS.values():
        cleaned = cleaned.replace(symbol, "")
    if not cleaned or cleaned.startswith(("-", "−")):
        return None
    german = language.startswith("de")
    decimal, group = (",", ".") if german else (".", ",")
    if decimal not in cleaned and cleaned.count(group) == 1 and len(cleaned.split(group)[1]) != 3:
        decimal, group = group, decimal  # "1.50" typed on a German page: a decimal point
    whole, _, fraction = cleaned.replace(group, "").partition(decimal)
    if not whole:
        whole = "0"
    # ASCII digits only ("²" is a digit to str.isdigit, not to int), and not thousands of them
    if not re.fullmatch(r"[0-9]{1,9}", whole) or not re.fullmatch(r"[0-9]{0,2}", fraction):
        return None
    cents = int(whole) * 100 + int((fraction + "00")[:2])
    return cents if cents <= MOST_TYPED else None
