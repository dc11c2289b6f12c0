"""Importing players from a CSV file: parse and check everything first, save only on confirm.

``parse_players_csv`` never writes to the database; it returns an ``ImportPreview`` with the
good rows and, for every bad row, its row number (the header is row 1, as in a spreadsheet)
and why. ``import_players`` saves the good rows in one transaction and checks each row again
inside it, so a row that went stale between preview and confirm rolls the whole import back.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models.functions import Lower
from django.utils import timezone

from tournament.audit import record_change
from tournament.models import Club, Entry, Player, Tournament
from tournament.parsing import INT_MAX, int_param
from tournament.permissions import tournaments_of
from tournament.registration.services import (
    CLUB_MAX,
    NAME_MAX,
    RegistrationError,
    clean_text,
    lock_tournament,
    name_key,
    player_label,
)

# Canonical column -> accepted headers (compared lower-case, "_" and "-" read as spaces).
ALIASES = {
    "first_name": {"first name", "firstname", "first", "given name", "vorname"},
    "last_name": {"last name", "lastname", "last", "surname", "family name", "nachname"},
    "club": {"club", "verein", "club name"},
    "number": {"number", "no", "no.", "nr", "nr.", "#", "participant", "participant number",
               "startnummer"},
    "email": {"email", "e mail", "mail", "e mail address", "email address"},
    "checked_in": {"checked in", "checkedin", "check in", "present"},
}
EMAIL_MAX = Entry._meta.get_field("email").max_length
COLUMN_LABELS = {
    "first_name": "first name", "last_name": "last name", "club": "club", "number": "number",
    "email": "email", "checked_in": "checked in",
}
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
    text: str = ""
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


def decode_upload(data: bytes) -> str:
    """UTF-8 text, with or without a byte-order mark; anything else is refused."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("The file is not UTF-8 text. Save it from the spreadsheet as "
                         "“CSV UTF-8” and upload it again.") from None


def _shorten(text: str, length: int = 24) -> str:
    return text if len(text) <= length else text[:length] + "…"


def _header_key(header: str) -> str:
    return " ".join(header.replace("_", " ").replace("-", " ").split()).casefold()


