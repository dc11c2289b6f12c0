"""tournament.registration.services: numbers, duplicates, known persons, check-in, withdrawal."""

import datetime

import pytest

from tournament.models import AuditEntry, Club, Entry, KeepApart, Player, Tournament
from tournament.registration.attendance import check_in, withdraw
from tournament.registration.keep_apart import add_keep_apart
from tournament.registration.services import (
    NEW_PERSON,
    KnownPersonError,
    NamesakeError,
    RegistrationError,
    find_duplicates,
    next_number,
    register_player,
    update_entry,
)

pytestmark = pytest.mark.django_db


def register(tournament, first, last, club="", **kwargs):
    return register_player(tournament, first_name=first, last_name=last, club_name=club,
                           **kwargs)


def test_next_number_is_one_more_than_the_highest_and_keeps_gaps(tournament):
    assert next_number(tournament) == 1
    register(tournament, "Anna", "Becker", number=3)
    register(tournament, "Max", "Müller", number=10)
    assert next_number(tournament) == 11
    entry = register(tournament, "Otto", "Schulz")
    assert entry.number == 11
    assert sorted(tournament.entries.values_list("number", flat=True)) == [3, 10, 11]


def test_the_same_player_twice_in_one_tournament_is_refused(tournament):
    register(tournament, "Max", "Müller", "SC Pik 7")
    with pytest.raises(RegistrationError) as refused:
        register(tournament, "  max ", "müller", "sc pik 7")
    assert "Max Müller of SC Pik 7 is already registered as number 1" in refused.value.message
    assert tournament.entries.count() == 1
    assert Player.objects.count() == 1


def test_a_known_person_is_linked_only_by_the_organizers_explicit_choice(
        tournament, other_tournament, organizer):
    first = register(tournament, "Anna", "Becker", "Herz Dame", email="anna@old.example",
                     user=organizer)
    assert first.reused_player is False
    with pytest.raises(KnownPersonError) as asked:
        register(other_tournament, "anna", "becker", "HERZ DAME", user=organizer)
    (known,) = asked.value.known
    assert known.player == first.player_id
    assert "number 1 in Club Night" in known.label
    assert "anna@old.example" not in known.label
    assert other_tournament.entries.count() == 0
    second = register(other_tournament, "anna", "becker", "HERZ DAME",
                      email="anna@example.org", user=organizer, person=first.player_id)
    assert second.reused_player is True
    assert second.player_id == first.player_id
    assert Player.objects.count() == 1
    assert Club.objects.count() == 1
    first.refresh_from_db()
    assert first.email == "anna@old.example"  # the other entry keeps its own e-mail
    audit = AuditEntry.objects.filter(tournament=other_tournament, action="player_registered")
    assert audit.get().after["same_person_as_before"] is True


def test_a_new_person_of_a_known_name_is_a_new_player(tournament, other_tournament, organizer):
    first = register(tournament, "Anna", "Becker", "Herz Dame", user=organizer)
    second = register(other_tournament, "Anna", "Becker", "Herz Dame", user=organizer,
                      person=NEW_PERSON)
    assert second.player_id != first.player_id
    with pytest.raises(KnownPersonError):  # a person he may not link to is refused
        register(other_tournament, "Lina", "Becker", user=organizer, person=first.player_id)


def test_another_organizers_tournament_is_never_looked_at(tournament, django_user_model):
    """Tournament B's organizer registers a name that tournament A knows: a new person,
    no question asked, and nothing of A is changed or shown."""
    lina_a = register(tournament, "Lina", "Schäfer", "SC Pik 7", email="lina@a.example")
    other = django_user_model.objects.create_user("bea", password="bea-pw-19088")
    cup = Tournament.objects.create(name="Bea's Cup", slug="beas-cup",
                                    start_date=datetime.date(2027, 8, 1))
    cup.organizers.add(other)
    lina_b = register(cup, "Lina", "Schäfer", "SC Pik 7", email="lina@b.example", user=other)
    assert lina_b.player_id != lina_a.player_id
    update_entry(lina_b, first_name="Lina", last_name="Schäfer-Berg", club_name="Herz Dame",
                 email="new@b.example", user=other)
    lina_a.refresh_from_db()
    assert (lina_a.name, lina_a.club.name, lina_a.email) == (
        "Lina Schäfer", "SC Pik 7", "lina@a.example")
    assert not AuditEntry.objects.filter(tournament=tournament, action="entry_edited").exists()
    found = find_duplicates(cup, "Lina", "Schäfer", "", user=other)
    assert found.known == [] and found.namesakes == []  # A's Lina is not B's business


def test_a_namesake_at_another_club_needs_allow_namesake(tournament):
    register(tournament, "Max", "Müller", "SC Pik 7")
    with pytest.raises(NamesakeError) as warned:
        register(tournament, "Max", "Müller", "Kreuz Bube")
    assert "SC Pik 7" in warned.value.message
    assert tournament.entries.count() == 1
    entry = register(tournament, "Max", "Müller", "Kreuz Bube", allow_namesake=True)
    assert entry.number == 2
    assert entry.club.name == "Kreuz Bube"
    assert Player.objects.count() == 2


