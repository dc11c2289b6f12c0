"""Reads of a comparative tournament (docs/rules.md §13): the standings by matchpoints,
overall and of a series, and a deck's traveller, from ``scoring.comparison.page`` as its pages
show them. Matchpoints and percentages are exact fractions there; here they are numbers (the
pages print two decimals)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.translation import gettext
from ninja import Path, Query, Router

from api import conditional
from api.auth import READERS, visitor_of
from api.paging import Paging, paged
from api.results import player_ref
from api.schemas import Comparative, Traveller
from api.tournaments import NUMBER, READ_ANSWERS, SLUG
from scoring.comparison import page as comparative
from scoring.release.page import release_of
from tournament.comparative.services import deal_set_of
from tournament.permissions import Visitor

router = Router(auth=READERS, tags=["comparative"])

DECK = Path(..., ge=1, le=1000, description="The deck's number in the set.")


def played_comparatively(visitor: Visitor, series: int | None = None) -> None:
    """The 404s of the comparative pages, said before anything is computed or spent."""
    if deal_set_of(visitor.tournament) is None:
        raise Http404(gettext("This tournament is not played comparatively."))
    if series is not None and not visitor.tournament.series.filter(number=series).exists():
        raise Http404(gettext("No such series."))


def number(value) -> float | None:
    return None if value is None else float(value)


def _standings(request, visitor: Visitor, paging: Paging, series: int | None) -> dict:
    page = comparative.comparative_page(visitor, series)
    found = page.comparison
    rows = [{"place": r.place, "rank": r.rank, "tied": r.tied, "number": r.number,
             "name": r.name, "decks": r.decks, "matchpoints": float(r.matchpoints),
             "percent": float(r.percent)} for r in page.rows]
    return {"tournament": visitor.tournament.slug, "series": series,
            "counted": release_of(visitor, series).counted,
            "provisional": found.provisional, **paged(request, rows, paging)}


@router.get("/tournaments/{slug}/comparative", response={200: Comparative, **READ_ANSWERS},
            url_name="comparative", operation_id="comparative")
def standings(request, response: HttpResponse, paging: Query[Paging], slug: str = SLUG):
    """The comparative standings over the series the caller sees (404: the tournament is not
    played comparatively)."""
    visitor = visitor_of(request, slug)
    played_comparatively(visitor)
    return conditional.read(request, response, visitor,
                            lambda: _standings(request, visitor, paging, None))


@router.get("/tournaments/{slug}/comparative/series/{number}",
            response={200: Comparative, **READ_ANSWERS}, url_name="comparative_series",
            operation_id="comparative_series")
def series_standings(request, response: HttpResponse, paging: Query[Paging],
                     slug: str = SLUG, number: int = NUMBER):
    """The comparative standings of one series."""
    visitor = visitor_of(request, slug)
    played_comparatively(visitor, number)
    return conditional.read(request, response, visitor,
                            lambda: _standings(request, visitor, paging, number))


def _traveller(visitor: Visitor, series: int, deck: int) -> dict:
    page = comparative.deck_page(visitor, series, deck)
    lines = []
    for shown in page.rows:
        line = shown.line
        lines.append({
            "table": line.table, "deal": line.deal, "declarer_letter": line.declarer_letter,
            "declarer": player_ref(line.declarer) if line.declarer else None,
            "game": line.description, "value": line.value, "won": line.won,
            "cells": [{"letter": c.letter, "player": player_ref(c.player), "score": c.score,
                       "matchpoints": number(c.matchpoints), "percent": number(c.percent)}
                      for c in shown.cells if c is not None]})
    return {"tournament": visitor.tournament.slug, "series": series, "deck": deck,
            "dealer": page.deck.dealer if page.deck else None, "top": page.top,
            "letters": page.letters, "lines": lines}


@router.get("/tournaments/{slug}/comparative/series/{number}/decks/{deck}",
            response={200: Traveller, **READ_ANSWERS}, url_name="traveller",
            operation_id="traveller")
def traveller(request, response: HttpResponse, slug: str = SLUG, number: int = NUMBER,
              deck: int = DECK):
    """A deck's traveller: every counted table's play of the same cards, with each letter's
    score and matchpoints."""
    visitor = visitor_of(request, slug)
    played_comparatively(visitor, number)
    return conditional.read(request, response, visitor,
                            lambda: _traveller(visitor, number, deck))
