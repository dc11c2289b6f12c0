"""The public's result pages: standings per series and overall, clubs, teams, prizes, a
player's deals. Each is a ``public_page``: the visitor decides which series count."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from scoring import pages
from scoring.comparison import services as comparisons
from scoring.forms import LotForm
from scoring.listings import (
    ComparativeTable,
    DealsTable,
    GroupTable,
    PlayerDecksTable,
    StandingsTable,
)
from scoring.prizes import describe_game
from scoring.results import services as result_services
from scoring.results.loaders import Results
from tournament.comparative.services import deal_set_of
from tournament.crowd import Cost, heavy
from tournament.models import Club, Entry
from tournament.parsing import configure_table
from tournament.permissions import Visitor, public_page
from tournament.sheets.page import foot_lines

PER_PAGE = 50


def _context(visitor: Visitor, comp, **extra):
    tournament = visitor.tournament
    release = pages.release_of(visitor)
    return {"tournament": tournament, "organizer": visitor.staff, "comp": comp,
            "series_numbers": release.numbers, "released": release.released,
            "correcting": release.correcting, "comparative": deal_set_of(tournament),
            "public_view": release.public_view, **extra}


def _standings_page(request, visitor: Visitor, number=None):
    tournament = visitor.tournament
    if number is not None and not tournament.series.filter(number=number).exists():
        raise Http404("No such series.")
    page = pages.standings_page(visitor, number, request.GET.get("club") or "")
    comp = page.comp
    table = StandingsTable(page.rows, slug=tournament.slug,
                           own_score=comp.ranking.own_score)
    configure_table(request, table, PER_PAGE)
    club_ids = {p.club_id for p in comp.players.values() if p.club_id}
    clubs = Club.objects.filter(id__in=club_ids).order_by("name")
    return render(request, "scoring/standings.html", _context(
        visitor, comp, table=table, number=number, clubs=clubs,
        club_filter=page.club_filter, absent=page.absent, notes=page.notes))


@public_page
@heavy(Cost.PAGE)
def standings_overall(request, visitor):
    return _standings_page(request, visitor)


@public_page
@heavy(Cost.PAGE)
def standings_series(request, visitor, number):
    return _standings_page(request, visitor, number)


def _group_page(request, visitor: Visitor, page: pages.GroupPage, pdf: str):
    table = GroupTable(page.rows)
    configure_table(request, table, PER_PAGE)
    return render(request, "scoring/groups.html", _context(
        visitor, page.comp, table=table, title=page.title, explain=page.explain,
        absent=page.absent, pdf=pdf))


@public_page
@heavy(Cost.PAGE)
def club_standings(request, visitor):
    return _group_page(request, visitor, pages.club_page(visitor),
                       "printing:club_standings_pdf")


@public_page
@heavy(Cost.PAGE)
def team_standings(request, visitor):
    return _group_page(request, visitor, pages.team_page(visitor),
                       "printing:team_standings_pdf")


@public_page
@heavy(Cost.PAGE)
def prize_list(request, visitor):
    page = pages.prize_page(visitor)
    return render(request, "scoring/prizes.html", _context(
        visitor, page.comp, prizes=page.prizes, lead=page.lead, lot_form=LotForm(),
        absent=page.absent))


@public_page
@heavy(Cost.PAGE)
def player_deals(request, visitor, number):
    entry = get_object_or_404(Entry, tournament=visitor.tournament, number=number)
    comp = result_services.results_for(visitor)  # his place, from the cached standings
    rows = _player_rows(result_services.player_results(comp, entry.id), entry.id)
    table = DealsTable(rows)
    configure_table(request, table, PER_PAGE)
    standing = next((s for s in comp.standings if s.entry == entry.id), None)
    decks_table = comparative_standing = None
    if deal_set_of(visitor.tournament) is not None:
        comparison = comparisons.comparative_results(visitor)
        comparative_standing = comparison.standing_of(entry.id)
        decks_table = PlayerDecksTable(
            [_player_deck_row(visitor, p) for p in comparison.player_decks(entry.id)],
            prefix="deck-")
        configure_table(request, decks_table, PER_PAGE)
    # the Seeger-Fabian foot of all his counted deals: the standing's own numbers
    foot = (foot_lines((standing.foot,)) if standing is not None and comp.ranking.foot
            else [])
    return render(request, "scoring/player.html", _context(
        visitor, comp, table=table, entry=entry, standing=standing, decks_table=decks_table,
        foot=foot, foot_heads=[("", "", entry.name)],
        substituted=pages.absence_notes(comp, entry.id),
        comparative_standing=comparative_standing, total=sum(r["points"] for r in rows),
        penalties=sum(1 for r in rows if r["role"] == "penalty")))


def _player_rows(results: Results, entry: int) -> list[dict]:
    """Every deal and penalty that moved the player's Points, so that the rows add up to the
    standings: a game as declarer, a Ramsch or Contra or revoke charge, a penalty."""
    rows = []
    for d in results.deals:
        if entry != d.declarer and entry not in d.entries:
            continue
        role = ("declarer" if d.declarer == entry else
                "lost the Ramsch" if d.game == "ramsch" else "opponent")
        # the sheet's own words for the game, so that a game has one name on every page
        game = d.description or describe_game(d).split(" (series")[0]
        rows.append({"where": f"{d.series} / {d.table_number} / {d.number}",
                     "order": (d.series, d.table_number or 0, d.number),
                     "game": game, "role": role, "points": d.entries.get(entry, 0)})
    for p in results.penalties:
        if p.entry == entry:
            rows.append({"where": f"{p.series} / {p.table_number}",
                         "order": (p.series or 0, p.table_number or 0, 10_000),
                         "game": f"Penalty: {p.reason}", "role": "penalty",
                         "points": -p.points})
    return rows


def _player_deck_row(visitor: Visitor, p: comparisons.PlayerDeck) -> dict:
    difference = None if p.field is None else p.field - p.score
    verdict = ("—" if difference is None else "did better" if difference > 0 else
               "did worse" if difference < 0 else "did the same")
    return {"deck": f"{p.deck.series} / {p.deck.number}",
            "order": (p.deck.series, p.deck.number),
            "url": reverse("scoring:comparative_deck",
                           args=[visitor.tournament.slug, p.deck.series, p.deck.number]),
            "letter": p.letter, "score": p.score, "field": p.field, "verdict": verdict,
            "difference": difference, "matchpoints": p.matchpoints, "top": p.top,
            "percent": p.percent}


# -- Comparative Skat (docs/rules.md §13) -----------------------------------------------------


def _comparative_page(request, visitor: Visitor, number=None):
    comparison = pages.comparison(visitor, number)
    rows = []
    for s in comparison.standings:
        player = comparison.player(s.player)
        rows.append({"place": s.place, "rank": s.rank, "tied": s.tied,
                     "number": player.number, "name": player.name,
                     "sort_name": player.sort_name, "decks": s.decks,
                     "matchpoints": s.matchpoints, "percent": s.percent})
    table = ComparativeTable(rows, slug=visitor.tournament.slug)
    configure_table(request, table, PER_PAGE)
    columns = [(letter, [(c, comparison.player(c.player)) for c in column])
               for letter, column in comparison.columns.items()]
    return render(request, "scoring/comparative.html", _context(
        visitor, comparison, table=table, number=number, columns=columns,
        decks=comparison.decks_by_series()))


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
    comparison = pages.comparison(visitor, number)
    if not 1 <= deck <= comparison.deal_set.decks:
        raise Http404("No such deck.")
    found = comparison.deck(number, deck)
    lines = comparison.traveller(found) if found else []
    # at a four-table the dealer's letter sits the deck out: its column would be all dashes
    sat_out = found.dealer if found and comparison.deal_set.table_size == 4 else None
    letters = [letter for letter in comparison.letters if letter != sat_out]
    rows = [(line, [cell for letter, cell in zip(comparison.letters, line.cells, strict=True)
                    if letter != sat_out]) for line in lines]
    return render(request, "scoring/traveller.html", _context(
        visitor, comparison, number=number, deck_number=deck, deck=found, lines=lines,
        rows=rows, top=comparison.top(found) if found else None,
        letters=letters, decks=comparison.decks_by_series()))
