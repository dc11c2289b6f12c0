"""The director's board: every table of a series with its state, the slowest first, and the
series' expected end from the pace so far (docs/live.md, "The director's board").

Read in a fixed number of queries whatever the room's size (a congress series has 1,050
tables): the tables, their seats counted, their deals' entry times summed up. Nothing here
writes; a table's state is the sheet's own (``Table.sheet_status``, the foot's
``deals_played``, the withdrawal ``sheets.confirmation`` keeps on the table).
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass

from django.db.models import Count, Max, Min, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext

from api.entry import SETTLED_CONFLICTS
from api.models import DealRequest
from tournament.models import Deal, Seat, Series, SheetStatus
from tournament.numbers import decimals, grouped


class State(enum.IntEnum):
    """A table's state, in the order the board lists them: what needs the director first."""

    CORRECTION = 0  # a submitted or confirmed sheet was changed: to be submitted again
    REFUSED = 1  # the last deal a phone's outbox sent was refused, and none stored since
    NOT_STARTED = 2
    PLAYING = 3
    ENTERED = 4  # every deal entered, not yet submitted
    SUBMITTED = 5
    CONFIRMED = 6
    NO_SHEET = 7  # seated other than three or four: the table has no sheet

    @property
    def label(self) -> str:
        return {
            State.CORRECTION: pgettext("a table on the director's board", "correction waiting"),
            State.REFUSED: pgettext("a table on the director's board", "a deal refused"),
            State.NOT_STARTED: pgettext("a table on the director's board", "not started"),
            State.PLAYING: pgettext("a table on the director's board", "playing"),
            State.ENTERED: pgettext("a table on the director's board", "to be submitted"),
            State.SUBMITTED: pgettext("a table on the director's board", "submitted"),
            State.CONFIRMED: pgettext("a table on the director's board", "confirmed"),
            State.NO_SHEET: pgettext("a table on the director's board", "no sheet"),
        }[self]

    @property
    def key(self) -> str:
        return self.name.lower().replace("_", "-")


@dataclass(frozen=True)
class BoardRow:
    """One table of the board."""

    number: int
    token: str
    players: int
    played: int
    deals: int  # the sheet's deals (fewer where the director ended it early)
    state: State
    last_entry: datetime.datetime | None  # when its latest deal was entered
    since: datetime.datetime | None  # a correction: when the submission was withdrawn;
    # a refusal: when the deal was refused
    reason: str = ""  # a refusal: the API's reason, as the phone shows it

    @property
    def percent(self) -> int:
        return round(100 * self.played / self.deals) if self.deals else 0

    @property
    def progress(self) -> str:
        # Translators: deals entered of the sheet's deals: "12 of 36"
        return gettext("%(played)s of %(count)s") % {"played": self.played, "count": self.deals}

    @property
    def slowness(self) -> tuple:
        """The board's order: a correction first, then the least played, the longest quiet."""
        quiet = self.last_entry.timestamp() if self.last_entry else 0.0
        return (self.state, self.played / self.deals if self.deals else 1.0, quiet, self.number)

    @property
    def state_order(self) -> int:
        return int(self.state)

    @property
    def last_order(self) -> float:
        return self.last_entry.timestamp() if self.last_entry else 0.0


@dataclass(frozen=True)
class Pace:
    """The series' pace: deals a minute at a table, and when its slowest table ends."""

    deals: int  # deals entered
    minutes: float  # since the first deal was entered
    tables: int  # tables that entered a deal
    per_table: float  # deals a minute at a table
    left: int  # deals the slowest unfinished table has left
    end: datetime.datetime | None  # the expected end, None without a pace

    @property
    def words(self) -> str:
        """The expected end, or why there is none."""
        if not self.deals:
            return gettext("No deal is entered yet: the expected end follows from the first "
                           "deals' pace.")
        if not self.left:
            return gettext("Every table has entered all its deals.")
        return ngettext(
            "Expected end about %(end)s: the slowest table has %(left)s deal left.",
            "Expected end about %(end)s: the slowest table has %(left)s deals left.",
            self.left) % {
            "end": timezone.localtime(self.end).strftime("%H:%M") if self.end else "?",
            "left": grouped(self.left)}

    @property
    def how(self) -> str:
        """How the expected end is computed, in one line (the page says it)."""
        if not self.deals or not self.left:
            return ""
        return gettext("Pace: %(deals)s deals entered ÷ %(tables)s tables that started ÷ "
                       "%(minutes)s min since the first deal = %(pace)s deals a minute at a "
                       "table; the deals left at the slowest table at that pace.") % {
            "deals": grouped(self.deals), "tables": grouped(self.tables),
            "minutes": grouped(round(self.minutes)), "pace": decimals(self.per_table, 2)}


@dataclass(frozen=True)
class Board:
    series: Series
    rows: list[BoardRow]  # the slowest first
    pace: Pace
    now: datetime.datetime

    def count(self, state: State) -> int:
        return sum(1 for r in self.rows if r.state is state)

    @property
    def states(self) -> list[tuple[State, int]]:
        """Each state with its tables, for the picture and its legend (the empty left out)."""
        return [(s, n) for s in State if (n := self.count(s))]

    @property
    def picture(self) -> list[tuple[State, int, int, int]]:
        """The tables by state as one bar (an SVG 1,000 wide): each state, its tables, where
        its part begins and how wide it is, confirmed on the left."""
        total, x, parts = len(self.rows) or 1, 0, []
        order = (State.CONFIRMED, State.SUBMITTED, State.ENTERED, State.PLAYING,
                 State.NOT_STARTED, State.REFUSED, State.CORRECTION, State.NO_SHEET)
        for state, count in sorted(self.states, key=lambda sc: order.index(sc[0])):
            width = round(1000 * count / total)
            parts.append((state, count, x, width))
            x += width
        return parts

    @property
    def played(self) -> int:
        return sum(r.played for r in self.rows)

    @property
    def deals(self) -> int:
        return sum(r.deals for r in self.rows)

    @property
    def finished(self) -> int:
        """Tables whose sheet is confirmed."""
        return self.count(State.CONFIRMED)


