"""Fixtures of the tournament tests: an organizer, his tournament and a logged-in client."""

import datetime

import pytest

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
