"""Issue 12, point 8: clubs are offered as one types, a club typed in other letters is the same
club, and an organizer merges a club typed twice into the right one or deletes an unused one
(confirmed first, audited), never another organizer's."""

import pytest
from django.urls import reverse

from tests.factories import add_entry
from tournament.models import AuditAction, AuditEntry, Club
from tournament.refusals import Refusal
from tournament.registration import clubs
from tournament.registration.services import register_player

pytestmark = pytest.mark.django_db


def club_url(tournament, club):
    return reverse("tournament:club", args=[tournament.slug, club.pk])


@pytest.fixture
def typo(tournament, other_tournament, organizer):
    """SC Grün with two players, "SC Gruen Weis" typed at the door with one in each
    tournament."""
    right = Club.objects.create(name="SC Grün", created_by=organizer)
    wrong = Club.objects.create(name="SC Grun Weis", created_by=organizer)
    add_entry(tournament, 1, "Hans", "Krüger", club=right)
    add_entry(tournament, 2, "Eva", "Müller", club=right)
    add_entry(tournament, 3, "Otto", "Schulz", club=wrong)
    add_entry(other_tournament, 1, "Otto", "Schulz", club=wrong)
    return right, wrong


def test_the_add_player_form_offers_the_clubs_as_one_types(tournament, organizer_client,
                                                           typo):
    page = organizer_client.get(reverse("tournament:player_add",
                                        args=[tournament.slug])).content.decode()
    assert 'list="club-names"' in page
    datalist = page[page.index('<datalist id="club-names">'):]
    assert '<option value="SC Grün">' in datalist[:datalist.index("</datalist>")]


def test_the_door_offers_the_clubs_as_one_types(tournament, organizer_client, typo):
    page = organizer_client.get(reverse("tournament:door", args=[tournament.slug])).content
    assert '<option value="SC Grün">' in page.decode()


def test_a_club_typed_in_other_letters_is_that_club(tournament, organizer, typo):
    right, _ = typo
    entry = register_player(tournament, first_name="Lena", last_name="Berg",
                            club_name="sc gruen", user=organizer)
    assert entry.club == right
    assert Club.objects.count() == 2


def test_merging_asks_first_then_moves_every_entry_and_deletes_the_club(
        tournament, organizer_client, typo):
    right, wrong = typo
    asked = organizer_client.post(club_url(tournament, wrong),
                                  {"action": "merge", "into": right.pk})
    page = asked.content.decode()
    assert "Merge SC Grun Weis into SC Grün?" in page
    assert Club.objects.filter(pk=wrong.pk).exists()  # nothing happened yet
    done = organizer_client.post(club_url(tournament, wrong),
                                 {"action": "merge", "into": right.pk, "confirm": "True"})
    assert done.status_code == 302
    assert not Club.objects.filter(pk=wrong.pk).exists()
    assert right.entries.count() == 4  # both tournaments' entries moved
    audit = AuditEntry.objects.get(action=AuditAction.CLUB_MERGED)
    assert audit.before["club"] == "SC Grun Weis" and audit.after == {
        "club": "SC Grün", "entries_moved": 2}


def test_merging_needs_another_club(tournament, organizer, typo):
    right, _ = typo
    with pytest.raises(Refusal) as refused:
        clubs.merge_club(right, right, tournament=tournament, user=organizer)
    assert refused.value.field == "into"
    with pytest.raises(Refusal, match="Choose the club"):
        clubs.merge_club(right, None, tournament=tournament, user=organizer)


def test_the_merge_form_says_what_is_missing(tournament, organizer_client, typo):
    _, wrong = typo
    page = organizer_client.post(club_url(tournament, wrong), {"action": "merge"}).content
    assert "Choose the club to merge into." in page.decode()


def test_an_unused_club_is_deleted_once_confirmed(tournament, organizer_client, organizer):
    spare = clubs.add_club("Pik Sieben", tournament=tournament, user=organizer)
    page = organizer_client.post(club_url(tournament, spare), {"action": "delete"}).content
    assert "Delete Pik Sieben?" in page.decode() and Club.objects.filter(pk=spare.pk).exists()
    organizer_client.post(club_url(tournament, spare), {"action": "delete", "confirm": "yes"})
    assert not Club.objects.filter(pk=spare.pk).exists()
    assert AuditEntry.objects.get(action=AuditAction.CLUB_DELETED).before["name"] == \
        "Pik Sieben"


