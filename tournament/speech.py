"""The site's language for the pure modules (the score sheet, standings, prizes, ranking):
Django's translation and number formats when the site runs, English without it.

A pure module imports no Django (tests/test_layout.py), yet its sentences are read by people
in their language. So it calls these functions, named as Django's so that ``makemessages``
finds their msgids: when Django's translation is loaded (the site, the tests), they are
Django's own; when it is not (a command line, a pure script), they return the English.
"""

from __future__ import annotations

import sys
from typing import Any

from engine.words import Phrase, english


def _django(module: str) -> Any:
    """A Django module if the process has loaded it (never imported from here)."""
    return sys.modules.get(f"django.utils.{module}")


def gettext(message: str) -> str:
    translation = _django("translation")
    return message if translation is None else str(translation.gettext(message))


def ngettext(singular: str, plural: str, number: int) -> str:
    translation = _django("translation")
    if translation is None:
        return singular if number == 1 else plural
    return str(translation.ngettext(singular, plural, number))


def pgettext(context: str, message: str) -> str:
    translation = _django("translation")
    return message if translation is None else str(translation.pgettext(context, message))


def gettext_lazy(message: str) -> str:
    """A label made at import, said in the language of the page that shows it (Django's lazy
    string, which behaves as a ``str``); the English itself without Django."""
    translation = _django("translation")
    return message if translation is None else translation.gettext_lazy(message)


def number_format(value: object, decimal_pos: int | None = None) -> str:
    """``value`` with the thousands separator (and decimal separator) of the active
    language: 1,234.50 in English, 1.234,50 in German."""
    formats = _django("formats")
    if formats is None:
        return f"{value:,.{decimal_pos}f}" if decimal_pos is not None else f"{value:,}"
    return str(formats.number_format(value, decimal_pos, force_grouping=True))


def say(words: Phrase | str) -> str:
    """The engine's ``words`` in the active language; a plain string (a name) as written."""
    if isinstance(words, str):
        return words
    text = word(words.text)
    if not words.params:
        return text
    return text % {key: say(value) if isinstance(value, Phrase) else value
                   for key, value in words.params.items()}


def word(msgid: str) -> str:
    """One of the engine's msgids (a game's name, a field's label, a penalty's text) in the
    active language; a msgid with a context (``engine.words.pgettext``) loses it."""
    return english(gettext(msgid)) if msgid else msgid
