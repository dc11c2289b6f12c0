"""Deleting a deal and inserting a forgotten one (issue 18.5).

The later deals move one number and take the dealer of their new number; at a four-table the
dealer sits out, so a later deal may become impossible (its declarer, Ramsch loser, Contra or
revoke now belongs to the player who sits out). ``plan_delete`` and ``plan_insert`` say
beforehand which deals change dealer and which would become invalid, with the seats that may
mend each; the change is refused while such a deal is left unmended, and afterwards every
check of the entry form runs over the whole sheet. One transaction, every step audited.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction

from engine import EngineError
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
from tournament.sheets.loaders import (
    DealInput,
    TableInfo,
    load_sheet,
    score_input,
    table_info,
)
from tournament.sheets.rows import scored_row

# the seats a deal names: the form's label, and what the organizer is asked to choose
SEAT_FIELDS = {"declarer": "Declarer", "loser": "Ramsch loser", "contra_by": "Contra by",
               "revoked_by": "Revoked by"}
_CHOOSE = {"declarer": "its declarer", "loser": "its Ramsch loser",
           "contra_by": "who said Contra", "revoked_by": "who revoked"}

COMPARATIVE_INSERT = ("A comparative sheet keeps every deal on its deck: a forgotten deck is "
                      "entered as its own deal, never inserted.")

Fixes = Mapping[int, Mapping[str, int]]  # a deal's number now -> seat field -> the new seat


@dataclass(frozen=True)
class Moved:
    """A later deal that moves one number."""

    old: int
    new: int
    dealer_before: int
    dealer_after: int
    text: str

    @property
    def new_dealer(self) -> bool:
        return self.dealer_before != self.dealer_after


@dataclass(frozen=True)
class Fault:
    """A deal the move would make invalid, and the seat field that mends it (None: only a
    correction of the deal does)."""

    old: int
    new: int
    field: str | None
    message: str
    choices: tuple[int, ...] = ()

    @property
    def key(self) -> str:
        """The name of its choice in the confirmation's form."""
        return f"fix-{self.old}-{self.field}"

    @property
    def label(self) -> str:
        """The choice's label: "Deal 4: Ramsch loser"."""
        return f"Deal {self.new}: {SEAT_FIELDS.get(self.field or '', 'seat')}"


@dataclass(frozen=True)
class MovedPenalty:
    """A misdeal penalty that follows its deal to a new number, and to that deal's dealer."""

    text: str
    deal_before: int
    deal_after: int
    seat_before: int
    seat_after: int


@dataclass(frozen=True)
class EditPlan:
    """What deleting deal ``at`` (or inserting a deal before it) does to the sheet."""

    at: int
    moved: tuple[Moved, ...]
    faults: tuple[Fault, ...]
    penalties: tuple[MovedPenalty, ...] = ()

    @property
    def new_dealers(self) -> tuple[Moved, ...]:
        return tuple(m for m in self.moved if m.new_dealer)

    @property
    def unmendable(self) -> tuple[Fault, ...]:
        return tuple(f for f in self.faults if f.field is None)

    def missing(self, fixes: Fixes) -> list[Fault]:
        """The faults ``fixes`` leaves open."""
        return [f for f in self.faults
                if f.field is None or fixes.get(f.old, {}).get(f.field) not in f.choices]


def deal_input(deal: Deal) -> DealInput:
    return DealInput(record=dict(deal.record), declarer=deal.declarer,
                     contra_by=deal.contra_by, revoked_by=deal.revoked_by)


def _seats_named(data: DealInput) -> dict[str, int | None]:
    loser = data.record.get("loser")
    return {"declarer": data.declarer, "loser": loser if isinstance(loser, int) else None,
            "contra_by": data.contra_by, "revoked_by": data.revoked_by}


def mended(data: DealInput, fixes: Mapping[str, int]) -> DealInput:
    """The deal with the seats the organizer chose instead."""
    record = dict(data.record)
    if "loser" in fixes:
        record["loser"] = fixes["loser"]
    return DealInput(record=record, declarer=fixes.get("declarer", data.declarer),
                     contra_by=fixes.get("contra_by", data.contra_by),
                     revoked_by=fixes.get("revoked_by", data.revoked_by))


