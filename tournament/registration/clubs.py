"""Clubs: found by name, created when a player names a new one, listed per organizer."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Exists, OuterRef, Q
from django.utils.translation import gettext, ngettext

from tournament.audit import record_change
from tournament.models import AuditAction, Club, Entry, Tournament
from tournament.names import club_key
from tournament.numbers import grouped
from tournament.parsing import clean_text, name_problem
from tournament.permissions import organized_tournaments
from tournament.refusals import Refusal
from tournament.versions import changed_on_commit

CLUB_MAX = Club._meta.get_field("name").max_length


def find_club(name: str) -> Club | None:
    """The club of that name, ignoring case, accents and extra spaces ("sc gruen" is
    "SC Grün"); None for an empty or unknown name."""
    key = club_key(clean_text(name))
    if not key:
        return None
    return Club.objects.filter(name_key=key).order_by("pk").first()


def _get_or_create_club(name: str, tournament: Tournament | None, user) -> Club | None:
    name = clean_text(name)
    if not name:
        return None
    club = find_club(name)
    if club is None:
        creator = user if user is not None and user.is_authenticated else None
        club = Club.objects.create(name=name, created_by=creator)
        record_change(tournament, user, AuditAction.CLUB_CREATED,
                      club.name, after={"name": club.name})
    return club


def clubs_for(tournament: Tournament, user=None):
    """The clubs an organizer chooses from: those of this tournament's entries, of the other
    tournaments he runs, and those he created; never the whole site's list."""
    visible = Q(entries__tournament=tournament)
    if user is not None and user.is_authenticated:
        if user.is_superuser:
            return Club.objects.all()
        visible |= Q(entries__tournament__in=organized_tournaments(user)) | Q(created_by=user)
    return Club.objects.filter(pk__in=Club.objects.filter(visible).values("pk"))


def add_club(name: str, city: str = "", *, tournament: Tournament | None = None,
             user=None) -> Club:
    name, city = clean_text(name), clean_text(city)
    if not name:
        raise Refusal(gettext("The club name is empty."), "name")
    if len(name) > CLUB_MAX:
        raise Refusal(gettext("The club name is longer than %(max)s letters.")
                      % {"max": CLUB_MAX}, "name")
    problem = name_problem(name, "club name")
    if problem:
        raise Refusal(problem, "name")
    existing = find_club(name)
    if existing is not None:
        raise Refusal(gettext("The club %(club)s already exists.") % {"club": existing.name},
                      "name")
    with transaction.atomic():
        creator = user if user is not None and user.is_authenticated else None
        club = Club.objects.create(name=name, city=city, created_by=creator)
        record_change(tournament, user, AuditAction.CLUB_CREATED, club.name,
                      after={"name": club.name, "city": club.city})
    return club


def clubs_with_counts(tournament: Tournament, user=None):
    """The clubs the organizer sees (``clubs_for``), each with ``players`` = how many of this
    tournament's (not withdrawn) entries play for it and ``own`` = whether the organizer may
    merge or delete it (``own_clubs``)."""
    own = own_clubs(user).filter(pk=OuterRef("pk"))
    return clubs_for(tournament, user).annotate(
        players=Count("entries", filter=Q(entries__tournament=tournament,
                                          entries__withdrawn=False)),
        own=Exists(own))


# --- merging and deleting ------------------------------------------------------------------


def own_clubs(user):
    """The clubs an organizer may merge or delete: those only their tournaments use, or an
    unused one they created. Another organizer's players never move."""
    if user is None or not user.is_authenticated:
        return Club.objects.none()
    run_as_clubs = Club.organizers.through.objects.values("club_id")
    if user.is_superuser:
        return Club.objects.exclude(pk__in=run_as_clubs)
    theirs = organized_tournaments(user)
    elsewhere = Entry.objects.filter(club__isnull=False).exclude(tournament__in=theirs)
    # a club his tournaments use is his, whoever typed it (an assistant at the door, a
    # co-organizer); an unused one only if he, or nobody known, created it
    unused_and_his = Q(entries__isnull=True) & (Q(created_by=user) | Q(created_by__isnull=True))
    # a club run on its club page is never merged away (``run_as_club``)
    return (Club.objects.filter(Q(entries__tournament__in=theirs) | unused_and_his)
            .exclude(pk__in=elsewhere.values("club_id"))
            .exclude(pk__in=run_as_clubs).distinct())


def run_as_club(club: Club) -> Refusal | None:
    """A club run as an organizing body (its members, its seasons: seasons/) is never merged
    away or deleted from a tournament's list, not even by its organizers: its members and
    seasons would go with it. Others may still merge a typo of its name into it."""
    if not club.organizers.exists():
        return None
    return Refusal(gettext("%(club)s keeps its members and seasons on its club page: it is "
                           "not merged or deleted here.") % {"club": club.name}, "club")


@dataclass(frozen=True)
class ClubUse:
    """How many entries play for a club, in how many tournaments: what a merge would move."""

    entries: int
    tournaments: int


def club_use(club: Club) -> ClubUse:
    use = club.entries.aggregate(entries=Count("pk"),
                                 tournaments=Count("tournament", distinct=True))
    return ClubUse(use["entries"], use["tournaments"])


def merge_club(club: Club, into: Club | None, *, tournament: Tournament, user) -> int:
    """Move every entry of ``club`` to ``into`` and delete ``club`` (a typo at the door made
    it); return how many entries moved. Both must be the organizer's to see, ``club`` their own."""
    if into is None:
        raise Refusal(gettext("Choose the club to merge into."), "into")
    if into.pk == club.pk:
        raise Refusal(gettext("Choose another club than %(club)s to merge it into.")
                      % {"club": club.name}, "into")
    with transaction.atomic():
        refusal = run_as_club(club)
        if refusal is not None:
            raise refusal
        if not own_clubs(user).filter(pk=club.pk).exists():
            raise Refusal(gettext("%(club)s is used by another organizer's tournaments; only "
                                  "they can merge it.") % {"club": club.name}, "club")
        if not clubs_for(tournament, user).filter(pk=into.pk).exists():
            raise Refusal(gettext("Choose one of your clubs to merge into."), "into")
        # the club's players may play in other tournaments of the organizer: their results
        # name the club too
        changed_on_commit(Entry.objects.filter(club=club).values_list("tournament_id",
                                                                      flat=True))
        moved = Entry.objects.filter(club=club).update(club=into)
        if not into.city and club.city:
            into.city = club.city
            into.save(update_fields=["city"])
        before = {"club": club.name, "city": club.city, "entries": moved}
        club.delete()
        record_change(tournament, user, AuditAction.CLUB_MERGED, f"{before['club']} → {into.name}",
                      before=before, after={"club": into.name, "entries_moved": moved})
    return moved


def delete_club(club: Club, *, tournament: Tournament, user) -> None:
    """Delete a club nobody plays for (one added by mistake)."""
    with transaction.atomic():
        refusal = run_as_club(club)
        if refusal is not None:
            raise refusal
        if not own_clubs(user).filter(pk=club.pk).exists():
            raise Refusal(gettext("%(club)s is used by another organizer's tournaments; only "
                                  "they can delete it.") % {"club": club.name}, "club")
        use = club_use(club)
        if use.entries:
            raise Refusal(ngettext(
                "%(club)s still has %(count)s player: merge it into another club instead.",
                "%(club)s still has %(count)s players: merge it into another club instead.",
                use.entries) % {"club": club.name, "count": grouped(use.entries)}, "club")
        before = {"name": club.name, "city": club.city}
        club.delete()
        record_change(tournament, user, AuditAction.CLUB_DELETED, before["name"], before=before)
