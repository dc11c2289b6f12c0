"""The plain data of the result pages, one function per page: the HTML views
(``scoring.views.public``) and the PDFs (``printing.results``) show the same rows from the same
calls, so a PDF cannot show more, or other, results than its page shows the same visitor.

Which series count is the visitor's (``results_for``); nothing here decides a release.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.http import Http404

from scoring.awards import loaders as award_loaders
from scoring.awards import services as awards
from scoring.comparison import services as comparisons
from scoring.models import MissingDeals, Substitutes
from scoring.prizes import PrizeKind, PrizeResult
from scoring.results import services as result_services
from scoring.results.loaders import PlayerInfo
from scoring.settings import services as results_settings
from scoring.teams import services as team_services
from tournament.models import Club
from tournament.permissions import Visitor

NOTHING_RELEASED = "Nothing is released yet."  # the pages' words too (scoring/_nav.html)


@dataclass(frozen=True)
class Release:
    """The series of the tournament as this visitor's result pages speak of them."""

    numbers: list[int]  # every series, by number
    released: list[int]
    correcting: list[int]
    counted: list[int]  # the series whose results this visitor sees (of ``number``, if given)
    public_view: bool
    number: int | None = None  # a page of one series

    @property
    def nothing_released(self) -> bool:
        """The page says ``NOTHING_RELEASED`` (the public, before the first release)."""
        return self.public_view and not self.released

    @property
    def unreleased_counted(self) -> list[int]:
        """Series the visitor sees that the public does not: the staff's unreleased ones."""
        return [n for n in self.counted if n not in self.released]


def release_of(visitor: Visitor, number: int | None = None) -> Release:
    series = list(visitor.tournament.series.order_by("number"))
    counted = [s.number for s in series if visitor.sees_results_of(s)
               and (number is None or s.number == number)]
    return Release([s.number for s in series], [s.number for s in series if s.is_released],
                   [s.number for s in series if s.is_correcting], counted,
                   not visitor.staff, number)


@dataclass(frozen=True)
class StandingsPage:
    comp: result_services.Computation
    rows: list[dict]
    club_filter: str
    absent: list[PlayerInfo]
    notes: list[str] = field(default_factory=list)  # tables that could not finish

    @property
    def club_name(self) -> str:
        """The club the rows are filtered to ("" for all clubs)."""
        return next((p.club for p in self.comp.players.values()
                     if str(p.club_id) == self.club_filter), "")


def standings_page(visitor: Visitor, number: int | None = None,
                   club_filter: str = "") -> StandingsPage:
    """The standings overall or of series ``number``, optionally of one club's players."""
    comp = result_services.results_for(visitor, series=number)
    rows = []
    for s in comp.standings:
        player = comp.player(s.entry)
        if club_filter and str(player.club_id) != club_filter:
            continue
        rows.append({"place": s.place, "rank": s.rank, "tied": s.tied,
                     "number": player.number, "name": player.name,
                     "sort_name": player.sort_name, "sort_label": player.sort_label,
                     "club": player.club, "points": s.points,
                     "won": s.won, "lost": s.lost, "games": s.games, "score": s.score})
    return StandingsPage(comp, rows, club_filter, comp.absent_players(club_filter),
                         absence_notes(comp))


def absence_notes(comp: result_services.Computation, entry: int | None = None) -> list[str]:
    """A sentence for each counted table that could not finish, saying how it counts
    (docs/rules.md §10): the standings' page and PDF print them under the table; with
    ``entry``, only the substitutions that player took part in (his page)."""
    notes = []
    for a in comp.results.absences:
        if entry is not None and entry not in (a.substitute, a.replaced):
            continue
        where = f"Series {a.series}, table {a.table}"
        if a.ended_after is not None:
            missing = (a.scheduled or 0) - a.ended_after
            deals = f"{missing} deal{'s' if missing != 1 else ''}"
            counted = ("count nothing" if comp.missing_deals == MissingDeals.NOTHING
                       else f"count the table's average: {a.credit:+d} for each player")
            notes.append(f"{where}: the director ended the sheet after deal {a.ended_after} "
                         f"of {a.scheduled}; the {deals} not played {counted}.")
            continue
        sub, absent = comp.player(a.substitute or 0), comp.player(a.replaced or 0)
        how = {
            Substitutes.ABSENT_KEEPS: f"{absent.name} keeps deals 1–{(a.from_deal or 1) - 1}; "
                                      f"{sub.name}'s deals count for nobody",
            Substitutes.EACH_OWN: "each counts their own deals",
            Substitutes.FOR_ABSENT: f"the seat's deals all count for {absent.name}",
        }[Substitutes(comp.substitutes)]
        notes.append(f"{where}: from deal {a.from_deal} {sub.name} (#{sub.number}) played "
                     f"seat {a.seat} for {absent.name} (#{absent.number}); {how}.")
    return notes


