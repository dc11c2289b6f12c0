"""Importing players from a CSV file: parse and check everything first, save only on confirm.

``parse_players_csv`` never writes to the database; it returns an ``ImportPreview`` with the
good rows and, for every bad row, its row number (the header is row 1, as in a spreadsheet)
and why. ``import_players`` checks every good row again, so a row that went stale between
preview and confirm refuses the import with nothing saved, then saves the rows in short
transactions of ``IMPORT_CHUNK`` rows (the phones' saves never wait long behind it).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from time import sleep

from django.db import DatabaseError, OperationalError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from tournament.audit import record_change
from tournament.models import AuditAction, Club, Entry, Player, Tournament
from tournament.names import club_key, person_key
from tournament.numbers import grouped
from tournament.permissions import Role, organized_tournaments, role_of
from tournament.privacy import Publication
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
    "pseudonym": {"pseudonym", "alias", "spitzname", "nickname"},
}
# the columns as the header's problems name them, in the reader's language
COLUMN_LABELS = {
    "first_name": gettext_lazy("first name"), "last_name": gettext_lazy("last name"),
    "club": gettext_lazy("club"),
    # Translators: the participant number, a column of the players CSV
    "number": gettext_lazy("number"),
    "email": gettext_lazy("email"),
    # Translators: the column "checked in" of the players CSV
    "checked_in": gettext_lazy("checked in"),
    # Translators: the column of the players CSV with the name the public reads instead
    "pseudonym": gettext_lazy("pseudonym"),
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
        raise ValueError(gettext("The file is neither UTF-8 nor Windows-1252 text. Save it "
                                 "from the spreadsheet as “CSV UTF-8” and upload it "
                                 "again.")) from None


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
        preview.errors.append((1, gettext("the file is empty")))
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
            # Translators: %(column)s is one of the CSV's columns: "first name", "club", …
            preview.errors.append((1, gettext("the header has two %(column)s columns")
                                   % {"column": COLUMN_LABELS[canonical]}))
        else:
            columns[canonical] = index
    for required in ("first_name", "last_name"):
        if required not in columns:
            preview.errors.append((1, gettext(
                "the header has no %(column)s column (it needs first name and last name; club, "
                "number, email and checked in are optional)")
                % {"column": COLUMN_LABELS[required]}))
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
                reason = (gettext("a cell is longer than %(max)s characters, the longest a "
                                  "CSV cell may be") % {"max": csv.field_size_limit()})
            else:
                reason = gettext("the row cannot be read as CSV (%(error)s)") % {"error": error}
            unreadable[len(records) + 1] = reason
            record = []
        records.append(record)


# Rows saved a transaction: a 20,000-row file is forty short writes, not one that holds the
# database (SQLite's write lock) for a minute while every phone's save waits and fails.
IMPORT_CHUNK = 500
# SQLite hands its write lock to no one in turn: a waiting phone polls every 100 ms and would
# lose every race against the next part's BEGIN. A pause between parts lets it in.
SQLITE_PAUSE = 0.1


@dataclass(frozen=True)
class _Planned:
    """One good row as it will be saved: its number, its duplicate key, its person if linked."""

    row: ImportRow
    number: int
    key: tuple[str, str, str]
    player_id: int | None


def import_players(tournament: Tournament, preview: ImportPreview, user,
                   link_known: bool = False) -> int:
    """Save the preview's good rows; return how many were imported.

    Missing clubs are created. Every row is a new person unless ``link_known`` (the
    organizer's explicit choice): then a row with the name and club of exactly one person of
    the user's other tournaments is linked to that person. Every row is checked against the
    tournament first: any conflict (a number or player registered since the preview) raises
    ``RegistrationError`` and nothing is saved. The rows are then saved ``IMPORT_CHUNK`` at a
    time, each chunk in a short transaction of its own, checked again and audited there; should
    a chunk fail after others were saved, the ``RegistrationError`` names the rows imported and
    where the import stopped (docs/rules-decisions.md).
    """
    if not preview.rows:
        return 0
    plan = _plan_import(tournament, preview, user, link_known)
    chunks = [plan[i:i + IMPORT_CHUNK] for i in range(0, len(plan), IMPORT_CHUNK)]
    count = 0
    for part, chunk in enumerate(chunks, start=1):
        if part > 1 and connection.vendor == "sqlite":
            sleep(SQLITE_PAUSE)
        try:
            count += _save_chunk(tournament, chunk, user,
                                 part=f"{part} of {len(chunks)}" if len(chunks) > 1 else "",
                                 linked=sum(p.player_id is not None for p in chunk))
        except (RegistrationError, DatabaseError) as error:
            if count == 0:
                raise
            reason = (getattr(error, "reason", error.message)
                      if isinstance(error, RegistrationError) else
                      gettext("at row %(row)s the database was busy") % {"row": chunk[0].row.row}
                      if isinstance(error, OperationalError) else
                      gettext("at row %(row)s the database refused a row")
                      % {"row": chunk[0].row.row})
            raise RegistrationError("__all__", gettext(
                "Imported %(count)s of %(total)s players (rows %(first)s to %(last)s), then "
                "stopped: %(reason)s. Rows %(stop)s to %(end)s were not imported: upload the "
                "file again to import them (the rows imported are listed as registered).") % {
                "count": grouped(count), "total": grouped(len(plan)), "first": plan[0].row.row,
                "last": plan[count - 1].row.row, "reason": reason, "stop": chunk[0].row.row,
                "end": plan[-1].row.row}) from error
    return count


def _stale(reason: str) -> RegistrationError:
    """A row that went stale since the preview: the import is refused whole; ``reason`` stays
    on the error for a later chunk's "then stopped: …"."""
    error = RegistrationError("__all__", gettext("%(reason)s; nothing was imported.")
                              % {"reason": reason})
    error.reason = reason
    return error


def _already_registered(row: ImportRow) -> RegistrationError:
    return _stale(gettext("Row %(row)s: %(name)s is already registered")
                  % {"row": row.row, "name": row.name})


def _number_used(row: ImportRow, number: int) -> RegistrationError:
    return _stale(gettext("Row %(row)s: number %(number)s is already used")
                  % {"row": row.row, "number": number})


def _plan_import(tournament: Tournament, preview: ImportPreview, user,
                 link_known: bool) -> list[_Planned]:
    """Every good row's number and person, checked against the tournament (no write)."""
    used_numbers = set(tournament.entries.values_list("number", flat=True))
    registered = {
        (*name_key(first, last), club_key(club or ""))
        for first, last, club in tournament.entries.values_list(
            "first_name", "last_name", "club__name")
    }
    known = known_persons_by_row(tournament, preview.rows, user) if link_known else {}
    highest = max([0, *used_numbers, *(r.number for r in preview.rows if r.number)])
    plan: list[_Planned] = []
    for row in preview.rows:
        key = (*name_key(row.first_name, row.last_name), club_key(row.club))
        if key in registered:
            raise _already_registered(row)
        number = row.number
        if number is None:
            highest += 1
            number = highest
        if number in used_numbers:
            raise _number_used(row, number)
        plan.append(_Planned(row, number, key, known.get(key)))
        used_numbers.add(number)
        registered.add(key)
    return plan


def _save_chunk(tournament: Tournament, chunk: list[_Planned], user, *, part: str,
                linked: int) -> int:
    """Save one chunk of planned rows in one transaction, each row checked again under the
    tournament's lock (a registration since the plan refuses the chunk whole)."""
    with transaction.atomic():
        lock_tournament(tournament)
        taken = set(tournament.entries.filter(number__in=[p.number for p in chunk])
                    .values_list("number", flat=True))
        keys = {person_key(p.row.first_name, p.row.last_name) for p in chunk}
        registered = {
            (*name_key(first, last), club_key(club or ""))
            for first, last, club in tournament.entries.filter(name_key__in=keys)
            .values_list("first_name", "last_name", "club__name")
        }
        for planned in chunk:
            if planned.key in registered:
                raise _already_registered(planned.row)
            if planned.number in taken:
                raise _number_used(planned.row, planned.number)
        wanted = {club_key(p.row.club): p.row.club for p in chunk if p.row.club}
        clubs = {c.name_key: c for c in Club.objects.filter(name_key__in=wanted)
                 .order_by("-pk")}  # the oldest wins
        new_clubs: list[str] = []
        for key, name in wanted.items():
            if key not in clubs:
                clubs[key] = Club.objects.create(name=name, created_by=_creator(user))
                new_clubs.append(clubs[key].name)
        _create_entries(tournament, chunk, clubs)
        rows = [p.row.row for p in chunk]
        after = {"imported": len(chunk), "new_clubs": new_clubs, "rows": rows,
                 "linked_to_known_persons": linked}
        subject = f"{len(chunk)} players from CSV"
        if part:
            after["part"] = part
            subject += f" (rows {rows[0]} to {rows[-1]}, part {part})"
        record_change(tournament, user, AuditAction.PLAYERS_IMPORTED, subject, after=after)
    return len(chunk)


def _create_entries(tournament: Tournament, chunk: list[_Planned],
                    clubs: dict[str, Club]) -> list[Entry]:
    """The chunk's entries, each of its linked person or of a new one, in two inserts (what
    ``Entry.save`` and ``Player.save`` would set is set here)."""
    fresh = [p for p in chunk if p.player_id is None]
    players = Player.objects.bulk_create(
        Player(first_name=p.row.first_name, last_name=p.row.last_name) for p in fresh)
    person = {id(p): player.pk for p, player in zip(fresh, players, strict=True)}
    now = timezone.now()
    return Entry.objects.bulk_create(
        Entry(tournament=tournament, player_id=p.player_id or person[id(p)], number=p.number,
              first_name=p.row.first_name, last_name=p.row.last_name,
              name_key=person_key(p.row.first_name, p.row.last_name),
              club=clubs[club_key(p.row.club)] if p.row.club else None,
              email=p.row.email, checked_in=p.row.checked_in,
              checked_in_at=now if p.row.checked_in else None,
              publication=Publication.PSEUDONYM if p.row.pseudonym else "",
              pseudonym=p.row.pseudonym)
        for p in chunk)


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