def test_find_duplicates_tells_registered_known_and_namesakes(tournament, other_tournament,
                                                              organizer):
    register(tournament, "Max", "Müller", "SC Pik 7")
    register(other_tournament, "Max", "Müller", "Kreuz Bube")
    found = find_duplicates(tournament, "max", "müller", "SC Pik 7", user=organizer)
    assert found.registered is not None and found.registered.number == 1
    found = find_duplicates(tournament, "Max", "Müller", "Kreuz Bube", user=organizer)
    assert found.registered is None
    assert len(found.namesakes) == 1 and "SC Pik 7" in found.namesakes[0]
    assert [k.label for k in found.known] == [  # the organizer also runs the Autumn Cup
        "Max Müller of Kreuz Bube, number 1 in Autumn Cup (2027-10-02)"]
    assert find_duplicates(tournament, "Max", "Müller", "Kreuz Bube").known == []


def test_a_taken_number_is_refused_with_the_holders_name(tournament):
    register(tournament, "Anna", "Becker", number=12)
    with pytest.raises(RegistrationError) as refused:
        register(tournament, "Otto", "Schulz", number=12)
    assert refused.value.field == "number"
    assert refused.value.message == "Number 12 is already used by Anna Becker."
    assert not Player.objects.filter(last_name="Schulz").exists()


@pytest.mark.parametrize(("first", "last", "field"), [("", "Becker", "first_name"),
                                                       ("Anna", "  ", "last_name")])
def test_empty_names_are_refused(tournament, first, last, field):
    with pytest.raises(RegistrationError) as refused:
        register(tournament, first, last)
    assert refused.value.field == field
    assert not Entry.objects.exists()


def test_a_new_club_is_created_once(tournament, organizer):
    register(tournament, "Anna", "Becker", "Herz Dame", user=organizer)
    register(tournament, "Otto", "Schulz", "herz dame", user=organizer)
    assert list(Club.objects.values_list("name", flat=True)) == ["Herz Dame"]
    assert AuditEntry.objects.filter(action="club_created").count() == 1


def test_check_in_and_withdraw_are_audited_and_withdraw_undoes_check_in(tournament, organizer):
    entry = register(tournament, "Anna", "Becker", user=organizer)
    entry = check_in(entry, organizer)
    assert entry.checked_in and entry.checked_in_at is not None
    log = AuditEntry.objects.get(action="checked_in")
    assert log.user == organizer and log.before == {"checked_in": False}

    entry = withdraw(entry, organizer)
    entry.refresh_from_db()
    assert entry.withdrawn and not entry.checked_in and entry.checked_in_at is None
    log = AuditEntry.objects.get(action="withdrawn")
    assert log.before == {"withdrawn": False, "checked_in": True}
    assert log.after == {"withdrawn": True, "checked_in": False}

    with pytest.raises(RegistrationError):
        check_in(entry, organizer)
    entry = withdraw(entry, organizer, withdrawn=False)
    assert not entry.withdrawn and not entry.checked_in
    assert AuditEntry.objects.filter(action="reinstated").count() == 1


def test_check_in_twice_writes_one_audit_entry(tournament, organizer):
    entry = register(tournament, "Anna", "Becker")
    check_in(entry, organizer)
    check_in(entry, organizer)
    assert AuditEntry.objects.filter(action="checked_in").count() == 1
    check_in(entry, organizer, checked_in=False)
    entry.refresh_from_db()
    assert not entry.checked_in
    assert AuditEntry.objects.filter(action="check_in_undone").count() == 1


def test_register_with_check_in(tournament):
    entry = register(tournament, "Anna", "Becker", check_in=True)
    entry.refresh_from_db()
    assert entry.checked_in and entry.checked_in_at is not None


def test_update_entry_checks_numbers_and_duplicates_and_audits(tournament, organizer):
    anna = register(tournament, "Anna", "Becker", "Herz Dame")
    otto = register(tournament, "Otto", "Schulz", "Herz Dame")
    with pytest.raises(RegistrationError) as refused:
        update_entry(otto, first_name="Otto", last_name="Schulz", club_name="Herz Dame",
                     number=anna.number, user=organizer)
    assert "already used by Anna Becker" in refused.value.message
    with pytest.raises(RegistrationError) as refused:
        update_entry(otto, first_name="Anna", last_name="Becker", club_name="Herz Dame",
                     number=otto.number, user=organizer)
    assert "already registered as number 1" in refused.value.message

    update_entry(otto, first_name="Otto", last_name="Schultz", club_name="Kreuz Bube",
                 email="otto@example.org", number=7, user=organizer)
    otto.refresh_from_db()
    assert otto.number == 7
    assert otto.last_name == "Schultz" and otto.club.name == "Kreuz Bube"
    assert otto.player.last_name == "Schulz"  # the person keeps the name he came with
    log = AuditEntry.objects.get(action="entry_edited")
    assert log.before["number"] == 2 and log.before["last_name"] == "Schulz"
    assert log.after["number"] == 7 and log.after["club"] == "Kreuz Bube"


def test_keep_apart_refuses_the_same_entry_and_duplicates_in_either_order(tournament,
                                                                           organizer):
    register(tournament, "Anna", "Becker")
    register(tournament, "Otto", "Schulz")
    with pytest.raises(RegistrationError):
        add_keep_apart(tournament, 1, 1, user=organizer)
    with pytest.raises(RegistrationError) as refused:
        add_keep_apart(tournament, 1, 9, user=organizer)
    assert "No player has number 9" in refused.value.message
    pair = add_keep_apart(tournament, 2, 1, "married", user=organizer)
    assert (pair.first.number, pair.second.number) == (1, 2)
    with pytest.raises(RegistrationError):
        add_keep_apart(tournament, 1, 2, user=organizer)
    with pytest.raises(RegistrationError):
        add_keep_apart(tournament, 2, 1, user=organizer)
    assert KeepApart.objects.count() == 1
    assert AuditEntry.objects.filter(action="keep_apart_added").count() == 1
