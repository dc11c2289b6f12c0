"""The season ranking as a PDF for the club's notice board and as CSV/XLSX/ODS: both read
``season_ranking`` as the visitor may (the public: released series of public evenings, names
as published; the club's organizers: everything), never ranking anything themselves."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from printing.views.common import options, pdf
from seasons.access import season_page
from seasons.export_rows import file_name, ranking_download
from seasons.models import Season
from seasons.pdf import write_ranking
from seasons.season_rows import ranking_records
from seasons.services import season_ranking
from seasons.tables import SeasonRankingTable
from tournament.languages import print_language
from tournament.models import Tournament


def latest_evening(season: Season, public: bool) -> Tournament | None:
    """The club's latest evening (the public's: its latest public one): its paper and its
    language are the PDF's."""
    evenings = Tournament.objects.filter(club_id=season.club_id)
    if public:
        evenings = evenings.filter(public=True)
    return evenings.order_by("-start_date", "-id").first()


@require_safe
@season_page
def ranking_pdf(request, visitor):
    season = visitor.season
    evening = latest_evening(season, visitor.public)
    settings = options(request, evening)
    language = (print_language(evening, request) if evening is not None
                else translation.get_language())
    with translation.override(language):
        ranking = season_ranking(season, public=visitor.public)
        return pdf(lambda out: write_ranking(out, season, ranking, **settings),
                   file_name(season, "pdf"))


@require_safe
@season_page
def ranking_export(request, visitor, fmt):
    """The ranking, every line of it (no page of 50), in its order or sorted as the page
    was (``?sort=``, the page's column; an unknown one keeps the ranking's order)."""
    season = visitor.season
    ranking = season_ranking(season, public=visitor.public)
    title = gettext("%(season)s ranking") % {"season": season.name}
    order = None
    sort = request.GET.get("sort", "")
    if sort:
        table = SeasonRankingTable(ranking_records(ranking, season.club_id, season.slug))
        table.order_by = sort
        order = [int(record["player"]) for record in table.data]
    return ranking_download(season, ranking, fmt, title, order)
