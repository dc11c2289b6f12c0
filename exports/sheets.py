"""What each download holds, built once here from the page layer's own call, so that a file
holds exactly the rows its page shows the same visitor: the released series for the public,
every series for the staff (``permissions.Visitor``), the published names for the public
(``tournament.privacy``, applied by the loaders). Nothing here computes a result.

Each function answers a ``files.Sheet``: the table over the page's rows, the file's name and
the sheet's title in the reader's language. A table the page hides ("Nothing is released
yet") is a file of headers only.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext

from engine import EngineError
from exports.files import Sheet
from exports.tables.prizes import PrizeExport
from exports.tables.results import (
    ComparativeExport,
    DealsExport,
    GroupExport,
    PlayerDecksExport,
    StandingsExport,
)
from exports.tables.room import AuditExport, EntryExport, SeatingExport
from exports.tables.travellers import DeckLine, TravellerExport
from scoring.awards.page import prize_page
from scoring.comparison import page as comparative_pages
from scoring.results import page as results
from scoring.results.extras import standings_columns
from scoring.results.player_page import player_page
from scoring.teams.page import team_page
from tournament.models import Series, Tournament
from tournament.permissions import Visitor
from tournament.registration import attendance
from tournament.seating import charts

# -- results (scoring) ------------------------------------------------------------------------


def standings(visitor: Visitor, number: int | None = None, club: str = "") -> Sheet:
    """The standings overall or of series ``number``, of one club's players with ``club``
    (the page's filter)."""
    page = results.standings_page(visitor, number, club)
    rows = [] if page.comp.nothing_counted else page.rows
    extras = [] if page.comp.nothing_counted else standings_columns(visitor, number)
    table = StandingsExport(rows, slug=visitor.tournament.slug,
                            own_score=page.comp.ranking.own_score, extras=extras)
    name = f"standings-series-{number}" if number else "standings"
    title = (gettext("Standings series %(number)s") % {"number": number} if number
             else gettext("Standings"))
    if club and page.club_name:
        name += f"-{slugify(page.club_name) or 'club'}"
        title += f" · {page.club_name}"
    return Sheet(table, name, title)


def _groups(page: results.GroupPage, name: str) -> Sheet:
    rows = [] if page.comp.nothing_counted else page.rows
    return Sheet(GroupExport(rows), name, page.title)


def clubs(visitor: Visitor) -> Sheet:
    return _groups(results.club_page(visitor), "clubs")


def teams(visitor: Visitor) -> Sheet:
    return _groups(team_page(visitor), "teams")


def prizes(visitor: Visitor) -> Sheet:
    page = prize_page(visitor)
    rows = [] if page.comp.nothing_counted else page.prizes
    return Sheet(PrizeExport(rows), "prizes", gettext("Prizes"))


def player_deals(visitor: Visitor, number: int) -> Sheet:
    """Every deal and penalty that moved a player's Points (his page's table)."""
    page = player_page(visitor, number)
    rows = [] if page.comp.nothing_counted else page.rows
    return Sheet(DealsExport(rows), f"player-{number}-deals",
                 gettext("Player %(number)s: deals") % {"number": number})


def player_decks(visitor: Visitor, number: int) -> Sheet:
    """A player's decks against the field (Comparative Skat; his page's first table)."""
    page = player_page(visitor, number)
    if page.decks is None:
        raise Http404(gettext("This tournament is not played comparatively."))
    return Sheet(PlayerDecksExport(page.decks), f"player-{number}-decks",
                 gettext("Player %(number)s: decks") % {"number": number})


def comparative(visitor: Visitor, number: int | None = None) -> Sheet:
    page = comparative_pages.comparative_page(visitor, number)
    table = ComparativeExport(page.rows, slug=visitor.tournament.slug)
    if number:
        return Sheet(table, f"comparative-series-{number}",
                     gettext("Comparative standings series %(number)s") % {"number": number})
    return Sheet(table, "comparative", gettext("Comparative standings"))


def traveller(visitor: Visitor, number: int, deck: int) -> Sheet:
    """One deck's traveller, with the letters its page shows."""
    page = comparative_pages.deck_page(visitor, number, deck)
    rows = [DeckLine(deck, shown.line, shown.cells) for shown in page.rows]
    return Sheet(TravellerExport(rows, letters=page.letters),
                 f"traveller-series-{number}-deck-{deck}",
                 gettext("Series %(number)s, deck %(deck_number)s")
                 % {"number": number, "deck_number": deck})


def travellers(visitor: Visitor, number: int) -> Sheet:
    """Every deck's traveller of series ``number``, deck by deck, every letter (at a
    four-table the dealer's cells are empty: he sat the deck out)."""
    found = comparative_pages.comparison(visitor, number)
    decks = dict(found.decks_by_series()).get(number, [])
    rows = [DeckLine(deck.number, line, line.cells)
            for deck in decks for line in found.traveller(deck)]
    return Sheet(TravellerExport(rows, letters=found.letters), f"travellers-series-{number}",
                 gettext("Travellers series %(number)s") % {"number": number})


# -- the room (tournament) --------------------------------------------------------------------


def seating(visitor: Visitor, number: int) -> Sheet:
    """The seating plan of a series by table and seat, as its chart shows it: a published
    plan for the public, a draft too for the staff."""
    series = get_object_or_404(Series, tournament=visitor.tournament, number=number)
    if not visitor.sees_seating_of(series):
        raise Http404(gettext("This series is not seated yet."))
    rows = charts.seat_rows(series, public=visitor.released_only)
    ordered = [row for _table, seats in charts.tables_of(rows) for row in seats]
    return Sheet(SeatingExport(ordered), f"seating-series-{number}",
                 gettext("Seating series %(number)s") % {"number": number})


def players(tournament: Tournament, q: str = "", club: str = "", status: str = "") -> Sheet:
    """The organizer's player list, narrowed by the page's filters (``EntryFilterForm``)."""
    entries = attendance.search_entries(tournament, q=q, club=club, status=status)
    return Sheet(EntryExport(entries, slug=tournament.slug), "players", gettext("Players"))


def audit(tournament: Tournament, entries) -> Sheet:
    """The audit log's ``entries`` (the page's filters applied), each with the changes the
    page lists, in the reader's language."""
    rules, options = _rules_of(tournament)
    return Sheet(AuditExport(entries, rules=rules, options=options), "audit",
                 gettext("Audit log"))


def _rules_of(tournament: Tournament):
    try:
        return tournament.rules, tournament.resolved_options
    except EngineError:  # a rule set or option gone since: games and deals as stored
        return None, None
