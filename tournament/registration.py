"""Registering players for a tournament: numbers, duplicates, check-in, withdrawal, keep-apart.

Plain functions over the ORM, used by the organizer's views, the CSV import and management
commands. Every change runs in one transaction and is written to the audit log. Refusals raise
``RegistrationError`` with the form field they belong to and a sentence an organizer
understands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q
from django.utils import timezone

from . import parsing
from .audit import record_change
from .models import Club, Entry, KeepApart, Player, Tournament
from .parsing import BIG_INT_MAX, INT_MAX, int_param

NAME_MAX = Player._meta.get_field("first_name").max_length
CLUB_MAX = Club._meta.get_field("name").max_length


class RegistrationError(ValueError):
    """A registration refused: ``field`` names the form field ("__all__" for the whole form)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


class NamesakeError(RegistrationError):
    """A player of the same name is known at another club; saving needs ``allow_namesake``."""

    def __init__(self, message: str, namesakes: list[str]):
        super().__init__("__all__", message)
        self.namesakes = namesakes


# --- small helpers -----------------------------------------------------------------------------


def clean_text(value) -> str:
    """Trim and collapse inner white space: "  Max   Müller " -> "Max Müller"; no control
    characters (``tournament.parsing.clean_text``)."""
    return parsing.clean_text(value)


def name_key(first_name: str, last_name: str) -> tuple[str, str]:
    return clean_text(first_name).casefold(), clean_text(last_name).casefold()


def club_label(club: Club | None) -> str:
    return club.name if club else "no club"


def player_label(player: Player) -> str:
    """ "Max Müller of SC Pik 7" or "Max Müller (no club)"."""
    if player.club_id:
        return f"{player.name} of {player.club.name}"
    return f"{player.name} (no club)"


def find_club(name: str) -> Club | None:
    """The club of that name, ignoring case and extra spaces; None for an empty or unknown name."""
    name = clean_text(name)
    if not name:
        return None
    return Club.objects.filter(name__iexact=name).first()


def _get_or_create_club(name: str, tournament: Tournament | None, user) -> Club | None:
    name = clean_text(name)
    if not name:
        return None
    club = find_club(name)
    if club is None:
        club = Club.objects.create(name=name)
        record_change(tournament, user, "club created", club.name, after={"name": club.name})
    return club


