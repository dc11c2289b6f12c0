"""The engine's words for people, in English, kept translatable.

Every sentence or name the engine hands a person is a gettext msgid marked with
:func:`gettext_noop` (the identity: the name is what ``xgettext`` looks for). A :class:`Phrase`
keeps such a msgid apart from its parameters, so the site can say it in the reader's language
(``tournament.words.say``) while the engine and its CLI print the English (``str(phrase)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType


def gettext_noop(text: str) -> str:
    """Mark ``text`` as a msgid for the site's catalog; return it unchanged."""
    return text


CONTEXT = "\x04"  # gettext's separator of a msgid's context (msgctxt) and the msgid


def pgettext(context: str, text: str) -> str:
    """Mark ``text`` as a msgid with a ``context``, for a word that means two things (the suit
    "Clubs", a tournament's "Clubs"); return it as gettext keys it, context first (the name
    is what ``xgettext`` looks for; nothing is translated here). :func:`english` reads it."""
    return f"{context}{CONTEXT}{text}"


def english(msgid: str) -> str:
    """A msgid's English: the text without its context, if it has one."""
    return msgid.rpartition(CONTEXT)[2]


@dataclass(frozen=True)
class Phrase:
    """An English msgid with ``%(name)s`` placeholders and the values that fill them.

    A value that is itself a :class:`Phrase` is translated before it fills its place; a
    ``str`` is a name or number as written and is never translated.
    """

    text: str
    params: Mapping[str, str | int | Phrase] = field(default_factory=lambda: MappingProxyType({}))

    def __str__(self) -> str:
        text = english(self.text)
        if not self.params:
            return text
        return text % {key: str(value) for key, value in self.params.items()}

    # a frozen value: hashed, and pickled (the results' cache) by its text and parameters
    def __hash__(self) -> int:
        return hash((self.text, tuple(sorted(self.params.items()))))

    def __reduce__(self) -> tuple[object, ...]:
        return _restored, (self.text, dict(self.params))


def _restored(text: str, params: dict[str, str | int | Phrase]) -> Phrase:
    return Phrase(text, MappingProxyType(params))


def phrase(text: str, **params: str | int | Phrase) -> Phrase:
    """``phrase(gettext_noop("overbid on %(bid)s"), bid=24)``."""
    return Phrase(text, MappingProxyType(dict(params)))


def either(words: Sequence[str | Phrase]) -> Phrase:
    """"Solo or Grand", "Solo or Grand or Null": the words joined by "or", each translated
    (a ``str`` is taken as a msgid, e.g. a game's name)."""
    said = [w if isinstance(w, Phrase) else Phrase(w) for w in words]
    if not said:
        return Phrase("")
    joined = said[-1]
    for first in reversed(said[:-1]):
        # Translators: two choices, as in "Solo or Grand"; a longer list repeats it.
        joined = phrase(gettext_noop("%(first)s or %(second)s"), first=first, second=joined)
    return joined
