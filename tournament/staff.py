"""A tournament's staff: organizers add co-organizers and assistants, and take them off.

Services over the ORM, one transaction and one audit entry per change. Refusals raise
``StaffError`` with the form field they belong to.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

from tournament.audit import record_change
from tournament.models import AuditAction, Tournament
from tournament.permissions import Role, role_of
from tournament.refusals import Refusal


class StaffError(Refusal):
    def __init__(self, field: str, message: str):
        super().__init__(message, field)


ROLE_WORDS = {Role.ORGANIZER: "organizer", Role.ASSISTANT: "assistant"}


def staff_of(tournament: Tournament) -> list[tuple[object, Role]]:
    """Every organizer and assistant of the tournament, organizers first, by name."""
    organizers = list(tournament.organizers.order_by("username"))
    assistants = [u for u in tournament.assistants.order_by("username") if u not in organizers]
    return [(u, Role.ORGANIZER) for u in organizers] + [(u, Role.ASSISTANT) for u in assistants]


def add_staff(tournament: Tournament, username: str, role: Role, by, *,
              password: str = "") -> object:
    """Give ``username`` the role in the tournament. An unknown name with a password creates
    the account (Django's password validators apply); without one it is refused."""
    username = username.strip()
    if not username:
        raise StaffError("username", "Enter the user name.")
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.filter(username__iexact=username).first()
        created = user is None
        if created:
            if not password:
                raise StaffError("password", f"There is no account “{username}” yet: give it "
                                             "a password to create it.")
            user = User(username=username)
            try:
                user.full_clean(exclude=["password"])
                validate_password(password, user)
            except ValidationError as exc:
                raise StaffError("password" if not hasattr(exc, "error_dict") else "username",
                                 " ".join(exc.messages)) from None
            user.set_password(password)
            user.save()
        if role is Role.ORGANIZER:
            tournament.assistants.remove(user)
            tournament.organizers.add(user)
        else:
            if tournament.organizers.filter(pk=user.pk).exists():
                _keep_an_organizer(tournament, user)
                tournament.organizers.remove(user)
            tournament.assistants.add(user)
        record_change(tournament, by, AuditAction.STAFF_ADDED, user.get_username(),
                      after={"role": ROLE_WORDS[role], "account_created": created})
    user.__dict__.pop("_tournament_roles", None)
    return user


def remove_staff(tournament: Tournament, user, by) -> None:
    """Take every role in the tournament from ``user``; the last organizer stays."""
    with transaction.atomic():
        role = role_of(user, tournament)
        if tournament.organizers.filter(pk=user.pk).exists():
            _keep_an_organizer(tournament, user)
        tournament.organizers.remove(user)
        tournament.assistants.remove(user)
        record_change(tournament, by, AuditAction.STAFF_REMOVED, user.get_username(),
                      before={"role": ROLE_WORDS.get(role, "none")})


def _keep_an_organizer(tournament: Tournament, user) -> None:
    if not tournament.organizers.exclude(pk=user.pk).exists():
        raise StaffError("username", f"{user.get_username()} is the only organizer of "
                                     f"{tournament.name}; add another organizer first.")
