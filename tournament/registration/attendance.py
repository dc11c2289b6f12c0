"""The door and the list: check-in, withdrawal, searching and counting a tournament's entries.

Services over the ORM: one transaction and one audit entry per change; refusals raise
``RegistrationError`` with the form field they belong to.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext

from tournament.audit import record_change
from tournament.models import AuditAction, Entry, Seat, SeriesStatus, Tournament
from tournament.names import search_words
from tournament.parsing import BIG_INT_MAX, INT_MAX, int_param
from tournament.registration.services import RegistrationError, clean_text


def check_in(entry: Entry, user, checked_in: bool = True) -> Entry:
    """Check an entry in (or undo it). A withdrawn entry must be reinstated first."""
    with transaction.atomic():
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if checked_in and entry.withdrawn:
            raise RegistrationError("checked_in", gettext(
                "%(name)s (number %(number)s) is withdrawn; reinstate the player before "
                "checking in.") % {"name": entry.name, "number": entry.number})
        if entry.checked_in == checked_in:
            return entry
        before = {"checked_in": entry.checked_in}
        entry.checked_in = checked_in
        entry.checked_in_at = timezone.now() if checked_in else None
        entry.save(update_fields=["checked_in", "checked_in_at"])
        record_change(entry.tournament, user, (AuditAction.CHECKED_IN if checked_in
                                            else AuditAction.CHECK_IN_UNDONE),
                      str(entry), before=before, after={"checked_in": checked_in})
    return entry


def withdraw(entry: Entry, user, withdrawn: bool = True) -> Entry:
    """Withdraw an entry (which also undoes its check-in) or reinstate it (not checked in).

    A player who sits at a table of a published series that is not finished cannot leave it:
    the table's sheet needs him. From a draft plan his seat is removed (the plan then asks to
    be seated again before it can be published).
    """
    with transaction.atomic():
        entry = Entry.objects.select_for_update().get(pk=entry.pk)
        if entry.withdrawn == withdrawn:
            return entry
        before = {"withdrawn": entry.withdrawn, "checked_in": entry.checked_in}
        if withdrawn:
            _leave_draft_plans(entry, user)
        entry.withdrawn = withdrawn
        if withdrawn:
            entry.checked_in = False
            entry.checked_in_at = None
        entry.save(update_fields=["withdrawn", "checked_in", "checked_in_at"])
        record_change(entry.tournament, user, (AuditAction.WITHDRAWN if withdrawn
                                            else AuditAction.REINSTATED),
                      str(entry), before=before,
                      after={"withdrawn": entry.withdrawn, "checked_in": entry.checked_in})
    return entry


def withdrawal_refused(entry: Entry) -> RegistrationError | None:
    """Why ``entry`` cannot be withdrawn now (seated in a series under way), or None."""
    for seat in Seat.objects.filter(entry=entry).select_related("series", "table"):
        series = seat.series
        if series.status in (SeriesStatus.SEATED, SeriesStatus.PLAYING):
            # Translators: "A player cannot go on" is the heading of that panel of the sheet
            return RegistrationError("withdrawn", gettext(
                "%(name)s sits at table %(table)s of series %(series)s, which is under way; the "
                "table's sheet needs every player. Before play, swap the player out in the "
                "series plan; once play has started, an organizer seats a substitute or ends "
                "the sheet early on the table's sheet (\"A player cannot go on\"); or withdraw "
                "after the series.")
                % {"name": entry.name, "table": seat.table.number, "series": series.number})
    return None


def _leave_draft_plans(entry: Entry, user) -> None:
    refused = withdrawal_refused(entry)
    if refused:
        raise refused
    seats = Seat.objects.filter(entry=entry).select_related("series", "table")
    for seat in seats:
        if seat.series.status == SeriesStatus.DRAFT:
            seat.delete()
            record_change(entry.tournament, user, AuditAction.SEAT_REMOVED,
                          f"series {seat.series.number}", series=seat.series,
                          table=seat.table.number,
                          before={"player": entry.number, "table": seat.table.number,
                                  "seat": seat.position})


# --- the list ----------------------------------------------------------------------------------

STATUSES = {
    "registered": Q(withdrawn=False, checked_in=False),
    "checked_in": Q(checked_in=True),
    "withdrawn": Q(withdrawn=True),
}


def entry_counts(tournament: Tournament) -> dict[str, int]:
    """Registered (everyone not withdrawn), checked in, withdrawn and still expected
    (registered, not checked in), in one query."""
    # aliases apart from the fields: an alias named as a field hides it from the filters
    counted = tournament.entries.aggregate(
        n_registered=Count("pk", filter=Q(withdrawn=False)),
        n_checked_in=Count("pk", filter=STATUSES["checked_in"]),
        n_withdrawn=Count("pk", filter=STATUSES["withdrawn"]),
        n_expected=Count("pk", filter=STATUSES["registered"]),
    )
    return {name[2:]: number for name, number in counted.items()}


def search_entries(tournament: Tournament, q: str = "", club: str = "", status: str = ""):
    """The tournament's entries matching a number or name words, a club id ("none" for no
    club) and a status (registered, checked_in, withdrawn)."""
    entries = tournament.entries.select_related("club")
    q = clean_text(q)
    if q.isascii() and q.isdigit():  # a number; one no entry can have finds nothing
        entries = entries.filter(number=int_param(q, 1, INT_MAX) or 0)
    elif q:
        # "kruger", "krueger" and "Krüger" all find Krüger: words are matched by their key
        words = search_words(q)
        if not words:  # only punctuation: no name has it
            return entries.none()
        for word in words:
            entries = entries.filter(name_key__contains=word)
    if club == "none":
        entries = entries.filter(club__isnull=True)
    elif club.isascii() and club.isdigit():
        entries = entries.filter(club_id=int_param(club, 1, BIG_INT_MAX) or 0)
    if status in STATUSES:
        entries = entries.filter(STATUSES[status])
    return entries


EXPECTED_SHOWN = 60  # a club evening's members; a congress's door searches instead


def still_expected(tournament: Tournament, count: int = EXPECTED_SHOWN):
    """Who is registered and not checked in yet (a club evening lists its members), by
    name: the door ticks them off without typing."""
    return (tournament.entries.filter(STATUSES["registered"]).select_related("club")
            .order_by("last_name", "first_name", "number")[:count])


def recent_check_ins(tournament: Tournament, count: int = 10):
    return (tournament.entries.filter(checked_in=True).select_related("club")
            .order_by("-checked_in_at", "-pk")[:count])
