"""The ledger of a tournament's money: what each player paid by kind, what came into each
pool, what each pool paid out to whom, and what it keeps (docs/money.md).

Every single payment (one player's fee of one kind for one occasion: a series, a lost game, a
passed deal, a missed series) is split by the kind's destinations: each pool but the
organizer gets ``floor(cents × percent / 100)``, the organizer the rest. It always balances:
everything paid came into a pool, and every pool's in = out + left.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from money.rules import (
    FEE_KINDS,
    JACKPOT,
    ORGANIZER,
    PRIZES,
    SERIES_PRIZES,
    TABLE,
    Document,
    Payout,
    Rules,
    TableResult,
)

RECEIVED = (PRIZES, SERIES_PRIZES, TABLE)  # the pools that pay players


@dataclass(frozen=True)
class Paid:
    """One group of equals paid by a pool: each of ``players`` receives ``cents``."""

    pool: str
    series: int | None  # 1-based; None: the tournament's
    places: tuple[int, ...]
    players: tuple[int, ...]
    cents: int
    table: int | None = None  # 1-based, for the table pool


@dataclass
class Ledger:
    paid: dict[int, dict[str, int]]
    received: dict[int, dict[str, int]]
    pools_in: dict[str, int]
    payouts: list[Paid] = field(default_factory=list)

    def pool_out(self, pool: str) -> int:
        return sum(p.cents * len(p.players) for p in self.payouts if p.pool == pool)

    def net(self, player: int) -> int:
        return sum(self.received[player].values()) - sum(self.paid[player].values())

    def as_json(self) -> dict[str, object]:
        """The answer of ``python -m money``: players by id (as text), pools, payouts."""
        pools: dict[str, dict[str, int]] = {}
        for pool, cents in self.pools_in.items():
            if pool in RECEIVED:
                out = self.pool_out(pool)
                pools[pool] = {"in": cents, "out": out, "left": cents - out}
            else:
                pools[pool] = {"in": cents}
        return {
            "players": {str(player): {"paid": dict(self.paid[player]),
                                      "received": dict(self.received[player]),
                                      "net": self.net(player)}
                        for player in self.paid},
            "pools": pools,
            "payouts": [{"pool": p.pool, "series": p.series, "places": list(p.places),
                         "players": list(p.players), "cents": p.cents,
                         **({"table": p.table} if p.table is not None else {})}
                        for p in self.payouts],
        }


@dataclass
class _Books:
    """The money as it comes in: by player and kind, by pool, and the parts of the series
    prizes and of the table money that belong to one series or one table."""

    rules: Rules
    paid: dict[int, dict[str, int]]
    pools: dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        (ORGANIZER, PRIZES, SERIES_PRIZES, TABLE, JACKPOT), 0))
    series_part: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    table_part: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))

    def pay(self, player: int, kind: str, cents: int, series: int | None = None,
            table: int | None = None) -> None:
        """One payment of ``kind``, split into the pools; ``series`` and ``table`` (0-based)
        say where it was paid, for the series prizes and the table money."""
        if cents == 0:
            return
        self.paid[player][kind] += cents
        kept = cents
        for pool, percent in self.rules.split_of(kind):
            if pool == ORGANIZER:
                continue
            share = cents * percent // 100
            kept -= share
            self.pools[pool] += share
            if pool == SERIES_PRIZES and series is not None:
                self.series_part[series] += share
            if pool == TABLE and series is not None and table is not None:
                self.table_part[(series, table)] += share
        self.pools[ORGANIZER] += kept


def settle(document: Document) -> Ledger:
    """What everyone pays and receives under ``document.rules``."""
    rules = document.rules
    books = _Books(rules, {p: dict.fromkeys(FEE_KINDS, 0) for p in document.players})
    # an entry fee is paid on arrival, before the first series: its part of the series prizes
    # is the first series'
    first = 0 if document.series else None
    for player in document.players:
        books.pay(player, "entry_fee", rules.entry_fee, first)
    for s, tables in enumerate(document.series):
        seated = {p for t in tables for p in t.seats}
        for player in document.players:
            if player not in seated:
                books.pay(player, "missed_series_fee", rules.missed_series_fee, s)
        for t, table in enumerate(tables):
            _table_fees(books, table, s, t)
    ledger = Ledger(books.paid, {p: dict.fromkeys(RECEIVED, 0) for p in document.players},
                    books.pools)
    if rules.prizes is not None:
        places = len(document.series[0]) if document.series else 0
        _pay_groups(ledger, PRIZES, None, document.standings, books.pools[PRIZES],
                    rules.prizes, places)
    if rules.series_prizes is not None:
        for s, tables in enumerate(document.series):
            _pay_groups(ledger, SERIES_PRIZES, s + 1, series_order(tables),
                        books.series_part.get(s, 0), rules.series_prizes, len(tables))
    if rules.table_winner:
        for s, tables in enumerate(document.series):
            for t, table in enumerate(tables):
                _pay_table(ledger, table, s, t, books.table_part.get((s, t), 0))
    return ledger


def on_arrival(rules: Rules) -> dict[str, int]:
    """What a player pays on arrival, by kind: the entry fee and the fees of the first series
    he plays (the door takes them; the lost games and the rest are settled later)."""
    return {"entry_fee": rules.entry_fee, "series_fee": rules.series_fee,
            "list_fee": rules.list_fee}


def _table_fees(books: _Books, table: TableResult, s: int, t: int) -> None:
    """The fees of one table in series ``s``: per player the series' fees, his lost games
    (each by its tier), the passed deals of the table and his place at it."""
    rules = books.rules
    size = len(table.seats)
    passed = rules.passed_deal_fee
    charged = (max(0, table.passed_deals - passed.first(size) + 1)
               if passed is not None else 0)
    rank_fee = rules.table_rank_fee.of(size) if rules.table_rank_fee is not None else ()
    for i, player in enumerate(table.seats):
        books.pay(player, "series_fee", rules.series_fee, s, t)
        books.pay(player, "list_fee", rules.list_fee, s, t)
        for n in range(1, table.lost_games[i] + 1):
            books.pay(player, "lost_game_fee", rules.lost_game_cents(n), s, t)
        for _ in range(charged):
            assert passed is not None
            books.pay(player, "passed_deal_fee", passed.cents, s, t)
        if rank_fee:
            place = 1 + sum(1 for other in table.scores if other > table.scores[i])
            books.pay(player, "table_rank_fee", rank_fee[place - 1], s, t)


def series_order(tables: tuple[TableResult, ...]) -> tuple[tuple[int, ...], ...]:
    """The players of a series by their score at their table, equal scores together."""
    by_score: dict[int, list[int]] = defaultdict(list)
    for table in tables:
        for player, score in zip(table.seats, table.scores, strict=True):
            by_score[score].append(player)
    return tuple(tuple(sorted(by_score[score])) for score in sorted(by_score, reverse=True))


def places_paid(payout: Payout, ranked: int, tables: int) -> int:
    """How many places a payout pays: never more than the players ranked."""
    if payout.places == "tables":
        count = tables
    elif payout.places == "every":
        count = ranked // int(payout.count)
    elif payout.places == "fraction":
        count = int(ranked * payout.count)  # floor: the fraction is not negative
    else:
        count = int(payout.count)
    return max(0, min(count, ranked))


def weights(payout: Payout, count: int) -> list[int]:
    """Each paid place's weight: equal, linear (the first place ``count``, the last 1), or
    the list's (the places beyond it 0)."""
    if payout.shares == "equal":
        return [1] * count
    if payout.shares == "linear":
        return [count - i for i in range(count)]
    listed = [int(w) for w in payout.shares][:count]
    return listed + [0] * (count - len(listed))


