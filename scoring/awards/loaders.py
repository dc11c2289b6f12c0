"""What the prizes are (the schedule of the scoring system, the tournament's own after it) and
what they read of the deals, asked only for their candidates."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from engine import SOLO_GAMES, ScoringSystem, against_rank
from scoring.models import CustomPrize, ScoringSettings
from scoring.prizes import (
    PrizeDeals,
    PrizeKind,
    PrizeSpec,
    against_games,
    players_in_line,
)
from scoring.ranking import schedule
from scoring.results.loaders import WON_GAME, Bests, counted_seats
from scoring.results.scope import Scope
from scoring.results.tables import DEAL_FIELDS, deal_result, load_seats
from scoring.settings.services import scoring_settings
from scoring.standings import DealResult
from tournament.models import Deal, Tournament


def load_prize_deals(scope: Scope, specs: Sequence[PrizeSpec], bests: Bests,
                     points: Mapping[int, int]) -> PrizeDeals:
    """What the prizes read of the deals, asked only for their candidates (two queries: the
    games won from the candidates' seats, the seats of those tables; one more when the
    database summed the seats: where the candidates won their best).

    Prizes 6, 3 and 7 rank a player by his best game, first by one number (the value, then
    his ``points``; ``engine.against_rank``). ``bests`` holds each player's best numbers and
    where he won them (``load_totals``, from the tables' feet): only the games declared from
    the seats where the players who could still be in line (``players_in_line``) won their
    best are read, and everybody else ranks behind all of them, so the awards are those of
    ``prize_deals`` of every deal (a test holds them equal)."""
    in_line = players_in_line(specs)
    at: set[tuple[int, int]] = set()  # (table, seat)
    wanted: dict[int, set[tuple[int, int]]] = {}  # entry -> (class, number) of his bests
    for k, best, where, key in (
            (1, bests.value, bests.value_at, lambda e: (bests.value[e], points.get(e, 0))),
            (2, bests.solo, bests.solo_at, bests.solo.__getitem__),
            (3, bests.tourne, bests.tourne_at, bests.tourne.__getitem__)):
        for entry in _in_line(best, in_line, key):
            wanted.setdefault(entry, set()).add((k, best[entry]))
            at.update(where.get(entry, ()))
    if not bests.where_known and wanted:  # the database summed the seats: where were they?
        for table, seat, entry, *numbers in counted_seats(scope).filter(
                entry_id__in=sorted(wanted)).values_list(
                "table_id", "position", "entry_id", "highest", "solo", "tourne"):
            if any((k, n) in wanted[entry] for k, n in enumerate(numbers, start=1)):
                at.add((table, seat))
    # the games won at those tables (found by the table's index), kept of those seats
    rows = [row for row in Deal.objects.filter(
        WON_GAME, table_id__in=sorted({table for table, _ in at})).values_list(
        "table_id", *DEAL_FIELDS).order_by("table_id", "number")
        if (row[0], row[2]) in at] if at else []
    tables = load_seats(scope, table_ids={row[0] for row in rows})
    rules = scope.tournament.rules
    # a table whose seats an admin removed is no table of the results (as in load_totals)
    games = tuple(game for game in (deal_result(tables, table_id, row, rules)
                                    for table_id, *row in rows if table_id in tables.meta)
                  if game.declarer in wanted and _numbers(game) & wanted[game.declarer])
    return PrizeDeals(games, {games: dict(count) for games, count in bests.counts.items()})


def _numbers(game: DealResult) -> set[tuple[int, int]]:
    """The game's numbers for prizes 6, 3 and 7, by class."""
    rank = against_rank(game.game, game.trump, game.matadors, game.value, game.card_points)
    numbers = {(1, game.value)}
    if rank is not None:
        numbers.add((2 if game.game in SOLO_GAMES else 3, rank))
    return numbers


def _in_line(best: Mapping[int, int], in_line: int,
             key: Callable[[int], object]) -> list[int]:
    """The players whose ``key`` is at least that of the ``in_line``-th best (ties with him
    included)."""
    ordered = sorted(best, key=key, reverse=True)  # type: ignore[arg-type]
    if not ordered:
        return []
    last = key(ordered[min(in_line, len(ordered)) - 1])
    return [entry for entry in ordered if key(entry) >= last]  # type: ignore[operator]


AGAINST_KINDS = (PrizeKind.SOLO_AGAINST, PrizeKind.TOURNE_AGAINST)


def prize_schedule(tournament: Tournament,
                   settings: ScoringSettings | None = None) -> tuple[PrizeSpec, ...]:
    """The prizes before the organizer's own, as the scoring system gives them: the League
    Prize Schedule, or the places by Seeger-Fabian score (and the League's if switched on)."""
    settings = settings or scoring_settings(tournament)
    return schedule(ScoringSystem(tournament.scoring_system), tournament.rules,
                    settings.prize_places, settings.league_schedule)


def prize_specs(tournament: Tournament,
                settings: ScoringSettings | None = None) -> list[PrizeSpec]:
    """The schedule's prizes and the tournament's own after them (one query)."""
    specs = list(prize_schedule(tournament, settings))
    for custom in CustomPrize.objects.filter(tournament=tournament):
        kind = PrizeKind[custom.kind]
        games = frozenset(g.strip() for g in custom.games.split(",") if g.strip())
        label = custom.label or (against_games(kind, tournament.rules)
                                 if kind in AGAINST_KINDS else "games")
        specs.append(PrizeSpec(custom.number, custom.title, kind, place=custom.place,
                               games=games, label=label or "games"))
    return specs