def lock_tournament(tournament: Tournament) -> None:
    """Serialize registrations of one tournament (a row lock on PostgreSQL, no-op on SQLite)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).exists()


def entry_snapshot(entry: Entry) -> dict:
    player = entry.player
    return {
        "number": entry.number,
        "first_name": player.first_name,
        "last_name": player.last_name,
        "club": player.club.name if player.club_id else "",
        "email": player.email,
        "checked_in": entry.checked_in,
        "withdrawn": entry.withdrawn,
    }


def _validate_names(first_name: str, last_name: str, club_name: str, email: str) -> None:
    if not first_name:
        raise RegistrationError("first_name", "The first name is empty.")
    if not last_name:
        raise RegistrationError("last_name", "The last name is empty.")
    if len(first_name) > NAME_MAX:
        raise RegistrationError("first_name", f"The first name is longer than {NAME_MAX} letters.")
    if len(last_name) > NAME_MAX:
        raise RegistrationError("last_name", f"The last name is longer than {NAME_MAX} letters.")
    if len(club_name) > CLUB_MAX:
        raise RegistrationError("club", f"The club name is longer than {CLUB_MAX} letters.")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise RegistrationError("email", f"'{email}' is not a valid e-mail address.") from None


# --- numbers -----------------------------------------------------------------------------------


def next_number(tournament: Tournament) -> int:
    """The next free participant number: one more than the highest; gaps are kept."""
    highest = tournament.entries.aggregate(m=Max("number"))["m"]
    return (highest or 0) + 1


def _check_number(tournament: Tournament, number, exclude: Entry | None = None) -> int:
    try:
        number = int(number)
    except (TypeError, ValueError):
        raise RegistrationError("number", f"Number '{number}' is not a whole number.") from None
    if number < 1:
        raise RegistrationError("number", "Participant numbers start at 1.")
    holders = tournament.entries.filter(number=number).select_related("player")
    if exclude is not None:
        holders = holders.exclude(pk=exclude.pk)
    holder = holders.first()
    if holder is not None:
        raise RegistrationError(
            "number", f"Number {number} is already used by {holder.player.name}.")
    return number


# --- duplicates --------------------------------------------------------------------------------


@dataclass
class Duplicates:
    """What the database already knows about a name (and club) for one tournament."""

    registered: Entry | None = None  # same name, same club, in this tournament: refuse
    player: Player | None = None  # same name, same club, not in this tournament: reuse
    namesakes: list[str] = field(default_factory=list)  # same name at another club: warn

    @property
    def namesake_message(self) -> str:
        return ("A player of the same name is already known at another club: "
                + "; ".join(self.namesakes)
                + ". If this is a different person, tick “save anyway”.")


def find_duplicates(tournament: Tournament, first_name: str, last_name: str,
                    club_name: str = "", exclude_entry: Entry | None = None) -> Duplicates:
    """Entries and players with the same first and last name (ignoring case).

    The same club (or both without a club) in this tournament is a duplicate; the same club
    elsewhere is the same person, whose Player record is reused; the same name at another club
    is a namesake that the organizer must confirm.
    """
    first_name, last_name = clean_text(first_name), clean_text(last_name)
    club = find_club(club_name)
    club_name = clean_text(club_name)
    result = Duplicates()
    same_name = Q(first_name__iexact=first_name, last_name__iexact=last_name)
    exclude_player = exclude_entry.player_id if exclude_entry else None
    entries = (tournament.entries.filter(player__in=Player.objects.filter(same_name))
               .select_related("player__club").order_by("number"))
    in_tournament = set()
    for entry in entries:
        in_tournament.add(entry.player_id)
        if entry.player_id == exclude_player:
            continue
        if _same_club(entry.player.club, club, club_name):
            result.registered = result.registered or entry
        else:
            result.namesakes.append(
                f"{player_label(entry.player)}, number {entry.number} in this tournament")
    others = (Player.objects.filter(same_name).exclude(pk__in=in_tournament)
              .select_related("club").order_by("pk"))
    for player in others:
        if player.pk == exclude_player:
            continue
        if _same_club(player.club, club, club_name):
            result.player = result.player or player
        else:
            result.namesakes.append(f"{player_label(player)} (not in this tournament)")
    return result


def _same_club(existing: Club | None, club: Club | None, club_name: str) -> bool:
    if existing is None:
        return not club_name
    return club is not None and existing.pk == club.pk


# --- registering and editing -------------------------------------------------------------------


def _refuse_duplicates(duplicates, allow_namesake: bool) -> None:
    """The same player registered twice is refused; a namesake needs "save anyway"."""
    if duplicates.registered is not None:
        other = duplicates.registered
        raise RegistrationError("__all__", f"{player_label(other.player)} is already "
                                           f"registered as number {other.number}.")
    if duplicates.namesakes and not allow_namesake:
        raise NamesakeError(duplicates.namesake_message, duplicates.namesakes)


def register_player(tournament: Tournament, *, first_name: str, last_name: str,
                    club_name: str = "", email: str = "", number: int | None = None,
                    check_in: bool = False, user=None, allow_namesake: bool = False) -> Entry:
    """Register a player for the tournament and return the new entry.

    Refused (``RegistrationError``): empty names, a number used by another entry, the same
    name at the same club already registered. A namesake at another club raises
    ``NamesakeError`` unless ``allow_namesake``. A known player (same name and club, from an
    earlier tournament) is reused; the returned entry then has ``reused_player = True``.
    A new club name creates the club.
    """
    first_name, last_name = clean_text(first_name), clean_text(last_name)
    club_name, email = clean_text(club_name), clean_text(email)
    _validate_names(first_name, last_name, club_name, email)
    try:
        with transaction.atomic():
            lock_tournament(tournament)
            duplicates = find_duplicates(tournament, first_name, last_name, club_name)
            _refuse_duplicates(duplicates, allow_namesake)
            if number in (None, ""):
                number = next_number(tournament)
            else:
                number = _check_number(tournament, number)
            club = _get_or_create_club(club_name, tournament, user)
            player = duplicates.player
            reused = player is not None
            if player is None:
                player = Player.objects.create(first_name=first_name, last_name=last_name,
                                               club=club, email=email)
            elif email and player.email != email:
                player.email = email
                player.save(update_fields=["email"])
            now = timezone.now()
            entry = Entry.objects.create(tournament=tournament, player=player, number=number,
                                         checked_in=check_in,
                                         checked_in_at=now if check_in else None)
            after = entry_snapshot(entry)
            after["reused_player"] = reused
            record_change(tournament, user, "player registered", str(entry), after=after)
    except IntegrityError:
        # Another registration took the number (or player) between the check and the save.
        raise RegistrationError(
            "number", "That number or player was registered at the same moment by someone "
                      "else; please try again.") from None
    entry.reused_player = reused
    return entry


def update_entry(entry: Entry, *, first_name: str, last_name: str, club_name: str = "",
                 email: str = "", number: int | None = None, user=None,
                 allow_namesake: bool = False) -> Entry:
    """Change an entry's number and its player's name, club and e-mail, with the same checks.

    Name, club and e-mail belong to the player record (shared with other tournaments).
    """
    tournament = entry.tournament
    first_name, last_name = clean_text(first_name), clean_text(last_name)
    club_name, email = clean_text(club_name), clean_text(email)
    _validate_names(first_name, last_name, club_name, email)
    try:
        with transaction.atomic():
            lock_tournament(tournament)
            entry = Entry.objects.select_related("player__club").get(pk=entry.pk)
            before = entry_snapshot(entry)
            new_number = entry.number if number in (None, "") else _check_number(
                tournament, number, exclude=entry)
            player = entry.player
            old_club = player.club.name.casefold() if player.club_id else ""
            identity_changed = (
                name_key(first_name, last_name) != name_key(player.first_name, player.last_name)
                or club_name.casefold() != old_club
            )
            if identity_changed:
                duplicates = find_duplicates(tournament, first_name, last_name, club_name,
                                             exclude_entry=entry)
                _refuse_duplicates(duplicates, allow_namesake)
            player.first_name, player.last_name, player.email = first_name, last_name, email
            player.club = _get_or_create_club(club_name, tournament, user)
            player.save()
            entry.number = new_number
            entry.save(update_fields=["number"])
            after = entry_snapshot(entry)
            if after != before:
                record_change(tournament, user, "entry edited", str(entry),
                              before=before, after=after)
    except IntegrityError:
        raise RegistrationError(
            "number", "That number was taken at the same moment by someone else; "
                      "please try again.") from None
    return entry


def check_in(entry: Entry, user, checked_in: bool = True) -> Entry:
    """Check an entry in (or undo it). A withdrawn entry must be reinstated first."""
    with transaction.atomic():
        entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
        if checked_in and entry.withdrawn:
            raise RegistrationError(
                "checked_in", f"{entry.player.name} (number {entry.number}) is withdrawn; "
                              "reinstate the player before checking in.")
        if entry.checked_in == checked_in:
            return entry
        before = {"checked_in": entry.checked_in}
        entry.checked_in = checked_in
        entry.checked_in_at = timezone.now() if checked_in else None
        entry.save(update_fields=["checked_in", "checked_in_at"])
        record_change(entry.tournament, user, "checked in" if checked_in else "check-in undone",
                      str(entry), before=before, after={"checked_in": checked_in})
    return entry


def withdraw(entry: Entry, user, withdrawn: bool = True) -> Entry:
    """Withdraw an entry (which also undoes its check-in) or reinstate it (not checked in)."""
    with transaction.atomic():
        entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
        if entry.withdrawn == withdrawn:
            return entry
        before = {"withdrawn": entry.withdrawn, "checked_in": entry.checked_in}
        entry.withdrawn = withdrawn
        if withdrawn:
            entry.checked_in = False
            entry.checked_in_at = None
        entry.save(update_fields=["withdrawn", "checked_in", "checked_in_at"])
        record_change(entry.tournament, user, "withdrawn" if withdrawn else "reinstated",
                      str(entry), before=before,
                      after={"withdrawn": entry.withdrawn, "checked_in": entry.checked_in})
    return entry


# --- clubs and keep-apart pairs ----------------------------------------------------------------


def add_club(name: str, city: str = "", *, tournament: Tournament | None = None,
             user=None) -> Club:
    name, city = clean_text(name), clean_text(city)
    if not name:
        raise RegistrationError("name", "The club name is empty.")
    if len(name) > CLUB_MAX:
        raise RegistrationError("name", f"The club name is longer than {CLUB_MAX} letters.")
    existing = find_club(name)
    if existing is not None:
        raise RegistrationError("name", f"The club {existing.name} already exists.")
    with transaction.atomic():
        club = Club.objects.create(name=name, city=city)
        record_change(tournament, user, "club created", club.name,
                      after={"name": club.name, "city": club.city})
    return club


def clubs_with_counts(tournament: Tournament):
    """All clubs with ``entries`` = how many of this tournament's (not withdrawn) players."""
    return Club.objects.annotate(entries=Count(
        "players__entries",
        filter=Q(players__entries__tournament=tournament,
                 players__entries__withdrawn=False)))