@dataclass(frozen=True)
class GroupPage:
    """Clubs or teams: each ranked with its score and the players counted."""

    comp: result_services.Computation
    title: str
    explain: str
    rows: list[dict]
    absent: list[PlayerInfo]


def club_page(visitor: Visitor) -> GroupPage:
    comp = result_services.results_for(visitor)
    names = dict(Club.objects.values_list("id", "name"))
    rows = [{"place": c.place, "rank": c.rank,
             "name": names.get(c.club, "?"), "score": c.score, "counted": len(c.counted),
             "members": ", ".join(comp.player(e).label for e in c.counted),
             "names": [comp.player(e).label for e in c.counted]}
            for c in result_services.clubs(comp)]
    best = results_settings.club_best(visitor.tournament)
    return GroupPage(
        comp, "Clubs", f"The sum of each club's {'best ' + str(best) if best else 'players'}' "
        "scores; only players who played count.", rows,
        [p for p in comp.absent_players() if p.club_id])


def team_page(visitor: Visitor) -> GroupPage:
    comp = result_services.results_for(visitor)
    ranked, members = team_services.teams(comp)
    rows = [{"place": t.place, "rank": t.rank,
             "name": t.team, "score": t.score, "counted": len(members.get(t.team, [])),
             "members": ", ".join(comp.player(e).label for e in members.get(t.team, [])),
             "names": [comp.player(e).label for e in members.get(t.team, [])]}
            for t in ranked]
    return GroupPage(comp, "Teams",
                     "Registered tandems and teams: the sum of their players' scores.", rows, [])


@dataclass(frozen=True)
class PrizePage:
    comp: result_services.Computation
    # each prize with its winner (none while tied) and the players tied for it
    prizes: list[tuple[PrizeResult, list[PlayerInfo], list[PlayerInfo]]]
    custom: bool  # the tournament has prizes of its own after the schedule's
    absent: list[PlayerInfo]
    places: bool = False  # places by Seeger-Fabian score
    league: bool = True  # the League Prize Schedule

    @property
    def lead(self) -> str:
        parts = []
        if self.places:
            parts.append("The places by Seeger-Fabian score over the whole tournament")
        if self.league:
            parts.append(("the" if parts else "The") + " National League Prize Schedule "
                         "(League Points and Games over the whole tournament)")
        if self.custom:
            parts.append("the tournament's own prizes" if parts else
                         "The tournament's own prizes")
        return (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1
                else "".join(parts)) + "."


def with_higher(prize: PrizeResult, comp: result_services.Computation) -> PrizeResult:
    """The reason, and why a better player did not take the prize: "…, 1,260 Points (higher:
    Lena Bäcker 216, holds prize 2)"."""
    if not prize.higher:
        return prize
    higher = "; ".join(f"{comp.player(entry).label} {figure}, holds prize {number}"
                       for entry, figure, number in prize.higher)
    return replace(prize, reason=f"{prize.reason} (higher: {higher})")


def prize_page(visitor: Visitor) -> PrizePage:
    comp = result_services.results_for(visitor)
    prizes = [(with_higher(p, comp), [comp.player(e) for e in p.winners],
               [comp.player(e) for e in p.candidates]) for p in awards.prizes(comp)]
    kinds = {spec.kind for spec in award_loaders.prize_schedule(visitor.tournament)}
    return PrizePage(comp, prizes, visitor.tournament.custom_prizes.exists(),
                     comp.absent_players(), places=PrizeKind.PLACE in kinds,
                     league=bool(kinds - {PrizeKind.PLACE}))


def comparison(visitor: Visitor, number: int | None = None) -> comparisons.Comparison:
    """The comparison the visitor may see, for the comparative pages and their PDFs; a
    tournament without a pre-dealt set, or a series it does not have, is a 404."""
    if number is not None and not visitor.tournament.series.filter(number=number).exists():
        raise Http404("No such series.")
    try:
        return comparisons.comparative_results(visitor, series=number)
    except comparisons.NotComparative:
        raise Http404("This tournament is not played comparatively.") from None
