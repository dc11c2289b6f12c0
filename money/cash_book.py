"""The organizer's cash book, and what the payout sheet's page, PDF and downloads share: which
fee kinds and pools a tournament uses, the balance line, a payout's places in words.

Every number is read from the payout sheet (``money.payout_sheet``, the ledger's rows); the
sums here only regroup them (by kind, by pool), as the ledger's own totals do."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import get_language, gettext

from money.currency import amount
from money.ledger import RECEIVED
from money.payout_sheet import PayoutLine, PayoutSheet
from money.rules import FEE_KINDS, ORGANIZER, PRIZES, SERIES_PRIZES, TABLE, Rules
from money.services import rules_of


def _kinds_ruled(rules: Rules) -> set[str]:
    """The fee kinds the rules charge for (an amount, a tier, a rule that is there)."""
    ruled = {
        "entry_fee": rules.entry_fee > 0,
        "series_fee": rules.series_fee > 0,
        "list_fee": rules.list_fee > 0,
        "lost_game_fee": any(cents for _, cents in rules.lost_game_fee),
        "passed_deal_fee": rules.passed_deal_fee is not None,
        "missed_series_fee": rules.missed_series_fee > 0,
        "table_rank_fee": rules.table_rank_fee is not None,
    }
    return {kind for kind, there in ruled.items() if there}


def _pools_ruled(rules: Rules) -> set[str]:
    ruled = {PRIZES: rules.prizes is not None, SERIES_PRIZES: rules.series_prizes is not None,
             TABLE: rules.table_winner}
    return {pool for pool, there in ruled.items() if there}


def kinds_in_use(sheet: PayoutSheet) -> tuple[str, ...]:
    """The fee kinds the sheet shows as columns: those with a rule or with money paid."""
    ruled = _kinds_ruled(rules_of(sheet.book.settings))
    return tuple(kind for kind, cents in zip(FEE_KINDS, sheet.paid_by_kind, strict=True)
                 if cents or kind in ruled)


def received_in_use(sheet: PayoutSheet) -> tuple[str, ...]:
    """The pools that pay players and that the sheet shows: those with a rule to pay them or
    with money paid out."""
    ruled = _pools_ruled(rules_of(sheet.book.settings))
    return tuple(pool for pool in RECEIVED
                 if pool in ruled or any(line.out for line in sheet.pools
                                         if line.pool == pool))


def places_text(places: tuple[int, ...]) -> str:
    """A group's places: "3", or "3–4" for two tied over places 3 and 4."""
    if len(places) == 1:
        return str(places[0])
    return f"{places[0]}–{places[-1]}"


def payout_where(payout: PayoutLine) -> str:
    """Which series and table a payout belongs to, in words ("" for the tournament's prizes)."""
    if payout.series is not None and payout.table is not None:
        return gettext("series %(series)s, table %(table)s") % {
            "series": payout.series, "table": payout.table}
    if payout.series is not None:
        return gettext("series %(series)s") % {"series": payout.series}
    return ""


# -- the balance line -----------------------------------------------------------------------


@dataclass(frozen=True)
class Balance:
    """The payout sheet's balance line: what the players paid came into the pools, and what
    the pools paid out and kept; the settlement at the tables sums to 0."""

    paid: int  # everything the players paid
    into_pools: int  # everything that came into the pools
    paid_out: int  # what the pools paid the players
    kept: int  # what the pools keep (the organizer's, the jackpot's, what is left)
    settled: int  # the sum of the settlement at the tables (0)
    settles: bool  # the League's settlement is part of the sheet
    balances: bool

    @property
    def into_pools_difference(self) -> int:
        return self.paid - self.into_pools

    @property
    def out_and_kept(self) -> int:
        return self.paid_out + self.kept

    @property
    def out_and_kept_difference(self) -> int:
        return self.paid - self.out_and_kept


def balance_of(sheet: PayoutSheet) -> Balance:
    return Balance(sheet.paid_total, sheet.pools_in, sheet.received_total, sheet.kept,
                   sheet.settled_total, sheet.book.settings.settle_at_rate, sheet.balances)


