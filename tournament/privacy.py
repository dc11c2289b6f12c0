"""Which name of a player the public reads: his full name, his first name and initial, or a
pseudonym he gave (the entry's publication choice, else the tournament's). The staff always
read the full name. Pure: the loaders read the four columns ``NAME_FIELDS`` beside the names
and hand them here, so every public page, PDF, export and API answer says the same.
"""

from __future__ import annotations

import enum


class Publication(enum.StrEnum):
    """How a player's name is published."""

    FULL = "full"
    INITIAL = "initial"
    PSEUDONYM = "pseudonym"


# An entry's columns every loader of names reads, in this order (``shown``'s arguments).
NAME_FIELDS = ("first_name", "last_name", "publication", "pseudonym")


def name_fields(to_entry: str = "") -> tuple[str, ...]:
    """``NAME_FIELDS`` from a model that reaches the entry by ``to_entry`` ("entry__")."""
    return tuple(f"{to_entry}{field}" for field in NAME_FIELDS)


def initial(last_name: str) -> str:
    """ "Müller-Lüdenscheidt" → "M."; no surname, no initial."""
    letter = next((c for c in last_name if c.isalnum()), "")
    return f"{letter.upper()}." if letter else ""


def chosen(publication: str, default: str) -> Publication:
    """The entry's choice, or the tournament's where he made none."""
    try:
        return Publication(publication or default)
    except ValueError:
        return Publication.FULL


def shown(first_name: str, last_name: str, publication: str, pseudonym: str,
          default: str = Publication.FULL, public: bool = True) -> tuple[str, str]:
    """(first name, last name) as ``public`` readers see them: a pseudonym stands alone as
    the last name; a pseudonym chosen but not given publishes the initial, never the name."""
    if not public:
        return first_name, last_name
    choice = chosen(publication, default)
    if choice is Publication.PSEUDONYM and pseudonym.strip():
        return "", " ".join(pseudonym.split())
    if choice is Publication.FULL:
        return first_name, last_name
    return first_name, initial(last_name)


def privacy(publication: str, pseudonym: str, default: str = Publication.FULL) -> int:
    """How little of the name the public reads under this choice: 0 the full name, 1 the
    initial (a pseudonym chosen but not given too), 2 a pseudonym. Where one person chose
    differently at two public tournaments, a page that names him once takes the most
    private of his choices."""
    choice = chosen(publication, default)
    if choice is Publication.PSEUDONYM:
        return 2 if pseudonym.strip() else 1
    return 1 if choice is Publication.INITIAL else 0


def full(first_name: str, last_name: str) -> str:
    """ "Jürgen Müller"; a pseudonym alone."""
    return f"{first_name} {last_name}".strip()


def filed(first_name: str, last_name: str) -> str:
    """ "Müller, Jürgen" for lists by surname; a pseudonym alone."""
    return f"{last_name}, {first_name}" if first_name else last_name
