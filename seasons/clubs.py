"""A club as an organizing body: its organizers, its members, and its next evening made from
the last one. Every change is one transaction and one audit entry; a refused change is a
``ClubError`` (``tournament.refusals.Refusal``: a sentence and the form field at fault).

Club-level changes (organizers, members) are audited on the club's latest evening, or on no
tournament before the club has one (``tournament.audit.record_change``)."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.text import slugify
from django.utils.translation import gettext

from money.models import MoneySettings
from scoring.models import ScoringSettings
from seasons.models import Member
from tournament.audit import record_change
from tournament.models import AuditAction, Club, Entry, Player, Tournament
from tournament.parsing import clean_text, name_problem
from tournament.permissions import organized_tournaments
from tournament.refusals import Refusal
from tournament.registration.clubs import CLUB_MAX, find_club, own_clubs
from tournament.seating.services import ensure_series
from tournament.views.organize import _summary  # the words TOURNAMENT_CREATED keeps

NAME_MAX = Player._meta.get_field("first_name").max_length
EVENING_NAME_MAX = Tournament._meta.get_field("name").max_length
SLUG_MAX = Tournament._meta.get_field("slug").max_length
# what the next evening takes over from the last one
COPIED = ("rule_set", "options", "scoring_system", "series_count", "deals_per_player",
          "table_policy", "public", "language", "publication", "paper", "time_zone",
          "settlement_rate", "venue", "blind_check")
LIMIT = 99  # series and deals per player, as the tournament form allows


class ClubError(Refusal):
    """A refused change of a club."""


def latest_evening(club: Club) -> Tournament | None:
    """The club's last evening (by date, then the one created last)."""
    return club.evenings.order_by("-start_date", "-created_at", "-id").first()


def _audit(club: Club, user, action: AuditAction, subject: str, before=None, after=None):
    record_change(latest_evening(club), user, action, subject, before=before,
                  after={"club": club.name, **(after or {})})


# --- the club and its organizers ---------------------------------------------------------


def create_club(name: str, city: str, user) -> Club:
    """A new club organized by ``user``. A club of that name nobody organizes yet, that the
    user created or only his tournaments use, becomes his; any other is refused."""
    name, city = clean_text(name), clean_text(city)
    if not name:
        raise ClubError(gettext("The club name is empty."), "name")
    if len(name) > CLUB_MAX or len(city) > CLUB_MAX:
        raise ClubError(gettext("The club name is longer than %(max)s letters.")
                        % {"max": CLUB_MAX}, "name" if len(name) > CLUB_MAX else "city")
    problem = name_problem(name, "club name")
    if problem:
        raise ClubError(problem, "name")
    with transaction.atomic():
        club = find_club(name)
        if club is not None:
            free = (not club.organizers.exists()
                    and own_clubs(user).filter(pk=club.pk).exists())
            if not free:
                raise ClubError(gettext("The club %(club)s already exists; one of its "
                                        "organizers can add you.") % {"club": club.name}, "name")
            if city and not club.city:
                club.city = city
                club.save(update_fields=["city"])
        else:
            club = Club.objects.create(name=name, city=city, created_by=user)
            record_change(None, user, AuditAction.CLUB_CREATED, club.name,
                          after={"name": club.name, "city": club.city})
        club.organizers.add(user)
        _audit(club, user, AuditAction.CLUB_ORGANIZER_ADDED, user.get_username(),
               after={"organizer": user.get_username()})
    return club


def eligible_users(club: Club, user):
    """Whom ``user`` may add as an organizer of ``club``: the organizers and assistants of
    the club's evenings and of the tournaments he organizes (people he works with)."""
    tournaments = Tournament.objects.filter(
        Q(club=club) | Q(pk__in=organized_tournaments(user).values("pk")))
    return (get_user_model().objects.filter(
        Q(organized_tournaments__in=tournaments) | Q(assisted_tournaments__in=tournaments))
        .filter(is_active=True).exclude(pk__in=club.organizers.values("pk")).distinct())


def add_organizer(club: Club, username: str, user):
    """Add the account ``username`` as an organizer of the club. Unknown names and accounts
    outside ``eligible_users`` are refused alike (the message does not say which)."""
    username = clean_text(username)
    if not username:
        raise ClubError(gettext("The user name is empty."), "username")
    with transaction.atomic():
        found = eligible_users(club, user).filter(username=username).first()
        if found is None:
            if club.organizers.filter(username=username).exists():
                raise ClubError(gettext("%(name)s is an organizer of the club already.")
                                % {"name": username}, "username")
            raise ClubError(gettext(
                "No account “%(name)s” among the organizers and assistants of the club's "
                "evenings and of your tournaments.") % {"name": username}, "username")
        club.organizers.add(found)
        _audit(club, user, AuditAction.CLUB_ORGANIZER_ADDED, found.get_username(),
               after={"organizer": found.get_username()})
    return found


