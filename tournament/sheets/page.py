"""What the score-sheet pages show: the sheet as display rows, the entry forms, a series' tables.

Presentation data only; every rule lives in ``deals`` and ``sheet``; the forms are made in
``entry_forms``. The views parse the request, call one of these functions (or a service of
``deals``) and render.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count
from django.utils.translation import gettext as _

from engine import GAME_BONUS, OPPONENT_BONUS, ScoringSystem, SeegerFabianFoot
from tournament.models import Series, SheetStatus, Table
from tournament.permissions import Role
from tournament.sheets.confirmation import (
    Withdrawal,
    change_refusal,
    last_withdrawal,
    totals_hidden,
    wrong_size,
)
from tournament.sheets.entry_forms import confirm_form, form_fields, new_deal_form
from tournament.sheets.forms import (
    ConfirmForm,
    DealForm,
    EndSheetForm,
    PenaltyForm,
    SubmitForm,
    SubstituteForm,
)
from tournament.sheets.loaders import TableInfo, load_sheet, table_info
from tournament.sheets.sheet import Sheet, SheetRow, seeger_fabian_feet


@dataclass(frozen=True)
class Cell:
    total: int
    moved: bool


@dataclass(frozen=True)
class RowView:
    row: SheetRow
    dealer_name: str
    declarer_name: str  # the Ramsch loser's name when nobody declared
    cells: tuple[Cell, ...]
    loser: bool = False
    notes: tuple[str, ...] = ()  # said above the row: a substitute sits down from this deal

    @property
    def seat(self) -> int | None:
        """The seat the row is about: the declarer's, the loser's, the penalised player's."""
        if self.row.declarer is not None:
            return self.row.declarer
        return next(iter(self.row.entries), None) if self.loser else None

    @property
    def first_name(self) -> str:
        return self.declarer_name.split(" ")[0]

    @property
    def is_penalty(self) -> bool:
        return self.row.kind == "penalty"


@dataclass
class SheetPage:
    info: TableInfo
    sheet: Sheet
    role: Role
    rows: list[RowView]
    deal_form: DealForm | None = None
    penalty_form: PenaltyForm | None = None
    submit_form: SubmitForm | None = None
    confirm_form: ConfirmForm | None = None
    substitute_form: SubstituteForm | None = None  # the director's: a table that cannot finish
    end_form: EndSheetForm | None = None
    scorekeeper: str = ""
    organizer_penalties: frozenset[int] = frozenset()  # removable by an organizer only
    extra: dict = field(default_factory=dict)
    read_only: bool = False  # the public's copy of a released sheet: no forms, no links
    withdrawal: Withdrawal | None = None  # why an open sheet is no longer submitted

    @property
    def organizer(self) -> bool:
        return self.role is Role.ORGANIZER

    @property
    def staff(self) -> bool:
        return self.role >= Role.ASSISTANT

    @property
    def removable_penalties(self) -> set[int]:
        """The penalties this visitor may remove: an organizer's only by an organizer."""
        if not self.can_enter:
            return set()
        keys = {r.row.key for r in self.rows if r.is_penalty and r.row.key}
        return keys if self.organizer else keys - self.organizer_penalties

    @property
    def playable(self) -> bool:
        """A sheet serves three or four players; a plan under correction may seat others."""
        return self.info.size in (3, 4)

    @property
    def table(self) -> Table:
        return self.info.table

    @property
    def status(self) -> str:
        return self.table.sheet_status

    @property
    def can_enter(self) -> bool:
        """Deals may be entered and corrected: the services' own check (``change_refusal``),
        so the page offers a form only where a save would be accepted."""
        return not self.read_only and not change_refusal(self.table, self.role, self.info.size)

    @property
    def hide_totals(self) -> bool:
        """A blind check: the confirmer types the totals, so the page must not show them."""
        return totals_hidden(self.table)

    @property
    def next_dealer(self) -> str:
        number = self.sheet.next_number
        if number > self.sheet.deal_count:
            return ""
        return seat_label(self.info, self.info.dealer(number), number)

    @property
    def next_deck(self):
        """At a comparative table: the deck the next deal is played with."""
        return self.info.deck(self.sheet.next_number)

    @property
    def sits_out(self) -> bool:
        return self.info.size == 4

    @property
    def letters(self) -> bool:
        """A comparative table: its seats are the letters the decks' hands are marked by."""
        return bool(self.info.decks)

    @property
    def seats(self) -> list[tuple[object, str]]:
        """(player, "Seat 1 · N") for the players' list of a comparative table."""
        return [(p, self.info.seat_words(p.position)) for p in self.info.players]

    @property
    def columns(self) -> list[tuple[int, str, str]]:
        """(seat, first name, full name) of the players, for the sheet's total columns; a seat
        a substitute took names both ("Carl/Hans")."""
        columns = []
        for p in self.info.players:
            subs = [s for s in self.info.substitutes if s.seat == p.position]
            first = "/".join(n.split(" ")[0] for n in (p.name, *(s.name for s in subs)))
            full = "; ".join([p.name, *(_("from deal %(deal)s %(name)s")
                                        % {"deal": s.from_deal, "name": s.name} for s in subs)])
            columns.append((p.position, first, full))
        return columns

    @property
    def colspan(self) -> int:
        return 5 + self.info.size

    @property
    def deal_fields(self) -> list[tuple[object, str | None]]:
        return form_fields(self.deal_form) if self.deal_form is not None else []

    @property
    def foot(self) -> list[FootLine]:
        """Under Seeger-Fabian, the sheet's foot as the paper sheet adds it up
        (``seeger_fabian_feet``, the PDF's and the standings' numbers); empty otherwise, or
        while a blind check hides the totals."""
        if (not ScoringSystem(self.info.tournament.scoring_system).sheet_foot
                or not self.playable or self.hide_totals):
            return []
        return foot_lines(seeger_fabian_feet(self.sheet), OPPONENT_BONUS[self.info.size])

    @property
    def foot_heads(self) -> list[tuple[str, str, str]]:
        """(seat, first names, full names) of the foot's columns, as the sheet's."""
        return [(str(seat), first, name) for seat, first, name in self.columns]


