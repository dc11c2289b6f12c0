"""The score sheet of one table in one series, as plain data (seed 000 §11; docs/rules.md §9).

One row per deal: number, dealer, declarer, the game in words, its value, and every player's
running total, where only the declarer's total moves (the Ramsch loser's, the penalised
player's; with Contra also the announcer's, with a revoke also the revoker's). The invariants
are checked and reported, never silently mended.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine import SEATS, RuleSet, SeegerFabianFoot, dealer_seat, seeger_fabian_foot
from tournament.speech import gettext as _


@dataclass(frozen=True)
class SheetDeal:
    number: int
    dealer: int
    declarer: int | None  # None for Ramsch and passed deals
    text: str
    value: int  # the declarer's signed result, or the Ramsch loser's
    entries: Mapping[int, int]  # seat -> points this deal adds to his total
    won: bool | None = None
    key: int | None = None  # the database id, for links


@dataclass(frozen=True)
class SheetPenalty:
    after_deal: int
    seat: int
    points: int
    text: str
    key: int | None = None
    deal: int | None = None  # a misdeal's deal: its dealer is the one charged


@dataclass(frozen=True)
class SheetRow:
    kind: str  # "deal" or "penalty"
    number: int | None
    dealer: int | None
    declarer: int | None
    text: str
    value: int
    entries: Mapping[int, int]
    totals: tuple[int, ...]  # running totals of seats 1..n after this row
    won: bool | None = None
    key: int | None = None


@dataclass(frozen=True)
class Sheet:
    seats: int
    deal_count: int
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]
    played: int
    problems: tuple[str, ...] = field(default=())

    @property
    def complete(self) -> bool:
        return self.played == self.deal_count and not self.problems

    @property
    def next_number(self) -> int:
        return self.played + 1

    @property
    def progress(self) -> str:
        # Translators: deals played of the sheet's deals: "12 of 36"
        return _("%(played)s of %(count)s") % {"played": self.played, "count": self.deal_count}


def deal_entries(value: int, declarer: int | None, loser: int | None = None,
                 contra_by: int | None = None, contra_value: int | None = None,
                 revoked_by: int | None = None, revoke_value: int | None = None
                 ) -> dict[int, int]:
    """Which totals a deal moves, and by how much."""
    entries: dict[int, int] = {}
    mover = declarer if declarer is not None else loser
    if mover is not None and value:
        entries[mover] = value
    if contra_by is not None and contra_value:
        entries[contra_by] = entries.get(contra_by, 0) + contra_value
    if revoked_by is not None and revoke_value:
        entries[revoked_by] = entries.get(revoked_by, 0) + revoke_value
    return entries




def scoring_columns(record: Mapping[str, object], outcome: Mapping[str, object], value: int,
                    declarer: int | None, contra_by: int | None = None,
                    revoked_by: int | None = None) -> dict[str, object]:
    """The plain columns a stored deal keeps beside its record for scoring: the game, its
    trump, matadors, whether the declarer won, card points, Passt Nicht and what the deal adds
    to each seat's Points (``deal_entries``)."""
    entries = deal_entries(value, declarer, loser=_seat(record.get("loser")),
                           contra_by=contra_by, contra_value=_number(outcome.get("contra_value")),
                           revoked_by=revoked_by,
                           revoke_value=_number(outcome.get("revoke_value")))
    won = outcome.get("won")
    return {
        "game": str(record.get("game", "")),
        "trump": str(record.get("trump") or ""),
        "matadors": _number(record.get("matadors")) or 0,
        "won": bool(won) if declarer is not None and won is not None else None,
        "card_points": _number(record.get("card_points")),
        "passt_nicht": bool(record.get("passt_nicht")),
        **{f"points_{seat}": entries.get(seat, 0) for seat in SEATS},
    }


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _seat(value: object) -> int | None:
    return _number(value)


