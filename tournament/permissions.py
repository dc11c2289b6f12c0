"""Who may see and do what, decided here and nowhere else.

Audiences: the **public** (released results of public tournaments), a tournament's
**organizers** (everything of that tournament), its **assistants** (the door, check-in and the
score sheets: entering, correcting and confirming; no settings, seating or release) and a
**table link** (one table's sheet in one series). Superusers (the site administrator) count
as organizers of every tournament. One decorator per audience loads what the URL names and
refuses everyone else.
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass, replace
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from tournament.languages import speak_for_tournament
from tournament.models import (
    PUBLIC_STATES,
    RELEASED_STATES,
    Club,
    RetiredLink,
    Series,
    SeriesStatus,
    Table,
    Tournament,
)

# English here (tests and the 404 page compare it); the page gets ``gettext(RETIRED_LINK)``
RETIRED_LINK = gettext_noop("This table link was replaced by a new draw; ask the director for "
                            "your table and its new card.")


class Role(enum.IntEnum):
    """A user's standing in one tournament; a higher role may do all a lower one may."""

    NONE = 0
    ASSISTANT = 1
    ORGANIZER = 2


def role_of(user, tournament: Tournament) -> Role:
    """The user's role in ``tournament``, cached on the user object for the request."""
    if user is None or not user.is_authenticated:
        return Role.NONE
    if user.is_superuser:
        return Role.ORGANIZER
    cache = user.__dict__.setdefault("_tournament_roles", {})
    if tournament.pk not in cache:
        if tournament.organizers.filter(pk=user.pk).exists():
            cache[tournament.pk] = Role.ORGANIZER
        elif tournament.assistants.filter(pk=user.pk).exists():
            cache[tournament.pk] = Role.ASSISTANT
        else:
            cache[tournament.pk] = Role.NONE
    return cache[tournament.pk]


def is_staff_of(user, tournament: Tournament) -> bool:
    """An organizer or an assistant of the tournament."""
    return role_of(user, tournament) >= Role.ASSISTANT


def tournaments_of(user):
    """The tournaments a user organizes or assists (every one for a superuser)."""
    tournaments = Tournament.objects.all()
    if user.is_superuser:
        return tournaments
    return (tournaments.filter(organizers=user) | tournaments.filter(assistants=user)).distinct()


def organized_tournaments(user):
    tournaments = Tournament.objects.all()
    return tournaments if user.is_superuser else tournaments.filter(organizers=user)


