"""A table that cannot finish (docs/rules.md §9): the director seats a substitute from a given
deal on, or ends the sheet early, after which it is submitted and confirmed as a complete one.

Organizers only; one transaction per change, each in the audit log. What the standings make
of it is a setting of the scoring (``scoring.results.tables``): whose points count for whom,
and what the deals not played count.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.words import Phrase, gettext_noop, phrase
from tournament.audit import record_change
from tournament.models import AuditAction, Entry, Seat, Substitution, Table
from tournament.permissions import Role, role_of
from tournament.sheets.confirmation import SheetError, lock, reopen_on_change, require_open, subject
from tournament.sheets.loaders import table_info


def _director(table: Table, user, refused: str) -> None:
    """``refused``: the sentence for anybody else ("Only an organizer … can …")."""
    if role_of(user, table.series.tournament) is not Role.ORGANIZER:
        raise SheetError(refused)


def _changed(table: Table, user, session: str, fields: list[str], because: Phrase) -> None:
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
        _director(table, user, _("Only an organizer of this tournament can seat a "
                                 "substitute."))
        info = table_info(table)
        require_open(table, user, seated=info.size)
        seats = {p.position for p in info.players}
        if seat not in seats:
            raise SheetError(_("Seat: choose a seat of table %(table)s (1 to %(size)s).")
                             % {"table": table.number, "size": info.size}, "seat")
        if from_deal is None or not 1 <= from_deal <= info.deal_count:
            raise SheetError(_("From deal: a deal of this sheet, 1 to %(count)s.")
                             % {"count": info.deal_count}, "from_deal")
        entry = Entry.objects.filter(tournament=table.series.tournament,
                                     number=substitute).first() if substitute else None
        if entry is None:
            raise SheetError(_("Substitute: no player of this tournament has number "
                               "%(number)s; register the substitute first.")
                             % {"number": substitute}, "substitute")
        seated = Seat.objects.filter(series=table.series, entry=entry).select_related(
            "table").first()
        if seated is not None:
            raise SheetError(_("Substitute: %(name)s sits at table %(table)s in series "
                               "%(series)s.") % {"name": entry.name,
                                                 "table": seated.table.number,
                                                 "series": table.series.number}, "substitute")
        if Substitution.objects.filter(table__series=table.series, substitute=entry).exclude(
                table=table, seat=seat).exists():
            raise SheetError(_("Substitute: %(name)s substitutes at another seat in series "
                               "%(series)s already.")
                             % {"name": entry.name, "series": table.series.number},
                             "substitute")
        if any(s.seat == seat and s.from_deal == from_deal for s in info.substitutes):
            raise SheetError(_("From deal: seat %(seat)s has a substitute from deal %(deal)s "
                               "already; remove that one first.")
                             % {"seat": seat, "deal": from_deal}, "from_deal")
        before = [s for s in info.substitutes if s.seat == seat and s.from_deal < from_deal]
        replaced = (Entry.objects.get(tournament=table.series.tournament,
                                      number=before[-1].number) if before
                    else table.seats.get(position=seat).entry)
        if replaced.pk == entry.pk:
            raise SheetError(_("Substitute: %(name)s plays seat %(seat)s already.")
                             % {"name": entry.name, "seat": seat}, "substitute")
        created = Substitution.objects.create(
            table=table, seat=seat, from_deal=from_deal, substitute=entry, replaced=replaced,
            reason=reason[:200], created_by=user.get_username())
        table.substituted = True
        _changed(table, user, session, ["substituted"],
                 phrase(gettext_noop("a substitute seated in seat %(seat)s from deal %(deal)s"),
                        seat=seat, deal=from_deal))
        record_change(table.series.tournament, user, AuditAction.SUBSTITUTE_SEATED,
                      subject(table), table=table, session=session,
                      after={"seat": seat, "from_deal": from_deal, "substitute": entry.number,
                             "name": entry.name, "replaces": replaced.number,
                             "reason": reason[:200]})
    return created


def remove_substitute(table: Table, key: int, user, session: str = "") -> None:
    with transaction.atomic():
        table = lock(table)
        _director(table, user, _("Only an organizer of this tournament can remove a "
                                 "substitute."))
        require_open(table, user)
        found = table.substitutions.select_related("substitute").filter(pk=key).first()
        if found is None:
            raise SheetError(_("That substitute is not on this sheet."))
        before = {"seat": found.seat, "from_deal": found.from_deal,
                  "substitute": found.substitute.number, "name": found.substitute.name}
        found.delete()
        table.substituted = table.substitutions.exists()
        _changed(table, user, session, ["substituted"],
                 phrase(gettext_noop("the substitute in seat %(seat)s removed"),
                        seat=found.seat))
        record_change(table.series.tournament, user, AuditAction.SUBSTITUTE_REMOVED,
                      subject(table), table=table, session=session, before=before)


def end_sheet(table: Table, after_deal: int | None, user, reason: str = "",
              session: str = "") -> None:
    """The director ends the sheet after deal ``after_deal``: the deals after it are not
    played, and the sheet is complete once ``after_deal`` deals are entered."""
    with transaction.atomic():
        table = lock(table)
        _director(table, user, _("Only an organizer of this tournament can end a sheet "
                                 "early."))
        info = table_info(table)
        require_open(table, user, seated=info.size)
        scheduled = info.scheduled or info.deal_count
        played = table.deals.count()
        if after_deal is None or not 0 <= after_deal < scheduled:
            raise SheetError(_("End after deal: a number from 0 to %(last)s (the sheet has "
                               "%(count)s deals).") % {"last": scheduled - 1, "count": scheduled},
                             "after_deal")
        if after_deal < played:
            raise SheetError(_("End after deal: deals %(first)s–%(played)s are entered; end "
                               "after deal %(played)s or delete them first.")
                             % {"first": after_deal + 1, "played": played}, "after_deal")
        late = [s for s in info.substitutes if s.from_deal > after_deal]
        if late:
            raise SheetError(_("End after deal: %(name)s takes seat %(seat)s from deal "
                               "%(deal)s, after that end; end after deal %(deal)s or later, or "
                               "remove the substitute first.")
                             % {"name": late[0].name, "seat": late[0].seat,
                                "deal": late[0].from_deal}, "after_deal")
        before = {"ended_after": table.ended_after}
        table.ended_after = after_deal
        table.ended_by = user.get_username()
        table.ended_at = timezone.now()
        table.ended_reason = reason[:200]
        _changed(table, user, session, ["ended_after", "ended_by", "ended_at", "ended_reason"],
                 phrase(gettext_noop("the sheet ended after deal %(deal)s"), deal=after_deal))
        record_change(table.series.tournament, user, AuditAction.SHEET_ENDED_EARLY,
                      subject(table), table=table, session=session, before=before,
                      after={"ended_after": after_deal, "scheduled": scheduled,
                             "reason": reason[:200]})


def undo_end(table: Table, user, session: str = "") -> None:
    """The sheet runs to its scheduled length again."""
    with transaction.atomic():
        table = lock(table)
        _director(table, user, _("Only an organizer of this tournament can undo the early end "
                                 "of a sheet."))
        require_open(table, user)
        if table.ended_after is None:
            raise SheetError(_("The sheet of table %(table)s was not ended early.")
                             % {"table": table.number})
        if table.is_confirmed:
            raise SheetError(_("The sheet of table %(table)s is confirmed; reopen it first: its "
                               "remaining deals are then to be played and entered.")
                             % {"table": table.number})
        before = {"ended_after": table.ended_after, "ended_by": table.ended_by}
        table.ended_after, table.ended_by, table.ended_at, table.ended_reason = None, "", None, ""
        _changed(table, user, session, ["ended_after", "ended_by", "ended_at", "ended_reason"],
                 Phrase(gettext_noop("the early end undone")))
        record_change(table.series.tournament, user, AuditAction.SHEET_END_UNDONE,
                      subject(table), table=table, session=session, before=before,
                      after={"ended_after": None})
