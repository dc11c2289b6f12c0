"""Amounts on the money pages: ``{{ cents|amount:currency }}`` → "1,50 €" on a German page,
"$1.50" on an English one (``money.currency``)."""

from django import template
from django.utils.translation import get_language

from money.currency import amount as amount_text

register = template.Library()


@register.filter
def amount(cents, currency="EUR"):
    """Cents in the currency, written in the page's language ("" for no number)."""
    if cents is None or cents == "":
        return ""
    return amount_text(int(cents), str(currency), get_language() or "en")


@register.filter
def figure(cents):
    """Cents as a number alone, in the page's language ("1,50"): a table's cells under a
    head that names the currency."""
    if cents is None or cents == "":
        return ""
    return amount_text(int(cents), "", get_language() or "en", sign=False)