def _dialect(text: str):
    sample = "\n".join(text.splitlines()[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        first_line = text.splitlines()[0] if text else ""
        delimiter = ";" if first_line.count(";") > first_line.count(",") else ","

        class Fallback(csv.excel):
            pass

        Fallback.delimiter = delimiter
        return Fallback


def parse_players_csv(text: str, tournament: Tournament, user=None) -> ImportPreview:
    """Read and check a players CSV against the tournament; nothing is saved. ``known_rows``
    counts the rows that could be linked to persons of the user's other tournaments."""
    text = text.lstrip("\ufeff").replace("\x00", "")  # no database keeps a NUL in text
    preview = ImportPreview(text=text)
    if not text.strip():
        preview.errors.append((1, "the file is empty"))
        return preview
    records, unreadable = _read_records(text)
    if 1 in unreadable:
        preview.errors.append((1, unreadable[1]))
        return preview
    header, body = records[0], records[1:]
    columns: dict[str, int] = {}
    for index, title in enumerate(header):
        key = _header_key(title)
        canonical = next((c for c, names in ALIASES.items() if key in names), None)
        if canonical is None:
            if key:
                preview.ignored_columns.append(title.strip())
        elif canonical in columns:
            preview.errors.append((1, f"the header has two {COLUMN_LABELS[canonical]} columns"))
        else:
            columns[canonical] = index
    for required in ("first_name", "last_name"):
        if required not in columns:
            preview.errors.append(
                (1, f"the header has no {COLUMN_LABELS[required]} column (it needs first "
                    "name and last name; club, number, email and checked in are optional)"))
    if preview.errors:
        return preview
    preview.errors.extend(sorted(unreadable.items()))
    _check_rows(preview, body, columns, tournament)
    preview.errors.sort(key=lambda error: error[0])
    known = known_persons_by_row(tournament, preview.rows, user)
    preview.known_rows = sum(
        (*name_key(r.first_name, r.last_name), r.club.casefold()) in known for r in preview.rows)
    return preview


def _read_records(text: str) -> tuple[list[list[str]], dict[int, str]]:
    """The CSV records, and the row numbers the csv module cannot read with the reason.

    An unreadable row (a cell over the csv module's field limit, 128 KiB) stays in the list as
    an empty record, so the rows after it keep their numbers.
    """
    reader = csv.reader(io.StringIO(text, newline=""), _dialect(text))
    records: list[list[str]] = []
    unreadable: dict[int, str] = {}
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return records, unreadable
        except csv.Error as error:
            if "field limit" in str(error):
                reason = (f"a cell is longer than {csv.field_size_limit()} characters, the "
                          "longest a CSV cell may be")
            else:
                reason = f"the row cannot be read as CSV ({error})"
            unreadable[len(records) + 1] = reason
            record = []
        records.append(record)


@dataclass
class _Known:
    """The entries already registered and the rows checked so far, to find repeats."""

    by_number: dict[int, Entry]
    by_name: dict[tuple[str, str], list[Entry]]
    seen_numbers: dict[int, int] = field(default_factory=dict)  # number -> row giving it
    seen_players: dict[tuple[str, str, str], int] = field(default_factory=dict)  # -> row

    @classmethod
    def of(cls, tournament: Tournament) -> _Known:
        """What the database knows, in one query."""
        entries = list(tournament.entries.select_related("club"))
        by_name: dict[tuple[str, str], list[Entry]] = {}
        for entry in entries:
            by_name.setdefault(name_key(entry.first_name, entry.last_name), []).append(entry)
        return cls(by_number={e.number: e for e in entries}, by_name=by_name)


def _check_rows(preview: ImportPreview, body: list[list[str]], columns: dict[str, int],
                tournament: Tournament) -> None:
    known = _Known.of(tournament)
    for row_number, cells in enumerate(body, start=2):
        if any(cell.strip() for cell in cells):  # a blank line is skipped
            _check_row(preview, row_number, cells, columns, known)
    _assign_numbers(preview, known)


def _check_row(preview: ImportPreview, row_number: int, cells: list[str],
               columns: dict[str, int], known: _Known) -> None:
    """Add the row to the preview's good rows, or its problems to the preview's errors."""
    text = {column: _cell(cells, columns, column) for column in ALIASES}
    first, last, club, email = text["first_name"], text["last_name"], text["club"], text["email"]
    number, number_problems = _number(text["number"], row_number, known)
    checked_in, checked_in_problems = _checked_in(text["checked_in"])
    problems = [
        *_name_problems("first name", first),
        *_name_problems("last name", last),
        *_club_problems(club),
        *number_problems,
        *_email_problems(email),
        *checked_in_problems,
        *_player_problems(preview, row_number, first, last, club, known),
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
    return []


def _club_problems(club: str) -> list[str]:
    if len(club) > CLUB_MAX:
        return [f"club name is longer than {CLUB_MAX} letters"]
    return []


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
                     club: str, known: _Known) -> list[str]:
    """A player repeated from a row above or already registered; a player of the same name
    in another club is only a warning, and is imported as a different player."""
    if not (first and last):
        return []
    problems = []
    key = (*name_key(first, last), club.casefold())
    if key in known.seen_players:
        problems.append(f"the same player as row {known.seen_players[key]}")
    else:
        known.seen_players[key] = row_number
    for entry in known.by_name.get(name_key(first, last), []):
        entry_club = entry.club.name if entry.club_id else ""
        if entry_club.casefold() == club.casefold():
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


def import_players(tournament: Tournament, preview: ImportPreview, user,
                   link_known: bool = False) -> int:
    """Save the preview's good rows in one transaction; return how many were imported.

    Missing clubs are created. Every row is a new person unless ``link_known`` (the
    organizer's explicit choice): then a row with the name and club of exactly one person of
    the user's other tournaments is linked to that person. Each row is
    checked again inside the transaction: any conflict (a number or player registered since
    the preview) raises ``RegistrationError`` and nothing is saved.
    """
    if not preview.rows:
        return 0
    with transaction.atomic():
        lock_tournament(tournament)
        clubs = {c.name.casefold(): c for c in Club.objects.all()}
        new_clubs: list[str] = []
        used_numbers = set(tournament.entries.values_list("number", flat=True))
        registered = {
            (*name_key(first, last), (club or "").casefold())
            for first, last, club in tournament.entries.values_list(
                "first_name", "last_name", "club__name")
        }
        known = known_persons_by_row(tournament, preview.rows, user) if link_known else {}
        highest = max([0, *used_numbers, *(r.number for r in preview.rows if r.number)])
        count = 0
        for row in preview.rows:
            key = (*name_key(row.first_name, row.last_name), row.club.casefold())
            if key in registered:
                raise RegistrationError(
                    "__all__", f"Row {row.row}: {row.name} is already registered; "
                               "nothing was imported.")
            number = row.number
            if number is None:
                highest += 1
                number = highest
            if number in used_numbers:
                raise RegistrationError(
                    "__all__", f"Row {row.row}: number {number} is already used; "
                               "nothing was imported.")
            club = None
            if row.club:
                club = clubs.get(row.club.casefold())
                if club is None:
                    club = Club.objects.create(name=row.club, created_by=_creator(user))
                    clubs[row.club.casefold()] = club
                    new_clubs.append(club.name)
            _create_entry(tournament, row, number, club, known.get(key))
            used_numbers.add(number)
            registered.add(key)
            count += 1
        record_change(tournament, user, "players imported", f"{count} players from CSV",
                      after={"imported": count, "new_clubs": new_clubs,
                             "rows": [r.row for r in preview.rows],
                             "linked_to_known_persons": len(known)})
    return count


def _create_entry(tournament: Tournament, row: ImportRow, number: int, club: Club | None,
                  player_id: int | None) -> Entry:
    """The row's entry, of the person ``player_id`` or of a new person."""
    if player_id is None:
        player_id = Player.objects.create(first_name=row.first_name,
                                          last_name=row.last_name).pk
    return Entry.objects.create(tournament=tournament, player_id=player_id, number=number,
                                first_name=row.first_name, last_name=row.last_name, club=club,
                                email=row.email, checked_in=row.checked_in,
                                checked_in_at=timezone.now() if row.checked_in else None)


def _creator(user):
    return user if user is not None and user.is_authenticated else None


def known_persons_by_row(tournament: Tournament, rows: list[ImportRow],
                         user) -> dict[tuple[str, str, str], int]:
    """(first, last, club) -> the one person of the user's other tournaments with that name
    and club; names that fit several persons are left out (the organizer links those by hand).
    """
    if user is None or not user.is_authenticated:
        return {}
    last_names = {row.last_name.lower() for row in rows}
    candidates = (Entry.objects.annotate(last_lower=Lower("last_name"))
                  .filter(last_lower__in=last_names, tournament__in=tournaments_of(user))
                  .exclude(tournament=tournament)
                  .exclude(player_id__in=tournament.entries.values("player_id"))
                  .values_list("first_name", "last_name", "club__name", "player_id"))
    persons: dict[tuple[str, str, str], set[int]] = {}
    for first, last, club, player_id in candidates:
        persons.setdefault((*name_key(first, last), (club or "").casefold()),
                           set()).add(player_id)
    wanted = {(*name_key(r.first_name, r.last_name), r.club.casefold()) for r in rows}
    return {key: next(iter(ids)) for key, ids in persons.items()
            if key in wanted and len(ids) == 1}
