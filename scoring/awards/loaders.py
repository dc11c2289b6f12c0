"""What the prizes are (the schedule of the scoring system, the tournament's own after it) and
what they read of the deals, asked only for their candidates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.db.models import Q

from engine import ScoringSystem
from scoring.models import CustomPrize, ScoringSettings
from scoring.prizes import (
    PrizeDeals,
    PrizeKind,
    PrizeSpec,
    against_games,
    players_in_line,
)
from scoring.ranking import schedule
from scoring.results.loaders import AGAINST, WON_GAME, Bests
from scoring.results.scope import Scope
from scoring.results.tables import DEAL_FIELDS, deal_result, load_seats
from scoring.settings.services import scoring_settings
from scoring.standings import ranked_entry
from tournament.models import Tournament


def load_prize_deals(scope: Scope, specs: Sequence[PrizeSpec], bests: Bests) -> PrizeDeals:
    """What the prizes read of the deals, asked only for their candidates (two queries: the
    games that can take a prize, the seats of their tables).

    Prizes 3, 6 and 7 rank a player by his best game, first by one number (the matadors he
    played against, the value). ``bests`` holds each player's best numbers (``load_totals``),
    and only the games at or above the number of the last player who could still be in line
    (``players_in_line``) are read: everybody below ranks behind all of them, so the awards
    are those of ``prize_deals`` of every deal (a test holds them equal)."""
    in_line = players_in_line(specs)
    wanted = Q(pk__in=[])
    for numbers, games in ((bests.solo, AGAINST["solo"]), (bests.tourne, AGAINST["tourne"])):
        most = _in_line(numbers, in_line, lower=True)
        if most is not None:
            wanted |= Q(matadors__lte=most, game__in=games)
    highest = _in_line(bests.value, in_line)
    if highest is not None:
        wanted |= Q(value__gte=highest)
    rows = list(scope.deals().filter(WON_GAME, wanted).values_list(
        "table_id", *DEAL_FIELDS).order_by("table_id", "number"))
    tables = load_seats(scope, table_ids={row[0] for row in rows})
    rules = scope.tournament.rules
    # a table whose seats an admin removed is no table of the results (as in load_totals)
    games = tuple(game for game in (deal_result(tables, table_id, row, rules)
                                    for table_id, *row in rows if table_id in tables.meta)
                  if game.declarer is None or ranked_entry(game.declarer))
    return PrizeDeals(games, {games: dict(count) for games, count in bests.counts.items()})


def _in_line(best: Mapping[int, int], in_line: int, lower: bool = False) -> int | None:
    """The best number of the ``in_line``-th player (the least when ``lower``); None when
    nobody has one."""
    if not best:
        return None
    ordered = sorted(best.values(), reverse=not lower)
    return ordered[min(in_line, len(ordered)) - 1]



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
