"""Who reads a season, decided here: its club's organizers every counted series of every
evening; everyone else the released series of the public evenings, and only once a public
evening of the season has a released series (docs/access.md). One decorator per audience, as
``tournament.permissions``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from seasons.models import Season
from seasons.services import evenings_of
from tournament import crowd
from tournament.models import PUBLIC_STATES
from tournament.permissions import organizes_club


@dataclass(frozen=True)
class SeasonVisitor:
    season: Season
    organizer: bool  # an organizer of the season's club: every counted series, full names

    @property
    def public(self) -> bool:
        """Reads what the public reads: released series of public evenings, names as
        published."""
        return not self.organizer


def released_evenings(evenings):
    """The public evenings with a released series: what makes a season the public's."""
    return evenings.filter(public=True, series__status__in=PUBLIC_STATES).distinct()


def is_public(season: Season) -> bool:
    """A season is the public's once one of its public evenings has a released series."""
    return released_evenings(evenings_of(season)).exists()


def season_visitor(request, club: int, season: str) -> SeasonVisitor:
    found = get_object_or_404(Season.objects.select_related("club"), club_id=club, slug=season)
    organizer = organizes_club(request.user, found.club)
    if not organizer and not is_public(found):
        raise Http404(gettext("No such season."))
    return SeasonVisitor(found, organizer)


def season_page(view):
    """A season's page, PDF or download: loads the URL's season and calls
    ``view(request, visitor, ...)``; a season with no released public evening is a 404 but for its
    club's organizers. An anonymous visitor pays for it from his address's budget a minute,
    as for a tournament's result pages (``tournament.crowd``; the ranking itself is kept)."""

    @wraps(view)
    def wrapped(request, club, season, *args, **kwargs):
        if crowd.is_anonymous(request):
            address = crowd.client_address(request)
            wait = crowd.waiting(address)
            if wait:
                return crowd.too_many(wait)
            crowd.spend(address, crowd.Cost.PAGE)
        return view(request, season_visitor(request, club, season), *args, **kwargs)

    return wrapped
