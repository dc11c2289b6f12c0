"""The registration pages through the test client: access, list, add, door, import, clubs."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import add_entry
from tournament.models import AuditEntry, Club, Entry, KeepApart, Player
from tournament.registration.services import register_player

pytestmark = pytest.mark.django_db


def url(name, tournament, *args):
    return reverse(f"tournament:{name}", args=[tournament.slug, *args])


def register(tournament, first, last, club="", **kwargs):
    return register_player(tournament, first_name=first, last_name=last, club_name=club,
                           **kwargs)


@pytest.fixture
def field(tournament):
    register(tournament, "Anna", "Becker", "Herz Dame", number=1)
    register(tournament, "Otto", "Schulz", "SC Pik 7", number=2, check_in=True)
    register(tournament, "Max", "Müller", "SC Pik 7", number=5)
    withdrawn = register(tournament, "Ida", "Imhof", "", number=7)
    Entry.objects.filter(pk=withdrawn.pk).update(withdrawn=True)
    return tournament


PAGES = [("players", ()), ("player_add", ()), ("player_import", ()), ("door", ()),
         ("clubs", ()), ("keep_apart", ()), ("entry_edit", (1,))]


@pytest.mark.parametrize(("name", "args"), PAGES)
def test_pages_are_for_organizers_only(client, django_user_model, field, organizer, name,
                                       args):
    address = url(name, field, *args)
    response = client.get(address)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))

    stranger = django_user_model.objects.create_user("stranger", password="x")
    client.force_login(stranger)
    assert client.get(address).status_code == 403

    client.force_login(organizer)
    assert client.get(address).status_code == 200


def test_a_stranger_cannot_check_in(client, django_user_model, field):
    client.force_login(django_user_model.objects.create_user("stranger", password="x"))
    assert client.post(url("entry_check_in", field, 1)).status_code == 403
    assert not Entry.objects.get(tournament=field, number=1).checked_in


def test_the_list_counts_sorts_and_filters(organizer_client, field):
    page = organizer_client.get(url("players", field)).content.decode()
    assert "3 registered, 1 checked in, 1 withdrawn" in page
    assert page.index("Becker, Anna") < page.index("Imhof, Ida")
    assert '<td class="num"><a href="/organize/club-night/players/1/">1</a></td>' in page

    page = organizer_client.get(url("players", field), {"sort": "-number"}).content.decode()
    assert page.index("Imhof, Ida") < page.index("Müller, Max") < page.index("Becker, Anna")

    pik = Club.objects.get(name="SC Pik 7")
    page = organizer_client.get(url("players", field), {"club": pik.pk}).content.decode()
    assert "Schulz, Otto" in page and "Müller, Max" in page
    assert "Becker, Anna" not in page

    page = organizer_client.get(url("players", field), {"q": "müll"}).content.decode()
    assert "Müller, Max" in page and "Schulz, Otto" not in page

    page = organizer_client.get(url("players", field), {"status": "withdrawn"}).content.decode()
    assert "Imhof, Ida" in page and "Becker, Anna" not in page


def test_the_list_pages_by_fifty(organizer_client, tournament, django_assert_max_num_queries):
    club = Club.objects.create(name="Karo As")
    for n in range(1, 56):
        add_entry(tournament, n, "P", f"L{n:03d}", club=club, checked_in=False)
    with django_assert_max_num_queries(12):  # bounded: no query per row
        first = organizer_client.get(url("players", tournament)).content.decode()
    assert "L050" in first and "L051" not in first
    second = organizer_client.get(url("players", tournament), {"page": 2}).content.decode()
    assert "L051" in second and "L055" in second


def test_add_a_player_with_the_next_free_number(organizer_client, field, organizer):
    response = organizer_client.post(url("player_add", field), {
        "first_name": "Eva", "last_name": "Engel", "new_club": "Karo As"}, follow=True)
    assert "Registered Eva Engel as number 8." in response.content.decode()
    entry = field.entries.get(number=8)
    assert entry.club.name == "Karo As"
    assert AuditEntry.objects.filter(action="player_registered", user=organizer,
                                     subject="8 Eva Engel").exists()


def test_add_refuses_a_taken_number_and_a_duplicate(organizer_client, field):
    pik = Club.objects.get(name="SC Pik 7")
    page = organizer_client.post(url("player_add", field), {
        "first_name": "Eva", "last_name": "Engel", "number": 5}).content.decode()
    assert "Number 5 is already used by Max Müller." in page
    page = organizer_client.post(url("player_add", field), {
        "first_name": "max", "last_name": "müller", "club": pik.pk}).content.decode()
    assert "Max Müller of SC Pik 7 is already registered as number 5." in page
    assert field.entries.count() == 4


def test_add_a_namesake_needs_save_anyway(organizer_client, field):
    data = {"first_name": "Max", "last_name": "Müller", "new_club": "Kreuz Bube"}
    page = organizer_client.post(url("player_add", field), data).content.decode()
    assert "same name is already registered at another club" in page
    assert 'name="save_anyway"' in page
    assert field.entries.count() == 4
    response = organizer_client.post(url("player_add", field), {**data, "save_anyway": "on"})
    assert response.status_code == 302
    assert field.entries.filter(club__name="Kreuz Bube").exists()


def test_add_asks_whether_a_known_name_is_the_same_person(organizer_client, field,
                                                          other_tournament):
    herz = Club.objects.get(name="Herz Dame")
    data = {"first_name": "Anna", "last_name": "Becker", "club": herz.pk}
    page = organizer_client.post(url("player_add", other_tournament), data).content.decode()
    assert "is known from your other tournaments" in page
    assert "Yes: Anna Becker of Herz Dame, number 1 in" in page
    assert 'name="person"' in page and not other_tournament.entries.exists()
    anna = field.entries.get(number=1)
    response = organizer_client.post(url("player_add", other_tournament),
                                     {**data, "person": anna.player_id}, follow=True)
    assert "linked to the same person" in response.content.decode()
    assert Player.objects.filter(last_name="Becker").count() == 1
    organizer_client.post(url("player_add", other_tournament),
                          {**data, "first_name": "anna", "new_club": "Karo As",
                           "club": "", "person": "new", "save_anyway": "on"})
    assert Player.objects.filter(last_name="Becker").count() == 2


def test_edit_an_entry_is_audited(organizer_client, field):
    herz = Club.objects.get(name="Herz Dame")
    response = organizer_client.post(url("entry_edit", field, 1), {
        "first_name": "Anna", "last_name": "Becker-Roth", "club": herz.pk, "number": 3})
    assert response.status_code == 302
    entry = field.entries.get(number=3)
    assert entry.last_name == "Becker-Roth"
    log = AuditEntry.objects.get(action="entry_edited")
    assert log.before["last_name"] == "Becker" and log.after["number"] == 3
    page = organizer_client.post(url("entry_edit", field, 3), {
        "first_name": "Anna", "last_name": "Becker-Roth", "number": 5}).content.decode()
    assert "Number 5 is already used by Max Müller." in page


def test_the_door_finds_and_checks_in(organizer_client, field):
    door = url("door", field)
    page = organizer_client.get(door, {"q": "5"}).content.decode()
    assert "Müller, Max" in page and "Becker, Anna" not in page
    # one hit: Enter checks in (the button has the focus, not the search box)
    assert '<button type="submit" autofocus>Check in</button>' in page
    assert page.count("autofocus") == 1
    assert "autofocus" in organizer_client.get(door).content.decode()  # the empty search box
    response = organizer_client.post(url("entry_check_in", field, 5),
                                     {"checked_in": "1", "next": door})
    assert response.status_code == 302 and response["Location"] == door
    max_ = field.entries.get(number=5)
    assert max_.checked_in
    page = organizer_client.get(door).content.decode()
    assert "Last check-ins" in page
    assert page.index("Müller, Max") < page.index("Schulz, Otto")  # newest first


def test_check_in_toggles_and_refuses_unsafe_next(organizer_client, field):
    response = organizer_client.post(url("entry_check_in", field, 1),
                                     {"next": "https://evil.example.org/"})
    assert response["Location"] == url("players", field)
    assert field.entries.get(number=1).checked_in
    organizer_client.post(url("entry_check_in", field, 1))
    assert not field.entries.get(number=1).checked_in
    assert organizer_client.get(url("entry_check_in", field, 1)).status_code == 405


def test_withdraw_unchecks_and_reinstate(organizer_client, field):
    organizer_client.post(url("entry_withdraw", field, 2), {"withdrawn": "1", "sure": "1"})
    otto = field.entries.get(number=2)
    assert otto.withdrawn and not otto.checked_in
    response = organizer_client.post(url("entry_check_in", field, 2), {"checked_in": "1"},
                                     follow=True)
    assert "reinstate the player" in response.content.decode()
    assert not field.entries.get(number=2).checked_in
    organizer_client.post(url("entry_withdraw", field, 2), {"withdrawn": "0"})
    assert not field.entries.get(number=2).withdrawn


def test_the_door_quick_add_registers_and_checks_in(organizer_client, field):
    response = organizer_client.post(url("door", field), {
        "first_name": "Eva", "last_name": "Engel", "club": "herz dame"}, follow=True)
    assert "Registered and checked in Eva Engel as number 8." in response.content.decode()
    eva = field.entries.get(number=8)
    assert eva.checked_in and eva.club.name == "Herz Dame"


IMPORT = ("Vorname;Nachname;Verein;Nr\n"
          "Lena;Adler;SC Pik 7;\n"
          ";Brandt;SC Pik 7;\n"
          "Paul;Peters;Neuer Verein;1\n"
          "Karl;Krause;;30\n")


def test_the_import_flow_previews_then_imports_on_confirm(organizer_client, field):
    address = url("player_import", field)
    upload = SimpleUploadedFile("players.csv", IMPORT.encode("utf-8-sig"), "text/csv")
    page = organizer_client.post(address, {"file": upload, "preview": "1"}).content.decode()
    assert "Row 3: first name is empty" in page
    assert "Row 4: participant number 1 is already used by Anna Becker" in page
    assert "Adler, Lena" in page and "Krause, Karl" in page
    assert field.entries.count() == 4 and not Club.objects.filter(name="Neuer Verein").exists()

    # confirming without ticking "skip the bad ones" imports nothing
    page = organizer_client.post(address, {"csv_text": IMPORT, "confirm": "1"}).content.decode()
    assert "Nothing was imported" in page
    assert field.entries.count() == 4

    response = organizer_client.post(address, {"csv_text": IMPORT, "confirm": "1",
                                               "skip_bad": "on"}, follow=True)
    assert "Imported 2 players; skipped 2 bad rows." in response.content.decode()
    assert field.entries.get(number=30).last_name == "Krause"
    assert field.entries.get(number=31).last_name == "Adler"
    assert not Player.objects.filter(last_name="Peters").exists()
    assert AuditEntry.objects.get(action="players_imported").after["imported"] == 2


def test_a_windows_1252_upload_with_a_repeated_row_imports_each_player_once(
        organizer_client, field):
    """Excel's plain "CSV" (Windows-1252) is read, the preview says so; a row repeating one
    above is listed once as a repeat, and the import reports each row once."""
    text = "Vorname;Nachname;Verein;Eingecheckt\nJürgen;Groß;Köln;ja\nJürgen;Groß;Köln;ja\n"
    upload = SimpleUploadedFile("players.csv", text.encode("cp1252"), "text/csv")
    address = url("player_import", field)
    page = organizer_client.post(address, {"file": upload, "preview": "1"}).content.decode()
    assert "read as <strong>Windows-1252</strong>" in page
    assert "Groß, Jürgen" in page
    assert "Row 3 repeats row 2 and is read once." in page
    assert "Bad rows" not in page and "skip the bad" not in page
    response = organizer_client.post(address, {"csv_text": text, "confirm": "1"}, follow=True)
    content = response.content.decode()
    assert "Imported 1 player; 1 repeated row read once." in content
    assert "skipped" not in content
    jurgen = field.entries.get(last_name="Groß")
    assert jurgen.checked_in and jurgen.club.name == "Köln"


def test_the_confirm_checks_the_text_again(organizer_client, field):
    text = "first,last,nr\nZoe,Zander,40\n"
    page = organizer_client.post(url("player_import", field),
                                 {"text": text, "preview": "1"}).content.decode()
    assert "Zander, Zoe" in page and 'name="csv_text"' in page
    register(field, "Xaver", "Early", number=40)  # someone takes 40 meanwhile
    page = organizer_client.post(url("player_import", field),
                                 {"csv_text": text, "confirm": "1"}).content.decode()
    assert "participant number 40 is already used by Xaver Early" in page
    assert not Player.objects.filter(last_name="Zander").exists()


def test_clubs_page_counts_and_adds(organizer_client, field):
    page = organizer_client.get(url("clubs", field), {"sort": "-players"}).content.decode()
    assert page.index("SC Pik 7") < page.index("Herz Dame")
    assert '<td class="num">2</td>' in page
    organizer_client.post(url("clubs", field), {"name": "Karo As", "city": "Köln"})
    assert Club.objects.filter(name="Karo As", city="Köln").exists()
    page = organizer_client.post(url("clubs", field), {"name": "karo as"}).content.decode()
    assert "The club Karo As already exists." in page
    assert Club.objects.filter(name__iexact="karo as").count() == 1


def test_keep_apart_add_refuse_and_delete(organizer_client, field):
    address = url("keep_apart", field)
    organizer_client.post(address, {"first": 1, "second": 2, "reason": "couple"})
    pair = KeepApart.objects.get()
    assert (pair.first.number, pair.second.number, pair.reason) == (1, 2, "couple")
    page = organizer_client.post(address, {"first": 2, "second": 1}).content.decode()
    assert "already kept apart" in page
    page = organizer_client.post(address, {"first": 5, "second": 5}).content.decode()
    assert "Choose two different players." in page
    assert KeepApart.objects.count() == 1
    assert "Schulz, Otto" in organizer_client.get(address).content.decode()
    organizer_client.post(address, {"action": "delete", "pair": pair.pk})
    assert not KeepApart.objects.exists()
    assert AuditEntry.objects.filter(action="keep_apart_removed").count() == 1
