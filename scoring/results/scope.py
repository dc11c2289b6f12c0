"""Which deals count: the one value every results loader reads (standings, prizes, a player's
deals, the comparison), so that no two of them can count different deals."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from scoring.models import MissingDeals, Substitutes
from tournament.models import Deal, SheetStatus, Table, Tournament
from tournament.permissions import public_states


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
    # the public's provisional standings: the series in play count too (Visitor.playing)
    in_play: bool = False

    def deals(self) -> QuerySet[Deal]:
        """The deals of the counted tables, as one filter the database reads (``entry``
        aside: his tables are read from the seats)."""
        return Deal.objects.filter(**self.filters("table__"))

    def tables(self) -> QuerySet[Table]:
        """The counted tables, as ``deals``."""
        return Table.objects.filter(**self.filters())

    def filters(self, to_table: str = "", unconfirmed: bool = False) -> dict[str, object]:
        """The filter of the counted tables, from a model that reaches the table by
        ``to_table`` ("table__" from a deal or a penalty); ``unconfirmed``: the tables of
        unconfirmed sheets too, whatever ``confirmed_only`` says."""
        found: dict[str, object] = {f"{to_table}series__tournament": self.tournament}
        if self.series is not None:
            found[f"{to_table}series__number"] = self.series
        if self.released_only:
            found[f"{to_table}series__status__in"] = public_states(self.in_play)
        if self.confirmed_only and not unconfirmed:
            found[f"{to_table}sheet_status"] = SheetStatus.CONFIRMED
        return found