def remove_organizer(club: Club, organizer_id: int, user) -> None:
    """Remove an organizer of the club; never the last one."""
    with transaction.atomic():
        organizers = list(Club.organizers.through.objects.select_for_update()
                          .filter(club=club).values_list("user_id", flat=True))
        if organizer_id not in organizers:
            raise ClubError(gettext("That account is not an organizer of the club."),
                            "organizer")
        if len(organizers) == 1:
            raise ClubError(gettext("The club needs at least one organizer: add another "
                                    "before you remove the last one."), "organizer")
        gone = get_user_model().objects.get(pk=organizer_id)
        club.organizers.remove(gone)
        _audit(club, user, AuditAction.CLUB_ORGANIZER_REMOVED, gone.get_username(),
               before={"organizer": gone.get_username()})


# --- members ---------------------------------------------------------------------------------


def candidates(club: Club):
    """The persons who played the club's evenings and are not its members (yet)."""
    return (Player.objects.filter(entries__tournament__club=club)
            .exclude(memberships__club=club).distinct().order_by("last_name", "first_name"))


def _check_names(first_name: str, last_name: str) -> None:
    if not first_name:
        raise ClubError(gettext("The first name is empty."), "first_name")
    if not last_name:
        raise ClubError(gettext("The last name is empty."), "last_name")
    for field, what, value, too_long in (
            ("first_name", "first name", first_name,
             gettext("The first name is longer than %(max)s letters.")),
            ("last_name", "last name", last_name,
             gettext("The last name is longer than %(max)s letters."))):
        if len(value) > NAME_MAX:
            raise ClubError(too_long % {"max": NAME_MAX}, field)
        problem = name_problem(value, what)
        if problem:
            raise ClubError(problem, field)


def lock(club: Club) -> None:
    """One change of the club's members or evenings at a time: a form sent twice finds the
    first one's member or address taken, never a broken constraint."""
    Club.objects.select_for_update().filter(pk=club.pk).first()


def add_member(club: Club, user, *, player: int | None = None, first_name: str = "",
               last_name: str = "", new_person: bool = False,
               joined_on: datetime.date | None = None) -> Member:
    """Make a person a member of the club: one who played its evenings (``player``, his id),
    or a new person by name. A typed name that one of the club's players has is refused
    unless ``new_person`` (a namesake), so nobody is counted twice."""
    joined_on = joined_on or datetime.date.today()
    with transaction.atomic():
        lock(club)
        if player is not None:
            person = candidates(club).filter(pk=player).first()
            if person is None:
                raise ClubError(gettext("Choose one of the players listed."), "player")
        else:
            first_name, last_name = clean_text(first_name), clean_text(last_name)
            _check_names(first_name, last_name)
            same = Player.objects.filter(
                Q(memberships__club=club) | Q(entries__tournament__club=club),
                first_name__iexact=first_name, last_name__iexact=last_name).distinct()
            if same.exists() and not new_person:
                raise ClubError(gettext(
                    "%(name)s has played the club's evenings or is a member: choose him from "
                    "the list, or tick “a new person of the same name”.")
                    % {"name": f"{first_name} {last_name}"}, "first_name")
            person = Player.objects.create(first_name=first_name, last_name=last_name)
        member = Member.objects.create(club=club, player=person, joined_on=joined_on)
        _audit(club, user, AuditAction.MEMBER_ADDED, person.name,
               after={"member": person.name, "player": person.pk,
                      "joined_on": joined_on.isoformat()})
    return member


def _member(club: Club, member_id: int) -> Member:
    found = (Member.objects.select_for_update().select_related("player")
             .filter(club=club, pk=member_id).first())
    if found is None:
        raise ClubError(gettext("That person is not a member of the club."), "member")
    return found


def leave(club: Club, member_id: int, user, on: datetime.date | None = None) -> Member:
    """Mark a member as left (``left_on``); his history stays, nothing is deleted."""
    on = on or datetime.date.today()
    with transaction.atomic():
        member = _member(club, member_id)
        if member.left_on is not None:
            raise ClubError(gettext("%(name)s has left the club already.")
                            % {"name": member.player.name}, "member")
        if on < member.joined_on:
            raise ClubError(gettext("A member cannot leave before the day he joined."), "left_on")
        member.left_on = on
        member.save(update_fields=["left_on"])
        _audit(club, user, AuditAction.MEMBER_LEFT, member.player.name,
               before={"member": member.player.name}, after={"left_on": on.isoformat()})
    return member


def rejoin(club: Club, member_id: int, user) -> Member:
    """A member who left is a member again (``left_on`` cleared; his first joining day kept)."""
    with transaction.atomic():
        member = _member(club, member_id)
        if member.left_on is None:
            raise ClubError(gettext("%(name)s is a member already.")
                            % {"name": member.player.name}, "member")
        left = member.left_on
        member.left_on = None
        member.save(update_fields=["left_on"])
        _audit(club, user, AuditAction.MEMBER_ADDED, member.player.name,
               before={"left_on": left.isoformat()},
               after={"member": member.player.name, "rejoined": True})
    return member


