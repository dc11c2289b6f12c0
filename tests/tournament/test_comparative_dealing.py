"""Dealing a comparative set (99 decks for 99 series is seconds of CPU) never holds the
database: the decks are dealt before the transaction, which only writes them."""

import datetime

import pytest
from django.db import connection

from tournament.comparative import services
from tournament.models import Deck, Tournament
from tournament.seating import services as plans


@pytest.mark.django_db(transaction=True)
def test_the_decks_are_dealt_outside_the_transaction_that_stores_them(organizer, monkeypatch):
    tournament = Tournament.objects.create(name="Long Evening", slug="long-evening",
                                           start_date=datetime.date(2027, 9, 11),
                                           series_count=3)
    plans.ensure_series(tournament)
    real = services.dealt_decks
    dealing = []

    def watched(deal_set, number):
        dealing.append((number, connection.in_atomic_block))
        return real(deal_set, number)

    monkeypatch.setattr(services, "dealt_decks", watched)
    services.make_comparative(tournament, table_size=3, decks=12, seed="night", user=organizer)
    assert sorted(dealing) == [(1, False), (2, False), (3, False)]
    assert Deck.objects.filter(series__tournament=tournament).count() == 36