def test_a_club_with_players_is_not_deleted(tournament, organizer, organizer_client, typo):
    right, _ = typo
    with pytest.raises(Refusal, match="still has 2 players: merge it"):
        clubs.delete_club(right, tournament=tournament, user=organizer)
    organizer_client.post(club_url(tournament, right), {"action": "delete", "confirm": "yes"})
    assert Club.objects.filter(pk=right.pk).exists()


def test_another_organizers_club_is_never_merged_or_deleted(tournament, organizer, marta,
                                                            club_night, organizer_client,
                                                            typo):
    right, _ = typo
    theirs = Club.objects.get_or_create(name="Herz Dame")[0]
    add_entry(club_night, 40, "Ida", "Herz", club=theirs)
    add_entry(tournament, 4, "Bea", "Herz", club=theirs)  # his player in her club
    assert not clubs.own_clubs(organizer).filter(pk=theirs.pk).exists()
    assert organizer_client.get(club_url(tournament, theirs)).status_code == 404
    with pytest.raises(Refusal, match="another organizer"):
        clubs.merge_club(theirs, right, tournament=tournament, user=organizer)
    assert theirs.entries.count() == 2
    # the clubs page offers merge or delete only for his own clubs
    page = organizer_client.get(reverse("tournament:clubs", args=[tournament.slug])).content
    assert page.decode().count("Merge or delete") == 2


def test_one_cannot_merge_into_a_club_one_cannot_see(tournament, organizer, typo,
                                                     django_user_model):
    _, wrong = typo
    stranger = django_user_model.objects.create_user("stranger")
    hidden = Club.objects.create(name="Far Away", created_by=stranger)
    with pytest.raises(Refusal, match="Choose one of your clubs"):
        clubs.merge_club(wrong, hidden, tournament=tournament, user=organizer)
    assert wrong.entries.count() == 2


def test_a_stranger_gets_no_club_page(client, tournament, typo, django_user_model):
    _, wrong = typo
    client.force_login(django_user_model.objects.create_user("nosy"))
    response = client.post(club_url(tournament, wrong), {"action": "delete", "confirm": "yes"})
    assert response.status_code in (403, 404)
    assert Club.objects.filter(pk=wrong.pk).exists()


def test_the_clubs_page_links_each_own_club(tournament, organizer_client, typo):
    right, wrong = typo
    page = organizer_client.get(reverse("tournament:clubs", args=[tournament.slug])).content
    assert club_url(tournament, wrong) in page.decode()


def test_a_club_an_assistant_typed_at_the_door_is_the_organizers_to_merge(
        tournament, organizer, django_user_model):
    """The typo the merge exists for is often typed by an assistant at the door."""
    helper = django_user_model.objects.create_user("door-helper", password="x")
    tournament.assistants.add(helper)
    right = Club.objects.create(name="SC Grün", created_by=organizer)
    typo = Club.objects.create(name="SC Gruhn", created_by=helper)
    add_entry(tournament, 1, "Hans", "Krüger", club=right)
    add_entry(tournament, 2, "Otto", "Schulz", club=typo)
    assert set(clubs.own_clubs(organizer)) >= {right, typo}
    # an unused club of somebody else is not his to delete
    stranger = django_user_model.objects.create_user("stranger-club", password="x")
    theirs = Club.objects.create(name="Pik As", created_by=stranger)
    assert theirs not in set(clubs.own_clubs(organizer))


@pytest.mark.parametrize("name", ["♣♠♥♦", "---", "???"])
def test_a_club_name_without_letters_is_one_club_and_never_a_server_error(
        tournament, organizer, organizer_client, name):
    club = clubs.add_club(name, tournament=tournament, user=organizer)
    with pytest.raises(Refusal, match="already exists"):
        clubs.add_club(name, tournament=tournament, user=organizer)
    assert clubs.find_club(name) == club
    other = "+++" if name != "+++" else "***"
    assert clubs.find_club(other) is None  # another name of symbols is another club
    response = organizer_client.post(reverse("tournament:clubs", args=[tournament.slug]),
                                     {"name": name})
    assert response.status_code < 500


def test_a_merge_reaches_the_cached_results_of_the_other_tournament(
        tournament, other_tournament, organizer, typo, django_capture_on_commit_callbacks):
    from tournament.versions import version

    right, wrong = typo
    before = version(other_tournament)
    with django_capture_on_commit_callbacks(execute=True):
        clubs.merge_club(wrong, right, tournament=tournament, user=organizer)
    assert version(other_tournament) != before  # its players' club is named anew
