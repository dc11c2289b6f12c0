"""What one cell of an exported file holds: the rule of docs/exports.md against formula cells,
applied here and nowhere else, and numbers kept numbers.

Every export (``exports.files``) passes every header and every cell through :func:`safe_cell`
at the moment of writing, whatever the format: a spreadsheet must never evaluate what a
player, a club or a scorekeeper typed.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction

from django.utils import timezone

from tournament.numbers import rounded

# A spreadsheet reads a text cell starting with one of these as a formula (or, with a tab or
# a carriage return first, strips them and reads what follows): such a cell gets a leading
# apostrophe, which Excel, LibreOffice and Google Sheets show as text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Control characters no XML spreadsheet can hold (openpyxl refuses them): dropped from text
# in every format alike. Tab, line feed and carriage return stay.
UNWRITABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")

Cell = str | int | float | Decimal | datetime.datetime | datetime.date | None


def safe_text(text: str) -> str:
    """``text`` as an export writes it: never read as a formula (docs/exports.md)."""
    text = UNWRITABLE.sub("", text)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def safe_cell(value: object) -> Cell:
    """A cell as every export writes it: text neutralised (``safe_text``), a number, a date or
    nothing as it is. Only a value the site computed is a number (an ``int``, ``Decimal`` or
    ``float``, never a typed string), so "-20" points stay the number -20 and a player named
    "-Anna" becomes the text "'-Anna". A time is written in the active time zone (the
    tournament's, ``permissions.in_its_time_zone``)."""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        # spreadsheets know no time zones: the time as the tournament's zone reads it
        return timezone.make_naive(value)
    if value is None or isinstance(value, int | float | Decimal | datetime.date):
        return value
    if isinstance(value, Fraction):
        return exact(value)
    return safe_text(str(value))


def exact(value: Fraction | Decimal | int | None, places: int = 2) -> Decimal | None:
    """A matchpoint total or a percentage as a number: the figure its page shows
    (``tournament.numbers.rounded``, half away from zero to ``places`` decimals)."""
    return None if value is None else rounded(value, places)
