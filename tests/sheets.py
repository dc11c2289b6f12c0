"""The HTTP side of the score-sheet tests: URLs and the POST of a deal. The world itself (seats
that may declare, deals entered) is built with ``tests.factories``."""

from django.urls import reverse

from tests.factories import playing_seat


def u(name, *args):
    return reverse(f"tournament:{name}", args=args)


def solo_post(table, deal_number, declarer=None, version=None, **extra):
    table.refresh_from_db()
    data = {"game": "solo", "declarer": declarer or playing_seat(table, deal_number),
            "trump": "hearts", "matadors": 1, "card_points": 95,
            "version": table.sheet_version if version is None else version}
    data.update(extra)
    return data