def add_keep_apart(tournament: Tournament, first_number: int, second_number: int,
                   reason: str = "", *, user=None) -> KeepApart:
    """Ask the seating to keep two entries (by participant number) at different tables."""
    reason = clean_text(reason)
    if int(first_number) == int(second_number):
        raise RegistrationError("second", "Choose two different players.")
    entries = {e.number: e for e in tournament.entries.filter(
        number__in=[first_number, second_number]).select_related("player")}
    for field_name, number in (("first", first_number), ("second", second_number)):
        if int(number) not in entries:
            raise RegistrationError(field_name, f"No player has number {number}.")
    first, second = sorted((entries[int(first_number)], entries[int(second_number)]),
                           key=lambda e: e.number)
    with transaction.atomic():
        lock_tournament(tournament)
        if KeepApart.objects.filter(Q(first=first, second=second)
                                    | Q(first=second, second=first)).exists():
            raise RegistrationError(
                "__all__", f"{first.player.name} and {second.player.name} are already "
                           "kept apart.")
        pair = KeepApart.objects.create(tournament=tournament, first=first, second=second,
                                        reason=reason)
        record_change(tournament, user, "keep apart added", str(pair),
                      after={"first": first.number, "second": second.number,
                             "reason": reason})
    return pair


def remove_keep_apart(pair: KeepApart, *, user=None) -> None:
    with transaction.atomic():
        before = {"first": pair.first.number, "second": pair.second.number,
                  "reason": pair.reason}
        subject = str(pair)
        pair.delete()
        record_change(pair.tournament, user, "keep apart removed", subject, before=before)