# -- the cash book --------------------------------------------------------------------------


@dataclass(frozen=True)
class KindTotal:
    """What came in of one fee kind, and from how many players."""

    kind: str
    payers: int
    cents: int


@dataclass(frozen=True)
class PoolTotal:
    """One pool: what came in, what it paid the players (None: it pays nobody) and what it
    keeps (the organizer's and the jackpot's all; a paying pool what it left)."""

    pool: str
    came_in: int
    out: int | None
    kept: int
    payees: int  # the players it paid (counted once each)


@dataclass(frozen=True)
class CashBook:
    sheet: PayoutSheet
    kinds: tuple[KindTotal, ...]
    pools: tuple[PoolTotal, ...]

    @property
    def currency(self) -> str:
        return self.sheet.book.currency

    @property
    def paid_in(self) -> int:
        return self.sheet.paid_total

    @property
    def paid_out(self) -> int:
        """The prizes paid out, all pools together."""
        return sum(p.out or 0 for p in self.pools)

    @property
    def organizer(self) -> int:
        return sum(p.came_in for p in self.pools if p.pool == ORGANIZER)

    @property
    def in_pools(self) -> int:
        """What stays in the pools for later: the jackpot, and what a paying pool left."""
        return sum(p.kept for p in self.pools if p.pool != ORGANIZER)

    @property
    def till(self) -> int:
        """The organizer's cash at the end (the "Kasse"): what they keep and what stays in
        the pools: everything paid in, less the prizes paid out."""
        return sum(p.kept for p in self.pools)

    @property
    def balances(self) -> bool:
        return self.sheet.balances and self.till == self.paid_in - self.paid_out


def cash_book_of(sheet: PayoutSheet) -> CashBook:
    """The cash book of a payout sheet: the fee kinds it uses, every pool."""
    kinds = []
    for kind in kinds_in_use(sheet):
        i = FEE_KINDS.index(kind)
        kinds.append(KindTotal(kind, sum(1 for line in sheet.lines if line.paid[i]),
                               sheet.paid_by_kind[i]))
    pools = tuple(
        PoolTotal(p.pool, p.came_in, p.out, p.kept,
                  len({player.entry for payout in sheet.payouts if payout.pool == p.pool
                       and payout.cents for player in payout.players}))
        for p in sheet.pools)
    return CashBook(sheet, tuple(kinds), pools)


def balance_lines(balance: Balance, currency: str) -> tuple[str, ...]:
    """The balance line in words, as the page and the PDF say it (amounts in ``currency``,
    the active language)."""
    language = get_language() or "en"

    def money(cents: int) -> str:
        return amount(cents, currency, language)

    lines = [
        gettext("Paid in: %(paid)s; into the pools: %(into)s.") % {
            "paid": money(balance.paid), "into": money(balance.into_pools)},
        gettext("Paid out: %(out)s + kept: %(kept)s = %(total)s.") % {
            "out": money(balance.paid_out), "kept": money(balance.kept),
            "total": money(balance.out_and_kept)},
    ]
    if balance.settles:
        lines.append(gettext("Settled at the tables: %(settled)s in all.") % {
            "settled": money(balance.settled)})
    return tuple(lines)


def balance_problems(balance: Balance, currency: str) -> tuple[str, ...]:
    """What does not add up, each difference named (nothing when it balances)."""
    language = get_language() or "en"
    problems = []
    if balance.into_pools_difference:
        problems.append(gettext(
            "What was paid and what came into the pools differ by %(difference)s.") % {
            "difference": amount(balance.into_pools_difference, currency, language)})
    if balance.out_and_kept_difference:
        problems.append(gettext(
            "What was paid and what was paid out and kept differ by %(difference)s.") % {
            "difference": amount(balance.out_and_kept_difference, currency, language)})
    if balance.settled:
        problems.append(gettext(
            "The settlement at the tables sums to %(settled)s, not to 0.") % {
            "settled": amount(balance.settled, currency, language)})
    if not balance.balances and not problems:
        problems.append(gettext("A pool's money does not add up: in ≠ paid out + left."))
    return tuple(problems)
