"""Seating a later series by the results so far: the best together ("by standings"), or
progressive movement from the previous series' tables. Seating that needs standings, so it
lives with the results; the plan is stored by ``tournament.seating.services``."""

from __future__ import annotations

from django.utils.translation import gettext

from scoring.refusals import ScoringError
from scoring.results.services import compute
from tournament.models import SeatingMethod, Series
from tournament.seating import algorithms as seating
from tournament.seating import by_results, loaders
from tournament.seating import services as plans
from tournament.speech import say


def seat_by_results(series: Series, method: str, seed: str, user) -> seating.Plan:
    """Seat a later series from the results so far: the best together ("by points"), or
    progressive movement from the previous series' tables (details the books leave open:
    docs/rules-decisions.md).
    """
    tournament = series.tournament
    if series.number < 2:
        raise ScoringError(gettext("Series 1 has no results to seat by; draw it."))
    seed = (seed or "").strip() or plans.new_seed()
    present = loaders.checked_in_ids(tournament)
    policy = seating.TablePolicy(tournament.table_policy)
    try:
        if method == SeatingMethod.STANDINGS:
            comp = compute(tournament)
            order = {s.entry: i for i, s in enumerate(comp.standings)}
            ranking = sorted(present, key=lambda e: (order.get(e, len(order)),
                                                     comp.player(e).number))
            plan = by_results.by_standings(ranking, seed, policy=policy,
                                        keep_apart=loaders.keep_apart_pairs(tournament))
        elif method == SeatingMethod.PROGRESSIVE:
            previous = tournament.series.get(number=series.number - 1)
            tables = loaders.tables_of(previous)
            if not tables:
                raise ScoringError(gettext("Series %(number)s has no tables to move from.")
                                   % {"number": previous.number})
            comp = compute(tournament, series=previous.number)
            score = {s.entry: (s.rank, comp.player(s.entry).number) for s in comp.standings}
            ranking = [sorted(t, key=lambda e: score.get(e, (10**6, 0))) for t in tables]
            plan = by_results.progressive(tables, ranking, seed, present=present, policy=policy)
        else:
            raise ScoringError(gettext("Unknown seating method %(method)s.")
                               % {"method": repr(method)})
        return plans.seat_series_from_plan(series, method, plan, user)
    except seating.SeatingError as exc:
        raise ScoringError(say(exc.words)) from exc
    except plans.PlanError as exc:  # its message is said in the reader's language already
        raise ScoringError(str(exc)) from exc
