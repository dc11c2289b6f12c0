"""Names as people type them: one search key for "Krüger", "Krueger", "kruger" and "KRÜGER".

Pure (no Django): the key is stored next to every entry's and club's name and every search,
duplicate check and namesake warning compares keys, so the same rule holds on SQLite and
PostgreSQL, in Python and in the page's script (``static/js/name_key.js`` is its twin;
tests/e2e/test_name_keys.py checks they agree).

The rule: case folded, ß as ss, accents dropped (é → e, ü → u), and the typed spellings
ae / oe / ue folded to a / o / u as well, so that "Muller" (no accent at all) and "Mueller"
(the German spelling without ü) both meet "Müller". Punctuation between words becomes one
space; apostrophes vanish ("O'Brien" = "obrien").
"""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD does not take apart into a base letter and a mark.
_OWN_LETTERS = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "ı": "i",
                              "ð": "d", "þ": "th"})
_APOSTROPHES = re.compile(r"['’`´ʼ]")
# a, o or u followed by e's: "ue" and "uee" alike fold to "u", so the key is a fixed point.
_TYPED_UMLAUT = re.compile(r"([aou])e+")
_NOT_A_LETTER = re.compile(r"[\W_]+")

KEY_MAX = 400  # the stored key's length: ß → ss and ligatures make a key longer than its name


def name_key(text: str) -> str:
    """The search key of a name (or of any words of one): "Müller-Lüdenscheidt" →
    "muller ludenscheidt". Idempotent: ``name_key(name_key(x)) == name_key(x)``."""
    text = unicodedata.normalize("NFKD", text.casefold())  # casefold: ß → ss, Σ → σ
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = unicodedata.normalize("NFKC", text).casefold().translate(_OWN_LETTERS)
    text = _APOSTROPHES.sub("", text)
    text = _NOT_A_LETTER.sub(" ", text).strip()
    return _TYPED_UMLAUT.sub(r"\1", text)


def person_key(first_name: str, last_name: str) -> str:
    """The key of a whole name, first and last kept apart by "|" (a key holds no "|"); at
    most ``KEY_MAX`` long."""
    half = (KEY_MAX - 1) // 2
    return f"{name_key(first_name)[:half]}|{name_key(last_name)[:half]}"


def club_key(name: str) -> str:
    """The stored key of a club's name, at most ``KEY_MAX`` long. A name without a letter
    ("♣♠♥♦", "---") keeps its own spelling, so two such clubs stay apart."""
    return (name_key(name) or " ".join(name.casefold().split()))[:KEY_MAX]


def search_words(query: str) -> list[str]:
    """The keys of the words typed in a search box; empty words (only punctuation) dropped."""
    return [key for key in (name_key(word) for word in query.split()) if key]


# Bidirectional embeddings, overrides and isolates: one of them in a name turns the rest of a
# line around on every page, PDF and export it reaches ("Trojan Source"). The plain marks
# (U+200E, U+200F) stay allowed: right-to-left names use them and they reorder nothing.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Letters that draw nothing although Unicode calls them letters or symbols (the Hangul
# fillers, the blank Braille pattern) and the marks that only select a variant.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u180e")


def _invisible(ch: str) -> bool:
    category = unicodedata.category(ch)
    return (category in ("Cf", "Cc", "Zs", "Zl", "Zp") or ch in _BLANK
            or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef")


def unshowable(text: str) -> tuple[str, str] | None:
    """("control", "U+202E") for a direction control in ``text``, ("invisible", "U+200B, …")
    for a text made only of invisible characters, else None."""
    control = next((ch for ch in text if ch in BIDI_CONTROLS), None)
    if control is not None:
        return "control", f"U+{ord(control):04X}"
    if text and all(_invisible(ch) for ch in text):
        shown = ", ".join(f"U+{ord(ch):04X}" for ch in dict.fromkeys(text))
        return "invisible", shown[:60]
    return None


def visibility_problem(text: str) -> str | None:
    """Why a name cannot be shown as typed, in English words that end a sentence beginning
    with the field's name ("The last name …"), or None. Empty text is no concern here. A
    refusal in the reader's language: ``tournament.parsing.name_problem``."""
    found = unshowable(text)
    if found is None:
        return None
    kind, codes = found
    if kind == "control":
        return (f"contains the direction control {codes}, which turns the text around on "
                "screens; type the name without it")
    return f"is made only of invisible characters ({codes}); type a visible name"
