"""Helpers of the score-sheet tests: URLs, seats that may declare, deals entered in bulk."""

from django.urls import reverse

from tournament.sheets import services as deals
from tournament.sheets.services import DealInput, table_info


def u(name, *args):
    return reverse(f"tournament:{name}", args=args)


def playing_seat(table, number):
    """A seat that may declare deal ``number`` (not the dealer, who sits out at a four-table)."""
    info = table_info(table)
    dealer = info.dealer(number)
    return next(p.position for p in info.players if p.position != dealer)


def solo_post(table, deal_number, declarer=None, version=None, **extra):
    table.refresh_from_db()
    data = {"game": "solo", "declarer": declarer or playing_seat(table, deal_number),
            "trump": "hearts", "matadors": 1, "card_points": 95,
            "version": table.sheet_version if version is None else version}
    data.update(extra)
    return data


def enter(table, count):
    """Enter ``count`` deals through the service: Heart Solo with 1, Schneider, won (+30)."""
    for _ in range(count):
        table.refresh_from_db()
        number = table.deals.count() + 1
        deals.add_deal(table, DealInput({"game": "solo", "trump": "hearts", "matadors": 1,
                                         "card_points": 95},
                                        declarer=playing_seat(table, number)),
                       table.sheet_version, "test")
    table.refresh_from_db()
