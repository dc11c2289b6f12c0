"""The payout sheet: per player what they paid by kind and what they receive by pool, the
pools, each payout with its players, and the balance line. Every number is the ledger's
(``services.money_book``); the page, the PDF and the downloads show these rows."""

from __future__ import annotations

from dataclasses import dataclass

from money.ledger import RECEIVED
from money.rules import FEE_KINDS, POOLS
from money.services import MoneyBook, money_book
from scoring.results.loaders import PlayerInfo, players_of
from tournament.models import Tournament


@dataclass(frozen=True)
class PlayerLine:
    player: PlayerInfo
    paid: tuple[int, ...]  # by FEE_KINDS
    received: tuple[int, ...]  # by RECEIVED
    settled: int  # the League settlement at the tables (0 without it)

    @property
    def paid_total(self) -> int:
        return sum(self.paid)

    @property
    def received_total(self) -> int:
        return sum(self.received)

    @property
    def net(self) -> int:
        """What the player takes home (+) or leaves (−): received − paid, and the settlement."""
        return self.received_total - self.paid_total + self.settled


@dataclass(frozen=True)
class PoolLine:
    pool: str
    came_in: int
    out: int | None  # None: a pool that pays nobody (the organizer, the jackpot)
    left: int | None

    @property
    def kept(self) -> int:
        """What stays: all of a pool that pays nobody, what a paying pool did not pay out."""
        return self.came_in if self.out is None else (self.left or 0)


@dataclass(frozen=True)
class PayoutLine:
    pool: str
    series: int | None  # the series' number (series prizes, table money)
    table: int | None  # the table's number in its series (table money)
    places: tuple[int, ...]
    players: tuple[PlayerInfo, ...]
    cents: int  # what each of them receives


@dataclass(frozen=True)
class PayoutSheet:
    book: MoneyBook
    lines: tuple[PlayerLine, ...]  # by participant number
    pools: tuple[PoolLine, ...]  # in POOLS' order
    payouts: tuple[PayoutLine, ...]  # in the ledger's order

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of fee, in the order of each line's ``paid``."""
        return FEE_KINDS

    @property
    def paid_by_kind(self) -> tuple[int, ...]:
        return tuple(sum(line.paid[i] for line in self.lines) for i in range(len(FEE_KINDS)))

    @property
    def paid_total(self) -> int:
        return sum(line.paid_total for line in self.lines)

    @property
    def received_total(self) -> int:
        return sum(line.received_total for line in self.lines)

    @property
    def pools_in(self) -> int:
        return sum(p.came_in for p in self.pools)

    @property
    def kept(self) -> int:
        """What the pools keep: the organizer's, the jackpot's, and what a paying pool left."""
        return sum(p.kept for p in self.pools)

    @property
    def settled_total(self) -> int:
        return sum(line.settled for line in self.lines)

    @property
    def balances(self) -> bool:
        """Everything paid came into a pool; every pool's in = out + left; what was paid out
        is what the players received; the settlement sums to 0."""
        return (self.paid_total == self.pools_in
                and all(p.out is None or p.came_in == p.out + (p.left or 0) for p in self.pools)
                and self.received_total == sum(p.out or 0 for p in self.pools)
                and self.settled_total == 0)


def payout_sheet(tournament: Tournament, released_only: bool = False) -> PayoutSheet:
    """The payout sheet of ``tournament`` as its results stand (the public: released ones,
    names as published)."""
    book = money_book(tournament, released_only)
    ledger = book.ledger
    players = players_of(tournament, public=released_only)

    def info(entry: int) -> PlayerInfo:
        return players.get(entry) or PlayerInfo(entry, 0, "?", "?", None, "")

    lines = tuple(sorted(
        (PlayerLine(info(e), tuple(ledger.paid[e][k] for k in FEE_KINDS),
                    tuple(ledger.received[e][p] for p in RECEIVED), book.settled.get(e, 0))
         for e in ledger.paid),
        key=lambda line: (line.player.number, line.player.entry)))
    pools = tuple(PoolLine(pool, ledger.pools_in[pool],
                           ledger.pool_out(pool) if pool in RECEIVED else None,
                           ledger.pools_in[pool] - ledger.pool_out(pool) if pool in RECEIVED
                           else None)
                  for pool in POOLS)
    # a payout's table is its place in its series' list (from 1): the table's own number
    in_series: dict[int, list[int]] = {}
    for t in book.tables:
        in_series.setdefault(t.series, []).append(t.table)
    payouts = []
    for paid in ledger.payouts:
        series = book.series_number(paid.series)
        table = None
        if paid.table is not None and series is not None:
            table = in_series[series][paid.table - 1]
        payouts.append(PayoutLine(paid.pool, series, table, paid.places,
                                  tuple(info(e) for e in paid.players), paid.cents))
    return PayoutSheet(book, lines, pools, tuple(payouts))
