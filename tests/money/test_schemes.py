"""Each money scheme of issue 22, chosen on the Money page for the demo congress, gives a
payout sheet that agrees line by line with a hand computation.

The hand computation is a second, plain reading of docs/money.md, written without the ledger
(``money.ledger`` is not imported here): it reads the seats, the passed deals, the penalties
and the standings from the database, charges each player fee by fee, splits every single
payment into the pools, pays the places and the tables, and settles each table's totals at
the rate as the score sheet does (docs/rules.md §9).

The congress is the demo's, played with passed deals (tests/money/conftest.py); two penalties
make the ties that its random deals leave to chance (``fine_into_ties``)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

import pytest

from engine import at_rate, settle
from money.payout_sheet import payout_sheet
from money.presets import PRESETS
from money.services import SETTLEMENT_PRESET, save_money
from scoring.results.services import compute
from tests.money.conftest import configure, play
from tournament.models import Deal, Entry, Penalty, Seat, Table, Tournament
from tournament.sheets.loaders import load_sheet, table_info
from tournament.versions import changed

pytestmark = pytest.mark.django_db

KINDS = ("entry_fee", "series_fee", "list_fee", "lost_game_fee", "passed_deal_fee",
         "missed_series_fee", "table_rank_fee")
POOLS = ("organizer", "prizes", "series_prizes", "table", "jackpot")
PAYING = ("prizes", "series_prizes", "table")  # the pools that pay players


# -- the congress as the database has it ------------------------------------------------------


@dataclass(frozen=True)
class Sitting:
    """One table in one series."""

    series: int
    table: int  # its number
    entries: tuple[int, ...]  # by seat
    totals: tuple[int, ...]  # the sheet's totals: its deals' Points less its penalties
    lost: tuple[int, ...]  # games lost as declarer
    scores: tuple[int, ...]  # the score of the series, as its standings have it
    passed: int  # passed deals

    @property
    def scored(self) -> dict[int, int]:
        return dict(zip(self.entries, self.scores, strict=True))


@dataclass(frozen=True)
class Congress:
    players: tuple[int, ...]  # every entered player (and anybody who sat)
    series: tuple[int, ...]  # the series with results
    sittings: tuple[Sitting, ...]
    standings: tuple[tuple[int, ...], ...]  # groups of equals, best first
    rate: Fraction  # cents a point

    def at(self, series: int) -> list[Sitting]:
        return [s for s in self.sittings if s.series == series]

    def seated(self, series: int) -> set[int]:
        return {e for s in self.at(series) for e in s.entries}

    def scores(self, series: int) -> dict[int, int]:
        return {e: score for s in self.at(series) for e, score in s.scored.items()}


def groups_by(values: dict[int, int]) -> tuple[tuple[int, ...], ...]:
    """Players in groups of equal value, the highest first."""
    found: dict[int, list[int]] = defaultdict(list)
    for entry, value in values.items():
        found[value].append(entry)
    return tuple(tuple(sorted(found[v])) for v in sorted(found, reverse=True))


def read_congress(tournament: Tournament) -> Congress:
    """The seats, lost games, passed deals, penalties and standings, read from the database
    (the standings and each series' scores as the results pages compute them)."""
    overall = compute(tournament)
    numbers = overall.counted
    scores = {n: {s.entry: s.score for s in compute(tournament, series=n).standings}
              for n in numbers}
    passed = Counter(Deal.objects.filter(table__series__tournament=tournament, game="passed")
                     .values_list("table_id", flat=True))
    fined: Counter = Counter()  # (table, seat) -> the points of its penalties
    for table_id, position, points in Penalty.objects.filter(
            table__series__tournament=tournament).values_list("table_id", "seat", "points"):
        fined[(table_id, position)] += points
    at: dict[tuple[int, int, int], list[Seat]] = defaultdict(list)
    for seat in (Seat.objects.filter(series__tournament=tournament, series__number__in=numbers)
                 .select_related("series", "table").order_by("position")):
        at[(seat.series.number, seat.table.number, seat.table_id)].append(seat)
    sittings = tuple(
        Sitting(n, number, tuple(s.entry_id for s in seats),
                tuple(s.points - fined[(table_id, s.position)] for s in seats),
                tuple(s.lost for s in seats), tuple(scores[n][s.entry_id] for s in seats),
                passed[table_id])
        for (n, number, table_id), seats in sorted(at.items()))
    # who came: checked in and not withdrawn, or seated (docs/money.md)
    players = {*Entry.objects.filter(tournament=tournament, withdrawn=False, checked_in=True)
               .values_list("id", flat=True), *(e for s in sittings for e in s.entries)}
    ranks: dict[int, list[int]] = defaultdict(list)
    for standing in overall.standings:
        ranks[standing.rank].append(standing.entry)
    return Congress(tuple(sorted(players)), numbers, sittings,
                    tuple(tuple(sorted(ranks[r])) for r in sorted(ranks)),
                    tournament.cents_per_point)


# -- the hand computation ---------------------------------------------------------------------


@dataclass(frozen=True)
class Payment:
    """``times`` single payments of ``cents`` each by ``entry``, of ``kind``, made in series
    ``series`` at table ``table`` (None: at no table)."""

    entry: int
    kind: str
    cents: int
    times: int = 1
    series: int | None = None
    table: int | None = None


def lost_game_payments(tiers: list[list[int]], lost: int) -> list[tuple[int, int]]:
    """(cents, how many) for ``lost`` lost games of one list: tier j prices the lost games
    from its first number up to the one before the next tier's."""
    found = []
    for j, (first, cents) in enumerate(tiers):
        last = tiers[j + 1][0] - 1 if j + 1 < len(tiers) else lost
        found.append((cents, max(0, min(lost, last) - first + 1)))
    return found


def charged_passed_deals(fee: dict[str, int], seats: int, passed: int) -> int:
    """How many of a table's passed deals cost money: those from the threshold's on."""
    first = fee["from_three"] if seats == 3 else fee["from_four"]
    return max(0, passed - first + 1)


def place_at_table(scores: tuple[int, ...], i: int) -> int:
    """1 = best; equal scores share the better place."""
    return 1 + sum(1 for other in scores if other > scores[i])


def payments(rules: dict, congress: Congress) -> list[Payment]:
    """Every payment the rules ask of every player, fee by fee."""
    found = []
    first = congress.series[0] if congress.series else None
    for entry in congress.players:
        found.append(Payment(entry, "entry_fee", rules.get("entry_fee", 0), series=first))
    for n in congress.series:
        seated = congress.seated(n)
        for entry in congress.players:
            if entry not in seated:
                found.append(Payment(entry, "missed_series_fee",
                                     rules.get("missed_series_fee", 0), series=n))
    for sit in congress.sittings:
        size = len(sit.entries)
        where = {"series": sit.series, "table": sit.table}
        for i, entry in enumerate(sit.entries):
            found.append(Payment(entry, "series_fee", rules.get("series_fee", 0), **where))
            found.append(Payment(entry, "list_fee", rules.get("list_fee", 0), **where))
            for cents, times in lost_game_payments(rules.get("lost_game_fee", []), sit.lost[i]):
                found.append(Payment(entry, "lost_game_fee", cents, times, **where))
            if rules.get("passed_deal_fee"):
                fee = rules["passed_deal_fee"]
                found.append(Payment(entry, "passed_deal_fee", fee["cents"],
                                     charged_passed_deals(fee, size, sit.passed), **where))
            if rules.get("table_rank_fee"):
                by_place = rules["table_rank_fee"]["three" if size == 3 else "four"]
                found.append(Payment(entry, "table_rank_fee",
                                     by_place[place_at_table(sit.scores, i) - 1], **where))
    return found


def split(rules: dict, kind: str, cents: int) -> dict[str, int]:
    """One single payment into the pools: each pool but the organizer its percentage rounded
    down, the organizer the rest."""
    percents = rules.get("destinations", {}).get(kind, {"organizer": 100})
    parts = {pool: cents * percent // 100 for pool, percent in percents.items()
             if pool != "organizer"}
    parts["organizer"] = cents - sum(parts.values())
    return parts


def places_paid(places: dict, ranked: int, tables: int) -> int:
    if "tables" in places:
        count = tables
    elif "every" in places:
        count = ranked // places["every"]
    elif "fraction" in places:
        count = int(ranked * Fraction(places["fraction"]))
    else:
        count = places["top"]
    return min(count, ranked)


def place_amounts(pool: int, payout: dict, count: int) -> list[int]:
    """Place i gets floor(pool × wᵢ / Σw / unit) × unit."""
    shares = payout.get("shares", "equal")
    if shares == "equal":
        weights = [1] * count
    elif shares == "linear":
        weights = [count - i + 1 for i in range(1, count + 1)]
    else:
        weights = [shares[i] if i < len(shares) else 0 for i in range(count)]
    unit = payout.get("unit", 1)
    if sum(weights) == 0:
        return [0] * count
    return [pool * w // (sum(weights) * unit) * unit for w in weights]


def pay_down(pool_name: str, series: int | None, order, pool: int, payout: dict,
             tables: int) -> list[tuple]:
    """The payouts of one pool down ``order``: a group tied over places a..b shares those
    places' amounts, each the floor; a group is listed if it reaches a paid place."""
    ranked = sum(len(group) for group in order)
    count = places_paid(payout["places"], ranked, tables)
    amounts = place_amounts(pool, payout, count)
    found, place = [], 1
    for group in order:
        places = tuple(range(place, place + len(group)))
        place += len(group)
        if places[0] <= count:
            share = sum(amounts[p - 1] for p in places if p <= count) // len(group)
            found.append((pool_name, series, None, places, tuple(sorted(group)), share))
    return found


@dataclass
class Sheet:
    """What the payout sheet must say."""

    paid: dict[int, Counter] = field(default_factory=lambda: defaultdict(Counter))
    received: dict[int, Counter] = field(default_factory=lambda: defaultdict(Counter))
    settled: Counter = field(default_factory=Counter)
    pools_in: Counter = field(default_factory=Counter)
    payouts: list[tuple] = field(default_factory=list)

    def out(self, pool: str) -> int:
        return sum(cents * len(players) for p, _, _, _, players, cents in self.payouts
                   if p == pool)


def by_hand(rules: dict, settle_at_rate: bool, congress: Congress) -> Sheet:
    sheet = Sheet()
    series_part: Counter = Counter()
    table_part: Counter = Counter()
    for pay in payments(rules, congress):
        sheet.paid[pay.entry][pay.kind] += pay.cents * pay.times
        for pool, cents in split(rules, pay.kind, pay.cents).items():
            sheet.pools_in[pool] += cents * pay.times
            if pool == "series_prizes":
                series_part[pay.series] += cents * pay.times
            if pool == "table" and pay.table is not None:
                table_part[(pay.series, pay.table)] += cents * pay.times
    if rules.get("prizes"):
        sheet.payouts += pay_down("prizes", None, congress.standings, sheet.pools_in["prizes"],
                                  rules["prizes"], len(congress.at(congress.series[0])))
    if rules.get("series_prizes"):
        for n in congress.series:
            sheet.payouts += pay_down("series_prizes", n, groups_by(congress.scores(n)),
                                      series_part[n], rules["series_prizes"],
                                      len(congress.at(n)))
    if rules.get("table") == "winner":
        for sit in congress.sittings:
            best = tuple(sorted(e for e, s in sit.scored.items() if s == max(sit.scores)))
            sheet.payouts.append(("table", sit.series, sit.table, (1,), best,
                                  table_part[(sit.series, sit.table)] // len(best)))
    for pool, _, _, _, players, cents in sheet.payouts:
        for entry in players:
            sheet.received[entry][pool] += cents
    if settle_at_rate:
        for sit in congress.sittings:
            cents = [at_rate(total, congress.rate) for total in sit.totals]
            for entry, balance in zip(sit.entries, settle(cents), strict=True):
                sheet.settled[entry] += balance
    return sheet


def pools_in_words(key: str, congress: Congress) -> dict[str, int]:
    """Some pools' totals as the scheme's own words give them, without the split rule."""
    players = len(congress.players)
    seats = sum(len(s.entries) for s in congress.sittings)
    lost = [n for s in congress.sittings for n in s.lost]
    missed = sum(players - len(congress.seated(n)) for n in congress.series)
    charged = sum(len(s.entries) * max(0, s.passed - (4 if len(s.entries) == 3 else 5) + 1)
                  for s in congress.sittings)
    return {
        "prizes_from_entry_fees": {
            "prizes": 1500 * players,
            "organizer": sum(50 * min(n, 3) + 100 * max(0, n - 3) for n in lost)},
        "stake_paid_out_each_series": {
            "series_prizes": 500 * seats,
            "organizer": 200 * seats + sum(100 * min(n, 3) + 200 * max(0, n - 3) for n in lost)},
        "passed_deals_and_missed_series": {
            "organizer": 100 * sum(lost) + 50 * charged + 300 * missed},
        "stake_and_tiered_lost_games": {
            "organizer": 200 * seats + sum(50 * min(n, 5) + 100 * max(0, n - 5) for n in lost)},
        "table_rank_obolus": {"organizer": 0, "prizes": 0},
        "season_day": {"prizes": 500 * players, "jackpot": 50 * sum(lost),
                       "organizer": 100 * seats},
        SETTLEMENT_PRESET: dict.fromkeys(POOLS, 0),
    }[key]


def in_order(payout: tuple) -> tuple:
    """Payouts by pool, series, table and places (the prizes have no series, no table)."""
    pool, series, table, places, _, _ = payout
    return pool, series or 0, table or 0, places


# -- the tests ---------------------------------------------------------------------------------


def fine(tournament: Tournament, series: int, entry: int, points: int) -> None:
    """A director's penalty of ``points`` against ``entry`` at their table of ``series``."""
    seat = Seat.objects.select_related("table").get(series__tournament=tournament,
                                                     series__number=series, entry_id=entry)
    Penalty.objects.create(table=seat.table, after_deal=seat.table.deals.count(),
                           seat=seat.position, reason="other", points=points,
                           note="a tie for the money tests", entered_by="test")
    changed(tournament.pk)  # what was computed of the tournament is stale


def fine_into_ties(tournament: Tournament) -> None:
    """Two penalties for the ties the random deals leave to chance. The standings rank by
    Points, then games (won − lost): of two players high in them with equal games, the better
    is fined down to the other's Points (a tie in the paid places). At the table of series 1
    with the highest second-best score (neither of those two at it), its best is fined down to
    that score (equal best at a table, and a tie high in series 1)."""
    standings = sorted(compute(tournament).standings, key=lambda s: s.rank)[:12]
    better, worse = min(((a, b) for i, a in enumerate(standings) for b in standings[i + 1:]
                         if a.games == b.games and a.score > b.score),
                        key=lambda pair: pair[1].rank - pair[0].rank)
    fine(tournament, 3, better.entry, better.score - worse.score)
    scores = {s.entry: s.score for s in compute(tournament, series=1).standings}
    tables: dict[int, list[int]] = defaultdict(list)
    for table, entry in Seat.objects.filter(series__tournament=tournament,
                                            series__number=1).values_list("table", "entry"):
        tables[table].append(entry)
    best, runner_up = max(
        (sorted(at, key=scores.get, reverse=True)[:2] for at in tables.values()
         if not {better.entry, worse.entry} & set(at)),
        key=lambda two: scores[two[1]])
    fine(tournament, 1, best, scores[best] - scores[runner_up])


@pytest.fixture
def scheme(request, money_client, unplayed_demo):
    """The demo congress with scheme ``request.param`` chosen on the Money page, then played
    to the end, with two penalties that make ties: (key, stored settings, the congress as the
    database has it)."""
    settings = configure(money_client, unplayed_demo, request.param)
    play(unplayed_demo)
    fine_into_ties(unplayed_demo)
    return request.param, settings, read_congress(unplayed_demo)


def ties_in(order, places: int) -> bool:
    """Whether two players share a place among the first ``places``."""
    place = 1
    for group in order:
        if place > places:
            return False
        if len(group) > 1:
            return True
        place += len(group)
    return False


@pytest.mark.parametrize("scheme", [SETTLEMENT_PRESET], indirect=True)
def test_the_congress_as_read_by_hand(scheme, unplayed_demo):
    """What the schemes charge and pay all happens: missed series, passed deals below and from
    the threshold at three- and four-tables, lost games in every tier, ties in the paid places
    of the prizes and of each series, equal scores at a table and equal best, penalties. And
    the totals read by hand are those of the score sheets, which the settlement settles."""
    _, _, congress = scheme
    assert len(congress.series) == 3
    assert all(len(congress.players) > len(congress.seated(n)) for n in congress.series)
    for size, first in ((3, 4), (4, 5)):
        passed = [s.passed for s in congress.sittings if len(s.entries) == size]
        assert any(0 < p < first for p in passed) and any(p >= first for p in passed)
    assert any(p > 5 for p in passed)  # more than one charged at a four-table
    assert max(n for s in congress.sittings for n in s.lost) >= 6
    ranked = sum(len(group) for group in congress.standings)
    assert ties_in(congress.standings, ranked // 4)
    for n in congress.series:
        assert ties_in(groups_by(congress.scores(n)), len(congress.at(n))), f"series {n}"
    assert any(sorted(s.scores)[-1] == sorted(s.scores)[-2] for s in congress.sittings)

    fined = Table.objects.filter(series__tournament=unplayed_demo,
                                 penalties__isnull=False).distinct()
    assert fined.count() > 2
    for table in fined.select_related("series"):
        (sit,) = [s for s in congress.at(table.series.number) if s.table == table.number]
        assert load_sheet(table_info(table)).totals == sit.totals  # what its sheet settles


@pytest.mark.parametrize("scheme", [
    *PRESETS, SETTLEMENT_PRESET],
    indirect=True)
def test_payout_sheet_line_by_line(scheme, unplayed_demo):
    key, settings, congress = scheme
    expected = by_hand(settings.rules, settings.settle_at_rate, congress)
    for pool, cents in pools_in_words(key, congress).items():
        assert expected.pools_in[pool] == cents, pool
    agrees_line_by_line(payout_sheet(unplayed_demo), expected, congress)


# Every rule at once, with percentages that do not divide the fees: each single payment's
# share rounded down, the parts of the entry fee and of a missed series that belong to no
# table, a fraction of the ranked paid by a list of weights (places beyond it get 0, and a
# group that reaches one is listed), the top ten of each series paid alike to the cent.
EVERY_RULE = {
    "entry_fee": 1000, "series_fee": 300, "list_fee": 150,
    "lost_game_fee": [[1, 50], [4, 100]],
    "passed_deal_fee": {"from_three": 4, "from_four": 5, "cents": 30},
    "missed_series_fee": 250,
    "table_rank_fee": {"three": [0, 70, 130], "four": [0, 50, 110, 170]},
    "destinations": {
        "entry_fee": {"prizes": 67, "series_prizes": 13, "jackpot": 9, "table": 5,
                      "organizer": 6},
        "series_fee": {"series_prizes": 55, "prizes": 45},
        "list_fee": {"organizer": 60, "jackpot": 40},
        "lost_game_fee": {"organizer": 10, "prizes": 33, "table": 33, "series_prizes": 24},
        "passed_deal_fee": {"table": 77, "organizer": 23},
        "missed_series_fee": {"series_prizes": 50, "prizes": 50},
        "table_rank_fee": {"table": 100}},
    "prizes": {"places": {"fraction": "1/3"}, "shares": [40, 25, 15, 10, 7, 3], "unit": 50},
    "series_prizes": {"places": {"top": 10}, "shares": "equal", "unit": 1},
    "table": "winner",
}


def test_every_rule_at_once(unplayed_demo, money_organizer):
    """Set rule by rule (through ``save_money``, as the page's form stores them)."""
    save_money(unplayed_demo, money_organizer, rules=EVERY_RULE)
    play(unplayed_demo)
    fine_into_ties(unplayed_demo)
    congress = read_congress(unplayed_demo)
    expected = by_hand(EVERY_RULE, False, congress)
    # a lost game of 50 cents puts 16 cents into the prizes, not 16.5
    lost = sum(min(n, 3) for s in congress.sittings for n in s.lost)
    assert split(EVERY_RULE, "lost_game_fee", 50) == {
        "prizes": 16, "table": 16, "series_prizes": 12, "organizer": 6}
    assert lost > 100 and expected.pools_in["jackpot"] == (
        90 * len(congress.players) + 60 * sum(len(s.entries) for s in congress.sittings))
    assert any(cents == 0 for pool, *_, cents in expected.payouts if pool == "prizes")
    agrees_line_by_line(payout_sheet(unplayed_demo), expected, congress)


def agrees_line_by_line(sheet, expected: Sheet, congress: Congress) -> None:
    """The payout sheet says what the hand computation says: each player's payments by kind,
    receipts by pool, settlement and net; each pool's in, out and left; each payout."""
    assert sheet.kinds == KINDS
    assert sorted(line.player.entry for line in sheet.lines) == list(congress.players)
    for line in sheet.lines:
        entry = line.player.entry
        paid = tuple(expected.paid[entry][k] for k in KINDS)
        received = tuple(expected.received[entry][p] for p in PAYING)
        settled = expected.settled[entry]
        assert (line.paid, line.received, line.settled) == (paid, received, settled), (
            f"player no. {line.player.number}")
        assert line.net == sum(received) - sum(paid) + settled

    assert [p.pool for p in sheet.pools] == list(POOLS)
    for pool in sheet.pools:
        assert pool.came_in == expected.pools_in[pool.pool], pool.pool
        if pool.pool in PAYING:
            out = expected.out(pool.pool)
            assert (pool.out, pool.left) == (out, expected.pools_in[pool.pool] - out)
        else:
            assert (pool.out, pool.left) == (None, None)

    payouts = [(p.pool, p.series, p.table, p.places, tuple(sorted(i.entry for i in p.players)),
                p.cents) for p in sheet.payouts]
    assert sorted(payouts, key=in_order) == sorted(expected.payouts, key=in_order)
    assert sheet.balances
    assert sheet.paid_total == sum(sum(kinds.values()) for kinds in expected.paid.values())
