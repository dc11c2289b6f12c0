"""Helpers of the tests of a table that cannot finish and of the Seeger-Fabian foot: a small
published club night, deals entered by seat."""

import datetime

from tests.factories import add_entry
from tests.sheets import playing_seat
from tournament.models import SeatingMethod, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.services import DealInput

NAMES = ["Anna Becker", "Carl Brandt", "Emma Fischer", "Franz Koch", "Ida Lange", "Otto Meyer",
         "Rosa Vogel", "Hans Ziegler"]

SOLO_WON = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}  # +30
SOLO_LOST = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 40}  # -20


def club_night(organizer, players=7, scoring="league", deals_per_player=2, slug="absence"):
    """``players`` registered, checked in and seated in series 1 (7: a four- and a
    three-table), published; ``NAMES[players:]`` registered but not seated (substitutes)."""
    tournament = Tournament.objects.create(
        name="Club Night", slug=slug, start_date=datetime.date(2027, 5, 1),
        deals_per_player=deals_per_player, series_count=1, public=True,
        scoring_system=scoring)
    tournament.organizers.add(organizer)
    for n, name in enumerate(NAMES[:players], start=1):
        first, last = name.split()
        add_entry(tournament, n, first, last)
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "absence", user=None)
    plans.publish(series, user=None)
    for n, name in enumerate(NAMES[players:], start=players + 1):
        first, last = name.split()
        add_entry(tournament, n, first, last, checked_in=False)
    return tournament


def table_of_size(tournament, size):
    return next(t for t in tournament.series.get(number=1).tables.all()
                if t.seats.count() == size)


def play(table, record, declarer=None):
    """Enter the next deal: ``record`` declared by ``declarer`` (default: a seat that may)."""
    table.refresh_from_db()
    number = table.deals.count() + 1
    deals.add_deal(table, DealInput(dict(record), declarer=declarer or playing_seat(table, number)),
                   table.sheet_version, "test")
    table.refresh_from_db()
