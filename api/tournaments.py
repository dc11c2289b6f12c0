"""Reads of tournaments: the list the caller may read, a tournament's settings and series, a
series."""

from __future__ import annotations

from django.db.models import Count
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext
from ninja import Path, Query, Router

from api import conditional
from api.auth import READERS, visible_tournaments, visitor_of
from api.paging import Paging, paged
from api.schemas import Error, SeriesItem, TournamentDetail, TournamentList
from tournament import crowd
from tournament.comparative.services import deal_set_of
from tournament.models import Series, Tournament
from tournament.permissions import Visitor

router = Router(auth=READERS, tags=["tournaments"])

SLUG = Path(..., pattern=r"^[-a-zA-Z0-9_]+$", max_length=80, description="The tournament's "
            "slug, as in its address /t/<slug>/.")
NUMBER = Path(..., ge=1, le=1000, description="The series' number.")
# what a read may answer besides its rows
READ_ANSWERS = {304: None, 404: Error, 422: Error, 429: Error}


def item(tournament: Tournament) -> dict:
    return {"slug": tournament.slug, "name": tournament.name,
            "start_date": tournament.start_date, "end_date": tournament.end_date,
            "venue": tournament.venue, "public": tournament.public,
            "url": reverse("tournament:public", args=[tournament.slug])}


def series_item(visitor: Visitor, series: Series, tables: int) -> dict:
    return {"number": series.number, "status": series.status,
            "seating_published": series.is_published,
            "results_visible": visitor.sees_results_of(series),
            "counted": visitor.counts(series), "tables": tables}


def series_of(visitor: Visitor, number: int | None = None) -> list[dict]:
    """The series the visitor may know of: every one for the staff; for the public those
    whose seating is published (as the tournament's page lists them)."""
    every = visitor.tournament.series.order_by("number").annotate(table_count=Count("tables"))
    if number is not None:
        every = every.filter(number=number)
    return [series_item(visitor, s, s.table_count) for s in every
            if visitor.staff or s.is_published]


@router.get("/tournaments", response={200: TournamentList, 422: Error, 429: Error},
            url_name="tournaments", operation_id="tournaments")
def tournaments(request, paging: Query[Paging]):
    """The tournaments the caller may read: the public ones, and those he organizes or
    assists; the newest first."""
    conditional.spend(request, crowd.Cost.KEPT)
    found = visible_tournaments(request).order_by("-start_date", "slug")
    page = paged(request, found, paging)
    page["items"] = [item(t) for t in page["items"]]
    return page


@router.get("/tournaments/{slug}", response={200: TournamentDetail, **READ_ANSWERS},
            url_name="tournament", operation_id="tournament")
def tournament(request, response: HttpResponse, slug: str = SLUG):
    """A tournament's settings, and its series with their status."""
    visitor = visitor_of(request, slug)

    def build() -> dict:
        t = visitor.tournament
        return {**item(t), "rule_set": t.rule_set, "options": t.resolved_options,
                "scoring_system": t.scoring_system, "series_count": t.series_count,
                "deals_per_player": t.deals_per_player, "language": t.language,
                "time_zone": t.time_zone, "comparative": deal_set_of(t) is not None,
                "staff": visitor.staff, "series": series_of(visitor)}

    return conditional.read(request, response, visitor, build)


@router.get("/tournaments/{slug}/series/{number}", response={200: SeriesItem, **READ_ANSWERS},
            url_name="series", operation_id="series")
def series(request, response: HttpResponse, slug: str = SLUG, number: int = NUMBER):
    """One series: its status, whether the caller sees its results, its tables."""
    visitor = visitor_of(request, slug)
    found = series_of(visitor, number)
    if not found:
        raise Http404(gettext("There is no series %(number)s to show.") % {"number": number})
    return conditional.read(request, response, visitor, lambda: found[0])
