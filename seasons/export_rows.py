"""The season ranking as a file (CSV, XLSX, ODS through ``exports.files``): a row per line of
``season_ranking`` in its order, the names as the reader may read them, the numbers numbers
(the value a ``Decimal`` with two decimals: "12.50" in a CSV, a number in a sheet).

The columns are the PDF's: rank, name, value, played, counted, dropped, the total of the
counted scores, the penalty, and whether the line is a guest's or not qualified."""

from __future__ import annotations

import re
from decimal import Decimal

import django_tables2 as tables
from django.http import HttpResponse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from exports.files import CONTENT_TYPES, CSV, SafeExport
from seasons.models import Season
from seasons.services import SeasonRanking


def ranking_records(ranking: SeasonRanking) -> list[dict[str, object]]:
    """A record a line of the ranking, in its order."""
    records = []
    for row in ranking.rows:
        person = ranking.person(int(row.player))
        records.append({
            "rank": row.rank or "", "player": row.player, "name": person.name,
            "value": Decimal(row.printed_value), "played": row.played,
            "counted": len(row.counted), "dropped": len(row.dropped), "total": row.total,
            "penalty": row.penalty, "qualified": row.qualified, "guest": row.guest})
    return records


class RankingExport(tables.Table):
    """The ranking's lines as a file has them: every number a number."""

    rank = tables.Column(verbose_name=pgettext_lazy("a season ranking", "Rank"))
    player = tables.Column(verbose_name=_("Player id"))
    name = tables.Column(verbose_name=_("Player"))
    value = tables.Column(verbose_name=pgettext_lazy("a season ranking", "Value"))
    played = tables.Column(verbose_name=pgettext_lazy("results of a season", "Played"))
    counted = tables.Column(verbose_name=pgettext_lazy("results of a season", "Counted"))
    dropped = tables.Column(verbose_name=pgettext_lazy("results of a season", "Dropped"))
    total = tables.Column(verbose_name=_("Counted total"))
    penalty = tables.Column(verbose_name=_("Absence penalty"))
    qualified = tables.BooleanColumn(verbose_name=_("Qualified"))
    guest = tables.BooleanColumn(verbose_name=_("Guest"))

    class Meta:
        orderable = False

    def export_rows(self):
        """The cells of every record, numbers kept numbers, booleans 1 or 0 (a sheet sums
        them; a CSV reader needs no word of any language)."""
        keys = [column.name for column in self.columns.iterall()]
        for record in self.data:
            yield [int(record[k]) if isinstance(record[k], bool) else record[k] for k in keys]


def file_name(season: Season, fmt: str) -> str:
    """``sc-kreuz-bube-2027-ranking.csv``: the club, the season and the table."""
    club = slugify(season.club.name) or f"club-{season.club_id}"
    return re.sub(r"-+", "-", f"{club}-{season.slug}-ranking.{fmt}")


def ranking_download(season: Season, ranking: SeasonRanking, fmt: str, title: str,
                     order: list[int] | None = None) -> HttpResponse:
    """The ranking as a file of format ``fmt``, sent as an attachment; its lines in the
    ranking's order, or in ``order`` (player ids: the page's sorting)."""
    records = ranking_records(ranking)
    if order:
        place = {player: i for i, player in enumerate(order)}
        records.sort(key=lambda r: place.get(r["player"], len(place)))  # type: ignore[arg-type]
    export = SafeExport(fmt, RankingExport(records), title=title, keys=fmt == CSV)
    content = export.export()
    response = HttpResponse(content.encode() if isinstance(content, str) else content,
                            content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = content_disposition_header(True, file_name(season, fmt))
    return response
