"""A deal's description in the reader's language (issue 20).

A deal is put in words once, when it is scored (``engine.evaluate_deal``):
``Deal.description`` keeps the English as the engine's CLI prints it, ``Deal.words`` the same
parts as msgids with their parameters (``engine.describe.describe_words``), which every page,
message, the phone's JSON and every PDF say in the reader's language through :func:`say_deal`
(a model instance: ``Deal.text``). Penalties are said here too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from django.utils.translation import get_language, gettext

from engine.describe import PENALTY, SEPARATOR
from engine.words import Phrase, phrase
from tournament.words import say

# ``Deal.words``, compact JSON text:
#
# * the description: a list of its parts, each a phrase;
# * a phrase: ``[msgid]``, or ``[msgid, {name: value}]`` when it has parameters;
# * a value: a phrase (a list, translated), a number, or a string shown as written (a name,
#   a penalty reason the rule set does not know, or the stored English of a deal the engine
#   could no longer describe when the words were first filled in).
#
# "Heart Solo with 2, Schneider, won" is ``[["%(game)s with %(n)s",{"game":["%(suit)s Solo",
# {"suit":["Heart"]}],"n":2}],["Schneider"],["won"]]``.


def encode_words(words: Iterable[Phrase | str]) -> str:
    """A description's parts (``Evaluation.words``) as ``Deal.words`` stores them."""
    return json.dumps([_encoded(part) for part in words], ensure_ascii=False,
                      separators=(",", ":"))


def _encoded(value: Phrase | str | int) -> object:
    if not isinstance(value, Phrase):
        return value
    if not value.params:
        return [value.text]
    return [value.text, {key: _encoded(part) for key, part in value.params.items()}]


def decode_words(stored: str) -> tuple[Phrase | str, ...]:
    """The parts of a stored ``Deal.words`` (``()`` for an empty one)."""
    return tuple(_decoded(part) for part in json.loads(stored)) if stored else ()


def _decoded(value):
    if not isinstance(value, list):
        return value
    text, *params = value
    if not params:
        return Phrase(text)
    return phrase(text, **{key: _decoded(part) for key, part in params[0].items()})


def say_words(words: Iterable[Phrase | str]) -> str:
    """A description's parts in the active language, joined as the engine joins its English."""
    return SEPARATOR.join(say(part) for part in words)


# what say_deal said, by language and stored words: a congress's ~40,000 deals hold a few
# hundred different descriptions, so a sheet batch decodes and translates each once
_SAID: dict[tuple[str, str], str] = {}
_SAID_KEPT = 5000


def say_deal(stored: str) -> str:
    """A stored deal's description (``Deal.words``) in the reader's language: the one way a
    page, a message, the phone's JSON or a PDF shows a deal in words."""
    key = (get_language() or "", stored)
    said = _SAID.get(key)
    if said is None:
        said = say_words(decode_words(stored))
        if len(_SAID) >= _SAID_KEPT:
            _SAID.clear()
        _SAID[key] = said
    return said


def say_penalty(rules, reason: str, note: str = "") -> str:
    """A penalty's reason in the reader's language: the rule set's name for its kind (or the
    reason as written when the rule set does not know it), and the director's note."""
    kind = rules.penalty(reason) if rules is not None else None
    return _with_note(gettext(kind.text) if kind else reason, note)


def say_penalty_row(rules, reason: str, note: str = "", deal: int | None = None) -> str:
    """A penalty's row on the sheet: "Penalty: misdeal (charged to the dealer) at deal 3"."""
    if deal is None:
        text = gettext(PENALTY) % {"reason": say_penalty(rules, reason)}
    else:
        # Translators: a penalty's row on the score sheet, for the misdeal of deal %(deal)s
        text = gettext("Penalty: %(reason)s at deal %(deal)s") % {
            "reason": say_penalty(rules, reason), "deal": deal}
    return _with_note(text, note)


def _with_note(text: str, note: str) -> str:
    # Translators: a penalty with the note the director wrote to it
    return gettext("%(text)s (%(note)s)") % {"text": text, "note": note} if note else text


def stored_words_problem(number: int, stored: str, words: Iterable[Phrase]) -> str:
    """``manage.py check_deals``: deal ``number``'s stored words are not the rules' words."""
    return gettext("Deal %(number)s: stored words “%(stored)s”, the rules give "
                   "“%(given)s”.") % {"number": number, "stored": say_deal(stored),
                                      "given": say_words(words)}
