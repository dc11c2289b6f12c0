"""Sentences kept when a change is made and read later by anybody, in the reader's language.

Why a submitted sheet went back to open ("deal 7 corrected"), which later deals a deletion
moved ("deals 3–5 are now 2–4"): made by whoever changed the sheet, read on the phone and
the audit page by others, each in his own language. So such a sentence is never stored
translated: ``keep_words`` stores its English (as the engine's CLI says it, the same in every
language) under its key and, under :data:`PHRASES`, its words in ``deal_words``' format;
``said`` says them in the active language. A value without words beside it (stored before
they were kept) is shown as stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress

from engine.words import Phrase
from tournament.deal_words import decode_words, encode_words, say_words

# the key beside the English values: {key: that value's words}
PHRASES = "phrases"


def keep_words(**values: Phrase) -> dict[str, object]:
    """``keep_words(because=phrase(...))``: each value's English under its key and its words under
    :data:`PHRASES`, to store in a JSON field."""
    return {**{key: str(value) for key, value in values.items()},
            PHRASES: {key: encode_words([value]) for key, value in values.items()}}


def said(state: Mapping, key: str) -> str:
    """``state[key]`` in the active language: from its words when ``state`` keeps them, else
    as stored (a row kept before the words were, or words no longer readable)."""
    words = state.get(PHRASES)
    stored = words.get(key) if isinstance(words, Mapping) else None
    if isinstance(stored, str) and stored:
        with suppress(ValueError, TypeError, KeyError, AttributeError):
            return say_words(decode_words(stored))
    value = state.get(key)
    return "" if value is None else str(value)


def said_all(state: Mapping) -> dict:
    """``state`` without :data:`PHRASES`, each value that has words said in the active
    language (the audit page's before and after)."""
    shown = {key: value for key, value in state.items() if key != PHRASES}
    words = state.get(PHRASES)
    if isinstance(words, Mapping):
        for key in words:
            if key in shown:
                shown[key] = said(state, key)
    return shown
