"""Standings, club and team standings and the prize list as PDFs, for whoever may see the page
that shows the same thing: each is a ``public_page`` like its page, fed by the same
``scoring.pages`` call, so a stranger gets a private tournament's 404 and the released series
only, and its staff every series, exactly as on the page."""

from __future__ import annotations

from django.http import Http404

from printing import results
from printing.views.common import options as _options
from printing.views.common import pdf as _pdf
from scoring import pages
from tournament.crowd import Cost, heavy
from tournament.permissions import Visitor, public_page


def _standings(request, visitor: Visitor, number: int | None = None):
    tournament = visitor.tournament
    if number is not None and not tournament.series.filter(number=number).exists():
        raise Http404("No such series.")
    page = pages.standings_page(visitor, number, request.GET.get("club") or "")
    release = pages.release_of(visitor, number)
    name = f"{tournament.slug}-{f's{number}-' if number else ''}standings.pdf"
    settings = _options(request, visitor.tournament)
    return _pdf(lambda out: results.write_standings(out, page, release, **settings),
                name)


@public_page
@heavy(Cost.PDF)
def standings_pdf(request, visitor):
    return _standings(request, visitor)


@public_page
@heavy(Cost.PDF)
def series_standings_pdf(request, visitor, number):
    return _standings(request, visitor, number)


@public_page
@heavy(Cost.PDF)
def club_standings_pdf(request, visitor):
    page, release = pages.club_page(visitor), pages.release_of(visitor)
    settings = _options(request, visitor.tournament)
    return _pdf(lambda out: results.write_groups(out, page, release, **settings),
                f"{visitor.tournament.slug}-club-standings.pdf")


@public_page
@heavy(Cost.PDF)
def team_standings_pdf(request, visitor):
    page, release = pages.team_page(visitor), pages.release_of(visitor)
    settings = _options(request, visitor.tournament)
    return _pdf(lambda out: results.write_groups(out, page, release, **settings),
                f"{visitor.tournament.slug}-team-standings.pdf")


@public_page
@heavy(Cost.PDF)
def prizes_pdf(request, visitor):
    page, release = pages.prize_page(visitor), pages.release_of(visitor)
    settings = _options(request, visitor.tournament)
    return _pdf(lambda out: results.write_prizes(out, page, release, **settings),
                f"{visitor.tournament.slug}-prizes.pdf")
