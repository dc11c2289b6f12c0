"""Fixtures of the tournament tests: an organizer, his tournament and a logged-in client."""

import datetime

import pytest
from django.test import Client

from tests import factories
from tournament.models import Tournament


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("orga", password="orga-pw-1908")


@pytest.fixture
def tournament(db, organizer):
    tournament = Tournament.objects.create(name="Club Night", slug="club-night",
                                           start_date=datetime.date(2027, 5, 1))
    tournament.organizers.add(organizer)
    return tournament


@pytest.fixture
def other_tournament(db, organizer):
    tournament = Tournament.objects.create(name="Autumn Cup", slug="autumn-cup",
                                           start_date=datetime.date(2027, 10, 2))
    tournament.organizers.add(organizer)
    return tournament


@pytest.fixture
def organizer_client(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def marta(django_user_model):
    return django_user_model.objects.create_user("marta-sheets", password="x")


@pytest.fixture
def club_night(marta):
    """Seven players: one four-table (8 deals) and one three-table (6 deals), published."""
    return factories.club_night(marta, slug="club-night-sheets", seed="sheets", substitutes=0)


@pytest.fixture
def four(club_night):
    return factories.table_of_size(club_night, 4)


@pytest.fixture
def three(club_night):
    return factories.table_of_size(club_night, 3)


@pytest.fixture
def marta_client(marta):
    """A second browser, the organizer's; ``client`` stays anonymous (the token holder)."""
    organizer = Client()
    organizer.force_login(marta)
    return organizer
