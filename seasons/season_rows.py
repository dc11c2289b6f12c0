"""The plain rows of the season pages, every number read from ``season_ranking``: the ranking's
records, a player's units (his score or "missed", counted or dropped), the running total and
average of his chart, and his statistics by game over the series the ranking counts for this
audience (a bounded number of queries: his seats, then the deals of their tables)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Count
from django.urls import reverse

from engine import NOT_GAMES
from money.models import MoneySettings
from money.services import money_book
from seasons.ranking import Row
from seasons.services import CACHE_SECONDS, SeasonRanking, UnitInfo, digest
from tournament.models import Deal, Seat, Tournament
from tournament.numbers import decimals

COUNTED, DROPPED, MISSED = "counted", "dropped", "missed"
TRUMPS = ("clubs", "spades", "hearts", "diamonds")


def ranking_records(ranking: SeasonRanking, club: int, season: str) -> list[dict[str, object]]:
    """A record a row of the ranking, in its order (``position``)."""
    records = []
    for position, row in enumerate(ranking.rows):
        person = ranking.person(row.player)  # type: ignore[arg-type]
        records.append({
            "position": position, "rank": row.rank or "", "player": row.player,
            "name": person.name, "sort_name": person.sort_name,
            "url": reverse("seasons:player", args=[club, season, row.player]),
            "value": row.value, "printed": row.printed_value, "played": row.played,
            "missed": row.missed, "total": row.total, "penalty": row.penalty,
            "guest": row.guest, "qualified": row.qualified})
    return records


@dataclass(frozen=True)
class UnitLine:
    """One unit of the season as a player's page lists it."""

    unit: UnitInfo
    score: int | None  # None: missed
    state: str  # counted, dropped, missed


def unit_lines(ranking: SeasonRanking, row: Row) -> list[UnitLine]:
    scores = ranking.scores.get(row.player, {})  # type: ignore[call-overload]
    counted, dropped = set(row.counted), set(row.dropped)
    lines = []
    for unit in ranking.units:
        if unit.key in counted:
            state = COUNTED
        elif unit.key in dropped:
            state = DROPPED
        else:
            state = MISSED
        lines.append(UnitLine(unit, scores.get(unit.key), state))
    return lines


@dataclass(frozen=True)
class ChartPoint:
    """The chart after one unit: the running total of the counted results and the running
    average over the units played (None until the first one)."""

    index: int
    unit: UnitInfo
    score: int | None
    state: str
    total: int
    average: Fraction | None


def chart_points(lines: list[UnitLine]) -> list[ChartPoint]:
    total, played, summed = 0, 0, 0
    points = []
    for i, line in enumerate(lines):
        if line.state == COUNTED:
            total += line.score or 0
        if line.score is not None:
            played += 1
            summed += line.score
        points.append(ChartPoint(i, line.unit, line.score, line.state, total,
                                 Fraction(summed, played) if played else None))
    return points


@dataclass(frozen=True)
class GameLine:
    name: str  # a key: a trump, "grand", "null", or another game of the rule set
    won: int
    lost: int


@dataclass(frozen=True)
class Statistics:
    series: int  # the series the statistics count
    deals: int  # deals at his tables
    declared: int
    games: tuple[GameLine, ...]
    ramsch: int  # Ramsch deals at his tables
    ramsch_lost: int  # of them, those he lost
    fees: tuple[tuple[str, int], ...]  # (currency, lost-game money paid) per currency

    @property
    def declared_share(self) -> str:
        return decimals(Fraction(100 * self.declared, self.deals) if self.deals else 0)


def counted_series(ranking: SeasonRanking, player: int) -> set[tuple[int, int]]:
    """(evening id, series number) of every series the ranking counted for this audience
    in which the player has a result (kept with the ranking: no query)."""
    return set(ranking.series.get(player, ()))


def statistics(ranking: SeasonRanking, player: int) -> Statistics:
    """His games over the series the ranking counts, kept beside the ranking (its key
    holds every evening's version) and the money rules of his evenings: warm, two
    queries; cold, his seats, the deals of their tables aggregated by the database and
    each evening's kept money book."""
    series = counted_series(ranking, player)
    evenings = sorted({e for e, _ in series})
    money = list(MoneySettings.objects.filter(tournament_id__in=evenings)
                 .order_by("tournament_id"))
    if not ranking.key:
        return _statistics(ranking, player, series, money)
    rules = [(m.tournament_id, m.rules) for m in money]
    key = f"{ranking.key}:stats:{player}:{digest(rules)}"
    found = cache.get(key)
    if found is None:
        found = _statistics(ranking, player, series, money)
        cache.set(key, found, CACHE_SECONDS)
    return found  # type: ignore[no-any-return]


def _statistics(ranking: SeasonRanking, player: int, series: set[tuple[int, int]],
                money: list[MoneySettings]) -> Statistics:
    seats = (Seat.objects.filter(entry__player_id=player,
                                 series__tournament_id__in=sorted({e for e, _ in series}))
             .values_list("table_id", "position", "entry_id", "series__tournament_id",
                          "series__number"))
    position: dict[int, int] = {}
    entries: dict[int, int] = {}
    for table, seat, entry, evening, number in seats:
        if (evening, number) in series:
            position[table] = seat
            entries[evening] = entry
    won: Counter[str] = Counter()
    lost: Counter[str] = Counter()
    deals = declared = ramsch = ramsch_lost = 0
    rows = (Deal.objects.filter(table_id__in=sorted(position))
            .values("table_id", "declarer", "game", "trump", "won", "record__loser")
            .annotate(n=Count("id")))
    for deal in rows:
        n = deal["n"]
        deals += n
        mine = position[deal["table_id"]]
        if deal["game"] == "ramsch":
            ramsch += n
            ramsch_lost += n if deal["record__loser"] == mine else 0
            continue
        if deal["declarer"] != mine or deal["game"] in NOT_GAMES:
            continue
        declared += n
        name = deal["trump"] if deal["trump"] in TRUMPS else deal["game"]
        (won if deal["won"] else lost)[name] += n
    order = [*TRUMPS, "grand", "null"]
    names = order + sorted((set(won) | set(lost)) - set(order))
    games = tuple(GameLine(name, won[name], lost[name]) for name in names
                  if name in order or won[name] or lost[name])
    return Statistics(len(series), deals, declared, games, ramsch, ramsch_lost,
                      _fees(ranking, entries, money))


def _fees(ranking: SeasonRanking, entries: dict[int, int],
          money: list[MoneySettings]) -> tuple[tuple[str, int], ...]:
    """The lost-game money he paid, per currency, from the money books of his evenings
    that have money rules."""
    moving = [m for m in money if m.tournament_id in entries
              and isinstance(m.rules, dict) and m.rules.get("lost_game_fee")]
    paid: dict[str, int] = defaultdict(int)
    evenings = Tournament.objects.in_bulk([m.tournament_id for m in moving])
    for settings in moving:
        book = money_book(evenings[settings.tournament_id], released_only=ranking.public)
        cents = book.ledger.paid.get(entries[settings.tournament_id], {}).get("lost_game_fee", 0)
        paid[book.currency] += cents
    return tuple(sorted(paid.items()))