def place_amounts(pool: int, payout: Payout, count: int) -> list[int]:
    """The cents of places 1..count: ``floor(pool × w / Σw / unit) × unit``."""
    found = weights(payout, count)
    total = sum(found)
    if total == 0:
        return [0] * count
    return [int(Fraction(pool * w, total * payout.unit)) * payout.unit for w in found]


def _pay_groups(ledger: Ledger, pool: str, series: int | None,
                order: tuple[tuple[int, ...], ...], cents: int, payout: Payout,
                tables: int) -> None:
    """Pay ``cents`` of ``pool`` down ``order`` (groups of equals, best first): players tied
    over places a..b share those places' amounts, each the floor."""
    ranked = sum(len(group) for group in order)
    count = places_paid(payout, ranked, tables)
    amounts = place_amounts(cents, payout, count)
    place = 1
    for group in order:
        places = tuple(range(place, place + len(group)))
        place += len(group)
        if places[0] > count:
            break
        share = sum(amounts[p - 1] for p in places if p <= count) // len(group)
        ledger.payouts.append(Paid(pool, series, places, group, share))
        for player in group:
            ledger.received[player][pool] += share


def _pay_table(ledger: Ledger, table: TableResult, s: int, t: int, cents: int) -> None:
    """The table money of one table in one series to its best score (equal best split it)."""
    best = max(table.scores)
    winners = tuple(p for p, score in zip(table.seats, table.scores, strict=True)
                    if score == best)
    share = cents // len(winners)
    ledger.payouts.append(Paid(TABLE, s + 1, (1,), winners, share, t + 1))
    for player in winners:
        ledger.received[player][TABLE] += share
