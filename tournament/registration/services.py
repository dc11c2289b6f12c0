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
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament import names, parsing
from tournament.audit import record_change
from tournament.models import AuditAction, Club, Entry, Player, Tournament
from tournament.models.events import PUBLICATION_CHOICES
from tournament.permissions import Role, organized_tournaments, role_of
from tournament.privacy import Publication
from tournament.refusals import Refusal
from tournament.registration.clubs import CLUB_MAX, _get_or_create_club, find_club

NAME_MAX = Player._meta.get_field("first_name").max_length


class RegistrationError(Refusal):
    """A registration refused: ``field`` names the form field ("__all__" for the whole form)."""

    def __init__(self, field: str, message: str):
        super().__init__(message, field)


class NamesakeError(RegistrationError):
    """A player of the same name is registered at another club; saving needs
    ``allow_namesake``."""

    def __init__(self, message: str, namesakes: list[str]):
        super().__init__("__all__", message)
        self.namesakes = namesakes


@dataclass(frozen=True)
class KnownPerson:
    """A person of the organizer's other tournaments who may be the one being registered."""

    player: int
    label: str  # "Lina Schäfer of SC Pik 7, number 4 in Club Night (2027-05-01)"


class KnownPersonError(RegistrationError):
    """The name is known from the organizer's other tournaments: he must say whether this is
    the same person (``person=<player id>``) or a new one (``person=NEW_PERSON``)."""

    def __init__(self, message: str, known: list[KnownPerson]):
        super().__init__("person", message)
        self.known = known


NEW_PERSON = "new"


# --- small helpers -----------------------------------------------------------------------------


def clean_text(value) -> str:
    """Trim and collapse inner white space: "  Max   Müller " -> "Max Müller"; no control
    characters (``tournament.parsing.clean_text``)."""
    return parsing.clean_text(value)


def name_key(first_name: str, last_name: str) -> tuple[str, str]:
    """The name as it is compared: "Hans Müller" = "hans mueller" = "Hans Muller"
    (``tournament.names``)."""
    return names.name_key(first_name), names.name_key(last_name)


def player_label(entry: Entry) -> str:
    """ "Max Müller of SC Pik 7" or "Max Müller (no club)"."""
    if entry.club_id:
        # Translators: a player and the club they play for
        return gettext("%(name)s of %(club)s") % {"name": entry.name, "club": entry.club.name}
    return gettext("%(name)s (no club)") % {"name": entry.name}


def lock_tournament(tournament: Tournament) -> None:
    """Serialize registrations of one tournament (a row lock on PostgreSQL, no-op on SQLite)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).exists()


def entry_snapshot(entry: Entry) -> dict:
    return {
        "number": entry.number,
        "first_name": entry.first_name,
        "last_name": entry.last_name,
        "club": entry.club.name if entry.club_id else "",
        "email": entry.email,
        "publication": entry.publication,
        "pseudonym": entry.pseudonym,
        "checked_in": entry.checked_in,
        "withdrawn": entry.withdrawn,
    }


def _publication(publication: str, pseudonym: str) -> tuple[str, str]:
    """The entry's publication choice, checked: a pseudonym chosen must be given."""
    pseudonym = clean_text(pseudonym)
    if publication not in {value for value, _label in PUBLICATION_CHOICES}:
        raise RegistrationError("publication", gettext("Choose how the public pages name "
                                                       "the player."))
    if publication == Publication.PSEUDONYM and not pseudonym:
        raise RegistrationError("pseudonym", gettext("Type the pseudonym the player wants "
                                                     "published, or choose another way."))
    if len(pseudonym) > NAME_MAX:
        raise RegistrationError("pseudonym", gettext("The pseudonym is longer than %(max)s "
                                                     "letters.") % {"max": NAME_MAX})
    problem = parsing.name_problem(pseudonym) if pseudonym else ""
    if problem:
        raise RegistrationError("pseudonym", problem)
    return publication, pseudonym


def _validate_names(first_name: str, last_name: str, club_name: str, email: str) -> None:
    if not first_name:
        raise RegistrationError("first_name", gettext("The first name is empty."))
    if not last_name:
        raise RegistrationError("last_name", gettext("The last name is empty."))
    for field_name, value, most, too_long in (
        ("first_name", first_name, NAME_MAX, _("The first name is longer than %(max)s letters.")),
        ("last_name", last_name, NAME_MAX, _("The last name is longer than %(max)s letters.")),
        ("club", club_name, CLUB_MAX, _("The club name is longer than %(max)s letters.")),
    ):
        if len(value) > most:
            raise RegistrationError(field_name, str(too_long) % {"max": most})
    for field_name, what, value in (("first_name", "first name", first_name),
                                    ("last_name", "last name", last_name),
                                    ("club", "club name", club_name)):
        problem = parsing.name_problem(value, what)
        if problem:
            raise RegistrationError(field_name, problem)
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise RegistrationError("email", gettext(
                "'%(email)s' is not a valid e-mail address.") % {"email": email}) from None