# --- the list ----------------------------------------------------------------------------------

STATUSES = {
    "registered": Q(withdrawn=False, checked_in=False),
    "checked_in": Q(checked_in=True),
    "withdrawn": Q(withdrawn=True),
}


def entry_counts(tournament: Tournament) -> dict[str, int]:
    """Registered (everyone not withdrawn), checked in and withdrawn, in one query."""
    return tournament.entries.aggregate(
        registered=Count("pk", filter=Q(withdrawn=False)),
        checked_in=Count("pk", filter=Q(checked_in=True)),
        withdrawn=Count("pk", filter=Q(withdrawn=True)),
    )


def search_entries(tournament: Tournament, q: str = "", club: str = "", status: str = ""):
    """The tournament's entries matching a number or name words, a club id ("none" for no
    club) and a status (registered, checked_in, withdrawn)."""
    entries = tournament.entries.select_related("player__club")
    q = clean_text(q)
    if q.isascii() and q.isdigit():  # a number; one no entry can have finds nothing
        entries = entries.filter(number=int_param(q, 1, INT_MAX) or 0)
    elif q:
        for word in q.split():
            entries = entries.filter(Q(player__first_name__icontains=word)
                                     | Q(player__last_name__icontains=word))
    if club == "none":
        entries = entries.filter(player__club__isnull=True)
    elif club.isascii() and club.isdigit():
        entries = entries.filter(player__club_id=int_param(club, 1, BIG_INT_MAX) or 0)
    if status in STATUSES:
        entries = entries.filter(STATUSES[status])
    return entries


def recent_check_ins(tournament: Tournament, count: int = 10):
    return (tournament.entries.filter(checked_in=True).select_related("player__club")
            .order_by("-checked_in_at", "-pk")[:count])
