"""Which deals count: the one value every results loader reads (standings, prizes, a player's
deals, the comparison), so that no two of them can count different deals."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from scoring.models import MissingDeals, Substitutes
from tournament.models import PUBLIC_STATES, Deal, SheetStatus, Tournament


@dataclass(frozen=True)
class Scope:
    """The deals of ``tournament``, perhaps of one series, perhaps only of released series (the
    public's), perhaps only of confirmed sheets (a results setting); with ``entry``, only of
    the tables that player sat or substituted at (his page). ``substitutes`` and
    ``missing_deals`` are the results settings of a table that could not finish
    (docs/rules.md §10)."""

    tournament: Tournament
    confirmed_only: bool = False
    series: int | None = None
    released_only: bool = False
    substitutes: str = Substitutes.ABSENT_KEEPS  # whose points count for whom
    missing_deals: str = MissingDeals.NOTHING  # what the deals of an ended sheet count
    entry: int | None = None  # one player's tables

    def deals(self) -> QuerySet[Deal]:
        """The deals of the counted tables, as one filter the database reads (``entry``
        aside: his tables are read from the seats)."""
        rows = Deal.objects.filter(table__series__tournament=self.tournament)
        if self.series is not None:
            rows = rows.filter(table__series__number=self.series)
        if self.released_only:
            rows = rows.filter(table__series__status__in=PUBLIC_STATES)
        if self.confirmed_only:
            rows = rows.filter(table__sheet_status=SheetStatus.CONFIRMED)
        return rows