# --- the next evening ------------------------------------------------------------------------


def evening_slug(club: Club, day: datetime.date) -> str:
    """"<club>-<yyyy-mm-dd>", made unique with "-2", "-3", …"""
    stem = f"{(slugify(club.name) or 'club')[:SLUG_MAX - 16]}-{day.isoformat()}"
    slug, n = stem, 1
    while Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{stem}-{n}"
    return slug


def _member_entries(club: Club, tournament: Tournament) -> list[Entry]:
    """An entry (not checked in) for every active member, named as his latest entry at the
    club names him (else as his person), numbered 1..n by name."""
    members = list(Member.objects.filter(club=club, left_on__isnull=True)
                   .select_related("player"))
    latest: dict[int, Entry] = {}
    for entry in (Entry.objects.filter(tournament__club=club,
                                       player_id__in=[m.player_id for m in members])
                  .exclude(tournament=tournament)
                  .order_by("tournament__start_date", "tournament__created_at", "pk")):
        latest[entry.player_id] = entry
    rows = []
    for member in members:
        before = latest.get(member.player_id)
        source = before or member.player
        rows.append((member.player, source.first_name, source.last_name,
                     before.publication if before else "", before.pseudonym if before else ""))
    rows.sort(key=lambda r: (r[2].casefold(), r[1].casefold(), r[0].pk))
    return [Entry.objects.create(tournament=tournament, player=person, number=number,
                                 first_name=first, last_name=last, club=club,
                                 publication=publication, pseudonym=pseudonym)
            for number, (person, first, last, publication, pseudonym) in enumerate(rows, 1)]


def _copy_settings(last: Tournament, tournament: Tournament) -> list[str]:
    """The last evening's results and money settings, where it has them."""
    copied = []
    scoring = ScoringSettings.objects.filter(tournament=last).first()
    if scoring is not None:
        scoring.pk = None
        scoring.tournament = tournament
        scoring.save()
        copied.append("scoring")
    money = MoneySettings.objects.filter(tournament=last).first()
    if money is not None:
        MoneySettings.objects.create(tournament=tournament, rules=money.rules,
                                     currency=money.currency, preset=money.preset,
                                     settle_at_rate=money.settle_at_rate)
        copied.append("money")
    return copied


def next_evening(club: Club, user, day: datetime.date, name: str, *,
                 rule_set: str | None = None, series_count: int | None = None,
                 deals_per_player: int | None = None) -> Tournament:
    """The club's next evening on ``day``: the last evening's settings (or the site's
    defaults for a first evening; ``rule_set``, ``series_count``, ``deals_per_player`` when
    given), the user and the club's organizers as its organizers, its series as drafts, and
    every active member registered, not checked in (the door ticks who came)."""
    name = clean_text(name)
    if not name:
        raise ClubError(gettext("The name is empty."), "name")
    if len(name) > EVENING_NAME_MAX:
        raise ClubError(gettext("The name is longer than %(max)s letters.")
                        % {"max": EVENING_NAME_MAX}, "name")
    if day is None:
        raise ClubError(gettext("Enter the date of the evening."), "day")
    for field, value in (("series_count", series_count), ("deals_per_player", deals_per_player)):
        if value is not None and not 1 <= value <= LIMIT:
            raise ClubError(gettext("Enter a number from 1 to %(max)s.") % {"max": LIMIT}, field)
    last = latest_evening(club)
    with transaction.atomic():
        lock(club)
        fields = {f: getattr(last, f) for f in COPIED} if last else {}
        for field, value in (("rule_set", rule_set), ("series_count", series_count),
                             ("deals_per_player", deals_per_player)):
            if value is not None:
                fields[field] = value
        tournament = Tournament(name=name, slug=evening_slug(club, day), start_date=day,
                                club=club, created_by=user, **fields)
        if last is None:
            tournament.public = True  # as the organizer's form starts a new tournament
        try:
            tournament.full_clean(exclude=["slug"])
        except ValidationError as exc:
            field, problems = next(iter(exc.message_dict.items()))
            raise ClubError(problems[0], field) from None
        tournament.save()
        tournament.organizers.add(user, *club.organizers.all())
        ensure_series(tournament)
        copied = _copy_settings(last, tournament) if last else []
        entries = _member_entries(club, tournament)
        record_change(tournament, user, AuditAction.TOURNAMENT_CREATED, tournament.name,
                      after=_summary(tournament))
        record_change(tournament, user, AuditAction.EVENING_CREATED, tournament.name, after={
            "club": club.name, "from": last.slug if last else "", "copied": copied,
            "members_registered": len(entries)})
    return tournament


def default_day(club: Club) -> datetime.date:
    """The next evening's day: a week after the last evening, else today."""
    last = latest_evening(club)
    if last is None:
        return datetime.date.today()
    if last.start_date > datetime.date.max - datetime.timedelta(days=7):
        return last.start_date
    return last.start_date + datetime.timedelta(days=7)
