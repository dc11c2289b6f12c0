"""The life of a score sheet: open → submitted (by the scorekeeper) → confirmed (by a second
person on another device), and back to open by a change or an organizer's reopening. Every
change of ``Table.sheet_status`` happens in this module, with its audit entry; the guards
that every change of a sheet passes live here too."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from engine.words import Phrase
from tournament import lifecycle
from tournament.audit import record_change
from tournament.models import (
    AuditAction,
    Deal,
    Series,
    SeriesStatus,
    SheetStatus,
    Table,
)
from tournament.permissions import Role, role_of
from tournament.refusals import Refusal
from tournament.sheets.loaders import load_sheet, table_info
from tournament.sheets.rows import add_to_foot, feet_to_seats, keep_foot
from tournament.stored_words import keep_words, said

# what pages once put in the name field for a scorekeeper who gave none: never a name
_NO_NAME = re.compile(r"(the\s+)?scorekeeper(\s+of\s+table\s*\d*)?\.?", re.IGNORECASE)


def real_name(name: str) -> str:
    """``name`` stripped, or "" when it names nobody ("scorekeeper of table 3")."""
    name = name.strip()
    return "" if _NO_NAME.fullmatch(name) else name


class SheetError(Refusal):
    """A change the sheet refuses, in one sentence for the person at the table."""


class StaleSheet(SheetError):
    pass


def lock(table: Table, shared_series: bool = False, same_tournament: bool = False) -> Table:
    """The table read afresh with its series and tournament, its row locked until the end of
    the transaction. The series' row is locked first (always series, then table: no
    deadlock): for update by default, as a change of the series' state needs; shared with
    ``shared_series`` (deal entry), so a thousand tables of a series save at once and only a
    release or a confirmation waits for them. The tournament's row is not locked: with
    ``same_tournament`` it is not read again either, ``table``'s is kept (a deal of a series
    in play: its settings are fixed from then on, and its reading is the larger part of the
    lock's); nor is its series while the sheet, read afresh, is open: a change of an open
    sheet reads of a series in play only its number and that it plays, which stay (whether
    it is released counts for a confirmed sheet: a sheet not open reads its series again)."""
    if connection.features.has_select_for_update:  # SQLite: a writer holds the whole database
        mode = "SHARE" if shared_series else "UPDATE"
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT 1 FROM {Series._meta.db_table} WHERE id = %s FOR {mode}",
                           [table.series_id])
    if not same_tournament:
        return (Table.objects.select_for_update(of=("self",))
                .select_related("series__tournament__deal_set").get(pk=table.pk))
    # every deal's path: the row by its key and its deals counted (``deals_on_sheet``), in
    # one statement written out (the ORM's compiling cost more than running it). PostgreSQL
    # counts in the statement's snapshot but locks the row's newest version: a deal saved
    # while this waited came with a new sheet version, which refuses the stale form.
    for_update = " FOR UPDATE" if connection.features.has_select_for_update else ""
    rows = list(Table.objects.raw(
        f"SELECT t.*, (SELECT COUNT(*) FROM {Deal._meta.db_table} d WHERE d.table_id = t.id)"
        f" AS deals_on_sheet FROM {Table._meta.db_table} t WHERE t.id = %s{for_update}",
        [table.pk]))
    if not rows:
        raise Table.DoesNotExist(f"Table {table.pk} is gone.")
    locked = rows[0]
    if locked.sheet_status == SheetStatus.OPEN and locked.series_id == table.series_id:
        locked.series = table.series
    else:
        locked.series = Series.objects.get(pk=locked.series_id)
        locked.series.tournament = table.series.tournament
    return locked


def lock_for_entry(table: Table, same_tournament: bool = False) -> Table:
    """``lock`` for a deal or a penalty: the series' row shared, unless this change may start
    the series (a draft or seated series becomes playing: an update of its row). A status
    seen later than "seated" never comes back to it, so a stale ``table`` decides right."""
    playing = table.series.status not in (SeriesStatus.DRAFT, SeriesStatus.SEATED)
    return lock(table, shared_series=playing, same_tournament=same_tournament and playing)


def change_refusal(table: Table, role: Role, seated: int) -> str:
    """Why the sheet may not change now, in one sentence for whoever tries; "" when it may.
    The one answer to "may this sheet change": the services refuse with it (under the
    table's lock), and the page shows its forms only when it is "". ``role``: the visitor's
    in the tournament; ``seated``: the table's number of players."""
    series = table.series
    if series.status == SeriesStatus.DRAFT:
        return (_("Series %(series)s is not published yet; deals cannot be entered.")
                % {"series": series.number})
    if seated not in (3, 4):
        return wrong_size(table.number, seated)
    if table.sheet_status != SheetStatus.CONFIRMED:
        return ""
    if role is not Role.ORGANIZER:
        return _("This sheet is confirmed; only an organizer can change it now.")
    if series.is_released:
        return (_("The results of series %(series)s are released; reopen this sheet first "
                  "(the public pages then say a correction is in progress).")
                % {"series": series.number})
    return ""


def wrong_size(table: int, seated: int) -> str:
    """ "Table 7 has 5 players; a score sheet needs 3 or 4. …" """
    return ngettext("Table %(table)s has %(count)s player; a score sheet needs 3 or 4. An "
                    "organizer corrects the series plan first.",
                    "Table %(table)s has %(count)s players; a score sheet needs 3 or 4. An "
                    "organizer corrects the series plan first.", seated) % {
        "table": table, "count": seated}


def require_open(table: Table, user, seated: int | None = None) -> None:
    """``change_refusal`` as a SheetError; ``seated``: the table's number of players when the
    caller has read its seats."""
    series = table.series
    if seated is None and series.status != SeriesStatus.DRAFT:
        seated = table.seats.count()
    # the role counts only on a confirmed sheet: no query for it otherwise
    role = (role_of(user, series.tournament) if table.sheet_status == SheetStatus.CONFIRMED
            else Role.NONE)
    refusal = change_refusal(table, role, seated or 0)
    if refusal:
        raise SheetError(refusal)


def totals_hidden(table: Table) -> bool:
    """A blind check is under way: the confirmer types the totals, so no page and no PDF
    shows them until the sheet is confirmed."""
    return table.sheet_status == SheetStatus.SUBMITTED and table.series.tournament.blind_check


def subject(table: Table, number: int | None = None) -> str:
    """The audit entry's words for the place (stored as written, in the language of whoever
    made the change; the audit page filters by the entry's numbers, never by these)."""
    if number:
        return (_("series %(series)s table %(table)s deal %(deal)s")
                % {"series": table.series.number, "table": table.number, "deal": number})
    return (_("series %(series)s table %(table)s")
            % {"series": table.series.number, "table": table.number})


def reopen_on_change(table: Table, actor: str, user, session: str = "",
                     because: Phrase | None = None) -> list[str]:
    """A change to a submitted sheet takes it back to open (the submitter's word no longer
    covers it); returns the fields it set, for the caller's save. The audit entry keeps who
    had submitted and ``because`` ("deal 7 corrected"; kept as words, said in the reader's
    language): the sheet page says so."""
    if table.sheet_status != SheetStatus.SUBMITTED:
        return []
    before = {"status": "submitted", "submitted_by": table.submitted_by}
    _withdrawn(table, actor, because)
    table.sheet_status = SheetStatus.OPEN
    table.submitted_by, table.submitted_at = "", None
    record_change(table.series.tournament, user, AuditAction.SHEET_REOPENED, subject(table),
                  table=table, actor=actor, session=session, before=before,
                  after={"status": "open", **keep_words(because=because)} if because
                  else {"status": "open"})
    return ["sheet_status", "submitted_by", "submitted_at", "withdrawal"]


def sheet_changed(table: Table, actor: str, user, session: str = "",
                  because: Phrase | None = None, added: Deal | None = None) -> None:
    """After a change to the sheet: a new version (so stale forms are refused), its foot
    added up again (``added``: the one deal just entered, added to it), a submitted sheet
    back to open, and a seated series playing. ``because``: the change, in words
    (``phrase(gettext_noop("deal %(number)s corrected"), number=7)``)."""
    table.sheet_version += 1
    fields = ["sheet_version", *(add_to_foot(table, added) if added else keep_foot(table)),
              *reopen_on_change(table, actor, user, session, because)]
    table.save(update_fields=fields)
    feet_to_seats(table=table.pk)
    lifecycle.deal_recorded(table.series, user, actor)


def deal_state(deal: Deal) -> dict:
    return {"number": deal.number, "declarer": deal.declarer, "record": deal.record,
            "value": deal.value, "text": deal.description, "contra_by": deal.contra_by,
            "revoked_by": deal.revoked_by}


def submit_sheet(table: Table, name: str, user=None, session: str = "") -> None:
    """The scorekeeper hands in a complete sheet for a second person to confirm."""
    name = real_name(name)
    with transaction.atomic():
        table = lock_for_entry(table)  # the series' state does not change: its row shared
        info = table_info(table)
        require_open(table, user, seated=info.size)
        if table.sheet_status != SheetStatus.OPEN:
            raise SheetError(_("This sheet is already submitted."))
        if not name:
            raise SheetError(_("Your name: enter your own name to submit the sheet (the "
                               "audit log keeps who submitted it)."))
        sheet = load_sheet(info)
        if not sheet.complete:
            count = sheet.deal_count - sheet.played
            missing = (ngettext("%(count)s deal(s) are missing", "%(count)s deal(s) are missing",
                                count) % {"count": count}
                       if sheet.played < sheet.deal_count else "; ".join(sheet.problems))
            raise SheetError(_("The sheet cannot be submitted yet: %(missing)s.")
                             % {"missing": missing})
        table.sheet_status = SheetStatus.SUBMITTED
        table.submitted_by, table.submitted_at = name, timezone.now()
        table.submitted_session = session
        table.withdrawal = None
        table.sheet_version += 1
        table.save(update_fields=["sheet_status", "submitted_by", "submitted_at",
                                  "submitted_session", "withdrawal", "sheet_version"])
        record_change(table.series.tournament, user, AuditAction.SHEET_SUBMITTED, subject(table),
                      table=table, actor=name, session=session,
                      after={"totals": list(sheet.totals)})


def confirm_sheet(table: Table, name: str, user=None, totals: list[int] | None = None,
                  override: bool = False, session: str = "") -> None:
    """A second person confirms: another player of the table, on another device than the one
    that submitted, or the tournament's staff. Only an organizer may override (confirm his
    own submission, skip the blind check)."""
    name = name.strip()
    with transaction.atomic():
        table = lock(table)
        tournament = table.series.tournament
        role = role_of(user, tournament)
        override = override and role is Role.ORGANIZER
        if table.sheet_status != SheetStatus.SUBMITTED:
            raise SheetError(_("Only a submitted sheet can be confirmed."))
        info = table_info(table)
        if role >= Role.ASSISTANT and not name:
            name = user.get_username()
        players = {name.lower() for name in info.everyone}  # substitutes confirm too
        if role is Role.NONE and name.lower() not in players:
            raise SheetError(_("Confirm with the name of a player of this table."))
        same_person = name.lower() == table.submitted_by.lower()
        if same_person and not override:
            raise SheetError(_("%(name)s submitted this sheet and cannot confirm it too; "
                               "another player of the table (or an organizer) confirms.")
                             % {"name": table.submitted_by})
        same_device = bool(session) and session == table.submitted_session
        if same_device and not override:
            raise SheetError(_("This sheet was submitted from this device. The confirmation "
                               "comes from a second phone: another player of the table opens "
                               "the table's link on their own phone (or an organizer "
                               "confirms)."))
        sheet = load_sheet(info)
        blind = tournament.blind_check and not override
        if blind and (totals is None or list(totals) != list(sheet.totals)):
            raise SheetError(_("The totals you typed do not match the sheet; check the "
                               "paper sheet with the scorekeeper."))
        table.sheet_status = SheetStatus.CONFIRMED
        table.confirmed_by, table.confirmed_at = name, timezone.now()
        table.confirmation_override = bool((same_person or same_device) and override)
        table.blind_checked = bool(tournament.blind_check and totals is not None)
        table.sheet_version += 1
        table.save(update_fields=["sheet_status", "confirmed_by", "confirmed_at",
                                  "confirmation_override", "blind_checked", "sheet_version"])
        action = (AuditAction.SHEET_CONFIRMED_OVERRIDE if table.confirmation_override
                  else AuditAction.SHEET_CONFIRMED)
        record_change(tournament, user, action, subject(table), table=table, actor=name,
                      session=session,
                      after={"totals": list(sheet.totals), "submitted_by": table.submitted_by,
                             "submitted_from": table.submitted_session})
        lifecycle.sheet_confirmed(table.series, user, name)


def reopen_sheet(table: Table, user, released_ok: bool = False, session: str = "") -> None:
    """An organizer reopens a submitted or confirmed sheet for corrections. In a released
    series that needs ``released_ok``: the organizer agreed that the public pages say a
    correction is in progress until the sheet is confirmed again."""
    with transaction.atomic():
        table = lock(table)
        if role_of(user, table.series.tournament) is not Role.ORGANIZER:
            raise SheetError(_("Only an organizer can reopen a sheet."))
        if table.sheet_status == SheetStatus.OPEN:
            raise SheetError(_("The sheet of table %(table)s is open already.")
                             % {"table": table.number})
        try:
            lifecycle.sheet_reopened(table.series, user, released_ok=released_ok)
        except lifecycle.LifecycleError as exc:
            raise SheetError(str(exc)) from exc
        before = {"status": table.sheet_status, "confirmed_by": table.confirmed_by,
                  "submitted_by": table.submitted_by}
        # Translators: why a sheet's submission or confirmation was withdrawn
        _withdrawn(table, user.get_username(), Phrase(gettext_noop("an organizer reopened it")))
        table.sheet_status = SheetStatus.OPEN
        table.submitted_by = table.confirmed_by = table.submitted_session = ""
        table.submitted_at = table.confirmed_at = None
        table.sheet_version += 1
        table.save()
        record_change(table.series.tournament, user, AuditAction.SHEET_REOPENED, subject(table),
                      table=table, session=session, before=before, after={"status": "open"})


@dataclass(frozen=True)
class Withdrawal:
    """The last submission or confirmation of an open sheet, and how it was undone."""

    what: str  # "submission" or "confirmation" (a key: the page words each)
    by: str  # who had submitted (or confirmed)
    at: datetime.datetime
    actor: str  # who changed or reopened the sheet
    because: str  # in the reader's language (a row kept before the words were: as stored)


def last_withdrawal(table: Table) -> Withdrawal | None:
    """Why an open sheet is no longer submitted or confirmed, if it was: the page says so, so
    nobody believes his submission still stands (read from the table, no query)."""
    kept = table.withdrawal
    if table.sheet_status != SheetStatus.OPEN or not isinstance(kept, dict):
        return None
    at = parse_datetime(str(kept.get("at", "")))
    if at is None:
        return None
    return Withdrawal(str(kept.get("what", "submission")), str(kept.get("by", "")), at,
                      str(kept.get("actor", "")), said(kept, "because"))


def _withdrawn(table: Table, actor: str, because: Phrase | None) -> None:
    """Keep on the table what the next page says: whose submission (or confirmation) this
    change withdrew, when, by whom and why."""
    confirmed = table.sheet_status == SheetStatus.CONFIRMED
    table.withdrawal = {
        "what": "confirmation" if confirmed else "submission",
        "by": table.confirmed_by if confirmed else table.submitted_by,
        "at": timezone.now().isoformat(), "actor": actor,
        **(keep_words(because=because) if because else {"because": ""})}
