"""Template filters of the result pages: exact numbers printed the one way the tables print them."""

from django import template

from scoring.listings import two_decimals

register = template.Library()


@register.filter
def hundredths(value) -> str:
    """A matchpoint total or a percentage (a Fraction) with two decimals; "" for None."""
    return "" if value is None else two_decimals(value)
