"""Where late arrivals (issue 18.1) meet substitutes (18.2): a checked-in substitute plays a
seat of the series already, so he is not listed as unseated nor seated at a second table."""

import pytest

from tests.factories import SOLO_WON, add_entry, club_night, play, table_of_size
from tournament.models import Entry
from tournament.seating import arrivals
from tournament.seating import services as plans
from tournament.seating.services import PlanError
from tournament.sheets import absence

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_user("boss")


def test_a_checked_in_substitute_is_no_late_arrival(boss):
    tournament = club_night(boss)
    four, three = table_of_size(tournament, 4), table_of_size(tournament, 3)
    play(four, SOLO_WON)
    hans = Entry.objects.get(tournament=tournament, first_name="Hans")
    Entry.objects.filter(pk=hans.pk).update(checked_in=True)  # he came to substitute
    absence.seat_substitute(four, 4, 2, hans.number, boss)
    series = four.series
    assert hans not in plans.unseated(series)
    with pytest.raises(PlanError, match="substitutes at table"):
        arrivals.seat_late_arrival(series, hans.number, three.number, boss)
    assert three.seats.count() == 3
    # a real late arrival still joins the three-table
    add_entry(tournament, 20, "Lena", "Roth")
    assert [e.number for e in plans.unseated(series)] == [20]
    assert arrivals.seat_late_arrival(series, 20, three.number, boss) == 4


@pytest.mark.parametrize("absent", ["substitute", "ended"])
def test_the_plan_is_fixed_while_a_substitute_or_an_early_end_stands(boss, absent):
    # before the first deal: the director already knows seat 2 of the four-table is absent
    tournament = club_night(boss)
    four, three = table_of_size(tournament, 4), table_of_size(tournament, 3)
    if absent == "substitute":
        absence.seat_substitute(four, 2, 1, 8, boss)
    else:
        absence.end_sheet(four, 0, boss)
    series = four.series
    series.refresh_from_db()
    seat_2 = four.seats.get(position=2).entry.number
    with pytest.raises(PlanError, match=f"Table {four.number} has"):
        plans.swap_players(series, seat_2, three.seats.get(position=1).entry.number, boss)
    with pytest.raises(PlanError, match=f"Table {four.number} has"):
        plans.unpublish(series, boss)
    series.refresh_from_db()
    assert series.status == "seated"
    assert four.seats.get(position=2).entry.number == seat_2
