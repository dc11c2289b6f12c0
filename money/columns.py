"""The money's column of the standings (``scoring.results.extras``): the prize money beside
the places, read from the ledger."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import get_language, pgettext

from money.currency import amount
from money.ledger import RECEIVED, SERIES_PRIZES, TABLE
from money.services import money_book, money_settings, rules_of
from scoring.results.extras import ExtraColumn
from tournament.models import Entry


def prize_money(visitor, number: int | None):
    """The standings' "Prize money" column: what each player receives by the ledger (overall:
    prizes, series prizes and table money; of series ``number``: that series' series prizes
    and table money), of the released series only for the public, as the standings count
    them. None where the tournament pays no prize money (one query to learn it)."""
    tournament = visitor.tournament
    settings = money_settings(tournament)
    if not settings.rules:
        return None
    rules = rules_of(settings)
    of_series = rules.series_prizes is not None or rules.table_winner
    if not (of_series if number is not None else of_series or rules.prizes is not None):
        return None
    book = money_book(tournament, released_only=visitor.released_only)
    ledger = book.ledger
    pools = (SERIES_PRIZES, TABLE) if number is not None else RECEIVED
    if not any(ledger.pools_in.get(pool) for pool in pools):
        return None
    if number is None:
        cents = {entry: sum(ledger.received[entry][pool] for pool in RECEIVED)
                 for entry in ledger.received}
    else:
        cents = {}
        for paid in ledger.payouts:
            if paid.pool in pools and book.series_number(paid.series) == number:
                for entry in paid.players:
                    cents[entry] = cents.get(entry, 0) + paid.cents
    numbers = dict(Entry.objects.filter(tournament=tournament).values_list("id", "number"))
    currency = settings.currency

    def show(value: int) -> str:
        return amount(value, currency, get_language() or "en") if value else ""

    return ExtraColumn(
        "prize_money",
        # Translators: a column of the standings: what a player receives from the prizes
        pgettext("standings column", "Prize money"),
        {numbers[entry]: value for entry, value in cents.items() if entry in numbers},
        show=show, export=lambda value: Decimal(value).scaleb(-2))
