"""A plan made by results is stored as the series' seating: its counts, its audit entry, and
the refusals of a published series and of a plan for other players."""

import datetime

import pytest

from tests.factories import add_entry
from tests.tournament.test_by_results import as_sets
from tournament.models import (
    AuditEntry,
    Club,
    KeepApart,
    Seat,
    SeatingMethod,
    SeriesStatus,
    Tournament,
)
from tournament.seating import loaders
from tournament.seating import services as plans
from tournament.seating.algorithms import pairs_of
from tournament.seating.by_results import by_standings, progressive

# --- storing a plan -----------------------------------------------------------------------------


def make_tournament(players):
    tournament = Tournament.objects.create(
        name="Progressive night", slug=f"progressive-{players}",
        start_date=datetime.date(2027, 4, 3),
    )
    plans.ensure_series(tournament)
    club = Club.objects.create(name=f"Grand Hand {players}")
    for n in range(1, players + 1):
        add_entry(tournament, n, f"P{n}", f"Prog{n:03d}", club=club)
    return tournament


def entry_ids(tournament):
    return list(tournament.entries.order_by("number").values_list("id", flat=True))


@pytest.mark.django_db
def test_seat_series_from_plan_stores_counts_and_audits_a_plan():
    tournament = make_tournament(11)
    ids = entry_ids(tournament)
    first, second = (tournament.series.get(number=n) for n in (1, 2))
    plans.seat_series(first, SeatingMethod.DRAW, "one", user=None)
    KeepApart.objects.create(tournament=tournament, first_id=ids[0], second_id=ids[1])
    previous = [list(t) for t in loaders.members_by_table(first).values()]
    plan = progressive(previous, [sorted(t) for t in previous], "two")
    stored = plans.seat_series_from_plan(second, SeatingMethod.PROGRESSIVE, plan, user=None)

    second.refresh_from_db()
    assert second.seating_method == SeatingMethod.PROGRESSIVE and second.seed == "two"
    assert [tuple(t) for t in loaders.members_by_table(second).values()] == list(plan.tables)
    assert Seat.objects.filter(series=second).count() == 11
    met = plans.met_pairs(tournament, 2)
    assert stored.repeat_pairs == len(pairs_of(plan) & met) == second.repeat_pairs > 0
    together = frozenset(ids[:2]) in pairs_of(plan)
    assert stored.apart_violations == second.apart_violations == int(together)
    audit = AuditEntry.objects.filter(action="series_seated", subject="series 2").get()
    assert audit.after["method"] == "progressive" and audit.after["seed"] == "two"
    assert audit.after["tables"] == plans.snapshot(second)

    # a second plan replaces the draft, with a second audit entry
    ranking = ids[::-1]
    again = plans.seat_series_from_plan(second, SeatingMethod.STANDINGS,
                                        by_standings(ranking, "three"), user=None)
    assert [set(t) for t in loaders.members_by_table(second).values()] == as_sets(again.tables)
    assert Seat.objects.filter(series=second).count() == 11
    assert AuditEntry.objects.filter(action="series_seated", subject="series 2").count() == 2


@pytest.mark.django_db
def test_seat_series_from_plan_refuses_a_published_series_and_foreign_plans():
    tournament = make_tournament(9)
    ids = entry_ids(tournament)
    s = tournament.series.get(number=1)
    with pytest.raises(plans.PlanError, match="not checked in"):
        plans.seat_series_from_plan(s, SeatingMethod.STANDINGS,
                                    by_standings([*ids[:8], 10**6], "x"), user=None)
    with pytest.raises(plans.PlanError, match="Unknown"):
        plans.seat_series_from_plan(s, "lottery", by_standings(ids, "x"), user=None)
    plans.seat_series_from_plan(s, SeatingMethod.STANDINGS, by_standings(ids, "x"), user=None)
    plans.publish(s, user=None)
    s.refresh_from_db()
    assert s.status == SeriesStatus.SEATED
    before = plans.snapshot(s)
    with pytest.raises(plans.PlanError, match="only a draft"):
        plans.seat_series_from_plan(s, SeatingMethod.STANDINGS, by_standings(ids[::-1], "y"),
                                    user=None)
    assert plans.snapshot(s) == before
    assert AuditEntry.objects.filter(action="series_seated").count() == 1
