"""The season's public pages: the club's seasons, the ranking, a player's season. Every
number is ``seasons.services.season_ranking``'s for the visitor's audience (the public: the
released series of public evenings; the club's organizers: every counted series)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.views.decorators.http import require_safe

from exports.files import FORMATS
from money.currency import amount
from seasons.access import released_evenings, season_page
from seasons.chart import season_chart
from seasons.describe import describe, penalty_words, units_word
from seasons.models import Unit
from seasons.season_rows import (
    chart_points,
    ranking_records,
    statistics,
    unit_lines,
)
from seasons.services import evenings_of, season_ranking
from seasons.tables import SeasonRankingTable
from tournament.models import Club, Entry
from tournament.numbers import decimals
from tournament.parsing import configure_table, page_number
from tournament.permissions import organizes_club

PER_PAGE = 100  # a club's ranking on one page
EVENINGS_PER_PAGE = 50

GAME_WORDS = {
    "clubs": pgettext_lazy("game", "Clubs"), "spades": pgettext_lazy("game", "Spades"),
    "hearts": pgettext_lazy("game", "Hearts"), "diamonds": pgettext_lazy("game", "Diamonds"),
    "grand": pgettext_lazy("game", "Grand"), "null": pgettext_lazy("game", "Null"),
}


def _lead(ranking) -> str:
    evenings = ranking.evenings
    words = ngettext("%(count)s evening", "%(count)s evenings", evenings) % {"count": evenings}
    if ranking.units and ranking.units[0].series is not None:
        series = units_word(len(ranking.units), Unit.SERIES)
        return gettext("%(evenings)s, %(series)s counted.") % {"evenings": words,
                                                              "series": series}
    return gettext("%(evenings)s counted.") % {"evenings": words}


def _downloads(visitor, sort: str = "") -> list[tuple[str, str]]:
    """The PDF (the notice board's: the ranking's order) and the files, in the order the
    page is sorted."""
    season = visitor.season
    args = [season.club_id, season.slug]
    query = f"?{urlencode({'sort': sort})}" if sort else ""
    return [("PDF", reverse("seasons:ranking_pdf", args=args)),
            *[(fmt.upper(), reverse("seasons:ranking_export", args=[*args, fmt]) + query)
              for fmt in FORMATS]]


def _season_context(visitor, ranking) -> dict[str, object]:
    season = visitor.season
    return {"season": season, "club": season.club, "visitor": visitor, "ranking": ranking,
            "problem": ranking.problem,
            "rules_words": "" if ranking.problem else describe(ranking.rules, season.unit),
            "edit_url": (reverse("seasons:season_edit", args=[season.club_id, season.slug])
                         if visitor.organizer else "")}


@require_safe
@season_page
def ranking(request, visitor):
    found = season_ranking(visitor.season, public=visitor.public)
    context = _season_context(visitor, found)
    rules = found.rules
    if not found.problem and found.rows:
        records = ranking_records(found, visitor.season.club_id, visitor.season.slug)
        table = SeasonRankingTable(records, penalties=rules.absence_penalty is not None)
        context.update(
            table=configure_table(request, table, PER_PAGE), lead=_lead(found),
            not_qualified=any(not r.qualified and not r.guest for r in found.rows),
            guests=any(r.guest for r in found.rows),
            minimum=units_word(rules.min_played, visitor.season.unit))
    context["downloads"] = _downloads(visitor, request.GET.get("sort", "")[:40])
    return render(request, "seasons/pages/ranking.html", context)


def _visible_evenings(visitor):
    evenings = evenings_of(visitor.season)
    return evenings.filter(public=True) if visitor.public else evenings


@require_safe
@season_page
def player_season(request, visitor, player):
    found = season_ranking(visitor.season, public=visitor.public)
    context = _season_context(visitor, found)
    row = None if found.problem else found.row_of(player)
    if row is None:
        played = player in found.scores
        if not played and not Entry.objects.filter(tournament__in=_visible_evenings(visitor),
                                                   player_id=player).exists():
            raise Http404(gettext("No such player in this season."))
        context.update(player=player, played=played)
        return render(request, "seasons/pages/player_empty.html", context)
    person = found.person(player)
    lines = unit_lines(found, row)
    stats = statistics(found, player)
    unit = visitor.season.unit
    context.update(
        person=person, row=row, value_words=decimals(row.value), lines=lines,
        chart=season_chart(chart_points(lines)),
        penalty_words=penalty_words(found.rules, row.missed, unit),
        played_words=units_word(row.played, unit), missed_words=units_word(row.missed, unit),
        stats=stats, games=[(GAME_WORDS.get(g.name, g.name.replace("_", " ").title()), g)
                            for g in stats.games],
        fees=[amount(cents, currency, request.LANGUAGE_CODE) for currency, cents in stats.fees],
        minimum=units_word(found.rules.min_played, unit),
        ranking_url=reverse("seasons:ranking", args=[visitor.season.club_id,
                                                     visitor.season.slug]))
    return render(request, "seasons/pages/player.html", context)


@require_safe
def club_seasons(request, club):
    """The club's seasons that have a public evening (all of them for its organizers) and
    its evenings; a 404 when the public would see no season."""
    found = get_object_or_404(Club, pk=club)
    organizer = organizes_club(request.user, found)
    evenings = found.evenings.order_by("-start_date", "-id")
    if not organizer:
        evenings = released_evenings(evenings)
    days = list(evenings.values_list("start_date", flat=True))
    seasons = [s for s in found.seasons.all()
               if organizer or any(s.first_day <= day <= s.last_day for day in days)]
    if not seasons and not organizer:
        raise Http404(gettext("No such club."))
    page = Paginator(evenings.only("id", "slug", "name", "start_date", "public"),
                     EVENINGS_PER_PAGE).get_page(page_number(request))
    return render(request, "seasons/pages/club.html", {
        "club": found, "organizer": organizer, "seasons": seasons, "evenings": page})