@dataclass(frozen=True)
class FootLine:
    """One line of a Seeger-Fabian foot: its words and a number per seat (or per player)."""

    text: str
    values: tuple[int, ...]
    counts: tuple[int, ...] = ()  # the games each value counts, shown beside it
    signed: bool = True  # a term of the sum (+50, −50); the sum and the points are plain
    total: bool = False

    @property
    def cells(self) -> list[tuple[int, int | None]]:
        """(value, games counted or None) per column."""
        counts = self.counts or (None,) * len(self.values)
        return list(zip(self.values, counts, strict=True))


def foot_lines(feet: tuple[SeegerFabianFoot, ...], bonus: int | None = None) -> list[FootLine]:
    """The foot's lines: Points, games won × 50, games lost × 50, the games the others lost
    × 40 or 30 (``bonus``; None: summed over tables of both sizes), the score."""
    # Translators: a line of the Seeger-Fabian foot: the games the others at the table lost
    others = _("Others lost × %(bonus)s") % {"bonus": bonus or "40/30"}
    return [
        # Translators: a line of the Seeger-Fabian foot: the sum of the game values
        FootLine(_("Points"), tuple(f.points for f in feet), signed=False),
        FootLine(_("Won × %(bonus)s") % {"bonus": GAME_BONUS}, tuple(f.won_bonus for f in feet),
                 tuple(f.won for f in feet)),
        FootLine(_("Lost × %(bonus)s") % {"bonus": GAME_BONUS},
                 tuple(f.lost_malus for f in feet), tuple(f.lost for f in feet)),
        FootLine(others, tuple(f.others_bonus for f in feet), tuple(f.others_lost for f in feet)),
        # Translators: the Seeger-Fabian score, the foot's last line
        FootLine(_("Score"), tuple(f.score for f in feet), signed=False, total=True),
    ]


def seat_label(info: TableInfo, seat: int | None, number: int | None = None) -> str:
    """ "2 Carl Brandt": the seat and who plays it (in deal ``number``: a substitute)."""
    return info.seat_label(seat, number)


def display_rows(info: TableInfo, sheet: Sheet) -> list[RowView]:
    seats = range(1, info.size + 1)
    rows = []
    noted: set[int] = set()
    last = 1  # a penalty names whoever played the seat in the deal before it (a substitute)
    for row in sheet.rows:
        # a deal nobody declared moves at most the Ramsch loser's total
        loser = row.kind == "deal" and row.declarer is None and len(row.entries) == 1
        at = row.number
        last = at or last
        name = (info.name_at(next(iter(row.entries)), at) if loser
                else info.name_at(row.declarer, at or last))
        notes: tuple[str, ...] = ()
        if at is not None:  # a substitute's first deal: the sheet says so above it
            here = [s for s in info.substitutes if s.from_deal <= at and s.key not in noted]
            noted.update(s.key for s in here if s.key is not None)
            notes = tuple(s.words for s in here)
        rows.append(RowView(
            row=row, dealer_name=info.name_at(row.dealer, at) if row.dealer else "",
            declarer_name=name, loser=loser, notes=notes,
            cells=tuple(Cell(row.totals[s - 1], s in row.entries) for s in seats)))
    return rows


