"""Issue 13, point 6: ``manage.py generate_congress`` builds a congress of any size through the
project's own seating services, every deal scored by the engine."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.demo import congress_names
from tournament.models import Deal, SeriesStatus, SheetStatus, Tournament

pytestmark = pytest.mark.django_db


def test_names_stay_distinct_beyond_the_demos_combinations():
    names = congress_names(3150)
    assert len(set(names)) == 3150
    assert names[0] == ("Anna", "Becker") and names[810][1] == "Becker-1"


def test_a_small_congress_is_seated_played_confirmed_and_scored_as_the_engine_does():
    out = io.StringIO()
    call_command("generate_congress", players=27, series=2, slug="tiny", stdout=out)
    tournament = Tournament.objects.get(slug="tiny")
    assert tournament.entries.count() == 27
    assert all(e.name_key for e in tournament.entries.all())  # written in bulk, keyed too
    for series in tournament.series.all():
        assert series.status == SeriesStatus.CONFIRMED
        tables = list(series.tables.all())
        assert sum(t.seats.count() for t in tables) == 27
        for table in tables:
            assert table.deals.count() == tournament.deals_at(table.seats.count())
            assert table.sheet_status == SheetStatus.CONFIRMED
    deals = Deal.objects.filter(table__series__tournament=tournament).count()
    assert "tiny: 27 players, 2 series" in out.getvalue() and f"{deals} deals" in out.getvalue()
    checked = io.StringIO()
    call_command("check_deals", tournament="tiny", stdout=checked)  # exits 1 on a difference
    # without --reset the congress stays; with it, it is built anew
    call_command("generate_congress", players=30, series=1, slug="tiny", stdout=io.StringIO())
    assert Tournament.objects.get(slug="tiny").entries.count() == 27
    call_command("generate_congress", players=30, series=1, slug="tiny", reset=True,
                 stdout=io.StringIO())
    assert Tournament.objects.get(slug="tiny").entries.count() == 30


def test_the_last_series_can_be_left_seated_for_the_load_test():
    call_command("generate_congress", players=27, series=2, unplayed=1, slug="tiny",
                 stdout=io.StringIO())
    first, last = Tournament.objects.get(slug="tiny").series.order_by("number")
    assert first.status == SeriesStatus.CONFIRMED and first.tables.first().deals.exists()
    assert last.status == SeriesStatus.SEATED  # published, so its table links take deals
    assert sum(t.seats.count() for t in last.tables.all()) == 27
    assert not Deal.objects.filter(table__series=last).exists()


@pytest.mark.parametrize("option", [{"players": 2}, {"series": 0}, {"played": 1.5},
                                    {"unplayed": 4}, {"unplayed": -1}])
def test_sizes_out_of_range_are_refused_by_name(option):
    with pytest.raises(CommandError, match="--"):
        call_command("generate_congress", slug="bad", stdout=io.StringIO(), **option)
