"""Keep-apart pairs: two entries the seating puts at different tables (a couple, a club's two
best), asked by participant number; one audit entry each."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from tournament.audit import record_change
from tournament.models import AuditAction, KeepApart, Tournament
from tournament.registration.services import RegistrationError, clean_text, lock_tournament


def add_keep_apart(tournament: Tournament, first_number: int, second_number: int,
                   reason: str = "", *, user=None) -> KeepApart:
    """Ask the seating to keep two entries (by participant number) at different tables."""
    reason = clean_text(reason)
    if int(first_number) == int(second_number):
        raise RegistrationError("second", gettext("Choose two different players."))
    entries = {e.number: e for e in tournament.entries.filter(
        number__in=[first_number, second_number])}
    for field_name, number in (("first", first_number), ("second", second_number)):
        if int(number) not in entries:
            raise RegistrationError(field_name, gettext("No player has number %(number)s.")
                                    % {"number": number})
    first, second = sorted((entries[int(first_number)], entries[int(second_number)]),
                           key=lambda e: e.number)
    with transaction.atomic():
        lock_tournament(tournament)
        if KeepApart.objects.filter(Q(first=first, second=second)
                                    | Q(first=second, second=first)).exists():
            raise RegistrationError("__all__", gettext(
                "%(first)s and %(second)s are already kept apart.")
                % {"first": first.name, "second": second.name})
        pair = KeepApart.objects.create(tournament=tournament, first=first, second=second,
                                        reason=reason)
        record_change(tournament, user, AuditAction.KEEP_APART_ADDED, str(pair),
                      after={"first": first.number, "second": second.number,
                             "reason": reason})
    return pair


def remove_keep_apart(pair: KeepApart, *, user=None) -> None:
    with transaction.atomic():
        before = {"first": pair.first.number, "second": pair.second.number,
                  "reason": pair.reason}
        subject = str(pair)
        pair.delete()
        record_change(pair.tournament, user, AuditAction.KEEP_APART_REMOVED, subject, before=before)