# --- numbers -----------------------------------------------------------------------------------


def next_number(tournament: Tournament) -> int:
    """The next free participant number: one more than the highest; gaps are kept."""
    highest = tournament.entries.aggregate(m=Max("number"))["m"]
    return (highest or 0) + 1


def _check_number(tournament: Tournament, number, exclude: Entry | None = None) -> int:
    try:
        number = int(number)
    except (TypeError, ValueError):
        raise RegistrationError("number", gettext(
            "Number '%(number)s' is not a whole number.") % {"number": number}) from None
    if number < 1:
        raise RegistrationError("number", gettext("Participant numbers start at 1."))
    holders = tournament.entries.filter(number=number).select_related("player")
    if exclude is not None:
        holders = holders.exclude(pk=exclude.pk)
    holder = holders.first()
    if holder is not None:
        raise RegistrationError("number", gettext(
            "Number %(number)s is already used by %(name)s.")
            % {"number": number, "name": holder.player.name})
    return number


# --- duplicates and known persons ----------------------------------------------------------


@dataclass
class Duplicates:
    """What this tournament (and the organizer's other tournaments) know about a name."""

    registered: Entry | None = None  # same name, same club, in this tournament: refuse
    namesakes: list[str] = field(default_factory=list)  # same name, other club, here: warn
    known: list[KnownPerson] = field(default_factory=list)  # same name in his other events

    @property
    def namesake_message(self) -> str:
        return gettext("A player of the same name is already registered at another club: "
                       "%(namesakes)s. If this is a different person, tick “save anyway”.") % {
            "namesakes": "; ".join(self.namesakes)}


def _same_name(first_name: str, last_name: str) -> Q:
    """Entries of that name, ignoring case and accents, ü written ue or u (the stored key)."""
    return Q(name_key=names.person_key(first_name, last_name))


def find_duplicates(tournament: Tournament, first_name: str, last_name: str,
                    club_name: str = "", exclude_entry: Entry | None = None,
                    user=None) -> Duplicates:
    """Entries with the same first and last name (ignoring case and accents: Krüger =
    Krueger = Kruger).

    In this tournament the same club (or both without a club) is a duplicate and another club
    a namesake. In the other tournaments ``user`` runs, the same name is a person he may link
    the new entry to; tournaments he has nothing to do with are never looked at.
    """
    club = find_club(club_name)
    club_name = clean_text(club_name)
    result = Duplicates()
    same_name = _same_name(first_name, last_name)
    entries = (tournament.entries.filter(same_name).select_related("club").order_by("number"))
    if exclude_entry is not None:
        entries = entries.exclude(pk=exclude_entry.pk)
    for entry in entries:
        if _same_club(entry.club, club, club_name):
            result.registered = result.registered or entry
        else:
            result.namesakes.append(gettext("%(player)s, number %(number)s") % {
                "player": player_label(entry), "number": entry.number})
    if role_of(user, tournament) is Role.ORGANIZER:  # an assistant at the door links nobody
        result.known = known_persons(tournament, same_name, user)
    return result


def known_persons(tournament: Tournament, same_name: Q, user) -> list[KnownPerson]:
    """The persons behind entries of that name in the user's other tournaments, latest first."""
    here = tournament.entries.values("player_id")
    entries = (Entry.objects.filter(same_name, tournament__in=organized_tournaments(user))
               .exclude(tournament=tournament).exclude(player_id__in=here)
               .select_related("club", "tournament")
               .order_by("-tournament__start_date", "-pk"))
    known: dict[int, KnownPerson] = {}
    for entry in entries:
        if entry.player_id not in known:
            # Translators: "Lina Schäfer of SC Pik 7, number 4 in Club Night (2027-05-01)"
            label = gettext("%(player)s, number %(number)s in %(tournament)s (%(date)s)") % {
                "player": player_label(entry), "number": entry.number,
                "tournament": entry.tournament.name,
                "date": date_format(entry.tournament.start_date, "SHORT_DATE_FORMAT")}
            known[entry.player_id] = KnownPerson(entry.player_id, label)
    return list(known.values())


def _same_club(existing: Club | None, club: Club | None, club_name: str) -> bool:
    if existing is None:
        return not club_name
    return club is not None and existing.pk == club.pk


# --- registering and editing -------------------------------------------------------------------


def _refuse_duplicates(duplicates: Duplicates, allow_namesake: bool) -> None:
    """The same player registered twice is refused; a namesake needs "save anyway"."""
    if duplicates.registered is not None:
        other = duplicates.registered
        raise RegistrationError("__all__", gettext(
            "%(player)s is already registered as number %(number)s.")
            % {"player": player_label(other), "number": other.number})
    if duplicates.namesakes and not allow_namesake:
        raise NamesakeError(duplicates.namesake_message, duplicates.namesakes)


