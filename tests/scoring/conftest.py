"""Shared worlds of the results tests."""

import pytest

from tournament.demo import build_demo_congress


@pytest.fixture
def played_demo(django_user_model):
    """The demo congress at 30 players (28 checked in) and its organizer ``boss`` (password
    boss-pw-1908): series 1 and 2 confirmed, series 3 being played, nothing released."""
    tournament = build_demo_congress(players=30, checked_in=28, with_deals=True)
    boss = django_user_model.objects.create_user("boss", password="boss-pw-1908")
    tournament.organizers.add(boss)
    return tournament, boss
