"""Standings, club and team standings and the prize list as PDFs, for whoever may see the page
that shows the same thing: each is a ``public_page`` like its page, fed by the same
page-layer call (``scoring.results.page`` and the like), so a stranger gets a private
tournament's 404 and the released series only, and its staff every series, exactly as on the
page."""

from __future__ import annotations

from django.utils import translation

from printing import results
from printing.views.common import options as _options
from printing.views.common import pdf as _pdf
from scoring.awards.page import prize_page
from scoring.release.page import release_of
from scoring.results.page import club_page, standings_page
from scoring.teams.page import team_page
from tournament.crowd import Cost, heavy
from tournament.languages import print_language
from tournament.permissions import Visitor, public_page


def _standings(request, visitor: Visitor, number: int | None = None):
    tournament = visitor.tournament
    name = f"{tournament.slug}-{f's{number}-' if number else ''}standings.pdf"
    settings = _options(request, visitor.tournament)
    # the page layer's words (the ranking's lead, the notes) in the PDF's language too
    with translation.override(print_language(tournament, request)):
        page = standings_page(visitor, number, request.GET.get("club") or "")
        release = release_of(visitor, number)
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
    settings = _options(request, visitor.tournament)
    with translation.override(print_language(visitor.tournament, request)):
        page, release = club_page(visitor), release_of(visitor)
        return _pdf(lambda out: results.write_groups(out, page, release, **settings),
                    f"{visitor.tournament.slug}-club-standings.pdf")


@public_page
@heavy(Cost.PDF)
def team_standings_pdf(request, visitor):
    settings = _options(request, visitor.tournament)
    with translation.override(print_language(visitor.tournament, request)):
        page, release = team_page(visitor), release_of(visitor)
        return _pdf(lambda out: results.write_groups(out, page, release, **settings),
                    f"{visitor.tournament.slug}-team-standings.pdf")


@public_page
@heavy(Cost.PDF)
def prizes_pdf(request, visitor):
    settings = _options(request, visitor.tournament)
    with translation.override(print_language(visitor.tournament, request)):
        page, release = prize_page(visitor), release_of(visitor)
        return _pdf(lambda out: results.write_prizes(out, page, release, **settings),
                    f"{visitor.tournament.slug}-prizes.pdf")
