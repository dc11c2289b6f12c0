"""A room in play: a club night of two series, series 1 released, series 2 being played."""

import pytest

from tests.factories import club_night, confirm_series, play, release, seat


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_user("boss", password="boss-pw-1908")


@pytest.fixture
def room(boss):
    """Series 1 released (a four- and a three-table, one deal a player), series 2 seated
    and one deal entered at its first table: the tournament, its organizer, that table."""
    night = club_night(boss, series_count=2, deals_per_player=1)
    release(confirm_series(night.series.get(number=1)), boss)
    second = seat(night.series.get(number=2), "second", user=boss)
    table = second.tables.order_by("number").first()
    play(table)
    return night, boss, table
