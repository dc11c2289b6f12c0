"""Who calls the API, and what he may read: decided here and nowhere else in the API.

A caller is anonymous, an account logged in by the site's session (the browsable docs, a
browser), an account's personal token (``Authorization: Bearer skat_…``), or, for one table's
sheet, the holder of the table's secret link (the token in the path, as ``s/<token>/``).

What an account reads is what it reads on the pages logged in: ``visitor_of`` builds the same
``permissions.Visitor`` that ``permissions.public_page`` builds for the same user, so a token's
answers follow every rule of the pages (docs/access.md): a tournament's organizers and
assistants see every series (``staff``), its organizers the hand records too, everyone else
the released series of public tournaments only; a private tournament is a 404 but for its
staff; a superuser counts as an organizer of every tournament.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.http import Http404
from django.utils import translation
from django.utils.translation import gettext
from ninja.errors import AuthenticationError
from ninja.security import HttpBearer

from api import tokens
from api.models import ApiToken
from tournament.languages import speak_for_tournament
from tournament.models import Table, Tournament
from tournament.permissions import (
    Role,
    Visitor,
    in_its_time_zone,
    role_of,
    table_of_link,
    tournaments_of,
)


@dataclass(frozen=True)
class Caller:
    """Who sent a request: ``user`` None for the anonymous; ``via`` "token", "session" or
    "anonymous"."""

    user: object | None
    via: str
    token: ApiToken | None = None

    @property
    def counted(self) -> bool:
        """Spends from the anonymous budget (tournament.crowd): neither a token nor a login
        does, as the room's logins do not on the pages."""
        return self.user is None


ANONYMOUS = Caller(None, "anonymous")


class BearerToken(HttpBearer):
    """``Authorization: Bearer skat_…``: an account's personal token (api/tokens.py). A token
    that is unknown or revoked is refused (401), never read as anonymous: a club's site whose
    token was revoked should hear so, not quietly get the public's answers."""

    def authenticate(self, request, token: str) -> Caller:
        found = tokens.token_of(token.strip())
        if found is None:
            raise AuthenticationError(401, gettext("This API token is not known; make a new "
                                                   "one on your account's API tokens page."))
        if not found.active:
            raise AuthenticationError(401, gettext("This API token was revoked; make a new one "
                                                   "on your account's API tokens page."))
        if not found.user.is_active:
            raise AuthenticationError(401, gettext("The account of this API token is "
                                                   "disabled."))
        tokens.touch(found)
        return Caller(found.user, "token", found)


def by_session(request) -> Caller | None:
    """An account logged in by the site's session: reads only (the API's one change, a deal,
    is the table link's, sent with its token: no form token is needed)."""
    user = getattr(request, "user", None)
    return Caller(user, "session") if user is not None and user.is_authenticated else None


def anonymous(request) -> Caller:
    return ANONYMOUS


# Every read: a token if one is sent, else the session, else the public.
READERS = [BearerToken(), by_session, anonymous]


def caller(request) -> Caller:
    return getattr(request, "auth", None) or ANONYMOUS


def speak(request, tournament: Tournament) -> None:
    """The answer's words (a game, a prize's reason, a refusal) in the request's language
    (Accept-Language); without one, the tournament's, as its pages speak."""
    in_its_time_zone(tournament)
    if not request.headers.get("Accept-Language"):
        speak_for_tournament(request, tournament)


def visitor_of(request, slug: str) -> Visitor:
    """The caller as a visitor of tournament ``slug``: the one audience decision of every
    read of the API, ``permissions.public_page``'s for the caller's account. A tournament that
    is not public is a 404 for all but its staff."""
    tournament = Tournament.objects.filter(slug=slug).first()
    user = caller(request).user
    role = role_of(user, tournament) if tournament is not None else Role.NONE
    if tournament is None or not (tournament.public or role >= Role.ASSISTANT):
        raise Http404(gettext("There is no tournament “%(slug)s”.") % {"slug": slug[:80]})
    speak(request, tournament)
    return Visitor(tournament, role >= Role.ASSISTANT, role is Role.ORGANIZER)


def visible_tournaments(request):
    """The tournaments the caller may read: the public ones, and every one he organizes or
    assists (all for a superuser)."""
    user = caller(request).user
    if user is None:
        return Tournament.objects.filter(public=True)
    return Tournament.objects.filter(Q(public=True) | Q(pk__in=tournaments_of(user).values("pk")))


def table_of_token(request, token: str) -> Table:
    """The table a secret link names, for the API's entry and its reading: the link's rules
    (``permissions.table_of_link``: an unknown or replaced link, a draft series: 404). The API
    enters deals as the table's scorekeeper, whoever's cookies come along: a confirmed sheet
    is changed by an organizer on its page. The role the cookies carry is kept on the request
    (``link_role``) for one thing only: the audit log names a logged-in staff member by his
    account, as the page's form does (``who_enters``)."""
    asked = translation.get_language()
    table, role = table_of_link(request, token)
    request.link_role = role
    if request.headers.get("Accept-Language"):
        # table_of_link speaks the tournament's language; the request asked for its own
        translation.activate(asked)
        request.LANGUAGE_CODE = asked
    return table
