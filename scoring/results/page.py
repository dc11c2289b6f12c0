"""The rows of the standings and club pages, built once here: the HTML pages
(``scoring.views.public``), the PDFs (``printing.results``) and what reads results next (an
export, an API) show the same rows from the same calls, so a PDF cannot show more, or other,
results than its page shows the same visitor.

Which series count is the visitor's (``results_for``); nothing here decides a release.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext, ngettext

from scoring.models import MissingDeals, Substitutes
from scoring.prize_list import plus
from scoring.results import services as results
from scoring.results.loaders import PlayerInfo
from scoring.results.services import Computation
from scoring.settings.services import club_best
from scoring.standings import place_label
from tournament.models import Club
from tournament.permissions import Visitor


@dataclass(frozen=True)
class StandingRow:
    """One player's line of the standings."""

    place: str  # "3" or "3=" for a tie
    rank: int
    tied: bool
    number: int
    name: str
    sort_name: str
    sort_label: str  # "Müller, Jürgen", with his number where another shares the name
    club: str
    points: int
    won: int
    lost: int
    games: int
    score: int  # what the scoring system ranks (``ranking.Ranking.own_score``)


@dataclass(frozen=True)
class StandingsPage:
    comp: Computation
    rows: list[StandingRow]
    club_filter: str
    absent: list[PlayerInfo]
    notes: list[str] = field(default_factory=list)  # tables that could not finish

    @property
    def club_name(self) -> str:
        """The club the rows are filtered to ("" for all clubs)."""
        return next((p.club for p in self.comp.players.values()
                     if str(p.club_id) == self.club_filter), "")

    @property
    def clubs(self) -> QuerySet[Club]:
        """The clubs of the players, by name: the page's filter (one query, when read)."""
        ids = {p.club_id for p in self.comp.players.values() if p.club_id}
        return Club.objects.filter(id__in=ids).order_by("name")


def standings_page(visitor: Visitor, number: int | None = None,
                   club_filter: str = "") -> StandingsPage:
    """The standings overall or of series ``number`` (a 404 for a series the tournament does
    not have), optionally of one club's players."""
    if number is not None and not visitor.tournament.series.filter(number=number).exists():
        raise Http404(gettext("No such series."))
    comp = results.results_for(visitor, series=number)
    rows = []
    for s in comp.standings:
        player = comp.player(s.entry)
        if club_filter and str(player.club_id) != club_filter:
            continue
        rows.append(StandingRow(s.place, s.rank, s.tied, player.number, player.name,
                                player.sort_name, player.sort_label, player.club, s.points,
                                s.won, s.lost, s.games, s.score))
    return StandingsPage(comp, rows, club_filter, comp.absent_players(club_filter),
                         absence_notes(comp))


def absence_notes(comp: Computation, entry: int | None = None) -> list[str]:
    """A sentence for each counted table that could not finish, saying how it counts
    (docs/rules.md §10): the standings' page and PDF print them under the table; with
    ``entry``, only the substitutions that player took part in (his page)."""
    notes = []
    for a in comp.results.absences:
        if entry is not None and entry not in (a.substitute, a.replaced):
            continue
        if a.ended_after is not None:
            missing = (a.scheduled or 0) - a.ended_after
            words = {"series": a.series, "table": a.table, "after": a.ended_after,
                     "scheduled": a.scheduled, "count": missing, "credit": plus(a.credit)}
            if comp.missing_deals == MissingDeals.NOTHING:
                notes.append(ngettext(
                    "Series %(series)s, table %(table)s: the director ended the sheet after "
                    "deal %(after)s of %(scheduled)s; the %(count)s deal not played count "
                    "nothing.",
                    "Series %(series)s, table %(table)s: the director ended the sheet after "
                    "deal %(after)s of %(scheduled)s; the %(count)s deals not played count "
                    "nothing.", missing) % words)
            else:
                notes.append(ngettext(
                    "Series %(series)s, table %(table)s: the director ended the sheet after "
                    "deal %(after)s of %(scheduled)s; the %(count)s deal not played count the "
                    "table's average: %(credit)s for each player.",
                    "Series %(series)s, table %(table)s: the director ended the sheet after "
                    "deal %(after)s of %(scheduled)s; the %(count)s deals not played count the "
                    "table's average: %(credit)s for each player.", missing) % words)
            continue
        sub, absent = comp.player(a.substitute or 0), comp.player(a.replaced or 0)
        words = {"series": a.series, "table": a.table, "deal": a.from_deal,
                 "substitute": sub.name, "substitute_number": sub.number, "seat": a.seat,
                 "absent": absent.name, "absent_number": absent.number,
                 "last": (a.from_deal or 1) - 1}
        notes.append({
            Substitutes.ABSENT_KEEPS: gettext(
                "Series %(series)s, table %(table)s: from deal %(deal)s %(substitute)s "
                "(#%(substitute_number)s) played seat %(seat)s for %(absent)s "
                "(#%(absent_number)s); %(absent)s keeps deals 1–%(last)s; %(substitute)s's "
                "deals count for nobody."),
            Substitutes.EACH_OWN: gettext(
                "Series %(series)s, table %(table)s: from deal %(deal)s %(substitute)s "
                "(#%(substitute_number)s) played seat %(seat)s for %(absent)s "
                "(#%(absent_number)s); each counts their own deals."),
            Substitutes.FOR_ABSENT: gettext(
                "Series %(series)s, table %(table)s: from deal %(deal)s %(substitute)s "
                "(#%(substitute_number)s) played seat %(seat)s for %(absent)s "
                "(#%(absent_number)s); the seat's deals all count for %(absent)s."),
        }[Substitutes(comp.substitutes)] % words)
    return notes


@dataclass(frozen=True)
class GroupRow:
    """A club or team: its place, its score and the players counted."""

    place: str
    rank: int
    name: str
    score: int
    counted: int
    names: tuple[str, ...]  # the players counted, as the pages name them

    @property
    def members(self) -> str:
        return ", ".join(self.names)


def group_row(rank: int, tied: bool, name: str, score: int, entries,
              comp: Computation) -> GroupRow:
    names = tuple(comp.player(e).label for e in entries)
    return GroupRow(place_label(rank, tied), rank, name, score, len(names), names)


@dataclass(frozen=True)
class GroupPage:
    """Clubs or teams: each ranked with its score and the players counted."""

    comp: Computation
    title: str
    explain: str
    rows: list[GroupRow]
    absent: list[PlayerInfo]


def club_page(visitor: Visitor) -> GroupPage:
    comp = results.results_for(visitor)
    names = dict(Club.objects.values_list("id", "name"))
    rows = [group_row(c.rank, c.tied, names.get(c.club, "?"), c.score, c.counted, comp)
            for c in results.clubs(comp)]
    best = club_best(visitor.tournament)
    explain = (ngettext("The sum of each club's best %(best)s' scores; only players who played "
                        "count.",
                        "The sum of each club's best %(best)s' scores; only players who played "
                        "count.", best) % {"best": best} if best else
               gettext("The sum of each club's players' scores; only players who played "
                       "count."))
    return GroupPage(comp, gettext("Clubs"), explain, rows,
                     [p for p in comp.absent_players() if p.club_id])