def sheet_page(table: Table, role: Role, scorekeeper: str = "", *,
               deal_form: DealForm | None = None, penalty_form: PenaltyForm | None = None,
               submit_form: SubmitForm | None = None,
               confirm: ConfirmForm | None = None, own_submission: bool = False,
               read_only: bool = False, info: TableInfo | None = None) -> SheetPage:
    """Everything the sheet page shows; forms given are bound forms with errors to show.
    ``read_only``: the public's copy of a released sheet, without forms or entry links.
    ``info``: the table's players when the view has read them already."""
    info = info or table_info(table)
    if info.size not in (3, 4):
        problem = wrong_size(table.number, info.size)
        empty = Sheet(info.size, 0, (), (0,) * info.size, 0, (problem,))
        return SheetPage(info=info, sheet=empty, role=role, rows=[], read_only=read_only)
    penalties = list(table.penalties.all())
    sheet = load_sheet(info, penalties=penalties)
    page = SheetPage(info=info, sheet=sheet, role=role,
                     rows=display_rows(info, sheet),
                     scorekeeper=scorekeeper,
                     organizer_penalties=frozenset(p.pk for p in penalties if p.by_organizer),
                     read_only=read_only)
    if not page.can_enter:
        return page
    page.withdrawal = last_withdrawal(table)
    if page.organizer:  # the director's ways out for a table that cannot finish
        page.substitute_form = SubstituteForm(info, initial={
            "from_deal": min(sheet.next_number, sheet.deal_count)})
        if not info.ended_early:
            page.end_form = EndSheetForm(initial={"after_deal": sheet.played})
    if sheet.next_number <= sheet.deal_count:
        page.deal_form = deal_form or new_deal_form(info, sheet.next_number)
    page.penalty_form = penalty_form or PenaltyForm(
        info, initial={"version": table.sheet_version,
                       "deal": min(sheet.next_number, sheet.deal_count)})
    if table.sheet_status == SheetStatus.OPEN and sheet.complete:
        page.submit_form = submit_form or SubmitForm(initial={"name": scorekeeper})
    if table.sheet_status == SheetStatus.SUBMITTED:
        page.confirm_form = confirm or confirm_form(info, page.organizer, own=own_submission)
    return page


def confirm_names(info: TableInfo, submitted_by: str) -> list[str]:
    return [p.name for p in info.players if p.name.lower() != submitted_by.lower()]


@dataclass(frozen=True)
class TableLine:
    number: int
    token: str
    players: int
    played: int
    deal_count: int
    status: str
    status_display: str
    submitted_by: str
    confirmed_by: str

    @property
    def progress(self) -> str:
        # Translators: deals played of the sheet's deals: "12 of 36"
        return _("%(played)s of %(count)s") % {"played": self.played, "count": self.deal_count}


SHEETS_PER_PAGE = 100  # a congress series has 1,000 tables: a phone gets a page of them


def series_tables(series: Series, status: str = ""):
    """The tables of a series in number order, those of one sheet status if given."""
    tables = series.tables.order_by("number")
    return tables.filter(sheet_status=status) if status in SheetStatus.values else tables


def series_sheets(series: Series, tables=None) -> list[TableLine]:
    """Every table of a series (or the page ``tables`` of them) with its progress, in one
    query."""
    tournament = series.tournament
    tables = (series.tables.filter(pk__in=[t.pk for t in tables]) if tables is not None
              else series.tables).order_by("number").annotate(
        played=Count("deals", distinct=True), players=Count("seats", distinct=True))
    return [
        TableLine(number=t.number, token=t.token, players=t.players, played=t.played,
                  deal_count=(tournament.deals_at(t.players) if t.ended_after is None
                              else t.ended_after), status=t.sheet_status,
                  status_display=t.get_sheet_status_display(), submitted_by=t.submitted_by,
                  confirmed_by=t.confirmed_by)
        for t in tables
    ]
