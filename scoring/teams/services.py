"""Tandems and teams: registered by their players' numbers, ranked by the sum of their
players' scores."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, ngettext

from scoring.models import Team
from scoring.refusals import ScoringError
from scoring.results.services import Computation
from scoring.standings import TeamStanding, team_standings
from tournament.audit import record_change
from tournament.models import AuditAction, Entry, Series, SeriesStatus, Tournament
from tournament.parsing import name_problem


def teams(comp: Computation) -> tuple[list[TeamStanding], dict[str, list[int]]]:
    members: dict[str, list[int]] = {}
    # members in the order of their numbers, on every database alike
    for name, entry in Team.objects.filter(tournament=comp.tournament).order_by(
            "name", "members__number").values_list("name", "members"):
        members.setdefault(name, [])
        if entry is not None:
            members[name].append(entry)
    return team_standings(comp.standings, members), members


def _team_members(tournament: Tournament, numbers: list[int]) -> list[Entry]:
    entries = list(Entry.objects.filter(tournament=tournament, number__in=numbers))
    if len(entries) != len(numbers):
        missing = sorted(set(numbers) - {e.number for e in entries})
        raise ScoringError(ngettext("No player of this tournament has the number %(numbers)s.",
                                    "No player of this tournament has the numbers %(numbers)s.",
                                    len(missing)) % {"numbers": ", ".join(map(str, missing))},
                           "members")
    return entries


def members_not_playing(team: Team) -> list[str]:
    """Why members of the team are not playing, once play has begun: withdrawn, or without a
    seat in every series published so far (a mistyped number, or a player who left). The
    team's score has nothing of them."""
    published = Series.objects.filter(tournament=team.tournament).exclude(
        status=SeriesStatus.DRAFT)
    if not published.exists():
        return []  # teams are registered before the first draw: nobody has played yet
    warnings = []
    for entry in team.members.exclude(seats__series__in=published).order_by("number"):
        words = {"number": entry.number, "name": entry.name}
        warnings.append(
            gettext("%(number)s %(name)s is withdrawn; the team's score has nothing of that "
                    "member.") % words if entry.withdrawn else
            gettext("%(number)s %(name)s has not played: no seat in any series; the team's "
                    "score has nothing of that member.") % words)
    return warnings


def _team_snapshot(team: Team) -> dict:
    return {"name": team.name,
            "members": sorted(team.members.values_list("number", flat=True))}


def _check_team_name(name: str) -> None:
    problem = name_problem(name, "team name")
    if problem:
        raise ScoringError(problem, "name")


def add_team(tournament: Tournament, name: str, numbers: list[int], user) -> Team:
    """Register a tandem or team by its players' participant numbers."""
    _check_team_name(name)
    entries = _team_members(tournament, numbers)
    try:
        with transaction.atomic():
            team = Team.objects.create(tournament=tournament, name=name)
            team.members.set(entries)
            record_change(tournament, user, AuditAction.TEAM_REGISTERED, team.name,
                          after={"members": sorted(numbers)})
    except IntegrityError:
        raise ScoringError(gettext("A team of that name exists already."), "name") from None
    return team


def edit_team(team: Team, name: str, numbers: list[int], user) -> Team:
    """Rename a team or change its members."""
    tournament = team.tournament
    _check_team_name(name)
    entries = _team_members(tournament, numbers)
    try:
        with transaction.atomic():
            before = _team_snapshot(team)
            team.name = name
            team.save(update_fields=["name"])
            team.members.set(entries)
            after = _team_snapshot(team)
            if after != before:
                record_change(tournament, user, AuditAction.TEAM_EDITED, team.name,
                              before=before, after=after)
    except IntegrityError:
        raise ScoringError(gettext("A team of that name exists already."), "name") from None
    return team


def delete_team(team: Team, user) -> None:
    with transaction.atomic():
        before = _team_snapshot(team)
        team.delete()
        record_change(team.tournament, user, AuditAction.TEAM_DELETED, before["name"],
                      before=before)