def organizes_club(user, club: Club) -> bool:
    """An organizer of the club: its evenings' next one, its members, its seasons."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    cache = user.__dict__.setdefault("_club_roles", {})
    if club.pk not in cache:
        cache[club.pk] = club.organizers.filter(pk=user.pk).exists()
    return cache[club.pk]


def clubs_of(user):
    """The clubs a user organizes (every one for a superuser)."""
    return Club.objects.all() if user.is_superuser else Club.objects.filter(organizers=user)


def club_organizer_required(view):
    """Load the URL's club (``club``, its number) and let only its organizers in: a club's
    members, evenings and seasons are its organizers' (docs/access.md)."""

    @wraps(view)
    def wrapped(request, club, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        found = get_object_or_404(Club, pk=club)
        if not organizes_club(request.user, found):
            raise PermissionDenied(gettext("You are not an organizer of this club."))
        return view(request, found, *args, **kwargs)

    return wrapped


def session_tag(request) -> str:
    """A short, stable tag of the browser session (never the session key itself)."""
    if not request.session.session_key:
        request.session.save()
    return hashlib.sha256(request.session.session_key.encode()).hexdigest()[:12]


def in_its_time_zone(tournament: Tournament) -> None:
    """Show the times of this request in the tournament's zone (TimeZoneMiddleware resets
    it for the next request)."""
    timezone.activate(tournament.zone)


def _role_required(minimum: Role):
    def decorator(view):
        @wraps(view)
        def wrapped(request, slug, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            tournament = get_object_or_404(Tournament, slug=slug)
            in_its_time_zone(tournament)
            role = role_of(request.user, tournament)
            if role < minimum:
                if role is Role.ASSISTANT:
                    raise PermissionDenied(
                        gettext("Only an organizer of this tournament can do this."))
                raise PermissionDenied(gettext("You are not an organizer of this tournament."))
            return view(request, tournament, *args, **kwargs)

        return wrapped

    return decorator


organizer_required = _role_required(Role.ORGANIZER)
organizer_required.__doc__ = "Load the URL's tournament and let only its organizers in."
staff_required = _role_required(Role.ASSISTANT)
staff_required.__doc__ = "Load the URL's tournament and let its organizers and assistants in."


def visible_tournament(request, slug) -> tuple[Tournament, bool]:
    """The tournament for a public page, and whether the visitor is one of its staff.

    A tournament that is not public does not exist for anyone but its staff.
    """
    # with its deal set, if comparative (one join, no query when a page asks)
    tournament = get_object_or_404(Tournament.objects.select_related("deal_set"), slug=slug)
    in_its_time_zone(tournament)
    speak_for_tournament(request, tournament)
    staff = is_staff_of(request.user, tournament)
    if not (tournament.public or staff):
        raise Http404(gettext("No such tournament."))
    return tournament, staff


@dataclass(frozen=True)
class Visitor:
    """Who looks at a tournament's public pages. Its staff see every series; everyone else
    sees the seating of published series and the results of released ones only, and on the
    standings and a player's page those of the series in play too where the organizer
    switched provisional standings on (``playing``)."""

    tournament: Tournament
    staff: bool
    organizer: bool = False
    # this page of the public counts the series in play, marked provisional (``playing``)
    in_play: bool = False

    @property
    def released_only(self) -> bool:
        """The public's results: released series (and, ``in_play``, the series in play), the
        names as each player publishes them."""
        return not self.staff

    @property
    def follows_play(self) -> bool:
        """The organizer's switch "Show provisional standings to the public during play": the
        public's standings and player pages count the series in play. Never at comparative
        Skat, where a deal's result tells the tables still to play its deck the cards, nor
        with the blind check, where a submitted sheet's totals are hidden until the
        confirmer has added them up himself."""
        return (not self.staff and self.tournament.provisional_public
                and not self.tournament.blind_check and not _comparative(self.tournament))

    def playing(self) -> Visitor:
        """This visitor on a page that may show the series in play (the standings, a
        player's page; never sheets, hands, prizes, PDFs, exports or the API): provisional
        results for the public where the switch is on, the same visitor otherwise."""
        return replace(self, in_play=True) if self.follows_play else self

    @property
    def public_version(self) -> bool:
        """Which version of the tournament's data this visitor's results are kept under
        (``versions.version``): the public's, which no deal moves, or every change's (the
        staff, and the public's pages of the series in play)."""
        return self.released_only and not self.in_play

    def sees_seating_of(self, series: Series) -> bool:
        return self.staff or series.is_published

    def sees_results_of(self, series: Series) -> bool:
        """The staff every series; the public a released one, not while it is corrected (and
        on a page ``in_play`` the series being played)."""
        return self.staff or series.status in public_states(self.in_play)

    def sees_hands_of(self, series: Series) -> bool:
        """A comparative series' hand records (page and PDF): its organizers always, who
        deal and check the decks; everyone else, assistants included (they may sit at a
        table), once its results are released (docs/access.md)."""
        return self.organizer or series.is_released

    def sees_sheets_of(self, series: Series) -> bool:
        """The public copy of a table's sheet (page and PDF), read-only: the public's once
        the series' results are released (never while it is played, whatever the provisional
        standings show); the staff's always (their preview)."""
        return self.staff or series.status in PUBLIC_STATES

    def counts(self, series: Series) -> bool:
        """Whether the result pages count ``series`` for this visitor."""
        return counts_results_of(series.status, self.released_only, self.in_play)


def _comparative(tournament: Tournament) -> bool:
    try:
        return tournament.deal_set is not None
    except ObjectDoesNotExist:
        return False


# A series has results once its first deal is entered (the status then leaves "seated").
PLAYED_STATES = (SeriesStatus.PLAYING, SeriesStatus.CONFIRMED, *RELEASED_STATES)
# The series the public's provisional standings count besides the released ones: those being
# played and those waiting for their release; never one under correction (docs/access.md).
IN_PLAY_STATES = (SeriesStatus.PLAYING, SeriesStatus.CONFIRMED)


def public_states(in_play: bool = False) -> tuple[str, ...]:
    """The series statuses the public's results count: released, and ``in_play`` the series
    being played (the provisional standings)."""
    return (*PUBLIC_STATES, *IN_PLAY_STATES) if in_play else tuple(PUBLIC_STATES)


def counts_results_of(status: str, released_only: bool, in_play: bool = False) -> bool:
    """Whether results count a series of this status: for the public a released series (and
    ``in_play`` one being played), for the staff every series under way; never one without a
    deal (no table of zeros)."""
    if released_only:
        return status in public_states(in_play)
    return status in PLAYED_STATES


def public_page(view):
    """A page of the public: loads the URL's tournament (a private one is a 404 but for its
    staff) and calls ``view(request, visitor, ...)``. The release filter is the visitor's:
    no view decides it by hand."""

    @wraps(view)
    def wrapped(request, slug, *args, **kwargs):
        tournament, staff = visible_tournament(request, slug)
        organizer = staff and role_of(request.user, tournament) is Role.ORGANIZER
        return view(request, Visitor(tournament, staff, organizer), *args, **kwargs)

    return wrapped


def table_of_link(request, token: str) -> tuple[Table, Role]:
    """The table a secret link names, and the visitor's role in its tournament.

    A draft series' tables exist only for the tournament's staff. A link that a new draw
    took away is a 404 that says so.
    """
    try:  # get: the token is unique, and no ORDER BY to compile (first's)
        table = Table.objects.select_related("series__tournament__deal_set").get(token=token)
    except Table.DoesNotExist:
        if RetiredLink.objects.filter(token=token).exists():
            raise Http404(gettext(RETIRED_LINK)) from None
        raise Http404(gettext("No table has this link; check the address on the table's card.")
                      ) from None
    in_its_time_zone(table.series.tournament)
    speak_for_tournament(request, table.series.tournament)
    role = role_of(request.user, table.series.tournament)
    if table.series.status == SeriesStatus.DRAFT and role is Role.NONE:
        raise Http404(gettext("This series is not published yet."))
    return table, role


def released_series(tournament: Tournament, staff: bool) -> list[Series]:
    """The series whose results a visitor may see: all for staff, the released for others."""
    series = list(tournament.series.order_by("number"))
    return series if staff else [s for s in series if s.status in PUBLIC_STATES]
