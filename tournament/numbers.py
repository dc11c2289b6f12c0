"""Numbers as a person reads them, in the active language: ``1,234`` in English, ``1.234`` in
German; two decimals with the language's separator. Pages, PDFs and messages call these, never
``f"{n:,}"`` (that is English whatever the reader speaks). Attributes and URLs keep plain ``str``.
Pure (``tournament.speech``): the score sheet, standings and prizes use it too."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from tournament.speech import number_format


def grouped(n: int) -> str:
    """A whole number with the language's thousands separator: 1,234 / 1.234."""
    if -1000 < n < 1000:  # no separator in any language: most of a sheet's cells
        return str(n)
    return number_format(n)


def signed(n: int) -> str:
    """A whole number with its sign: +1,234, -56, 0."""
    return ("+" if n > 0 else "") + grouped(n) if n else "0"


def rounded(value: Fraction | Decimal | float | int, places: int = 2) -> Decimal:
    """A number rounded half away from zero to ``places`` decimals, as a number (the
    exports write it so)."""
    exact = Fraction(value)
    quantum = Decimal(1).scaleb(-places)
    return (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(quantum,
                                                                           ROUND_HALF_UP)


def decimals(value: Fraction | Decimal | float | int, places: int = 2) -> str:
    """A number rounded half away from zero to ``places`` decimals: 12.50 / 12,50."""
    return number_format(rounded(value, places), places)
