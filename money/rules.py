"""The money document read and checked: the rules of a tournament's fees and prizes, its
players, the tables of each series and the final standings (docs/money.md). Every refusal
names its place ("rules.destinations.lost_game_fee: …"), as the command prints it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

# What a player pays, in the order the ledger lists it.
FEE_KINDS = ("entry_fee", "series_fee", "list_fee", "lost_game_fee", "passed_deal_fee",
             "missed_series_fee", "table_rank_fee")
# Where the money goes: the organizer keeps his; the others are paid out or kept.
ORGANIZER, PRIZES, SERIES_PRIZES, TABLE, JACKPOT = (
    "organizer", "prizes", "series_prizes", "table", "jackpot")
POOLS = (ORGANIZER, PRIZES, SERIES_PRIZES, TABLE, JACKPOT)
PLACES = ("tables", "every", "fraction", "top")
MOST = 10**12  # cents: ten billion euros; anything above is a typing error, not a congress
RULE_KEYS = (*FEE_KINDS, "destinations", "prizes", "series_prizes", "table")


class MoneyError(ValueError):
    """A document the ledger cannot read: ``place`` (a path into it) and what is wrong."""

    def __init__(self, place: str, problem: str) -> None:
        super().__init__(f"{place}: {problem}")
        self.place = place
        self.problem = problem


@dataclass(frozen=True)
class PassedDealFee:
    """From the ``from_three``-th passed deal of a three-table (``from_four``-th of a
    four-table) on, each passed deal costs every player of the table ``cents``."""

    from_three: int
    from_four: int
    cents: int

    def first(self, seats: int) -> int:
        return self.from_three if seats == 3 else self.from_four


@dataclass(frozen=True)
class TableRankFee:
    """What each place at a table costs after a series, best first."""

    three: tuple[int, ...]
    four: tuple[int, ...]

    def of(self, seats: int) -> tuple[int, ...]:
        return self.three if seats == 3 else self.four


@dataclass(frozen=True)
class Payout:
    """How a pool is paid: how many places (``places`` of kind ``tables``, ``every``,
    ``fraction`` or ``top``), their weights (``shares``: "equal", "linear" or a list) and the
    unit every amount is rounded down to."""

    places: str
    count: Fraction  # k of "every k" or "top k", f of "fraction f"; unused for "tables"
    shares: str | tuple[int, ...]
    unit: int


@dataclass(frozen=True)
class Rules:
    entry_fee: int = 0
    series_fee: int = 0
    list_fee: int = 0
    lost_game_fee: tuple[tuple[int, int], ...] = ()  # (first lost game, cents), ascending
    passed_deal_fee: PassedDealFee | None = None
    missed_series_fee: int = 0
    table_rank_fee: TableRankFee | None = None
    destinations: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    prizes: Payout | None = None
    series_prizes: Payout | None = None
    table_winner: bool = False  # "table": "winner"

    def split_of(self, kind: str) -> tuple[tuple[str, int], ...]:
        """The pools a payment of ``kind`` goes to, with their percentages."""
        return dict(self.destinations).get(kind, ((ORGANIZER, 100),))

    def lost_game_cents(self, n: int) -> int:
        """The n-th lost game of a list: the cents of the last tier that has begun."""
        found = 0
        for first, cents in self.lost_game_fee:
            if first <= n:
                found = cents
        return found


@dataclass(frozen=True)
class TableResult:
    """One table of one series: who sat where, their scores, their lost games, and the
    passed deals of the table."""

    seats: tuple[int, ...]
    scores: tuple[int, ...]
    lost_games: tuple[int, ...]
    passed_deals: int


@dataclass(frozen=True)
class Document:
    rules: Rules
    players: tuple[int, ...]
    series: tuple[tuple[TableResult, ...], ...]
    standings: tuple[tuple[int, ...], ...]  # groups of equals, best first


# -- reading --------------------------------------------------------------------------------


def _object(value: object, place: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise MoneyError(place, "must be an object")
    return value


def _list(value: object, place: str) -> list[object]:
    if not isinstance(value, list):
        raise MoneyError(place, "must be a list")
    return value


def _int(value: object, place: str, least: int = 0, most: int = MOST) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MoneyError(place, f"must be a whole number, not {json_word(value)}")
    if not least <= value <= most:
        raise MoneyError(place, f"must be between {least} and {most}, not {value}")
    return value


def json_word(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _keys(found: Mapping[str, object], allowed: tuple[str, ...], place: str) -> None:
    for key in found:
        if key not in allowed:
            raise MoneyError(f"{place}.{key}", "is not a key of this document (it knows "
                                               + ", ".join(allowed) + ")")


def _tiers(value: object, place: str) -> tuple[tuple[int, int], ...]:
    tiers: list[tuple[int, int]] = []
    for i, tier in enumerate(_list(value, place)):
        at = f"{place}[{i}]"
        pair = _list(tier, at)
        if len(pair) != 2:
            raise MoneyError(at, "must be [first lost game, cents]")
        first, cents = _int(pair[0], f"{at}[0]", least=1), _int(pair[1], f"{at}[1]")
        if tiers and first <= tiers[-1][0]:
            raise MoneyError(f"{at}[0]", "must be above the tier before it")
        tiers.append((first, cents))
    return tuple(tiers)


def _passed(value: object, place: str) -> PassedDealFee | None:
    if value is None:
        return None
    found = _object(value, place)
    _keys(found, ("from_three", "from_four", "cents"), place)
    for key in ("from_three", "from_four", "cents"):
        if key not in found:
            raise MoneyError(f"{place}.{key}", "is missing")
    return PassedDealFee(_int(found["from_three"], f"{place}.from_three", least=1),
                         _int(found["from_four"], f"{place}.from_four", least=1),
                         _int(found["cents"], f"{place}.cents"))


def _table_rank(value: object, place: str) -> TableRankFee | None:
    if value is None:
        return None
    found = _object(value, place)
    _keys(found, ("three", "four"), place)
    lists = {}
    for key, size in (("three", 3), ("four", 4)):
        cents = _list(found.get(key, [0] * size), f"{place}.{key}")
        if len(cents) != size:
            raise MoneyError(f"{place}.{key}", f"must give {size} places, not {len(cents)}")
        lists[key] = tuple(_int(c, f"{place}.{key}[{i}]") for i, c in enumerate(cents))
    return TableRankFee(lists["three"], lists["four"])


def _destinations(value: object, place: str) -> tuple[tuple[str, tuple[tuple[str, int], ...]],
                                                       ...]:
    found = _object(value, place)
    kinds = []
    for kind, split in found.items():
        at = f"{place}.{kind}"
        if kind not in FEE_KINDS:
            raise MoneyError(at, "is no kind of fee (" + ", ".join(FEE_KINDS) + ")")
        pools = _object(split, at)
        shares = []
        for pool, percent in pools.items():
            if pool not in POOLS:
                raise MoneyError(f"{at}.{pool}", "is no pool (" + ", ".join(POOLS) + ")")
            shares.append((pool, _int(percent, f"{at}.{pool}", most=100)))
        total = sum(p for _, p in shares)
        if total != 100:
            raise MoneyError(at, f"the percentages sum to {total}, not 100")
        kinds.append((kind, tuple(shares)))
    return tuple(kinds)


def _payout(value: object, place: str) -> Payout | None:
    if value is None:
        return None
    found = _object(value, place)
    _keys(found, ("places", "shares", "unit"), place)
    places = _object(found.get("places"), f"{place}.places")
    if len(places) != 1 or next(iter(places)) not in PLACES:
        raise MoneyError(f"{place}.places", "must be one of {\"tables\": true}, {\"every\": k}, "
                                            "{\"fraction\": \"1/4\"}, {\"top\": k}")
    kind, amount = next(iter(places.items()))
    at = f"{place}.places.{kind}"
    count = Fraction(0)
    if kind == "tables":
        if amount is not True:
            raise MoneyError(at, "must be true")
    elif kind == "fraction":
        try:
            count = Fraction(str(amount)) if isinstance(amount, str) else Fraction(-1)
        except (ValueError, ZeroDivisionError):
            count = Fraction(-1)
        if not 0 <= count <= 1:
            raise MoneyError(at, f"must be a fraction between 0 and 1 such as \"1/4\", not "
                                 f"{json_word(amount)}")
    else:
        count = Fraction(_int(amount, at, least=1, most=1_000_000))
    shares_value = found.get("shares", "equal")
    shares: str | tuple[int, ...]
    if shares_value in ("equal", "linear"):
        shares = str(shares_value)
    elif isinstance(shares_value, list):
        shares = tuple(_int(w, f"{place}.shares[{i}]", most=1_000_000)
                       for i, w in enumerate(shares_value))
    else:
        raise MoneyError(f"{place}.shares", "must be \"equal\", \"linear\" or a list of weights")
    unit = _int(found.get("unit", 1), f"{place}.unit", least=1)
    return Payout(kind, count, shares, unit)


def read_rules(value: object, place: str = "rules") -> Rules:
    found = _object(value, place)
    _keys(found, RULE_KEYS, place)
    table = found.get("table")
    if table not in (None, "winner"):
        raise MoneyError(f"{place}.table", f"must be \"winner\" or null, not {json_word(table)}")
    return Rules(
        entry_fee=_int(found.get("entry_fee", 0), f"{place}.entry_fee"),
        series_fee=_int(found.get("series_fee", 0), f"{place}.series_fee"),
        list_fee=_int(found.get("list_fee", 0), f"{place}.list_fee"),
        lost_game_fee=_tiers(found.get("lost_game_fee", []), f"{place}.lost_game_fee"),
        passed_deal_fee=_passed(found.get("passed_deal_fee"), f"{place}.passed_deal_fee"),
        missed_series_fee=_int(found.get("missed_series_fee", 0), f"{place}.missed_series_fee"),
        table_rank_fee=_table_rank(found.get("table_rank_fee"), f"{place}.table_rank_fee"),
        destinations=_destinations(found.get("destinations", {}), f"{place}.destinations"),
        prizes=_payout(found.get("prizes"), f"{place}.prizes"),
        series_prizes=_payout(found.get("series_prizes"), f"{place}.series_prizes"),
        table_winner=table == "winner",
    )


def _table(value: object, place: str, players: frozenset[int]) -> TableResult:
    found = _object(value, place)
    _keys(found, ("seats", "scores", "lost_games", "passed_deals"), place)
    seats = tuple(_int(s, f"{place}.seats[{i}]", most=2**63 - 1)
                  for i, s in enumerate(_list(found.get("seats"), f"{place}.seats")))
    if len(seats) not in (3, 4):
        raise MoneyError(f"{place}.seats", f"a table has 3 or 4 seats, not {len(seats)}")
    for i, seat in enumerate(seats):
        if seat not in players:
            raise MoneyError(f"{place}.seats[{i}]", f"player {seat} is not in \"players\"")
    if len(set(seats)) != len(seats):
        raise MoneyError(f"{place}.seats", "names a player twice")
    scores = _list(found.get("scores"), f"{place}.scores")
    lost = _list(found.get("lost_games", [0] * len(seats)), f"{place}.lost_games")
    for key, values in (("scores", scores), ("lost_games", lost)):
        if len(values) != len(seats):
            raise MoneyError(f"{place}.{key}", f"has {len(values)} numbers for {len(seats)} "
                                               "seats")
    return TableResult(
        seats,
        tuple(_int(s, f"{place}.scores[{i}]", least=-MOST) for i, s in enumerate(scores)),
        tuple(_int(n, f"{place}.lost_games[{i}]", most=10_000) for i, n in enumerate(lost)),
        _int(found.get("passed_deals", 0), f"{place}.passed_deals", most=10_000))


def read_document(value: object) -> Document:
    """The whole input of ``python -m money``, checked; ``MoneyError`` names the first fault."""
    found = _object(value, "document")
    _keys(found, ("rules", "players", "series", "standings"), "document")
    rules = read_rules(found.get("rules", {}))
    players = tuple(_int(p, f"players[{i}]", most=2**63 - 1)
                    for i, p in enumerate(_list(found.get("players", []), "players")))
    if len(set(players)) != len(players):
        raise MoneyError("players", "names a player twice")
    known = frozenset(players)
    series = []
    for s, item in enumerate(_list(found.get("series", []), "series")):
        tables = tuple(_table(t, f"series[{s}].tables[{i}]", known) for i, t in
                       enumerate(_list(_object(item, f"series[{s}]").get("tables", []),
                                       f"series[{s}].tables")))
        seated = [p for t in tables for p in t.seats]
        if len(set(seated)) != len(seated):
            raise MoneyError(f"series[{s}]", "seats a player at two tables")
        series.append(tables)
    standings = []
    ranked: set[int] = set()
    for g, group in enumerate(_list(found.get("standings", []), "standings")):
        members = tuple(_int(p, f"standings[{g}][{i}]", most=2**63 - 1)
                        for i, p in enumerate(_list(group, f"standings[{g}]")))
        for i, player in enumerate(members):
            if player not in known:
                raise MoneyError(f"standings[{g}][{i}]", f"player {player} is not in "
                                                          "\"players\"")
            if player in ranked:
                raise MoneyError(f"standings[{g}][{i}]", f"player {player} is ranked twice")
            ranked.add(player)
        if members:
            standings.append(members)
    return Document(rules, players, tuple(series), tuple(standings))