def _faults(info: TableInfo, deal: Deal, new: int) -> list[Fault]:
    """Why ``deal`` would be invalid as deal ``new``: every seat it names that sits out
    then, else whatever else the entry form would refuse."""
    data = deal_input(deal)
    sits_out = info.dealer(new) if info.size == 4 else None
    playing = tuple(p.position for p in info.players if p.position != sits_out)
    found = []
    for field, seat in _seats_named(data).items():
        if seat is None or seat != sits_out:
            continue
        choices = playing if field in ("declarer", "loser") else tuple(
            s for s in playing if s != data.declarer)
        found.append(Fault(
            deal.number, new, field,
            f"Deal {deal.number} ({deal.description}) becomes deal {new}, dealt by "
            f"{seat} {info.name_at(seat, deal.number)}, who sits out: choose {_CHOOSE[field]}.",
            choices))
    if found:
        return found
    try:
        score_input(info, new, data)
    except EngineError as exc:
        return [Fault(deal.number, new, None, f"Deal {deal.number} as deal {new}: {exc}")]
    return []


def _plan(info: TableInfo, at: int, step: int) -> EditPlan:
    """The later deals moved by ``step`` (-1: deal ``at`` deleted; +1: one inserted before)."""
    first = at + 1 if step < 0 else at
    moved, faults = [], []
    for deal in info.table.deals.filter(number__gte=first).order_by("number"):
        new = deal.number + step
        moved.append(Moved(deal.number, new, deal.dealer, info.dealer(new), deal.description))
        faults += _faults(info, deal, new)
    penalties = []
    for penalty in info.table.penalties.filter(deal__isnull=False).order_by("deal"):
        deal_after = _penalty_deal(penalty.deal, at, step)
        seat_after = info.dealer(deal_after)
        if (deal_after, seat_after) != (penalty.deal, penalty.seat):
            penalties.append(MovedPenalty(penalty.reason, penalty.deal, deal_after,
                                          penalty.seat, seat_after))
    return EditPlan(at, tuple(moved), tuple(faults), tuple(penalties))


def _penalty_deal(deal: int, at: int, step: int) -> int:
    """A misdeal's deal after the move: it follows its deal; a deleted deal's misdeal stays
    with the deal that takes its number."""
    if step < 0:
        return deal - 1 if deal > at else deal
    return deal + 1 if deal >= at else deal


def plan_delete(info: TableInfo, number: int) -> EditPlan:
    return _plan(info, number, -1)


def plan_insert(info: TableInfo, before: int) -> EditPlan:
    return _plan(info, before, +1)


def posted_fixes(plan: EditPlan, data: Mapping[str, str]) -> dict[int, dict[str, int]]:
    """The seats chosen on the confirmation's form, for the plan's faults only."""
    fixes: dict[int, dict[str, int]] = {}
    for fault in plan.faults:
        try:
            seat = int(data.get(fault.key, ""))
        except ValueError:
            continue
        if fault.field is not None and seat in fault.choices:
            fixes.setdefault(fault.old, {})[fault.field] = seat
    return fixes


def sheet_faults(info: TableInfo) -> list[str]:
    """Every check of the entry form over every deal of the sheet, and the sheet's own
    (numbers, dealers, misdeals)."""
    problems = []
    for deal in info.table.deals.order_by("number"):
        try:
            score_input(info, deal.number, deal_input(deal))
        except EngineError as exc:
            problems.append(f"Deal {deal.number}: {exc}")
    return problems + [p for p in load_sheet(info).problems if p not in problems]


