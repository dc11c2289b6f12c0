"""The team standings page's rows (``results.page.GroupRow``), as the clubs' are built."""

from __future__ import annotations

from django.utils.translation import gettext

from scoring.results import services as results
from scoring.results.page import GroupPage, group_row
from scoring.teams.services import teams
from tournament.permissions import Visitor


def team_page(visitor: Visitor) -> GroupPage:
    comp = results.results_for(visitor)
    ranked, members = teams(comp)
    rows = [group_row(t.rank, t.tied, t.team, t.score, members.get(t.team, []), comp)
            for t in ranked]
    return GroupPage(comp, gettext("Teams"),
                     gettext("Registered tandems and teams: the sum of their players' scores."),
                     rows, [])
