"""Reads of results: the standings overall and of a series, clubs, teams, the prizes and a
player's deals, each the rows its HTML page shows, from the same page-layer call with the same
visitor (``scoring/*/page.py``): the same series counted, the same numbers, the same names."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.translation import gettext
from ninja import Path, Query, Router

from api import conditional
from api.auth import READERS, visitor_of
from api.paging import Paging, paged
from api.schemas import Groups, PlayerResults, Prizes, Standings
from api.tournaments import NUMBER, READ_ANSWERS, SLUG
from scoring.awards.page import prize_page
from scoring.results import page as results
from scoring.results.loaders import PlayerInfo
from scoring.results.player_page import player_page
from scoring.results.services import Computation
from scoring.teams.page import team_page
from tournament.models import Entry
from tournament.permissions import Visitor

router = Router(auth=READERS, tags=["results"])

PLAYER = Path(..., ge=1, le=1_000_000, description="The player's participant number.")


def player_ref(player: PlayerInfo) -> dict:
    return {"number": player.number, "name": player.name, "club": player.club}


def about(comp: Computation, visitor: Visitor) -> dict:
    """What every result table says besides its rows."""
    return {"tournament": visitor.tournament.slug, "series": comp.series,
            "counted": list(comp.counted), "provisional": comp.provisional}


def _standings(request, visitor: Visitor, paging: Paging, number: int | None) -> dict:
    page = results.standings_page(visitor, number)
    rows = [{"place": r.place, "rank": r.rank, "tied": r.tied, "number": r.number,
             "name": r.name, "club": r.club, "points": r.points, "won": r.won, "lost": r.lost,
             "games": r.games, "score": r.score} for r in page.rows]
    return {**about(page.comp, visitor), **paged(request, rows, paging),
            "system": page.comp.system.value, "notes": page.notes,
            "absent": [player_ref(p) for p in page.absent]}


@router.get("/tournaments/{slug}/standings", response={200: Standings, **READ_ANSWERS},
            url_name="standings", operation_id="standings")
def standings(request, response: HttpResponse, paging: Query[Paging], slug: str = SLUG):
    """The standings over the series the caller sees (the public: the released ones)."""
    visitor = visitor_of(request, slug)
    return conditional.read(request, response, visitor,
                            lambda: _standings(request, visitor, paging, None))


@router.get("/tournaments/{slug}/series/{number}/standings",
            response={200: Standings, **READ_ANSWERS}, url_name="series_standings",
            operation_id="series_standings")
def series_standings(request, response: HttpResponse, paging: Query[Paging],
                     slug: str = SLUG, number: int = NUMBER):
    """The standings of one series (empty for the public until it is released)."""
    visitor = visitor_of(request, slug)
    if not visitor.tournament.series.filter(number=number).exists():
        raise Http404(gettext("There is no series %(number)s.") % {"number": number})
    return conditional.read(request, response, visitor,
                            lambda: _standings(request, visitor, paging, number))


def _groups(request, visitor: Visitor, paging: Paging, page: results.GroupPage) -> dict:
    rows = [{"place": r.place, "rank": r.rank, "name": r.name, "score": r.score,
             "counted": r.counted, "members": list(r.names)} for r in page.rows]
    return {**about(page.comp, visitor), **paged(request, rows, paging),
            "explain": page.explain}


@router.get("/tournaments/{slug}/clubs", response={200: Groups, **READ_ANSWERS},
            url_name="clubs", operation_id="clubs")
def clubs(request, response: HttpResponse, paging: Query[Paging], slug: str = SLUG):
    """The clubs' standings: each club's score and the players counted."""
    visitor = visitor_of(request, slug)
    return conditional.read(request, response, visitor, lambda: _groups(
        request, visitor, paging, results.club_page(visitor)))


@router.get("/tournaments/{slug}/teams", response={200: Groups, **READ_ANSWERS},
            url_name="teams", operation_id="teams")
def teams(request, response: HttpResponse, paging: Query[Paging], slug: str = SLUG):
    """The teams' standings (registered tandems and teams)."""
    visitor = visitor_of(request, slug)
    return conditional.read(request, response, visitor, lambda: _groups(
        request, visitor, paging, team_page(visitor)))


def _prizes(request, visitor: Visitor, paging: Paging) -> dict:
    page = prize_page(visitor)
    rows = [{"number": r.prize.number, "title": str(r.prize.title), "reason": r.prize.reason,
             "winners": [player_ref(p) for p in r.winners],
             "candidates": [player_ref(p) for p in r.candidates], "tie": r.prize.tie,
             "by_lot": r.prize.by_lot, "unawarded": r.prize.unawarded,
             "provisional": r.prize.provisional} for r in page.prizes]
    return {**about(page.comp, visitor), **paged(request, rows, paging), "lead": page.lead}


@router.get("/tournaments/{slug}/prizes", response={200: Prizes, **READ_ANSWERS},
            url_name="prizes", operation_id="prizes")
def prizes(request, response: HttpResponse, paging: Query[Paging], slug: str = SLUG):
    """The prize list: each prize with its winner, or the players tied for it, and the
    reason to read aloud."""
    visitor = visitor_of(request, slug)
    return conditional.read(request, response, visitor,
                            lambda: _prizes(request, visitor, paging))


def _player(request, visitor: Visitor, paging: Paging, number: int) -> dict:
    page = player_page(visitor, number)
    me = page.entry  # his number, name (as the visitor reads it) and club
    rows = [{"series": r.order[0], "table": r.order[1],
             "deal": None if r.penalty else r.order[2], "game": r.game, "role": r.role,
             "points": r.points, "penalty": r.penalty} for r in sorted(page.rows,
                                                                       key=lambda r: r.order)]
    standing = page.standing
    return {"tournament": visitor.tournament.slug, "number": me.number, "name": me.name,
            "club": me.club, "place": standing.place if standing else None,
            "points": standing.points if standing else None,
            "score": standing.score if standing else None, "total": page.total,
            "counted": list(page.comp.counted), "provisional": page.comp.provisional,
            **paged(request, rows, paging)}


@router.get("/tournaments/{slug}/players/{number}",
            response={200: PlayerResults, **READ_ANSWERS}, url_name="player",
            operation_id="player")
def player(request, response: HttpResponse, paging: Query[Paging], slug: str = SLUG,
           number: int = PLAYER):
    """A player's place and every deal and penalty that moved his Points, in the series the
    caller sees."""
    visitor = visitor_of(request, slug)
    if not Entry.objects.filter(tournament=visitor.tournament, number=number).exists():
        raise Http404(gettext("There is no player number %(number)s in this tournament.")
                      % {"number": number})
    return conditional.read(request, response, visitor,
                            lambda: _player(request, visitor, paging, number))
