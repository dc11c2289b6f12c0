"""tournament/speech.py and tournament/numbers.py without Django: the pure modules' sentences and
numbers in English, as a command line prints them (the site's language is tested in
tests/tournament/test_languages.py)."""

import sys
from decimal import Decimal
from fractions import Fraction

import pytest

import tournament.speech as speech
from engine.words import Phrase, gettext_noop, pgettext, phrase
from tournament.numbers import decimals, grouped, signed


@pytest.fixture(autouse=True)
def _without_django(monkeypatch):
    """A process that never loaded Django's translation or formats."""
    for name in ("django.utils.translation", "django.utils.formats"):
        monkeypatch.delitem(sys.modules, name, raising=False)


def test_the_words_are_english_without_django():
    assert speech.gettext("Standings") == "Standings"
    assert speech.gettext_lazy("Standings") == "Standings"
    assert speech.pgettext("seat at a table", "Seat") == "Seat"
    assert speech.ngettext("%(n)s deal", "%(n)s deals", 1) == "%(n)s deal"
    assert speech.ngettext("%(n)s deal", "%(n)s deals", 0) == "%(n)s deals"


def test_the_engine_words_are_said_in_english_without_their_context():
    heart = Phrase(pgettext("suit", "Heart"))
    solo = phrase(gettext_noop("%(suit)s Solo"), suit=heart)
    said = phrase(gettext_noop("%(game)s with %(n)s"), game=solo, n=2)
    assert speech.say(said) == "Heart Solo with 2" == str(said)
    assert speech.say("Anna Becker") == "Anna Becker"  # a name, never translated
    assert speech.word(pgettext("suit", "Clubs")) == "Clubs"


def test_numbers_are_grouped_signed_and_rounded_half_away_from_zero():
    assert grouped(1234567) == "1,234,567"
    assert grouped(-1500) == "-1,500"
    assert (signed(30), signed(0), signed(-1234)) == ("+30", "0", "-1,234")
    assert decimals(Fraction(5, 8)) == "0.63"  # 0.625 rounds up
    assert decimals(Decimal("1234.5")) == "1,234.50"
    assert decimals(Fraction(-1, 8)) == "-0.13"
