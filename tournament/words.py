"""The engine's words in the reader's language: a :class:`engine.words.Phrase` is an English
msgid with parameters; the site's catalog (``locale/``) holds the engine's msgids too."""

from __future__ import annotations

from django.utils.functional import lazy

from engine import EngineError
from tournament.speech import say, word

__all__ = ["refusal", "say", "say_lazy", "word", "word_lazy"]


def refusal(exc: Exception) -> str:
    """What the engine refused (``EngineError.words``: "Card points: 121 is out of range; …")
    in the active language; any other refusal as it says itself."""
    return say(exc.words) if isinstance(exc, EngineError) else str(exc)


# the same for a label or a choice made at import time: said in the language of the page
say_lazy = lazy(say, str)
word_lazy = lazy(word, str)