def _require_mended(plan: EditPlan, fixes: Fixes, what: str) -> None:
    missing = plan.missing(fixes)
    if missing:
        raise SheetError(f"{what} would leave {len(missing)} deal(s) invalid: "
                         + " ".join(f.message for f in missing)
                         + (" Mend them in the same step." if not plan.unmendable else
                            " Correct those deals first."))


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
            penalty.deal = _penalty_deal(penalty.deal, at, step)
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
    last deal the table played. What moved, for the audit log."""
    moved: dict[str, object] = {}
    subs = list(table.substitutions.order_by("from_deal" if step < 0 else "-from_deal"))
    for sub in subs:
        new = _penalty_deal(sub.from_deal, at, step)
        if new == sub.from_deal:
            continue
        if any(o.seat == sub.seat and o.from_deal == new for o in subs if o is not sub):
            raise SheetError(f"Deal {at} is the only deal a substitute played in seat "
                             f"{sub.seat}: remove that substitute first.")
        sub.from_deal = new
        sub.save(update_fields=["from_deal"])
        moved[f"substitute seat {sub.seat}"] = f"from deal {new}"
    if table.ended_after is not None:
        table.ended_after += step
        if table.ended_after >= table.series.tournament.deals_at(table.seats.count()):
            table.ended_after, table.ended_by, table.ended_at, table.ended_reason = (
                None, "", None, "")
        table.save(update_fields=["ended_after", "ended_by", "ended_at", "ended_reason"])
        moved["ended_after"] = table.ended_after
    return moved


def _check(info: TableInfo, what: str) -> None:
    problems = sheet_faults(info)
    if problems:
        raise SheetError(f"{what} was not saved: the sheet would hold invalid deals. "
                         + " ".join(problems))


def _moved_words(plan: EditPlan) -> str:
    if not plan.moved:
        return ""
    first, last = plan.moved[0], plan.moved[-1]
    return (f"deal {first.old} is now deal {first.new}" if first is last else
            f"deals {first.old}–{last.old} are now {first.new}–{last.new}")


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
            raise SheetError("Only an organizer can delete a deal.")
        require_open(table, user)
        deal = table.deals.filter(number=number).first()
        if deal is None:
            raise SheetError(f"There is no deal {number} on this sheet.")
        if deal.deck_id is not None:
            # the later deals were played with their own decks: renumbering would move them
            raise SheetError(f"Deal {number} was played with deck {deal.deck.number}; a "
                             "comparative sheet keeps every deal on its deck. Correct the "
                             "deal instead.")
        info = table_info(table)
        plan = plan_delete(info, number)
        _require_mended(plan, fixes, f"Deleting deal {number}")
        before = deal_state(deal)
        deal.delete()
        for later in table.deals.filter(number__gt=number).order_by("number"):
            _move(info, later, later.number - 1, fixes.get(later.number, {}), actor, user,
                  session)
        _move_penalties(info, number, -1)
        absences = _move_absences(table, number, -1)
        _check(table_info(table), f"Deleting deal {number}")
        sheet_changed(table, actor, user, session, because=f"deal {number} deleted")
        record_change(table.series.tournament, user, AuditAction.DEAL_DELETED,
                      subject(table, number), table=table, deal=number, session=session,
                      before=before,
                      after={"later_deals": _moved_words(plan) or "none",
                             "mended": _mended_words(plan, fixes), **absences})
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
            raise StaleSheet("This sheet was changed on another device: the forgotten deal "
                             "was not inserted. The newer sheet is shown.")
        if info.decks:
            raise SheetError(COMPARATIVE_INSERT)
        played = table.deals.count()
        if not 1 <= before <= played:
            raise SheetError(f"A forgotten deal goes before one of deals 1 to {played}; the "
                             "next deal is entered as usual.")
        # a sheet ended early ends one deal later: the table played the forgotten one
        if played >= (info.scheduled if info.ended_early else info.deal_count):
            raise SheetError(f"All {info.deal_count} deals are on the sheet, so one more "
                             "would be one too many: if one was forgotten, another was entered "
                             "twice. An organizer deletes that one first.")
        plan = plan_insert(info, before)
        _require_mended(plan, fixes, f"Inserting a deal before deal {before}")
        deal = scored_row(info, before, data, actor)  # scored before a later deal moves
        for later in table.deals.filter(number__gte=before).order_by("-number"):
            _move(info, later, later.number + 1, fixes.get(later.number, {}), actor, user,
                  session)
        deal.save(force_insert=True)
        _move_penalties(info, before, +1)
        absences = _move_absences(table, before, +1)
        _check(table_info(table), f"The deal before deal {before}")
        sheet_changed(table, actor, user, session,
                      because=f"a forgotten deal inserted as deal {before}")
        record_change(table.series.tournament, user, AuditAction.DEAL_INSERTED,
                      subject(table, before), table=table, deal=before, actor=actor,
                      session=session,
                      after={**deal_state(deal), "later_deals": _moved_words(plan) or "none",
                             "mended": _mended_words(plan, fixes), **absences})
    return deal


def _mended_words(plan: EditPlan, fixes: Fixes) -> str:
    words = [f"deal {f.new}: {SEAT_FIELDS[f.field]} seat {fixes[f.old][f.field]}"
             for f in plan.faults if f.field and f.field in fixes.get(f.old, {})]
    return "; ".join(words) or "none"