def _state(status: str, players: int, played: int, deals: int, withdrawal,
           refused: bool) -> State:
    if players not in (3, 4):
        return State.NO_SHEET
    if status == SheetStatus.CONFIRMED:
        return State.CONFIRMED
    if status == SheetStatus.SUBMITTED:
        return State.SUBMITTED
    if isinstance(withdrawal, dict) and withdrawal.get("at"):
        return State.CORRECTION
    if refused:
        return State.REFUSED
    if played >= deals:
        return State.ENTERED
    return State.PLAYING if played else State.NOT_STARTED


def _withdrawn_at(withdrawal) -> datetime.datetime | None:
    if not isinstance(withdrawal, dict):
        return None
    try:
        return datetime.datetime.fromisoformat(str(withdrawal.get("at", "")))
    except ValueError:
        return None


def refusals(series: Series) -> dict[int, tuple[datetime.datetime, str]]:
    """The tables of ``series`` whose last deal sent through the API (a phone's outbox) was
    refused, with nothing stored through it since: when, and why. A conflict the phone
    settles itself (``api.entry.SETTLED_CONFLICTS``: the same deal already there, a
    version moved, a deal missing before it) is none. Two queries (the last of
    each kind per table, then the refusals still standing); the phone keeps the deal until
    it is corrected or discarded, so the board shows it until a deal is stored or the sheet
    is submitted."""
    standing = [refused for _table, stored, refused in
                DealRequest.objects.filter(table__series=series).values_list("table_id")
                .annotate(stored=Max("id", filter=Q(status=201)),
                          refused=Max("id", filter=~Q(status=201) & ~Q(
                              response__rule__in=SETTLED_CONFLICTS))).order_by()
                if refused is not None and (stored is None or refused > stored)]
    found: dict[int, tuple[datetime.datetime, str]] = {}
    for table, created, response in (DealRequest.objects.filter(id__in=standing)
                                     .values_list("table_id", "created", "response")):
        detail = response.get("detail") if isinstance(response, dict) else ""
        found[table] = (created, detail if isinstance(detail, str) else "")
    return found


def latest_request(tournament, number: int) -> int:
    """The newest API request's id in series ``number`` of ``tournament`` (one query): the
    board's ETag moves with a refusal, which moves no version (nothing is stored)."""
    return (DealRequest.objects.filter(table__series__tournament=tournament,
                                       table__series__number=number)
            .order_by("-id").values_list("id", flat=True).first()) or 0


def board(series: Series, now: datetime.datetime | None = None) -> Board:
    """The board of ``series``: four queries (tables, seats counted, deals' times, the
    phones' refusals)."""
    now = now or timezone.now()
    tournament = series.tournament
    seats = dict(Seat.objects.filter(series=series).values_list("table_id")
                 .annotate(Count("id")).order_by())
    entered = {table: (count, first, last) for table, count, first, last in
               Deal.objects.filter(table__series=series).values_list("table_id")
               .annotate(Count("id"), Min("created_at"), Max("created_at")).order_by()}
    refused = refusals(series)
    rows = []
    for pk, number, token, status, ended_after, withdrawal in (
            series.tables.values_list("id", "number", "token", "sheet_status", "ended_after",
                                      "withdrawal").order_by()):
        players = seats.get(pk, 0)
        played, _first, last = entered.get(pk, (0, None, None))
        deals = ended_after if ended_after is not None else tournament.deals_at(players)
        when, reason = refused.get(pk, (None, ""))
        # a deal stored by the form after the refusal settles it too
        state = _state(status, players, played, deals, withdrawal,
                       when is not None and (last is None or last < when))
        since = {State.CORRECTION: _withdrawn_at(withdrawal), State.REFUSED: when}.get(state)
        rows.append(BoardRow(number, token, players, played, deals, state, last, since,
                             reason if state is State.REFUSED else ""))
    rows.sort(key=lambda r: r.slowness)
    first = min((f for _count, f, _last in entered.values() if f is not None), default=None)
    return Board(series, rows, _pace(rows, first, now), now)


def _pace(rows: list[BoardRow], first: datetime.datetime | None,
          now: datetime.datetime) -> Pace:
    """Deals a minute at a table since the series' first deal, and the end it gives the
    table with the most deals left."""
    entered = sum(r.played for r in rows)
    open_rows = [r for r in rows if r.state not in (State.CONFIRMED, State.SUBMITTED,
                                                     State.NO_SHEET)]
    left = max((r.deals - r.played for r in open_rows), default=0)
    if not entered or first is None:
        return Pace(0, 0.0, 0, 0.0, left, None)
    minutes = max((now - first).total_seconds() / 60, 1.0)
    tables = sum(1 for r in rows if r.played)
    per_table = entered / tables / minutes
    end = now + datetime.timedelta(minutes=left / per_table) if left and per_table else None
    return Pace(entered, minutes, tables, per_table, max(left, 0), end)
