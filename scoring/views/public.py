"""The public's result pages: standings per series and overall, clubs, teams, prizes, a
player's deals, the comparative standings and travellers. Each is a ``public_page``: the
visitor decides which series count; the rows come from the page layer (``results.page``,
``awards.page``, ``teams.page``, ``comparison.page``), the views only render them."""

from __future__ import annotations

from django.shortcuts import render

from scoring.awards.page import prize_page
from scoring.comparison import page as comparative
from scoring.forms import LotForm
from scoring.listings import (
    ComparativeTable,
    DealsTable,
    GroupTable,
    PlayerDecksTable,
    StandingsTable,
)
from scoring.release.page import release_of
from scoring.results import page as results
from scoring.results.extras import standings_columns
from scoring.results.player_page import player_page
from scoring.teams.page import team_page
from tournament.comparative.services import deal_set_of
from tournament.crowd import Cost, heavy
from tournament.live import live_public
from tournament.parsing import configure_table
from tournament.permissions import Visitor, public_page

PER_PAGE = 50


def _context(visitor: Visitor, comp, release=None, **extra):
    tournament = visitor.tournament
    release = release or release_of(visitor)
    return {"tournament": tournament, "organizer": visitor.staff, "comp": comp,
            "series_numbers": release.numbers, "released": release.released,
            "correcting": release.correcting, "comparative": deal_set_of(tournament),
            "public_view": release.public_view, "in_play": release.in_play, **extra}


def _table(request, table):
    configure_table(request, table, PER_PAGE)
    return table


def _standings_page(request, visitor: Visitor, number=None):
    page = results.standings_page(visitor, number, request.GET.get("club") or "")
    release = release_of(visitor)
    # the prize money is the released results' (money.columns): not beside provisional rows
    extras = ([] if page.comp.nothing_counted or release.in_play
              else standings_columns(visitor, number))
    table = _table(request, StandingsTable(page.rows, slug=visitor.tournament.slug,
                                           own_score=page.comp.ranking.own_score,
                                           extras=extras))
    return render(request, "scoring/standings.html", _context(
        visitor, page.comp, release, table=table, number=number, clubs=page.clubs,
        club_filter=page.club_filter, absent=page.absent, notes=page.notes))


@public_page
@live_public(in_play=True)
@heavy(Cost.PAGE)
def standings_overall(request, visitor):
    return _standings_page(request, visitor)


@public_page
@live_public(in_play=True)
@heavy(Cost.PAGE)
def standings_series(request, visitor, number):
    return _standings_page(request, visitor, number)


def _group_page(request, visitor: Visitor, page: results.GroupPage, pdf: str):
    return render(request, "scoring/groups.html", _context(
        visitor, page.comp, table=_table(request, GroupTable(page.rows)), title=page.title,
        explain=page.explain, absent=page.absent, pdf=pdf))


@public_page
@heavy(Cost.PAGE)
def club_standings(request, visitor):
    return _group_page(request, visitor, results.club_page(visitor),
                       "printing:club_standings_pdf")


@public_page
@heavy(Cost.PAGE)
def team_standings(request, visitor):
    return _group_page(request, visitor, team_page(visitor), "printing:team_standings_pdf")


@public_page
@heavy(Cost.PAGE)
def prize_list(request, visitor):
    page = prize_page(visitor)
    return render(request, "scoring/prizes.html", _context(
        visitor, page.comp, prizes=page.prizes, lead=page.lead, lot_form=LotForm(),
        absent=page.absent))


@public_page
@live_public(in_play=True)
@heavy(Cost.PAGE)
def player_deals(request, visitor, number):
    page = player_page(visitor, number)
    decks_table = (None if page.decks is None else
                   _table(request, PlayerDecksTable(page.decks, prefix="deck-")))
    return render(request, "scoring/player.html", _context(
        visitor, page.comp, table=_table(request, DealsTable(page.rows)), entry=page.entry,
        standing=page.standing, decks_table=decks_table, foot=page.foot,
        foot_heads=[("", "", page.entry.name)], substituted=page.substituted,
        comparative_standing=page.comparative_standing, total=page.total,
        penalties=page.penalties))


# -- Comparative Skat (docs/rules.md §13) -----------------------------------------------------


def _comparative_page(request, visitor: Visitor, number=None):
    page = comparative.comparative_page(visitor, number)
    table = _table(request, ComparativeTable(page.rows, slug=visitor.tournament.slug))
    return render(request, "scoring/comparative.html", _context(
        visitor, page.comparison, table=table, number=number, columns=page.columns,
        decks=page.decks))


@public_page
@heavy(Cost.PAGE)
def comparative_overall(request, visitor):
    return _comparative_page(request, visitor)


@public_page
@heavy(Cost.PAGE)
def comparative_series(request, visitor, number):
    return _comparative_page(request, visitor, number)


@public_page
@heavy(Cost.PAGE)
def comparative_deck(request, visitor, number, deck):
    page = comparative.deck_page(visitor, number, deck)
    return render(request, "scoring/traveller.html", _context(
        visitor, page.comparison, number=number, deck_number=deck, deck=page.deck,
        lines=page.lines, rows=page.rows, top=page.top, letters=page.letters,
        decks=page.decks, best_games=page.best_games))
