"""Deleting a deal and inserting a forgotten one (issue 18.5).

The later deals move one number and take the dealer of their new number; at a four-table the
dealer sits out, so a later deal may become impossible (its declarer, Ramsch loser, Contra or
revoke now belongs to the player who sits out). ``plan_delete`` and ``plan_insert``
(``edit_plan``) say beforehand which deals change dealer and which would become invalid, with
the seats that may mend each; the change is refused while such a deal is left unmended, and
afterwards every check of the entry form runs over the whole sheet. One transaction, every
step audited.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine import EngineError
from engine.words import Phrase, gettext_noop, phrase
from tournament.audit import record_change
from tournament.models import AuditAction, Deal, Table
from tournament.permissions import Role, role_of
from tournament.sheets.confirmation import (
    SheetError,
    StaleSheet,
    deal_state,
    lock,
    lock_for_entry,
    require_open,
    sheet_changed,
    subject,
)
from tournament.sheets.edit_plan import (
    COMPARATIVE_INSERT,
    EditPlan,
    Fixes,
    deal_input,
    mended,
    penalty_deal,
    plan_delete,
    plan_insert,
)
from tournament.sheets.edit_plan import posted_fixes as posted_fixes  # the views ask it here
from tournament.sheets.loaders import (
    DealInput,
    TableInfo,
    load_sheet,
    score_input,
    table_info,
)
from tournament.sheets.rows import scored_row
from tournament.stored_words import PHRASES, keep_words
from tournament.words import refusal

# the seats a deal names (``edit_plan.SEAT_FIELDS``), as the audit log keeps them: words
_SEAT_WORDS = {"declarer": gettext_noop("Declarer"), "loser": gettext_noop("Ramsch loser"),
               "contra_by": gettext_noop("Contra by"), "revoked_by": gettext_noop("Revoked by")}
NONE = Phrase(gettext_noop("none"))


def sheet_faults(info: TableInfo) -> list[str]:
    """Every check of the entry form over every deal of the sheet, and the sheet's own
    (numbers, dealers, misdeals)."""
    problems = []
    for deal in info.table.deals.order_by("number"):
        try:
            score_input(info, deal.number, deal_input(deal))
        except EngineError as exc:
            problems.append(_("Deal %(number)s: %(reason)s")
                            % {"number": deal.number, "reason": refusal(exc)})
    return problems + [p for p in load_sheet(info).problems if p not in problems]


def _require_mended(plan: EditPlan, fixes: Fixes, at: int, insert: bool) -> None:
    """Refused while a deal the move makes invalid is left unmended: deleting deal ``at``,
    or (``insert``) inserting a deal before it."""
    missing = plan.missing(fixes)
    if missing:
        words = {"at": at, "count": len(missing)}
        said = (ngettext("Inserting a deal before deal %(at)s would leave %(count)s deal(s) "
                         "invalid:",
                         "Inserting a deal before deal %(at)s would leave %(count)s deal(s) "
                         "invalid:", len(missing)) % words if insert else
                ngettext("Deleting deal %(at)s would leave %(count)s deal(s) invalid:",
                         "Deleting deal %(at)s would leave %(count)s deal(s) invalid:",
                         len(missing)) % words)
        raise SheetError(" ".join([said, *(str(f.message) for f in missing),
                                   _("Mend them in the same step.") if not plan.unmendable
                                   else _("Correct those deals first.")]))


def _move(info: TableInfo, deal: Deal, new: int, fixes: Mapping[str, int], actor: str, user,
          session: str) -> None:
    """Deal ``deal`` becomes deal ``new`` with its new dealer, and the seats chosen."""
    before = deal_state(deal) if fixes else None
    old = deal.number
    deal.number, deal.dealer = new, info.dealer(new)
    deal.version += 1
    if fixes:
        scored_row(info, new, mended(deal_input(deal), fixes), actor, deal)
    deal.save()
    if before is not None:
        record_change(info.tournament, user, AuditAction.DEAL_CORRECTED,
                      subject(info.table, new), table=info.table, deal=new, actor=actor,
                      session=session,
                      before={**before, "number": old}, after=deal_state(deal))


def _move_penalties(info: TableInfo, at: int, step: int) -> None:
    table = info.table
    for penalty in table.penalties.all():
        if penalty.deal is not None:
            penalty.deal = penalty_deal(penalty.deal, at, step)
            penalty.after_deal = penalty.deal - 1  # shown before the deal it was dealt for
            penalty.seat = info.dealer(penalty.deal)
        elif step < 0 and penalty.after_deal >= at:
            penalty.after_deal -= 1
        elif step > 0 and penalty.after_deal >= at:
            penalty.after_deal += 1
        else:
            continue
        penalty.save(update_fields=["deal", "after_deal", "seat"])


def _move_absences(table: Table, at: int, step: int) -> dict[str, object]:
    """A substitute's first deal and the early end follow the deals they belong to: the
    substitute still starts with the deal he first played, the sheet still ends after the
    last deal the table played. What moved, for the audit log (a substitute's first deal
    kept as words: ``keep_words``)."""
    moved: dict[str, object] = {}
    words: dict[str, Phrase] = {}
    subs = list(table.substitutions.order_by("from_deal" if step < 0 else "-from_deal"))
    for sub in subs:
        new = penalty_deal(sub.from_deal, at, step)
        if new == sub.from_deal:
            continue
        if any(o.seat == sub.seat and o.from_deal == new for o in subs if o is not sub):
            raise SheetError(_("Deal %(deal)s is the only deal a substitute played in seat "
                               "%(seat)s: remove that substitute first.")
                             % {"deal": at, "seat": sub.seat})
        sub.from_deal = new
        sub.save(update_fields=["from_deal"])
        words[f"substitute seat {sub.seat}"] = phrase(gettext_noop("from deal %(deal)s"),
                                                      deal=new)
    if table.ended_after is not None:
        table.ended_after += step
        if table.ended_after >= table.series.tournament.deals_at(table.seats.count()):
            table.ended_after, table.ended_by, table.ended_at, table.ended_reason = (
                None, "", None, "")
        table.save(update_fields=["ended_after", "ended_by", "ended_at", "ended_reason"])
        moved["ended_after"] = table.ended_after
    return {**keep_words(**words), **moved} if words else moved


def _check(info: TableInfo, at: int, insert: bool) -> None:
    """Every check over the sheet after deleting deal ``at`` (or ``insert``-ing one before
    it)."""
    problems = sheet_faults(info)
    if problems:
        said = (_("The deal before deal %(at)s was not saved: the sheet would hold invalid "
                  "deals.") if insert else
                _("Deleting deal %(at)s was not saved: the sheet would hold invalid deals."))
        raise SheetError(" ".join([said % {"at": at}, *problems]))


def _moved_words(plan: EditPlan) -> Phrase:
    if not plan.moved:
        return NONE
    first, last = plan.moved[0], plan.moved[-1]
    if first is last:
        return phrase(gettext_noop("deal %(old)s is now deal %(new)s"),
                      old=first.old, new=first.new)
    return phrase(gettext_noop("deals %(first)s–%(last)s are now %(new_first)s–%(new_last)s"),
                  first=first.old, last=last.old, new_first=first.new, new_last=last.new)


def delete_deal(table: Table, number: int, user, session: str = "",
                fixes: Fixes | None = None) -> EditPlan:
    """Remove deal ``number`` (organizers only); the later deals move up one number and
    take the dealer of their new number. Refused while that leaves a deal invalid that
    ``fixes`` does not mend."""
    fixes = fixes or {}
    actor = user.get_username()
    with transaction.atomic():
        table = lock(table)
        if role_of(user, table.series.tournament) is not Role.ORGANIZER:
            raise SheetError(_("Only an organizer can delete a deal."))
        require_open(table, user)
        deal = table.deals.filter(number=number).first()
        if deal is None:
            raise SheetError(_("There is no deal %(number)s on this sheet.")
                             % {"number": number})
        if deal.deck_id is not None:
            # the later deals were played with their own decks: renumbering would move them
            raise SheetError(_("Deal %(number)s was played with deck %(deck)s; a comparative "
                               "sheet keeps every deal on its deck. Correct the deal instead.")
                             % {"number": number, "deck": deal.deck.number})
        info = table_info(table)
        plan = plan_delete(info, number)
        _require_mended(plan, fixes, number, insert=False)
        before = deal_state(deal)
        deal.delete()
        for later in table.deals.filter(number__gt=number).order_by("number"):
            _move(info, later, later.number - 1, fixes.get(later.number, {}), actor, user,
                  session)
        _move_penalties(info, number, -1)
        absences = _move_absences(table, number, -1)
        _check(table_info(table), number, insert=False)
        sheet_changed(table, actor, user, session,
                      because=phrase(gettext_noop("deal %(number)s deleted"), number=number))
        record_change(table.series.tournament, user, AuditAction.DEAL_DELETED,
                      subject(table, number), table=table, deal=number, session=session,
                      before=before, after=_edited(plan, fixes, absences))
    return plan


def insert_deal(table: Table, before: int, data: DealInput, sheet_version: int, actor: str,
                user=None, session: str = "", fixes: Fixes | None = None) -> Deal:
    """Record a forgotten deal as deal ``before``; the later deals move down one number and
    take the dealer of their new number. Whoever may enter deals may insert one."""
    fixes = fixes or {}
    with transaction.atomic():
        table = lock_for_entry(table)
        info = table_info(table)
        require_open(table, user, seated=info.size)
        if table.sheet_version != sheet_version:
            raise StaleSheet(_("This sheet was changed on another device: the forgotten deal "
                               "was not inserted. The newer sheet is shown."))
        if info.decks:
            raise SheetError(COMPARATIVE_INSERT)
        played = table.deals.count()
        if not 1 <= before <= played:
            raise SheetError(_("A forgotten deal goes before one of deals 1 to %(played)s; "
                               "the next deal is entered as usual.") % {"played": played})
        # a sheet ended early ends one deal later: the table played the forgotten one
        if played >= (info.scheduled if info.ended_early else info.deal_count):
            raise SheetError(_("All %(count)s deals are on the sheet, so one more would be one "
                               "too many: if one was forgotten, another was entered twice. An "
                               "organizer deletes that one first.")
                             % {"count": info.deal_count})
        plan = plan_insert(info, before)
        _require_mended(plan, fixes, before, insert=True)
        deal = scored_row(info, before, data, actor)  # scored before a later deal moves
        for later in table.deals.filter(number__gte=before).order_by("-number"):
            _move(info, later, later.number + 1, fixes.get(later.number, {}), actor, user,
                  session)
        deal.save(force_insert=True)
        _move_penalties(info, before, +1)
        absences = _move_absences(table, before, +1)
        _check(table_info(table), before, insert=True)
        sheet_changed(table, actor, user, session,
                      because=phrase(gettext_noop("a forgotten deal inserted as deal %(number)s"),
                                     number=before))
        record_change(table.series.tournament, user, AuditAction.DEAL_INSERTED,
                      subject(table, before), table=table, deal=before, actor=actor,
                      session=session,
                      after={**deal_state(deal), **_edited(plan, fixes, absences)})
    return deal


def _edited(plan: EditPlan, fixes: Fixes, absences: dict[str, object]) -> dict[str, object]:
    """The audit log's after of a delete or an insert: the later deals moved, the deals
    mended, the substitutes and the early end moved (``_move_absences``); the words kept as
    words, said in the reader's language on the audit page."""
    edited = keep_words(later_deals=_moved_words(plan), mended=_mended_words(plan, fixes))
    phrases = {**edited.pop(PHRASES), **absences.get(PHRASES, {})}
    return {**edited, **absences, PHRASES: phrases}


def _mended_words(plan: EditPlan, fixes: Fixes) -> Phrase:
    words = [phrase(gettext_noop("deal %(number)s: %(field)s seat %(seat)s"),
                    number=f.new, field=Phrase(_SEAT_WORDS[f.field]),
                    seat=fixes[f.old][f.field])
             for f in plan.faults if f.field and f.field in fixes.get(f.old, {})]
    if not words:
        return NONE
    joined = words[-1]
    for first in reversed(words[:-1]):
        # Translators: two deals mended in the audit log ("deal 3: Declarer seat 2; deal 5:
        # Ramsch loser seat 3"); a longer list repeats it
        joined = phrase(gettext_noop("%(first)s; %(second)s"), first=first, second=joined)
    return joined

