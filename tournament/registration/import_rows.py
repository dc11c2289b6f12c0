"""Checking the rows of a players CSV: every cell's problems, and players or numbers that
repeat a registered entry or a row above. Nothing here writes to the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from tournament.models import Entry, Tournament
from tournament.names import club_key, visibility_problem
from tournament.parsing import INT_MAX, int_param
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
        return [f"Row {row}: {message}" for row, message in self.errors]

    @property
    def warning_messages(self) -> list[str]:
        return [f"Row {row}: {message}" for row, message in self.warnings]

    @property
    def repeat_messages(self) -> list[str]:
        return [f"Row {row} repeats row {above} and is read once." for row, above in self.repeats]


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
        return [label for label, mine, theirs in (
            ("number", self.number, other.number), ("email", self.email, other.email),
            ("checked in", self.checked_in, other.checked_in)) if mine != theirs]


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
    preview.rows.append(ImportRow(row=row_number, first_name=first, last_name=last,
                                  club=club, email=email, number=number,
                                  checked_in=checked_in))


def _cell(cells: list[str], columns: dict[str, int], column: str) -> str:
    """The row's cleaned text in ``column``; "" where the file has no such column or cell."""
    index = columns.get(column)
    return clean_text(cells[index]) if index is not None and index < len(cells) else ""


def _name_problems(label: str, name: str) -> list[str]:
    if not name:
        return [f"{label} is empty"]
    if len(name) > NAME_MAX:
        return [f"{label} is longer than {NAME_MAX} letters"]
    problem = visibility_problem(name)
    return [f"{label} {problem}"] if problem else []


def _club_problems(club: str) -> list[str]:
    if len(club) > CLUB_MAX:
        return [f"club name is longer than {CLUB_MAX} letters"]
    problem = visibility_problem(club)
    return [f"club name {problem}"] if problem else []


def _number(text: str, row_number: int, known: _Known) -> tuple[int | None, list[str]]:
    """The participant number given (None if none) and its problems; a good number is
    remembered for the rows below, even if this row has other problems."""
    if not text:
        return None, []
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        return None, [f"number '{_shorten(text)}' is not a whole number"]
    if text.startswith("-") or not digits.strip("0"):
        return None, [f"number {_shorten(text)} is not 1 or more"]
    if int_param(digits, 1, INT_MAX) is None:
        return None, [f"number is larger than {INT_MAX}, the largest participant number"]
    number = int(digits)
    if number in known.by_number:
        return number, [f"participant number {number} is already used by "
                        f"{known.by_number[number].name}"]
    if number in known.seen_numbers:
        return number, [f"participant number {number} is also given in row "
                        f"{known.seen_numbers[number]}"]
    known.seen_numbers[number] = row_number
    return number, []


def _email_problems(email: str) -> list[str]:
    if len(email) > EMAIL_MAX:
        return [f"email is longer than {EMAIL_MAX} characters"]
    if email:
        try:
            validate_email(email)
        except ValidationError:
            return [f"email '{_shorten(email, 80)}' is not a valid address"]
    return []


def _checked_in(text: str) -> tuple[bool, list[str]]:
    if text.casefold() in YES:
        return True, []
    if text.casefold() in NO:
        return False, []
    return False, [f"checked in '{_shorten(text)}' is not yes or no"]


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
        other = " and ".join(details.differences(known.seen_details[key]))
        problems.append(f"the same player as row {known.seen_players[key]}, with a different "
                        f"{other}; keep one row for the player")
    else:
        known.seen_players[key] = row_number
        known.seen_details[key] = details
    for entry in known.by_name.get(name_key(first, last), []):
        entry_club = entry.club.name if entry.club_id else ""
        if club_key(entry_club) == club_key(club):
            problems.append(f"{player_label(entry)} is already registered "
                            f"as number {entry.number}")
        else:
            preview.warnings.append(
                (row_number, f"{first} {last} of {club or 'no club'}: a player of "
                             f"the same name is registered as number {entry.number} "
                             f"({player_label(entry)}); imported as a different "
                             "player"))
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
