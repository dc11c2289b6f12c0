"""django-tables2 tables of the payout sheet and the cash book, for their pages and their
downloads (``exports.files``).

On the page an amount is the figure alone in the page's language ("1,50" / "1.50", the
currency named above the table); in a file it is a number in the currency's units with two
decimals (``Decimal("1.50")``): CSV writes "1.50", XLSX and ODS a number (docs/money.md)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import django_tables2 as tables
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from money.cash_book import (
    CashBook,
    kinds_in_use,
    payout_where,
    places_text,
    received_in_use,
)
from money.currency import amount
from money.ledger import RECEIVED
from money.payout_sheet import PayoutSheet
from money.rules import FEE_KINDS, TABLE
from money.words import KIND_WORDS, POOL_WORDS, SETTLED_WORD
from scoring.listings import NUM, secondary

# The column of each pool that pays players ("table" would read as a table of the room).
POOL_COLUMNS = {pool: "table_money" if pool == TABLE else pool for pool in RECEIVED}
CENT = Decimal("0.01")


def figure(cents: int) -> str:
    """An amount as the page and the PDF write it under a head that names the currency."""
    return amount(cents, "", get_language() or "en", sign=False)


def signed_figure(cents: int) -> str:
    """A net amount: what a player takes home with a plus, what they leave with a minus."""
    return f"+{figure(cents)}" if cents > 0 else figure(cents)


def units(cents: int) -> Decimal:
    """Cents as a number of euros or dollars for a file: 150 → Decimal("1.50")."""
    return (Decimal(cents) / 100).quantize(CENT)


def who(player) -> str:
    # Translators: a player and their participant number, "Anna Becker (#12)"
    return gettext("%(name)s (#%(number)s)") % {"name": player.name, "number": player.number}


class AmountColumn(tables.Column):
    """Cents: the figure on the page (a dash for nothing where ``dash``), a number in a file."""

    def __init__(self, *args, dash: bool = False, signed: bool = False, **kwargs):
        kwargs.setdefault("attrs", NUM)
        super().__init__(*args, **kwargs)
        self.dash, self.signed = dash, signed

    def render(self, value):
        if self.dash and not value:
            return "–"
        return signed_figure(value) if self.signed else figure(value)

    def value(self, value):
        return units(value)


def _detail(verbose_name) -> AmountColumn:
    """A column of one fee kind or one pool: a phone hides it, the totals stay in view."""
    return AmountColumn(verbose_name=verbose_name, attrs=secondary(num=True), dash=True)


# -- the payout sheet ------------------------------------------------------------------------


def player_records(sheet: PayoutSheet) -> list[dict[str, object]]:
    """A record a player of the sheet: number, name, club, each fee kind, each pool, the
    totals and the net (the sheet's own numbers)."""
    records = []
    for line in sheet.lines:
        player = line.player
        records.append({
            "number": player.number, "name": player.label, "sort_name": player.sort_label,
            "club": player.club,
            **dict(zip(FEE_KINDS, line.paid, strict=True)), "paid": line.paid_total,
            **{POOL_COLUMNS[pool]: cents
               for pool, cents in zip(RECEIVED, line.received, strict=True)},
            "received": line.received_total, "settled": line.settled, "net": line.net})
    return records


class PayoutTable(tables.Table):
    """A row a player: what they paid by kind, what they receive by pool, the net. The
    columns of kinds and pools the tournament does not use are hidden (and in no file)."""

    number = tables.Column(verbose_name=pgettext_lazy("participant number", "No."), attrs=NUM)
    name = tables.Column(verbose_name=_("Player"), order_by=("sort_name",))
    club = tables.Column(verbose_name=pgettext_lazy("a player's club", "Club"), default="",
                         attrs=secondary())
    entry_fee = _detail(KIND_WORDS["entry_fee"])
    series_fee = _detail(KIND_WORDS["series_fee"])
    list_fee = _detail(KIND_WORDS["list_fee"])
    lost_game_fee = _detail(KIND_WORDS["lost_game_fee"])
    passed_deal_fee = _detail(KIND_WORDS["passed_deal_fee"])
    missed_series_fee = _detail(KIND_WORDS["missed_series_fee"])
    table_rank_fee = _detail(KIND_WORDS["table_rank_fee"])
    paid = AmountColumn(verbose_name=pgettext_lazy("money", "Paid"))
    prizes = _detail(POOL_WORDS["prizes"])
    series_prizes = _detail(POOL_WORDS["series_prizes"])
    table_money = _detail(POOL_WORDS["table"])
    received = AmountColumn(verbose_name=pgettext_lazy("money", "Received"))
    settled = AmountColumn(verbose_name=SETTLED_WORD, signed=True,
                           attrs=secondary(num=True))  # the net holds it on a phone
    net = AmountColumn(verbose_name=pgettext_lazy("money", "Net"), signed=True)

    class Meta:
        attrs = {"class": "data payouts"}
        order_by = ("number",)
        empty_text = _("No players yet.")

    def __init__(self, sheet: PayoutSheet, *args, **kwargs):
        super().__init__(player_records(sheet), *args, **kwargs)
        kinds = kinds_in_use(sheet)
        pools = received_in_use(sheet)
        for kind in FEE_KINDS:
            if kind not in kinds:
                self.columns.hide(kind)
        for pool in RECEIVED:
            if pool not in pools:
                self.columns.hide(POOL_COLUMNS[pool])
        if not sheet.book.settings.settle_at_rate:
            self.columns.hide("settled")


@dataclass(frozen=True)
class PoolRow:
    pool: str
    name: str
    came_in: int
    out: int | None
    kept: int


def pool_rows(sheet: PayoutSheet) -> list[PoolRow]:
    """Each pool: in, paid out (None: it pays nobody), and what it keeps: the organizer and
    the jackpot what came in, a paying pool what it left."""
    return [PoolRow(p.pool, str(POOL_WORDS[p.pool]), p.came_in, p.out,
                    p.kept) for p in sheet.pools]


class PoolTable(tables.Table):
    name = tables.Column(verbose_name=_("Pool"), orderable=False)
    came_in = AmountColumn(verbose_name=pgettext_lazy("money into a pool", "In"),
                           orderable=False)
    out = AmountColumn(verbose_name=_("Paid out"), orderable=False, default="–")
    kept = AmountColumn(verbose_name=_("Kept or left"), orderable=False)

    class Meta:
        attrs = {"class": "data pools"}


@dataclass(frozen=True)
class PayoutRow:
    pool: str
    where: str
    places: str
    players: tuple[str, ...]
    cents: int
    tie: bool


def payout_rows(sheet: PayoutSheet) -> list[PayoutRow]:
    """Each group of equals a pool paid: its places ("3–4" for a tie), the series and table
    where it applies, its players and what each of them receives."""
    return [PayoutRow(str(POOL_WORDS[p.pool]), payout_where(p), places_text(p.places),
                      tuple(who(player) for player in p.players), p.cents, len(p.players) > 1)
            for p in sheet.payouts]


class PayoutsTable(tables.Table):
    pool = tables.Column(verbose_name=_("Pool"), orderable=False)
    where = tables.Column(verbose_name=_("Series / table"), orderable=False,
                          attrs=secondary())
    places = tables.Column(verbose_name=_("Places"), orderable=False, attrs=NUM)
    players = tables.Column(verbose_name=_("Players"), orderable=False)
    cents = AmountColumn(verbose_name=_("Each"), orderable=False)

    class Meta:
        attrs = {"class": "data payout-groups"}
        row_attrs = {"class": lambda record: "tied" if record.tie else ""}
        empty_text = _("Nobody is paid yet.")

    def render_players(self, value):
        # a tie's players one a line: each of them receives the amount beside the group
        return format_html_join(mark_safe("<br>"), "{}", ((name,) for name in value))

    def value_players(self, value):
        return ", ".join(value)


# -- the cash book --------------------------------------------------------------------------


class KindTable(tables.Table):
    name = tables.Column(verbose_name=_("Fee"), orderable=False)
    payers = tables.Column(verbose_name=_("Players who paid"), attrs=NUM, orderable=False)
    cents = AmountColumn(verbose_name=pgettext_lazy("money", "Paid"), orderable=False)

    class Meta:
        attrs = {"class": "data cash-kinds"}
        empty_text = _("No fees.")


def kind_records(book: CashBook) -> list[dict[str, object]]:
    return [{"kind": k.kind, "name": str(KIND_WORDS[k.kind]), "payers": k.payers,
             "cents": k.cents} for k in book.kinds]


class CashPoolTable(tables.Table):
    name = tables.Column(verbose_name=_("Pool"), orderable=False)
    came_in = AmountColumn(verbose_name=pgettext_lazy("money into a pool", "In"),
                           orderable=False)
    out = AmountColumn(verbose_name=_("Paid out"), orderable=False, default="–")
    payees = tables.Column(verbose_name=_("Players paid"), attrs=NUM, orderable=False,
                           default="–")
    kept = AmountColumn(verbose_name=_("Kept or left"), orderable=False)

    class Meta:
        attrs = {"class": "data cash-pools"}


def cash_pool_records(book: CashBook) -> list[dict[str, object]]:
    return [{"pool": p.pool, "name": str(POOL_WORDS[p.pool]), "came_in": p.came_in,
             "out": p.out, "payees": None if p.out is None else p.payees, "kept": p.kept}
            for p in book.pools]


class CashBookExport(tables.Table):
    """The cash book as one file: a row per fee kind, a row per pool, and the till at the
    end. ``key`` is the ledger's English name of the kind or pool, for programs."""

    section = tables.Column(verbose_name=pgettext_lazy("cash book: fees or pools", "Part"))
    key = tables.Column(verbose_name=_("Key"))
    name = tables.Column(verbose_name=_("Name"))
    payers = tables.Column(verbose_name=_("Players"))
    came_in = AmountColumn(verbose_name=pgettext_lazy("money into a pool", "In"))
    out = AmountColumn(verbose_name=_("Paid out"))
    kept = AmountColumn(verbose_name=_("Kept or left"))


def cash_book_records(book: CashBook) -> list[dict[str, object]]:
    fees, pools = gettext("Fees"), gettext("Pools")
    rows: list[dict[str, object]] = [
        {"section": fees, "key": k.kind, "name": str(KIND_WORDS[k.kind]), "payers": k.payers,
         "came_in": k.cents, "out": None, "kept": None} for k in book.kinds]
    rows += [{"section": pools, "key": p.pool, "name": str(POOL_WORDS[p.pool]),
              "payers": None if p.out is None else p.payees, "came_in": p.came_in,
              "out": p.out, "kept": p.kept} for p in book.pools]
    rows.append({"section": gettext("Total"), "key": "total",
                 "name": gettext("Cash at the end"), "payers": None,
                 "came_in": book.paid_in, "out": book.paid_out, "kept": book.till})
    return rows
