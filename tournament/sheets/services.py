"""Deals on a table's score sheet: record, correct, delete, penalties.

One transaction per action; every change is kept in the audit log with before and after.
A form's version guards against two devices on one sheet: a stale save is refused and the
newer data kept. Submitting and confirming are in ``tournament.sheets.confirmation``.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import GameKey, PenaltyReason, evaluate_outcome
from engine.words import Phrase, gettext_noop, phrase
from tournament.audit import record_change
from tournament.models import AuditAction, Deal, Penalty, SeriesStatus, Table
from tournament.permissions import Role, role_of
from tournament.sheets.confirmation import (
    SheetError,
    StaleSheet,
    confirm_sheet,
    deal_state,
    lock_for_entry,
    reopen_sheet,
    require_open,
    sheet_changed,
    subject,
    submit_sheet,
)
from tournament.sheets.edits import delete_deal, insert_deal
from tournament.sheets.loaders import (
    DealInput,
    Scored,
    TableInfo,
    load_sheet,
    penalty_text,
    preview,
    preview_totals,
    refused_seat,
    score_input,
    table_info,
)
from tournament.sheets.rows import scored_row

__all__ = [  # the sheet's whole API for views, commands and tests, in one import
    "STALE_ENTRY", "STALE_PREVIEW", "DealInput", "Scored", "SheetError", "StaleSheet",
    "TableInfo", "add_deal", "add_penalty", "check_penalty_removal",
    "confirm_sheet", "correct_deal", "delete_deal", "delete_penalty", "insert_deal", "load_sheet",
    "penalty_text", "preview", "preview_totals", "reopen_sheet", "score_input",
    "submit_sheet", "table_info",
]


def _players_under_lock(table: Table, read: TableInfo | None) -> TableInfo:
    """The table's players for a change under its lock: the caller's reading when the series
    plays already (from then on its plan and its scoring settings are fixed), else read
    again (a seated series' plan may still change)."""
    if read is not None and read.table.pk == table.pk and table.series.status not in (
            SeriesStatus.DRAFT, SeriesStatus.SEATED):
        return replace(read, table=table)
    return table_info(table)


def add_deal(table: Table, data: DealInput, sheet_version: int, actor: str, user=None,
             session: str = "", number: int | None = None,
             info: TableInfo | None = None) -> Deal:
    """Record the next deal of the sheet. ``number``: the deal the entry form was made for;
    another number means the sheet changed since (``StaleSheet``). ``info``: the table's
    players as the caller read them for the form (see ``_players_under_lock``)."""
    with transaction.atomic():
        # the caller's reading of a series in play is kept: its tournament too
        table = lock_for_entry(table, same_tournament=info is not None
                               and info.table.pk == table.pk)
        info = _players_under_lock(table, info)
        require_open(table, user, seated=info.size)
        if table.sheet_version != sheet_version:
            raise StaleSheet(STALE_ENTRY)
        played = getattr(table, "deals_on_sheet", None)  # counted by the lock, in play
        if played is None:
            played = Deal.objects.filter(table_id=table.pk).count()
        next_number = played + 1
        if number is not None and number != next_number:
            raise StaleSheet(STALE_ENTRY)
        if next_number > info.deal_count:
            raise SheetError(_("All %(count)s deals of this series are entered.")
                             % {"count": info.deal_count})
        deal = scored_row(info, next_number, data, actor)  # scored once, under the lock
        try:
            # no savepoint: a refusal here ends the whole transaction anyway
            with transaction.atomic(savepoint=False):
                deal.save(force_insert=True)
        except IntegrityError as exc:
            raise StaleSheet(_("Deal %(number)s is already on this sheet.")
                             % {"number": next_number}) from exc
        sheet_changed(table, actor, user, session,
                      because=phrase(gettext_noop("deal %(number)s entered"),
                                     number=next_number),
                      added=deal)
        record_change(table.series.tournament, user, AuditAction.DEAL_ENTERED,
                      subject(table, next_number), table=table, deal=next_number,
                      actor=actor, session=session, after=deal_state(deal))
    return deal


STALE_ENTRY = gettext_lazy("This sheet was changed on another device: your entry was not "
                           "saved. The newer sheet is shown; enter the deal again if it is "
                           "still missing.")
STALE_PREVIEW = gettext_lazy("This sheet was changed on another device: this entry would not "
                             "be saved. Reload the page to see the newer sheet, then enter the "
                             "deal if it is still missing.")


def correct_deal(table: Table, number: int, data: DealInput, version: int, actor: str,
                 user=None, session: str = "") -> Deal:
    """Replace deal ``number``; the old version stays in the audit log."""
    with transaction.atomic():
        table = lock_for_entry(table)
        info = table_info(table)
        require_open(table, user, seated=info.size)
        deal = table.deals.filter(number=number).first()
        if deal is None:
            raise SheetError(_("There is no deal %(number)s on this sheet.")
                             % {"number": number})
        if deal.version != version:
            raise StaleSheet(_("Deal %(number)s was changed on another device: your correction "
                               "was not saved. The newer entry is shown.") % {"number": number})
        before = deal_state(deal)
        scored_row(info, number, data, actor, deal)  # scored once, under the lock
        deal.version += 1
        deal.save()
        sheet_changed(table, actor, user, session,
                      because=phrase(gettext_noop("deal %(number)s corrected"), number=number))
        record_change(table.series.tournament, user, AuditAction.DEAL_CORRECTED,
                      subject(table, number), table=table, deal=number,
                      actor=actor, session=session, before=before, after=deal_state(deal))
    return deal


def add_penalty(table: Table, seat: int, reason: str, points: int | None, note: str,
                sheet_version: int, actor: str, user=None, session: str = "",
                deal: int | None = None) -> Penalty:
    """A penalty against ``seat``; a misdeal is tied to ``deal`` (by default the deal being
    dealt now) and charged to its dealer only."""
    with transaction.atomic():
        table = lock_for_entry(table)
        info = table_info(table)
        require_open(table, user, seated=info.size)
        if table.sheet_version != sheet_version:
            raise StaleSheet(_("This sheet was changed on another device: the penalty was "
                               "not saved. The newer sheet is shown."))
        if seat not in {p.position for p in info.players}:
            raise refused_seat("seat", "seat_missing", gettext_noop("Seat"),
                               gettext_noop("choose the penalised player."))
        played = table.deals.count()
        deal = _misdeal_deal(info, reason, deal, played, seat)
        record = {"game": GameKey.PENALTY, "seat": seat, "reason": reason}
        if points:
            record["points"] = points
        outcome = evaluate_outcome(record, info.rules, info.options)
        by_organizer = role_of(user, info.tournament) is Role.ORGANIZER
        penalty = Penalty.objects.create(
            table=table, after_deal=played if deal is None else deal - 1, seat=seat,
            reason=reason, deal=deal, points=-outcome.value, note=note, entered_by=actor,
            by_organizer=by_organizer,
        )
        sheet_changed(table, actor, user, session,
                      because=Phrase(gettext_noop("a penalty entered")))
        record_change(table.series.tournament, user, AuditAction.PENALTY_ENTERED, subject(table),
                      table=table, actor=actor, session=session,
                      after={"seat": seat, "reason": reason, "points": penalty.points,
                             "note": note, "by_organizer": by_organizer, "deal": deal})
    return penalty


def _misdeal_deal(info: TableInfo, reason: str, deal: int | None, played: int,
                  seat: int) -> int | None:
    """The deal a misdeal penalty is tied to, its dealer being ``seat``; None for the
    other penalties."""
    if reason != PenaltyReason.MISDEAL:
        return None
    last = min(played + 1, info.deal_count)  # the deal being dealt now, at most the last
    if deal is None:
        deal = last
    if not 1 <= deal <= last:
        raise refused_seat("deal", "deal_not_dealt", gettext_noop("Deal"),
                           gettext_noop("a misdeal is charged for one of deals 1 to %(last)s."),
                           last=last)
    dealer = info.dealer(deal)
    if seat != dealer:
        raise refused_seat("seat", "not_the_dealer", gettext_noop("Player"),
                           gettext_noop("a misdeal is charged to the dealer; deal %(deal)s is "
                                        "dealt by %(seat)s %(name)s."),
                           deal=deal, seat=dealer, name=info.name_at(dealer, deal))
    return deal


def check_penalty_removal(penalty: Penalty, user, tournament) -> None:
    """Whether ``user`` may remove ``penalty`` (docs/access.md): the table's own penalties
    through its link, after a question; one an organizer gave only by an organizer."""
    if penalty.by_organizer and role_of(user, tournament) is not Role.ORGANIZER:
        raise SheetError(_("An organizer gave this penalty; only an organizer can remove it."))


def delete_penalty(table: Table, penalty_id: int, actor: str, user=None,
                   session: str = "") -> None:
    """Remove a penalty; one an organizer gave only an organizer removes."""
    with transaction.atomic():
        table = lock_for_entry(table)
        require_open(table, user)
        penalty = table.penalties.filter(pk=penalty_id).first()
        if penalty is None:
            raise SheetError(_("That penalty is not on this sheet."))
        check_penalty_removal(penalty, user, table.series.tournament)
        before = {"seat": penalty.seat, "reason": penalty.reason, "points": penalty.points}
        penalty.delete()
        sheet_changed(table, actor, user, session,
                      because=Phrase(gettext_noop("a penalty removed")))
        record_change(table.series.tournament, user, AuditAction.PENALTY_DELETED, subject(table),
                      table=table, actor=actor, session=session, before=before)