def _person(duplicates: Duplicates, person, first_name: str, last_name: str) -> Player | None:
    """The person to link the entry to: one the organizer chose from his known persons, or
    None for a new person. Without a choice, a known name stops the registration."""
    if person in (None, ""):
        if duplicates.known:
            raise KnownPersonError(gettext(
                "%(first_name)s %(last_name)s is known from your other tournaments. Choose "
                "whether this is the same person or a new one.")
                % {"first_name": first_name, "last_name": last_name}, duplicates.known)
        return None
    if person == NEW_PERSON:
        return None
    chosen = next((k for k in duplicates.known if str(k.player) == str(person)), None)
    if chosen is None:
        raise KnownPersonError(gettext("Choose one of the persons listed, or a new person."),
                               duplicates.known)
    return Player.objects.get(pk=chosen.player)


def register_player(tournament: Tournament, *, first_name: str, last_name: str,
                    club_name: str = "", email: str = "", number: int | None = None,
                    check_in: bool = False, user=None, allow_namesake: bool = False,
                    person=None, publication: str = "", pseudonym: str = "") -> Entry:
    """Register a player for the tournament and return the new entry.

    Refused (``RegistrationError``): empty names, a number used by another entry, the same
    name at the same club already registered. A namesake at another club raises
    ``NamesakeError`` unless ``allow_namesake``. A name known from the user's other
    tournaments raises ``KnownPersonError`` until ``person`` says who this is: the id of one
    of those persons (the entry is linked to him; the returned entry then has
    ``reused_player = True``) or ``NEW_PERSON``. Nothing of another entry changes.
    A new club name creates the club.
    """
    first_name, last_name = clean_text(first_name), clean_text(last_name)
    club_name, email = clean_text(club_name), clean_text(email)
    _validate_names(first_name, last_name, club_name, email)
    publication, pseudonym = _publication(publication, pseudonym)
    try:
        with transaction.atomic():
            lock_tournament(tournament)
            duplicates = find_duplicates(tournament, first_name, last_name, club_name,
                                         user=user)
            _refuse_duplicates(duplicates, allow_namesake)
            player = _person(duplicates, person, first_name, last_name)
            if number in (None, ""):
                number = next_number(tournament)
            else:
                number = _check_number(tournament, number)
            club = _get_or_create_club(club_name, tournament, user)
            reused = player is not None
            if player is None:
                player = Player.objects.create(first_name=first_name, last_name=last_name)
            now = timezone.now()
            entry = Entry.objects.create(tournament=tournament, player=player, number=number,
                                         first_name=first_name, last_name=last_name,
                                         club=club, email=email, checked_in=check_in,
                                         publication=publication, pseudonym=pseudonym,
                                         checked_in_at=now if check_in else None)
            after = entry_snapshot(entry)
            after["same_person_as_before"] = reused
            record_change(tournament, user, AuditAction.PLAYER_REGISTERED, str(entry), after=after)
    except IntegrityError:
        # Another registration took the number (or player) between the check and the save.
        raise RegistrationError(
            "number", gettext("That number or player was registered at the same moment by "
                              "someone else; please try again.")) from None
    entry.reused_player = reused
    return entry


def update_entry(entry: Entry, *, first_name: str, last_name: str, club_name: str = "",
                 email: str = "", number: int | None = None, user=None,
                 allow_namesake: bool = False, publication: str | None = None,
                 pseudonym: str = "") -> Entry:
    """Change an entry's number, name, club, e-mail and publication choice (None: kept),
    with the same checks.

    Only this tournament's entry changes: what other tournaments published stays as it was.
    """
    tournament = entry.tournament
    first_name, last_name = clean_text(first_name), clean_text(last_name)
    club_name, email = clean_text(club_name), clean_text(email)
    _validate_names(first_name, last_name, club_name, email)
    if publication is not None:
        publication, pseudonym = _publication(publication, pseudonym)
    try:
        with transaction.atomic():
            lock_tournament(tournament)
            entry = Entry.objects.select_related("club").get(pk=entry.pk)
            before = entry_snapshot(entry)
            new_number = entry.number if number in (None, "") else _check_number(
                tournament, number, exclude=entry)
            old_club = names.club_key(entry.club.name) if entry.club_id else ""
            identity_changed = (
                name_key(first_name, last_name) != name_key(entry.first_name, entry.last_name)
                or names.club_key(club_name) != old_club
            )
            if identity_changed:
                duplicates = find_duplicates(tournament, first_name, last_name, club_name,
                                             exclude_entry=entry)
                _refuse_duplicates(duplicates, allow_namesake)
            entry.first_name, entry.last_name, entry.email = first_name, last_name, email
            entry.club = _get_or_create_club(club_name, tournament, user)
            entry.number = new_number
            if publication is not None:
                entry.publication, entry.pseudonym = publication, pseudonym
            entry.save(update_fields=["first_name", "last_name", "email", "club", "number",
                                      "publication", "pseudonym"])
            after = entry_snapshot(entry)
            if after != before:
                record_change(tournament, user, AuditAction.ENTRY_EDITED, str(entry),
                              before=before, after=after)
    except IntegrityError:
        raise RegistrationError(
            "number", gettext("That number was taken at the same moment by someone else; "
                              "please try again.")) from None
    return entry
