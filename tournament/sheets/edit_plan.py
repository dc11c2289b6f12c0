"""What deleting a deal or inserting a forgotten one would do to a sheet, said beforehand
(``tournament.sheets.edits`` does it): the later deals that move one number and change dealer,
the misdeal penalties that follow their deal, and the deals that would become invalid, each
with the seats that may mend it. Reads only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine import EngineError
from tournament.models import Deal
from tournament.sheets.loaders import DealInput, TableInfo, score_input
from tournament.words import refusal

# the seats a deal names: the form's label, and what the organizer is asked to choose
SEAT_FIELDS = {"declarer": gettext_lazy("Declarer"), "loser": gettext_lazy("Ramsch loser"),
               "contra_by": gettext_lazy("Contra by"), "revoked_by": gettext_lazy("Revoked by")}
_SITS_OUT = {
    "declarer": gettext_lazy("Deal %(old)s (%(game)s) becomes deal %(new)s, dealt by %(seat)s "
                             "%(name)s, who sits out: choose its declarer."),
    "loser": gettext_lazy("Deal %(old)s (%(game)s) becomes deal %(new)s, dealt by %(seat)s "
                          "%(name)s, who sits out: choose its Ramsch loser."),
    "contra_by": gettext_lazy("Deal %(old)s (%(game)s) becomes deal %(new)s, dealt by %(seat)s "
                              "%(name)s, who sits out: choose who said Contra."),
    "revoked_by": gettext_lazy("Deal %(old)s (%(game)s) becomes deal %(new)s, dealt by "
                               "%(seat)s %(name)s, who sits out: choose who revoked."),
}

# an insert refused at a comparative sheet: before anything is planned, and by insert_deal
COMPARATIVE_INSERT = gettext_lazy("A comparative sheet keeps every deal on its deck: a "
                                  "forgotten deck is entered as its own deal, never inserted.")

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
        return (_("Deal %(number)s: %(field)s")
                % {"number": self.new,
                   "field": SEAT_FIELDS[self.field] if self.field in SEAT_FIELDS
                   else _("seat")})


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
            _SITS_OUT[field] % {"old": deal.number, "game": deal.text, "new": new, "seat": seat,
                                "name": info.name_at(seat, deal.number)},
            choices))
    if found:
        return found
    try:
        score_input(info, new, data)
    except EngineError as exc:
        return [Fault(deal.number, new, None,
                      _("Deal %(old)s as deal %(new)s: %(reason)s")
                      % {"old": deal.number, "new": new, "reason": refusal(exc)})]
    return []


def _plan(info: TableInfo, at: int, step: int) -> EditPlan:
    """The later deals moved by ``step`` (-1: deal ``at`` deleted; +1: one inserted before)."""
    first = at + 1 if step < 0 else at
    moved, faults = [], []
    for deal in info.table.deals.filter(number__gte=first).order_by("number"):
        new = deal.number + step
        moved.append(Moved(deal.number, new, deal.dealer, info.dealer(new), deal.text))
        faults += _faults(info, deal, new)
    penalties = []
    for penalty in info.table.penalties.filter(deal__isnull=False).order_by("deal"):
        deal_after = penalty_deal(penalty.deal, at, step)
        seat_after = info.dealer(deal_after)
        if (deal_after, seat_after) != (penalty.deal, penalty.seat):
            penalties.append(MovedPenalty(penalty.reason, penalty.deal, deal_after,
                                          penalty.seat, seat_after))
    return EditPlan(at, tuple(moved), tuple(faults), tuple(penalties))


def penalty_deal(deal: int, at: int, step: int) -> int:
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