def build_sheet(seats: int, deal_count: int, deals: Iterable[SheetDeal],
                penalties: Iterable[SheetPenalty], rules: RuleSet,
                dealers: Sequence[int] = ()) -> Sheet:
    """The sheet with its running totals and problems. ``dealers`` gives each deal's dealer
    seat where the turn does not decide it (a comparative table plays decks whose dealer is
    marked on them); without it the rule set's rotation does."""
    deals = sorted(deals, key=lambda d: d.number)
    penalties = sorted(penalties, key=lambda p: p.after_deal)
    problems: list[str] = []
    totals = [0] * seats
    rows: list[SheetRow] = []

    def add(row_entries: Mapping[int, int]) -> tuple[int, ...]:
        for seat, points in row_entries.items():
            totals[seat - 1] += points
        return tuple(totals)

    pending = list(penalties)

    def flush_penalties(up_to: int) -> None:
        while pending and pending[0].after_deal <= up_to:
            p = pending.pop(0)
            due = _dealer(p.deal, seats, rules, dealers) if p.deal is not None else None
            if due is not None and p.seat != due:
                problems.append(_("Penalty for the misdeal of deal %(deal)s: charged to seat "
                                  "%(seat)s, but seat %(due)s deals it.")
                                % {"deal": p.deal, "seat": p.seat, "due": due})
            entries = {p.seat: -p.points}
            rows.append(SheetRow("penalty", None, None, p.seat, p.text, -p.points, entries,
                                 add(entries), key=p.key))

    flush_penalties(0)
    for expected, deal in enumerate(deals, start=1):
        if deal.number != expected:
            problems.append(_("Deal %(expected)s is missing: the sheet jumps to deal "
                              "%(number)s.") % {"expected": expected, "number": deal.number})
        if deal.number > deal_count:
            problems.append(_("Deal %(number)s is one too many: the series has %(count)s "
                              "deals at this table.")
                            % {"number": deal.number, "count": deal_count})
        due = _dealer(deal.number, seats, rules, dealers)
        if due is not None and deal.dealer != due:
            words = {"number": deal.number, "dealer": deal.dealer, "due": due}
            problems.append(
                _("Deal %(number)s: seat %(dealer)s dealt, but its deck gives seat %(due)s.")
                % words if dealers else
                _("Deal %(number)s: seat %(dealer)s dealt, but the rotation gives seat "
                  "%(due)s.") % words)
        if seats == 4 and deal.declarer == deal.dealer:
            problems.append(_("Deal %(number)s: the dealer sits out at a four-table and "
                              "cannot be declarer.") % {"number": deal.number})
        elif seats == 4 and deal.dealer in deal.entries:
            # the entry form refuses it too: no Ramsch loser, Contra or revoke of his
            problems.append(
                _("Deal %(number)s: the dealer sits out at a four-table and cannot lose the "
                  "Ramsch.") % {"number": deal.number} if deal.declarer is None else
                _("Deal %(number)s: the dealer sits out at a four-table and cannot say Contra "
                  "or revoke.") % {"number": deal.number})
        rows.append(SheetRow("deal", deal.number, deal.dealer, deal.declarer, deal.text,
                             deal.value, deal.entries, add(deal.entries), deal.won, deal.key))
        flush_penalties(deal.number)
    flush_penalties(10**6)

    return Sheet(seats=seats, deal_count=deal_count, rows=tuple(rows), totals=tuple(totals),
                 played=len(deals), problems=tuple(problems))


def _dealer(number: int, seats: int, rules: RuleSet, dealers: Sequence[int]) -> int | None:
    if seats not in (3, 4):
        return None
    if dealers:
        return dealers[number - 1] if number <= len(dealers) else None
    return dealer_seat(number, seats, rules)


def seeger_fabian_feet(sheet: Sheet) -> tuple[SeegerFabianFoot, ...]:
    """The Seeger-Fabian foot of every seat, counted over the sheet's rows (docs/rules.md §9):
    its total, the games its declarer won and lost, the games the others lost. Ramsch and
    passed deals have no declarer and are no games."""
    games = [(r.declarer, bool(r.won)) for r in sheet.rows
             if r.kind == "deal" and r.declarer is not None and r.won is not None]
    return tuple(
        seeger_fabian_foot(sheet.totals[seat - 1],
                           won=sum(1 for d, w in games if d == seat and w),
                           lost=sum(1 for d, w in games if d == seat and not w),
                           others_lost=sum(1 for d, w in games if d != seat and not w),
                           table_size=sheet.seats)
        for seat in range(1, sheet.seats + 1))
