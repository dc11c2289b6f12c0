"""Seating a later series by the results so far: by standings and progressive movement."""

import datetime

import pytest
from django.urls import reverse

from scoring import refusals, reseat
from scoring.results import services as result_services
from tests.factories import add_entry
from tournament.models import AuditEntry, SeatingMethod, Tournament
from tournament.seating import loaders
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(django_user_model):
    """Nine players, series 1 played: at every table the seat-1 player wins big."""
    boss = django_user_model.objects.create_user("boss-seat")
    tournament = Tournament.objects.create(name="Ladder", slug="ladder", series_count=2,
                                           start_date=datetime.date(2027, 10, 9))
    tournament.organizers.add(boss)
    first, second = plans.ensure_series(tournament)
    for n in range(1, 10):
        add_entry(tournament, n, f"P{n}", "L")
    plans.seat_series(first, SeatingMethod.DRAW, "ladder", user=None)
    plans.publish(first, user=None)
    for table in first.tables.order_by("number"):
        for number, (seat, points) in enumerate(((1, 95), (2, 70), (3, 40)), start=1):
            table.refresh_from_db()
            info = deals.table_info(table)
            form = DealForm(info, number, {"game": "grand", "declarer": seat,
                                           "matadors": table.number, "card_points": points,
                                           "version": table.sheet_version})
            assert form.is_valid(), form.errors
            deals.add_deal(table, form.input, table.sheet_version, "x")
    return tournament, boss, first, second


def test_by_standings_puts_the_leaders_at_table_1(client, played):
    tournament, boss, first, second = played
    client.force_login(boss)
    response = client.post(reverse("scoring:seat_by_results", args=["ladder", 2]),
                           {"method": "standings", "seed": "s"}, follow=True)
    assert "Series 2 seated by standings" in response.content.decode()
    comp = result_services.compute(tournament)
    top_three = {s.entry for s in comp.standings[:3]}
    assert set(loaders.tables_of(second)[0]) == top_three
    second.refresh_from_db()
    assert second.seating_method == SeatingMethod.STANDINGS and second.seed == "s"
    assert AuditEntry.objects.filter(action="series_seated", subject="series 2").exists()


def test_progressive_moves_the_winners_up_and_the_head_loser_to_the_foot(played):
    tournament, boss, first, second = played
    before = loaders.tables_of(first)
    comp = result_services.compute(tournament, series=1)
    rank = {s.entry: s.rank for s in comp.standings}
    reseat.seat_by_results(second, SeatingMethod.PROGRESSIVE, "p", boss)
    after = loaders.tables_of(second)
    best = [min(t, key=rank.get) for t in before]
    worst_head = max(before[0], key=rank.get)
    assert best[1] in after[0] and best[2] in after[1]  # winners move up one table
    assert worst_head in after[-1]  # the head table's loser goes to the foot
    assert best[0] in after[0]  # the head table's winner stays


def test_series_1_cannot_be_seated_by_results(played):
    tournament, boss, first, second = played
    with pytest.raises(refusals.ScoringError, match="no results"):
        reseat.seat_by_results(first, SeatingMethod.STANDINGS, "", boss)
