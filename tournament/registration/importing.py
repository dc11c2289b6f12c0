"""Importing players from a CSV file: parse and check everything first, save only on confirm.

``parse_players_csv`` never writes to the database; it returns an ``ImportPreview`` with the
good rows and, for every bad row, its row number (the header is row 1, as in a spreadsheet)
and why. ``import_players`` saves the good rows in one transaction and checks each row again
inside it, so a row that went stale between preview and confirm rolls the whole import back.
"""

from __future__ import annotations

import csv
import io

from django.db import transaction
from django.utils import timezone

from tournament.audit import record_change
from tournament.models import AuditAction, Club, Entry, Player, Tournament
from tournament.names import club_key, person_key
from tournament.permissions import Role, organized_tournaments, role_of
from tournament.registration.import_rows import ImportPreview, ImportRow, check_rows
from tournament.registration.services import (
    RegistrationError,
    lock_tournament,
    name_key,
)

# Canonical column -> accepted headers (compared lower-case, "_" and "-" read as spaces).
# A German spreadsheet's headers are accepted for every column (Excel in a German club).
ALIASES = {
    "first_name": {"first name", "firstname", "first", "given name", "vorname", "rufname"},
    "last_name": {"last name", "lastname", "last", "surname", "family name", "nachname",
                  "familienname", "zuname"},
    "club": {"club", "club name", "verein", "vereinsname", "klub"},
    "number": {"number", "no", "no.", "nr", "nr.", "#", "participant", "participant number",
               "startnummer", "start nr", "start nr.", "startnr", "startnr.", "nummer",
               "teilnehmernummer", "teilnehmer nr", "teilnehmer nr."},
    "email": {"email", "e mail", "mail", "e mail address", "email address", "e mail adresse",
              "email adresse", "mail adresse"},
    "checked_in": {"checked in", "checkedin", "check in", "present", "eingecheckt",
                   "angekommen", "anwesend"},
}
COLUMN_LABELS = {
    "first_name": "first name", "last_name": "last name", "club": "club", "number": "number",
    "email": "email", "checked_in": "checked in",
}


UTF8, WINDOWS_1252 = "UTF-8", "Windows-1252"


def decode_upload(data: bytes) -> tuple[str, str]:
    """The file's text and the encoding it was read in: UTF-8 (with or without a byte-order
    mark), else Windows-1252, what Excel on Windows writes as plain "CSV" (any byte sequence
    that is not UTF-8 is almost surely that in a German or American club). A file that is
    neither is refused."""
    try:
        return data.decode("utf-8-sig"), UTF8
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), WINDOWS_1252
    except UnicodeDecodeError:
        raise ValueError("The file is neither UTF-8 nor Windows-1252 text. Save it from the "
                         "spreadsheet as “CSV UTF-8” and upload it again.") from None


def _header_key(header: str) -> str:
    words = " ".join(header.replace("_", " ").replace("-", " ").split()).casefold()
    return words.rstrip("?:*").strip() or words  # "Eingecheckt?", "Name*"; "#" stays


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
    check_rows(preview, body, columns, tournament)
    preview.errors.sort(key=lambda error: error[0])
    known = known_persons_by_row(tournament, preview.rows, user)
    preview.known_rows = sum(
        (*name_key(r.first_name, r.last_name), club_key(r.club)) in known for r in preview.rows)
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
        clubs = {c.name_key: c for c in Club.objects.order_by("-pk")}  # the oldest wins
        new_clubs: list[str] = []
        used_numbers = set(tournament.entries.values_list("number", flat=True))
        registered = {
            (*name_key(first, last), club_key(club or ""))
            for first, last, club in tournament.entries.values_list(
                "first_name", "last_name", "club__name")
        }
        known = known_persons_by_row(tournament, preview.rows, user) if link_known else {}
        highest = max([0, *used_numbers, *(r.number for r in preview.rows if r.number)])
        count = 0
        for row in preview.rows:
            key = (*name_key(row.first_name, row.last_name), club_key(row.club))
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
                club = clubs.get(club_key(row.club))
                if club is None:
                    club = Club.objects.create(name=row.club, created_by=_creator(user))
                    clubs[club.name_key] = club
                    new_clubs.append(club.name)
            _create_entry(tournament, row, number, club, known.get(key))
            used_numbers.add(number)
            registered.add(key)
            count += 1
        record_change(tournament, user, AuditAction.PLAYERS_IMPORTED, f"{count} players from CSV",
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
    if role_of(user, tournament) is not Role.ORGANIZER:
        return {}
    keys = {person_key(row.first_name, row.last_name) for row in rows}
    candidates = (Entry.objects
                  .filter(name_key__in=keys, tournament__in=organized_tournaments(user))
                  .exclude(tournament=tournament)
                  .exclude(player_id__in=tournament.entries.values("player_id"))
                  .values_list("first_name", "last_name", "club__name", "player_id"))
    persons: dict[tuple[str, str, str], set[int]] = {}
    for first, last, club, player_id in candidates:
        persons.setdefault((*name_key(first, last), club_key(club or "")),
                           set()).add(player_id)
    wanted = {(*name_key(r.first_name, r.last_name), club_key(r.club)) for r in rows}
    return {key: next(iter(ids)) for key, ids in persons.items()
            if key in wanted and len(ids) == 1}
