"""Typed errors. Every message is one sentence a scorekeeper understands and names the field."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class UnknownRuleSet(EngineError, KeyError):
    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class InvalidOption(EngineError, ValueError):
    """An option the rule set does not have, or a value it cannot take."""


class InvalidRecord(EngineError, ValueError):
    """A deal record the rules cannot score.

    ``field`` is the record key at fault (the forms put the message on that field),
    ``rule`` a short stable code for the rule that refused it.
    """

    def __init__(self, field: str, rule: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule
        self.message = message

    def __str__(self) -> str:
        return self.message


class InvalidDeck(EngineError, ValueError):
    """A comparative deck or set the engine refuses: a table size other than 3 or 4, a number
    of decks out of range, cards that are not a full deal, or a letter that holds no hand."""
