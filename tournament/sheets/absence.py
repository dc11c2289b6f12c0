"""A table that cannot finish (docs/rules.md §9): the director seats a substitute from a given
deal on, or ends the sheet early, after which it is submitted and confirmed as a complete one.

Organizers only; one transaction per change, each in the audit log. What the standings make
of it is a setting of the scoring (``scoring.results.tables``): whose points count for whom,
and what the deals not played count.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournament.audit import record_change
from tournament.models import AuditAction, Entry, Seat, Substitution, Table
from tournament.permissions import Role, role_of
from tournament.sheets.confirmation import SheetError, lock, reopen_on_change, require_open, subject
from tournament.sheets.loaders import table_info


def _director(table: Table, user, what: str) -> None:
    if role_of(user, table.series.tournament) is not Role.ORGANIZER:
        raise SheetError(f"Only an organizer of this tournament can {what}.")


def _changed(table: Table, user, session: str, fields: list[str], because: str) -> None:
    """A new version of the sheet (open forms are stale); a submitted sheet goes back to
    open: the submitter's word no longer covers it, and the sheet page says ``because``."""
    table.sheet_version += 1
    actor = user.get_username()
    table.save(update_fields=[*fields, "sheet_version",
                              *reopen_on_change(table, actor, user, session, because)])


def seat_substitute(table: Table, seat: int | None, from_deal: int | None,
                    substitute: int | None, user, reason: str = "",
                    session: str = "") -> Substitution:
    """Player number ``substitute`` takes seat ``seat`` from deal ``from_deal`` on."""
    with transaction.atomic():
        table = lock(table)
        _director(table, user, "seat a substitute")
        info = table_info(table)
        require_open(table, user, seated=info.size)
        seats = {p.position for p in info.players}
        if seat not in seats:
            raise SheetError(f"Seat: choose a seat of table {table.number} "
                             f"(1 to {info.size}).", "seat")
        if from_deal is None or not 1 <= from_deal <= info.deal_count:
            raise SheetError(f"From deal: a deal of this sheet, 1 to {info.deal_count}.",
                             "from_deal")
        entry = Entry.objects.filter(tournament=table.series.tournament,
                                     number=substitute).first() if substitute else None
        if entry is None:
            raise SheetError("Substitute: no player of this tournament has number "
                             f"{substitute}; register the substitute first.", "substitute")
        seated = Seat.objects.filter(series=table.series, entry=entry).select_related(
            "table").first()
        if seated is not None:
            raise SheetError(f"Substitute: {entry.name} sits at table {seated.table.number} "
                             f"in series {table.series.number}.", "substitute")
        if Substitution.objects.filter(table__series=table.series, substitute=entry).exclude(
                table=table, seat=seat).exists():
            raise SheetError(f"Substitute: {entry.name} substitutes at another seat in series "
                             f"{table.series.number} already.", "substitute")
        if any(s.seat == seat and s.from_deal == from_deal for s in info.substitutes):
            raise SheetError(f"From deal: seat {seat} has a substitute from deal {from_deal} "
                             "already; remove that one first.", "from_deal")
        before = [s for s in info.substitutes if s.seat == seat and s.from_deal < from_deal]
        replaced = (Entry.objects.get(tournament=table.series.tournament,
                                      number=before[-1].number) if before
                    else table.seats.get(position=seat).entry)
        if replaced.pk == entry.pk:
            raise SheetError(f"Substitute: {entry.name} plays seat {seat} already.",
                             "substitute")
        created = Substitution.objects.create(
            table=table, seat=seat, from_deal=from_deal, substitute=entry, replaced=replaced,
            reason=reason[:200], created_by=user.get_username())
        table.substituted = True
        _changed(table, user, session, ["substituted"],
                 f"a substitute seated in seat {seat} from deal {from_deal}")
        record_change(table.series.tournament, user, AuditAction.SUBSTITUTE_SEATED,
                      subject(table), table=table, session=session,
                      after={"seat": seat, "from_deal": from_deal, "substitute": entry.number,
                             "name": entry.name, "replaces": replaced.number,
                             "reason": reason[:200]})
    return created


def remove_substitute(table: Table, key: int, user, session: str = "") -> None:
    with transaction.atomic():
        table = lock(table)
        _director(table, user, "remove a substitute")
        require_open(table, user)
        found = table.substitutions.select_related("substitute").filter(pk=key).first()
        if found is None:
            raise SheetError("That substitute is not on this sheet.")
        before = {"seat": found.seat, "from_deal": found.from_deal,
                  "substitute": found.substitute.number, "name": found.substitute.name}
        found.delete()
        table.substituted = table.substitutions.exists()
        _changed(table, user, session, ["substituted"],
                 f"the substitute in seat {found.seat} removed")
        record_change(table.series.tournament, user, AuditAction.SUBSTITUTE_REMOVED,
                      subject(table), table=table, session=session, before=before)


def end_sheet(table: Table, after_deal: int | None, user, reason: str = "",
              session: str = "") -> None:
    """The director ends the sheet after deal ``after_deal``: the deals after it are not
    played, and the sheet is complete once ``after_deal`` deals are entered."""
    with transaction.atomic():
        table = lock(table)
        _director(table, user, "end a sheet early")
        info = table_info(table)
        require_open(table, user, seated=info.size)
        scheduled = info.scheduled or info.deal_count
        played = table.deals.count()
        if after_deal is None or not 0 <= after_deal < scheduled:
            raise SheetError(f"End after deal: a number from 0 to {scheduled - 1} (the sheet has "
                             f"{scheduled} deals).", "after_deal")
        if after_deal < played:
            raise SheetError(f"End after deal: deals {after_deal + 1}–{played} are entered; "
                             f"end after deal {played} or delete them first.", "after_deal")
        late = [s for s in info.substitutes if s.from_deal > after_deal]
        if late:
            raise SheetError(f"End after deal: {late[0].name} takes seat {late[0].seat} from "
                             f"deal {late[0].from_deal}, after that end; end after deal "
                             f"{late[0].from_deal} or later, or remove the substitute first.",
                             "after_deal")
        before = {"ended_after": table.ended_after}
        table.ended_after = after_deal
        table.ended_by = user.get_username()
        table.ended_at = timezone.now()
        table.ended_reason = reason[:200]
        _changed(table, user, session, ["ended_after", "ended_by", "ended_at", "ended_reason"],
                 f"the sheet ended after deal {after_deal}")
        record_change(table.series.tournament, user, AuditAction.SHEET_ENDED_EARLY,
                      subject(table), table=table, session=session, before=before,
                      after={"ended_after": after_deal, "scheduled": scheduled,
                             "reason": reason[:200]})


def undo_end(table: Table, user, session: str = "") -> None:
    """The sheet runs to its scheduled length again."""
    with transaction.atomic():
        table = lock(table)
        _director(table, user, "undo the early end of a sheet")
        require_open(table, user)
        if table.ended_after is None:
            raise SheetError(f"The sheet of table {table.number} was not ended early.")
        if table.is_confirmed:
            raise SheetError(f"The sheet of table {table.number} is confirmed; reopen it first: "
                             "its remaining deals are then to be played and entered.")
        before = {"ended_after": table.ended_after, "ended_by": table.ended_by}
        table.ended_after, table.ended_by, table.ended_at, table.ended_reason = None, "", None, ""
        _changed(table, user, session, ["ended_after", "ended_by", "ended_at", "ended_reason"],
                 "the early end undone")
        record_change(table.series.tournament, user, AuditAction.SHEET_END_UNDONE,
                      subject(table), table=table, session=session, before=before,
                      after={"ended_after": None})
