"""Checking the rows of a players CSV: every cell's problems, and players or numbers that
repeat a registered entry or a row above. Nothing here writes to the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext, gettext_lazy

from tournament.models import Entry, Tournament
from tournament.names import club_key
from tournament.parsing import INT_MAX, int_param, name_problem
from tournament.registration.services import (
    CLUB_MAX,
    NAME_MAX,
    clean_text,
    name_key,
    player_label,
)

EMAIL_MAX = Entry._meta.get_field("email").max_length
YES = {"yes", "y", "1", "x", "true", "ja", "j"}
NO = {"no", "n", "0", "false", "nein", ""}


@dataclass
class ImportRow:
    row: int  # spreadsheet row number, the header being row 1
    first_name: str
    last_name: str
    club: str = ""
    email: str = ""
    number: int | None = None  # as given; None: the next free number on import
    checked_in: bool = False
    assigned_number: int = 0  # the number the row gets (given or next free)
    pseudonym: str = ""  # given: the public reads it instead of his name

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass
class ImportPreview:
    rows: list[ImportRow] = field(default_factory=list)  # the good rows
    errors: list[tuple[int, str]] = field(default_factory=list)  # (row number, message)
    warnings: list[tuple[int, str]] = field(default_factory=list)  # not blocking
    ignored_columns: list[str] = field(default_factory=list)
    # a row that says again what a row above says: (row, the row above); read once, so the
    # player is reported once (imported, or skipped with the row above), never as both
    repeats: list[tuple[int, int]] = field(default_factory=list)
    text: str = ""
    encoding: str = "UTF-8"  # what the uploaded file was read as
    known_rows: int = 0  # rows the organizer may link to persons of his other tournaments

    @property
    def bad_rows(self) -> list[int]:
        return sorted({row for row, _ in self.errors})

    @property
    def error_messages(self) -> list[str]:
        return [_row(row, message) for row, message in self.errors]

    @property
    def warning_messages(self) -> list[str]:
        return [_row(row, message) for row, message in self.warnings]

    @property
    def repeat_messages(self) -> list[str]:
        return [gettext("Row %(row)s repeats row %(above)s and is read once.")
                % {"row": row, "above": above} for row, above in self.repeats]


def _row(row: int, message: str) -> str:
    # Translators: a problem of a row of the players CSV, e.g. "Row 3: first name is empty"
    return gettext("Row %(row)s: %(message)s") % {"row": row, "message": message}


def _shorten(text: str, length: int = 24) -> str:
    return text if len(text) <= length else text[:length] + "…"


@dataclass(frozen=True)
class _Details:
    """What a row says of its player besides name and club."""

    number: str
    email: str
    checked_in: str

    @classmethod
    def of(cls, number: str, email: str, checked_in: str) -> _Details:
        folded = checked_in.casefold()
        state = "yes" if folded in YES else "no" if folded in NO else folded
        return cls(number.lstrip("0"), email.casefold(), state)

    def differences(self, other: _Details) -> list[str]:
        """The details (in the reader's words) this row gives otherwise than ``other``."""
        return [str(DETAIL_WORDS[label]) for label, mine, theirs in (
            ("number", self.number, other.number), ("email", self.email, other.email),
            ("checked in", self.checked_in, other.checked_in)) if mine != theirs]


# the CSV's columns as a row problem names them ("with a different number and email")
DETAIL_WORDS = {
    # Translators: the participant number, a column of the players CSV
    "number": gettext_lazy("number"),
    "email": gettext_lazy("email"),
    # Translators: the column "checked in" of the players CSV
    "checked in": gettext_lazy("checked in"),
}


def _and(words: list[str]) -> str:
    """ "number and email and checked in" in the reader's words."""
    joined = words[0]
    for word in words[1:]:
        # Translators: two of a list of details, e.g. "number and email"
        joined = gettext("%(first)s and %(second)s") % {"first": joined, "second": word}
    return joined


@dataclass
class _Known:
    """The entries already registered and the rows checked so far, to find repeats."""

    by_number: dict[int, Entry]
    by_name: dict[tuple[str, str], list[Entry]]
    seen_numbers: dict[int, int] = field(default_factory=dict)  # number -> row giving it
    seen_players: dict[tuple[str, str, str], int] = field(default_factory=dict)  # -> row
    # the number, e-mail and check-in the player's first row gives, to tell a repeat
    seen_details: dict[tuple[str, str, str], _Details] = field(default_factory=dict)

    @classmethod
    def of(cls, tournament: Tournament) -> _Known:
        """What the database knows, in one query."""
        entries = list(tournament.entries.select_related("club"))
        by_name: dict[tuple[str, str], list[Entry]] = {}
        for entry in entries:
            by_name.setdefault(name_key(entry.first_name, entry.last_name), []).append(entry)
        return cls(by_number={e.number: e for e in entries}, by_name=by_name)


def check_rows(preview: ImportPreview, body: list[list[str]], columns: dict[str, int],
               tournament: Tournament) -> None:
    """Check the body's rows (``columns``: column -> index) into ``preview``, and give every
    good row its number."""
    known = _Known.of(tournament)
    for row_number, cells in enumerate(body, start=2):
        if any(cell.strip() for cell in cells):  # a blank line is skipped
            _check_row(preview, row_number, cells, columns, known)
    _assign_numbers(preview, known)


def _check_row(preview: ImportPreview, row_number: int, cells: list[str],
               columns: dict[str, int], known: _Known) -> None:
    """Add the row to the preview's good rows, or its problems to the preview's errors."""
    first, last, club, email, number_text, checked_text = (
        _cell(cells, columns, column)
        for column in ("first_name", "last_name", "club", "email", "number", "checked_in"))
    details = _Details.of(number_text, email, checked_text)
    key = (*name_key(first, last), club_key(club))
    above = known.seen_players.get(key) if first and last else None
    if above is not None and known.seen_details[key] == details:
        preview.repeats.append((row_number, above))
        return
    number, number_problems = _number(number_text, row_number, known)
    checked_in, checked_in_problems = _checked_in(checked_text)
    problems = [
        *_name_problems("first name", first),
        *_name_problems("last name", last),
        *_club_problems(club),
        *number_problems,
        *_email_problems(email),
        *checked_in_problems,
        *_player_problems(preview, row_number, first, last, club, known, details),
    ]
    if problems:
        preview.errors.extend((row_number, problem) for problem in problems)
        return
    pseudonym = _cell(cells, columns, "pseudonym")
    problems = _pseudonym_problems(pseudonym)
    if problems:
        preview.errors.extend((row_number, problem) for problem in problems)
        return
    preview.rows.append(ImportRow(row=row_number, first_name=first, last_name=last,
                                  club=club, email=email, number=number,
                                  checked_in=checked_in, pseudonym=pseudonym))


def _cell(cells: list[str], columns: dict[str, int], column: str) -> str:
    """The row's cleaned text in ``column``; "" where the file has no such column or cell."""
    index = columns.get(column)
    return clean_text(cells[index]) if index is not None and index < len(cells) else ""


_EMPTY = {"first name": gettext_lazy("first name is empty"),
          "last name": gettext_lazy("last name is empty")}
_TOO_LONG = {"first name": gettext_lazy("first name is longer than %(max)s letters"),
             "last name": gettext_lazy("last name is longer than %(max)s letters")}


def _name_problems(label: str, name: str) -> list[str]:
    """``label``: "first name" or "last name"."""
    if not name:
        return [str(_EMPTY[label])]
    if len(name) > NAME_MAX:
        return [str(_TOO_LONG[label]) % {"max": NAME_MAX}]
    problem = name_problem(name, f"row {label}")
    return [problem] if problem else []


def _pseudonym_problems(pseudonym: str) -> list[str]:
    if len(pseudonym) > NAME_MAX:
        return [gettext("pseudonym is longer than %(max)s letters") % {"max": NAME_MAX}]
    problem = name_problem(pseudonym) if pseudonym else None
    return [problem] if problem else []


def _club_problems(club: str) -> list[str]:
    if len(club) > CLUB_MAX:
        return [gettext("club name is longer than %(max)s letters") % {"max": CLUB_MAX}]
    problem = name_problem(club, "row club name")
    return [problem] if problem else []


def _number(text: str, row_number: int, known: _Known) -> tuple[int | None, list[str]]:
    """The participant number given (None if none) and its problems; a good number is
    remembered for the rows below, even if this row has other problems."""
    if not text:
        return None, []
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        return None, [gettext("number '%(number)s' is not a whole number")
                      % {"number": _shorten(text)}]
    if text.startswith("-") or not digits.strip("0"):
        return None, [gettext("number %(number)s is not 1 or more") % {"number": _shorten(text)}]
    if int_param(digits, 1, INT_MAX) is None:
        return None, [gettext("number is larger than %(max)s, the largest participant number")
                      % {"max": INT_MAX}]
    number = int(digits)
    if number in known.by_number:
        return number, [gettext("participant number %(number)s is already used by %(name)s")
                        % {"number": number, "name": known.by_number[number].name}]
    if number in known.seen_numbers:
        return number, [gettext("participant number %(number)s is also given in row %(row)s")
                        % {"number": number, "row": known.seen_numbers[number]}]
    known.seen_numbers[number] = row_number
    return number, []


def _email_problems(email: str) -> list[str]:
    if len(email) > EMAIL_MAX:
        return [gettext("email is longer than %(max)s characters") % {"max": EMAIL_MAX}]
    if email:
        try:
            validate_email(email)
        except ValidationError:
            return [gettext("email '%(email)s' is not a valid address")
                    % {"email": _shorten(email, 80)}]
    return []


def _checked_in(text: str) -> tuple[bool, list[str]]:
    if text.casefold() in YES:
        return True, []
    if text.casefold() in NO:
        return False, []
    return False, [gettext("checked in '%(value)s' is not yes or no") % {"value": _shorten(text)}]


def _player_problems(preview: ImportPreview, row_number: int, first: str, last: str,
                     club: str, known: _Known, details: _Details) -> list[str]:
    """A player given again with other details than a row above, or already registered; a
    player of the same name in another club is only a warning, and is imported as a
    different player. (A row that only repeats one above is no problem: it is read once.)"""
    if not (first and last):
        return []
    problems = []
    key = (*name_key(first, last), club_key(club))
    if key in known.seen_players:
        other = _and(details.differences(known.seen_details[key]))
        problems.append(gettext("the same player as row %(row)s, with a different %(details)s; "
                                "keep one row for the player")
                        % {"row": known.seen_players[key], "details": other})
    else:
        known.seen_players[key] = row_number
        known.seen_details[key] = details
    for entry in known.by_name.get(name_key(first, last), []):
        entry_club = entry.club.name if entry.club_id else ""
        if club_key(entry_club) == club_key(club):
            problems.append(gettext("%(player)s is already registered as number %(number)s")
                            % {"player": player_label(entry), "number": entry.number})
        elif club:
            preview.warnings.append((row_number, gettext(
                "%(first_name)s %(last_name)s of %(club)s: a player of the same name is "
                "registered as number %(number)s (%(player)s); imported as a different player")
                % {"first_name": first, "last_name": last, "club": club,
                   "number": entry.number, "player": player_label(entry)}))
        else:
            preview.warnings.append((row_number, gettext(
                "%(first_name)s %(last_name)s of no club: a player of the same name is "
                "registered as number %(number)s (%(player)s); imported as a different player")
                % {"first_name": first, "last_name": last, "number": entry.number,
                   "player": player_label(entry)}))
    return problems


def _assign_numbers(preview: ImportPreview, known: _Known) -> None:
    """The numbers rows without one will get: after the highest number in use or given."""
    highest = max([0, *known.by_number, *(r.number for r in preview.rows if r.number)])
    for import_row in preview.rows:
        if import_row.number:
            import_row.assigned_number = import_row.number
        else:
            highest += 1
            import_row.assigned_number = highest
