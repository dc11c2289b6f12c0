"""Clubs: found by name, created when a player names a new one, listed per organizer."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q

from tournament.audit import record_change
from tournament.models import AuditAction, Club, Tournament
from tournament.names import club_key
from tournament.parsing import clean_text
from tournament.permissions import organized_tournaments
from tournament.refusals import Refusal

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
        raise Refusal("The club name is empty.", "name")
    if len(name) > CLUB_MAX:
        raise Refusal(f"The club name is longer than {CLUB_MAX} letters.", "name")
    existing = find_club(name)
    if existing is not None:
        raise Refusal(f"The club {existing.name} already exists.", "name")
    with transaction.atomic():
        club = Club.objects.create(name=name, city=city)
        record_change(tournament, user, AuditAction.CLUB_CREATED, club.name,
                      after={"name": club.name, "city": club.city})
    return club


def clubs_with_counts(tournament: Tournament, user=None):
    """The clubs the organizer sees (``clubs_for``), each with ``players`` = how many of this
    tournament's (not withdrawn) entries play for it."""
    return clubs_for(tournament, user).annotate(players=Count(
        "entries", filter=Q(entries__tournament=tournament, entries__withdrawn=False)))
