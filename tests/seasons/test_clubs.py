"""A club as an organizer: the club created, its organizers and members kept and audited, the
next evening made from the last one with the members registered for the door, and the pages
that do it (refusing strangers and bad input with a message)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from money.models import MoneySettings
from scoring.models import ScoringSettings
from seasons import clubs
from seasons.models import Member
from tests.factories import add_entry, new_tournament
from tests.seasons.conftest import FIRST_DAY, PASSWORD, club_evening, persons
from tournament.models import AuditAction, AuditEntry, Club, Entry, SeriesStatus

pytestmark = pytest.mark.django_db


def _actions(tournament=None) -> list[str]:
    found = AuditEntry.objects.order_by("pk")
    if tournament is not None:
        found = found.filter(tournament=tournament)
    return list(found.values_list("action", flat=True))


# --- the club and its organizers ---------------------------------------------------------


def test_a_new_club_is_organized_by_its_creator(django_user_model):
    otto = django_user_model.objects.create_user("otto")
    club = clubs.create_club("  Skatfreunde  Pik  ", "Gera", otto)
    assert club.name == "Skatfreunde Pik" and list(club.organizers.all()) == [otto]
    assert _actions() == [AuditAction.CLUB_CREATED, AuditAction.CLUB_ORGANIZER_ADDED]


def test_a_club_organized_by_others_cannot_be_taken(club, django_user_model):
    otto = django_user_model.objects.create_user("otto")
    with pytest.raises(clubs.ClubError) as refused:
        clubs.create_club("sc kreuz bube", "", otto)
    assert refused.value.field == "name" and "already exists" in refused.value.message
    assert not club.organizers.filter(pk=otto.pk).exists()


def test_an_unorganized_club_he_created_becomes_his(django_user_model):
    otto = django_user_model.objects.create_user("otto")
    named = Club.objects.create(name="Grand Hand Gera", created_by=otto)
    assert clubs.create_club("Grand Hand Gera", "Gera", otto) == named
    assert named.organizers.filter(pk=otto.pk).exists()


def test_an_organizer_is_added_only_from_the_people_he_works_with(club, club_organizer,
                                                                  django_user_model):
    ida = django_user_model.objects.create_user("ida")
    django_user_model.objects.create_user("stranger")
    evening = club_evening(club, FIRST_DAY, persons(4), release=False)
    evening.assistants.add(ida)
    messages = set()
    for name in ("stranger", "nobody-at-all"):
        with pytest.raises(clubs.ClubError) as refused:
            clubs.add_organizer(club, name, club_organizer)
        messages.add(refused.value.message.replace(name, "?"))
    assert len(messages) == 1  # an unknown name reads as one not eligible
    assert clubs.add_organizer(club, "ida", club_organizer) == ida
    assert set(club.organizers.values_list("username", flat=True)) == {"clara", "ida"}
    assert AuditEntry.objects.filter(action=AuditAction.CLUB_ORGANIZER_ADDED,
                                     tournament=evening, subject="ida").exists()


def test_the_last_organizer_is_never_removed(club, club_organizer, django_user_model):
    with pytest.raises(clubs.ClubError, match="at least one organizer"):
        clubs.remove_organizer(club, club_organizer.pk, club_organizer)
    ida = django_user_model.objects.create_user("ida")
    club.organizers.add(ida)
    clubs.remove_organizer(club, ida.pk, club_organizer)
    assert list(club.organizers.all()) == [club_organizer]
    assert _actions()[-1] == AuditAction.CLUB_ORGANIZER_REMOVED


# --- members ---------------------------------------------------------------------------------


def test_members_are_added_from_the_evenings_or_as_new_persons(club, club_organizer):
    people = persons(3)
    club_evening(club, FIRST_DAY, people, release=False)
    assert set(clubs.candidates(club)) == set(people)
    member = clubs.add_member(club, club_organizer, player=people[0].pk)
    assert member.player == people[0] and people[0] not in clubs.candidates(club)
    with pytest.raises(clubs.ClubError, match="Choose one of the players listed"):
        clubs.add_member(club, club_organizer, player=people[0].pk)  # a member already
    with pytest.raises(clubs.ClubError, match="choose him from the list") as refused:
        clubs.add_member(club, club_organizer, first_name="spieler2", last_name="SKAT002")
    assert refused.value.field == "first_name"
    twin = clubs.add_member(club, club_organizer, first_name="Spieler2", last_name="Skat002",
                            new_person=True)
    assert twin.player != people[1]
    fresh = clubs.add_member(club, club_organizer, first_name="Neu", last_name="Ling")
    assert fresh.player.name == "Neu Ling" and Member.objects.filter(club=club).count() == 3
    with pytest.raises(clubs.ClubError, match="last name is empty"):
        clubs.add_member(club, club_organizer, first_name="Ohne", last_name=" ")
    assert _actions().count(AuditAction.MEMBER_ADDED) == 3


def test_a_member_leaves_and_rejoins_without_being_deleted(club, club_organizer):
    member = clubs.add_member(club, club_organizer, first_name="Karl", last_name="Karo",
                              joined_on=datetime.date(2026, 1, 1))
    clubs.leave(club, member.pk, club_organizer, on=datetime.date(2027, 3, 1))
    member.refresh_from_db()
    assert member.left_on == datetime.date(2027, 3, 1) and not member.active
    with pytest.raises(clubs.ClubError, match="left the club already"):
        clubs.leave(club, member.pk, club_organizer)
    clubs.rejoin(club, member.pk, club_organizer)
    member.refresh_from_db()
    assert member.active and member.joined_on == datetime.date(2026, 1, 1)
    assert _actions() == [AuditAction.MEMBER_ADDED, AuditAction.MEMBER_LEFT,
                          AuditAction.MEMBER_ADDED]


# --- the next evening ------------------------------------------------------------------------


def test_the_next_evening_copies_the_last_and_lists_the_members(club, club_organizer,
                                                                django_user_model):
    people = persons(6)
    last = club_evening(club, FIRST_DAY, people, series=2, release=False)
    last.entries.filter(player=people[0]).update(first_name="Spieli", last_name="Aaa")
    last.__class__.objects.filter(pk=last.pk).update(
        rule_set="hertefeld", scoring_system="seeger-fabian", table_policy="three_only",
        venue="Vereinsheim", public=False, deals_per_player=3, blind_check=True)
    ScoringSettings.objects.create(tournament=last, club_best=4, prize_places=5)
    MoneySettings.objects.create(tournament=last, preset="x", rules={"entry_fee": 500},
                                 currency="EUR", settle_at_rate=True)
    for person in people[:4]:
        Member.objects.create(club=club, player=person)
    Member.objects.filter(player=people[3]).update(left_on=datetime.date(2027, 1, 1))
    ida = django_user_model.objects.create_user("ida")
    club.organizers.add(ida)
    day = FIRST_DAY + datetime.timedelta(days=7)

    evening = clubs.next_evening(club, club_organizer, day, "Skatabend 14.01.2027")
    assert evening.slug == f"sc-kreuz-bube-{day.isoformat()}" and evening.club == club
    assert (evening.rule_set, evening.scoring_system, evening.table_policy, evening.venue,
            evening.public, evening.deals_per_player, evening.series_count,
            evening.blind_check) == ("hertefeld", "seeger-fabian", "three_only", "Vereinsheim",
                                     False, 3, 2, True)
    assert set(evening.organizers.all()) == {club_organizer, ida}
    assert evening.created_by == club_organizer
    assert list(evening.series.values_list("number", "status")) == [
        (1, SeriesStatus.DRAFT), (2, SeriesStatus.DRAFT)]
    assert ScoringSettings.objects.get(tournament=evening).club_best == 4
    money = MoneySettings.objects.get(tournament=evening)
    assert (money.rules, money.preset, money.settle_at_rate) == ({"entry_fee": 500}, "x", True)
    entries = list(evening.entries.order_by("number"))
    # the active members, named as their last entry at the club, numbered by name
    assert [(e.number, e.name) for e in entries] == [
        (1, "Spieli Aaa"), (2, "Spieler2 Skat002"), (3, "Spieler3 Skat003")]
    assert all(e.club == club and not e.checked_in for e in entries)
    assert [e.player for e in entries] == people[:3]
    assert _actions(evening) == [AuditAction.TOURNAMENT_CREATED, AuditAction.EVENING_CREATED]
    again = clubs.next_evening(club, club_organizer, day, "Zweiter Abend")
    assert again.slug == f"sc-kreuz-bube-{day.isoformat()}-2"


def test_a_first_evening_takes_the_defaults_and_refuses_bad_input(club, club_organizer):
    with pytest.raises(clubs.ClubError) as refused:
        clubs.next_evening(club, club_organizer, FIRST_DAY, "  ")
    assert refused.value.field == "name"
    with pytest.raises(clubs.ClubError) as refused:
        clubs.next_evening(club, club_organizer, FIRST_DAY, "Abend", series_count=0)
    assert refused.value.field == "series_count"
    with pytest.raises(clubs.ClubError) as refused:
        clubs.next_evening(club, club_organizer, FIRST_DAY, "Abend", rule_set="nonsense")
    assert refused.value.field == "rule_set"
    assert not club.evenings.exists()
    evening = clubs.next_evening(club, club_organizer, FIRST_DAY, "Abend", series_count=2,
                                 deals_per_player=4)
    assert (evening.series_count, evening.deals_per_player, evening.public) == (2, 4, True)
    assert evening.entries.count() == 0


# --- the pages -------------------------------------------------------------------------------


def test_the_pages_create_a_club_and_its_next_evening(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("otto", password=PASSWORD))
    answer = client.post(reverse("seasons:clubs"), {"name": "", "city": ""})
    assert answer.status_code == 200 and "Club name" in answer.content.decode()
    answer = client.post(reverse("seasons:clubs"), {"name": "Pik As Gera", "city": "Gera"})
    club = Club.objects.get(name="Pik As Gera")
    assert answer.url == reverse("seasons:club", args=[club.pk])
    answer = client.post(reverse("seasons:members", args=[club.pk]),
                         {"action": "add", "first_name": "Anna", "last_name": "Alt"})
    assert answer.status_code == 302 and Member.objects.filter(club=club).count() == 1
    page = client.get(reverse("seasons:next_evening", args=[club.pk])).content.decode()
    assert 'name="rule_set"' in page  # a first evening asks for its rule set
    answer = client.post(reverse("seasons:next_evening", args=[club.pk]), {
        "day": "2027-02-04", "name": "Skatabend", "rule_set": "isko", "series_count": "1",
        "deals_per_player": "3"})
    evening = club.evenings.get()
    assert answer.url == reverse("tournament:door", args=[evening.slug])
    door = client.get(answer.url).content.decode()
    assert "1 registered, 0 checked in" in door
    page = client.get(reverse("seasons:club", args=[club.pk])).content.decode()
    assert "Skatabend" in page and "Anna Alt" in page
    page = client.get(reverse("seasons:next_evening", args=[club.pk])).content.decode()
    assert 'name="rule_set"' not in page and 'value="2027-02-11"' in page


def test_a_guest_at_the_door_is_simply_a_new_entry(club, club_organizer, club_client):
    member = Member.objects.create(club=club, player=persons(1)[0])
    evening = clubs.next_evening(club, club_organizer, FIRST_DAY, "Abend")
    answer = club_client.post(reverse("tournament:door", args=[evening.slug]),
                              {"first_name": "Gerd", "last_name": "Gast"})
    assert answer.status_code == 302
    guest = Entry.objects.get(tournament=evening, last_name="Gast")
    assert guest.checked_in and guest.player != member.player and guest.number == 2
    assert not Member.objects.filter(player=guest.player).exists()


def test_bad_input_on_the_pages_is_a_message(club, club_client):
    answer = club_client.post(reverse("seasons:club_organizers", args=[club.pk]),
                              {"action": "add", "username": "ghost"})
    assert answer.status_code == 200 and "No account" in answer.content.decode()
    answer = club_client.post(reverse("seasons:club_organizers", args=[club.pk]),
                              {"action": "remove", "organizer": "x"}, follow=True)
    assert "not an organizer of the club" in answer.content.decode()
    answer = club_client.post(reverse("seasons:members", args=[club.pk]),
                              {"action": "leave", "member": "99999"}, follow=True)
    assert "not a member of the club" in answer.content.decode()
    answer = club_client.post(reverse("seasons:members", args=[club.pk]), {"action": "add"})
    assert "Choose a player from the list or type a new name" in answer.content.decode()
    answer = club_client.post(reverse("seasons:next_evening", args=[club.pk]),
                              {"day": "31.02.2027", "name": "x"})
    assert answer.status_code == 200 and not club.evenings.exists()


def test_a_stranger_cannot(club, client, django_user_model):
    client.force_login(django_user_model.objects.create_user("otto", password=PASSWORD))
    for name in ("seasons:club", "seasons:members", "seasons:club_organizers",
                 "seasons:next_evening"):
        url = reverse(name, args=[club.pk])
        assert client.get(url).status_code == 403
        assert client.post(url, {"action": "add", "first_name": "A", "last_name": "B",
                                 "day": "2027-02-04", "name": "x"}).status_code == 403
    assert not club.evenings.exists() and not Member.objects.exists()
    assert "SC Kreuz Bube" not in client.get(reverse("seasons:clubs")).content.decode()


def test_a_club_evening_made_by_the_factory_is_listed(club, club_client):
    new_tournament("other-evening", club.organizers.first(), name="Alter Abend", club=club)
    page = club_client.get(reverse("seasons:club", args=[club.pk])).content.decode()
    assert "Alter Abend" in page and "Draft" in page


def test_a_club_its_organizers_run_is_not_merged_away_from_another_tournament(
        club, django_user_model):
    """An organizer whose only tournament uses the club's name cannot merge or delete the
    club: its members and seasons would go with it."""
    from tournament.refusals import Refusal
    from tournament.registration.clubs import delete_club, merge_club

    other = django_user_model.objects.create_user("otto", password="Grand-Hand-1908")
    cup = new_tournament("otto-cup", other)
    add_entry(cup, 1, "Ida", "Lange", club=club)
    Member.objects.create(club=club, player=cup.entries.get().player)
    into = Club.objects.create(name="SC Anders", created_by=other)
    with pytest.raises(Refusal):
        merge_club(club, into, tournament=cup, user=other)
    with pytest.raises(Refusal):
        delete_club(club, tournament=cup, user=other)
    assert Club.objects.filter(pk=club.pk).exists() and club.members.count() == 1


def test_a_club_run_as_a_club_is_not_merged_or_deleted_from_a_tournament_list(
        club, club_organizer, club_client):
    """Not even by its own organizers: its members and seasons would go with it. A typo of
    its name is still merged into it."""
    from seasons.models import Season
    from tournament.refusals import Refusal
    from tournament.registration.clubs import clubs_with_counts, delete_club, merge_club

    evening = club_evening(club, FIRST_DAY, persons(3))
    Member.objects.create(club=club, player=evening.entries.first().player)
    Season.objects.create(club=club, name="2027", slug="2027", first_day=FIRST_DAY,
                          last_day=FIRST_DAY)
    typo = Club.objects.create(name="SC Kreuz-Bube", created_by=club_organizer)
    add_entry(evening, 9, "Ida", "Lange", club=typo)
    with pytest.raises(Refusal, match="club page"):
        merge_club(club, typo, tournament=evening, user=club_organizer)
    with pytest.raises(Refusal, match="club page"):
        delete_club(club, tournament=evening, user=club_organizer)
    assert club.members.count() == 1 and club.seasons.count() == 1
    own = {c.pk: c.own for c in clubs_with_counts(evening, club_organizer)}
    assert own[club.pk] is False and own[typo.pk] is True
    assert merge_club(typo, club, tournament=evening, user=club_organizer) == 1
    assert evening.entries.get(number=9).club_id == club.pk


def test_anonymizing_an_evening_leaves_the_members_names_to_the_club(club):
    """The evening's entries become "Player 1"…; a member's person keeps his name, as a
    person another tournament knows does (the club's list still names him)."""
    from tournament.registration import anonymizing

    people = persons(3)
    Member.objects.create(club=club, player=people[0])
    evening = club_evening(club, FIRST_DAY, people)
    anonymizing.anonymize(evening, None)
    people[0].refresh_from_db()
    people[1].refresh_from_db()
    assert people[0].last_name != "Player 1" and club.members.get().player == people[0]
    entry = evening.entries.get(number=1)
    assert entry.last_name == "Player 1" and entry.player_id != people[0].pk
    assert people[1].last_name == "Player 2"  # nobody else knows him: renamed in place


def test_the_door_lists_the_members_still_expected_and_ticks_them_off(club, club_organizer,
                                                                      club_client):
    people = persons(3)
    for person in people:
        Member.objects.create(club=club, player=person)
    tonight = clubs.next_evening(club, club_organizer, FIRST_DAY, "Skatabend")
    door = reverse("tournament:door", args=[tonight.slug])
    page = club_client.get(door).content.decode()
    assert "Still expected" in page and "(3)" in page
    first = tonight.entries.order_by("last_name", "first_name").first()
    assert first.sort_name in page
    club_client.post(reverse("tournament:entry_check_in", args=[tonight.slug, first.number]),
                     {"checked_in": "1", "next": door})
    page = club_client.get(door).content.decode()
    expected = page.split("Still expected")[1].split("Last check-ins")[0]
    assert "(2)" in expected and first.sort_name not in expected
    tonight.entries.update(checked_in=True)
    assert "Still expected" not in club_client.get(door).content.decode()


def test_the_tournaments_club_page_sends_its_organizers_to_the_club_page(club, club_client):
    evening = club_evening(club, FIRST_DAY, persons(3))
    page = club_client.get(reverse("tournament:club", args=[evening.slug, club.pk]))
    text = page.content.decode()
    assert page.status_code == 200 and "not merged or deleted here" in text
    assert reverse("seasons:club", args=[club.pk]) in text and 'value="merge"' not in text
