"""A tournament's staff: organizers add co-organizers and assistants, and take them off.

Services over the ORM, one transaction and one audit entry per change. Refusals raise
``StaffError`` with the form field they belong to.
"""

from __future__ import annotations

from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from tournament.audit import record_change
from tournament.models import AuditAction, Tournament
from tournament.parsing import name_problem
from tournament.permissions import Role, organized_tournaments, role_of
from tournament.refusals import Refusal


class StaffError(Refusal):
    def __init__(self, field: str, message: str):
        super().__init__(message, field)


# the roles as the audit log stores them (data, English)
ROLE_WORDS = {Role.ORGANIZER: "organizer", Role.ASSISTANT: "assistant"}


def staff_of(tournament: Tournament) -> list[tuple[object, Role]]:
    """Every organizer and assistant of the tournament, organizers first, by name."""
    organizers = list(tournament.organizers.order_by("username"))
    assistants = [u for u in tournament.assistants.order_by("username") if u not in organizers]
    return [(u, Role.ORGANIZER) for u in organizers] + [(u, Role.ASSISTANT) for u in assistants]


def add_staff(tournament: Tournament, username: str, role: Role, by, *,
              password: str = "", request=None) -> object:
    """Give ``username`` the role in the tournament.

    The page must not tell whether a name is an account (user names cannot be listed by
    trying them): a name is found at once only among the people ``by`` already runs
    tournaments with. Any other name needs a password: a free name becomes a new account
    (Django's password validators apply); a taken one is added only with its own password,
    typed by its holder, checked like a login (``request``: failures count towards the
    lockout of the login page)."""
    username = username.strip()
    if not username:
        raise StaffError("username", gettext("Enter the user name."))
    problem = name_problem(username, "user name")
    if problem:
        raise StaffError("username", problem)
    user = _colleague(by, username)
    if user is None:
        if not password:
            raise StaffError("password", gettext(
                "“%(username)s” is not among the people you run tournaments with. Give a "
                "password to create a new account of that name, or let the holder of an "
                "existing account type its password here.") % {"username": username})
        user = get_user_model().objects.filter(username__iexact=username).first()
        # outside the transaction: a failure must stay counted although the change is refused
        if user is not None and authenticate(request, username=user.get_username(),
                                             password=password) is None:
            raise StaffError("password", gettext(
                "The user name “%(username)s” is taken and this is not its password: choose "
                "another name for a new account.") % {"username": username})
    with transaction.atomic():
        created = user is None
        if created:
            user = _new_account(username, password)
        if role is Role.ORGANIZER:
            tournament.assistants.remove(user)
            tournament.organizers.add(user)
        else:
            if tournament.organizers.filter(pk=user.pk).exists():
                _keep_creator(tournament, user, by)
                _keep_an_organizer(tournament, user)
                tournament.organizers.remove(user)
            tournament.assistants.add(user)
        record_change(tournament, by, AuditAction.STAFF_ADDED, user.get_username(),
                      after={"role": ROLE_WORDS[role], "account_created": created})
    user.__dict__.pop("_tournament_roles", None)
    return user


def _colleague(by, username: str):
    """The account of that name if it runs one of ``by``'s tournaments with him, else None."""
    if by is None or not by.is_authenticated:
        return None
    tournaments = organized_tournaments(by)
    return (get_user_model().objects
            .filter(Q(organized_tournaments__in=tournaments)
                    | Q(assisted_tournaments__in=tournaments), username__iexact=username)
            .distinct().first())


def _new_account(username: str, password: str):
    user = get_user_model()(username=username)
    try:
        user.full_clean(exclude=["password"])
        validate_password(password, user)
    except ValidationError as exc:
        raise StaffError("password" if not hasattr(exc, "error_dict") else "username",
                         " ".join(exc.messages)) from None
    user.set_password(password)
    user.save()
    return user


def staff_member(tournament: Tournament, user_id: int):
    """The organizer or assistant of the tournament with that id, else None: the Staff page
    names nobody else."""
    return (get_user_model().objects
            .filter(Q(organized_tournaments=tournament) | Q(assisted_tournaments=tournament),
                    pk=user_id).distinct().first())


def remove_staff(tournament: Tournament, user, by) -> None:
    """Take every role in the tournament from ``user``; the last organizer stays."""
    with transaction.atomic():
        role = role_of(user, tournament)
        _keep_creator(tournament, user, by)
        if tournament.organizers.filter(pk=user.pk).exists():
            _keep_an_organizer(tournament, user)
        tournament.organizers.remove(user)
        tournament.assistants.remove(user)
        record_change(tournament, by, AuditAction.STAFF_REMOVED, user.get_username(),
                      before={"role": ROLE_WORDS.get(role, "none")})


def _keep_creator(tournament: Tournament, user, by) -> None:
    """Nobody takes the tournament from its creator but the creator himself."""
    if tournament.created_by_id == user.pk and (by is None or by.pk != user.pk):
        raise StaffError("username", gettext(
            "%(username)s created %(tournament)s: only they can leave it or step down to "
            "assistant.") % {"username": user.get_username(), "tournament": tournament.name})


def _keep_an_organizer(tournament: Tournament, user) -> None:
    if not tournament.organizers.exclude(pk=user.pk).exists():
        raise StaffError("username", gettext(
            "%(username)s is the only organizer of %(tournament)s; add another organizer "
            "first.") % {"username": user.get_username(), "tournament": tournament.name})
