"""Typed errors. Every message is one sentence a scorekeeper understands and names the field.

An error keeps its message as ``words``, a :class:`engine.words.Phrase` (an English msgid and
its parameters), so the site can say it in the reader's language; ``str()`` and ``message`` are
the English, as the engine's command line prints it.
"""

from __future__ import annotations

from .words import Phrase, gettext_noop, phrase


def field_words(label: Phrase | str, reason: Phrase) -> Phrase:
    """A refusal led by the field at fault: "Card points: 121 is out of range; …".

    ``label`` is the field's name as a form shows it (a :class:`Phrase`), or a key as written.
    """
    # Translators: a refusal of one field of a form: the field's name, then what is wrong.
    return phrase(gettext_noop("%(field)s: %(reason)s"), field=label, reason=reason)


class EngineError(Exception):
    """Base of every error the engine raises on purpose: ``words`` is its message as a
    :class:`Phrase`, ``message`` (and ``str()``) the English."""

    def __init__(self, words: Phrase) -> None:
        self.words = words
        self.message = str(words)
        super().__init__(self.message)

    def __str__(self) -> str:  # KeyError would quote the message
        return self.message


class UnknownRuleSet(EngineError, KeyError):
    """A rule set key the engine does not know."""


class InvalidOption(EngineError, ValueError):
    """An option the rule set does not have, or a value it cannot take."""


class InvalidRecord(EngineError, ValueError):
    """A deal record the rules cannot score.

    ``field`` is the record key at fault (the forms put the message on that field),
    ``rule`` a short stable code for the rule that refused it.
    """

    def __init__(self, field: str, rule: str, words: Phrase) -> None:
        super().__init__(words)
        self.field = field
        self.rule = rule


class InvalidDeck(EngineError, ValueError):
    """A comparative deck or set the engine refuses: a table size other than 3 or 4, a number
    of decks out of range, cards that are not a full deal, or a letter that holds no hand."""
