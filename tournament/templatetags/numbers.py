"""``{% load numbers %}``: ``{{ n|grouped }}``, ``{{ n|signed }}``, ``{{ x|decimals }}`` in the
reader's language (tournament.numbers)."""

from django import template

from tournament import numbers

register = template.Library()
register.filter("grouped", numbers.grouped)
register.filter("signed", numbers.signed)
register.filter("decimals", numbers.decimals)
