"""Issue 12, point 6: names typed without accents find Krüger and Müller everywhere names are
searched or compared (door, list, "Where do I sit?", duplicates, known persons, CSV, clubs)."""

import pytest

from tests.factories import add_entry
from tournament.models import Club, Entry
from tournament.names import search_words
from tournament.registration import attendance, importing
from tournament.registration.clubs import find_club
from tournament.registration.services import (
    NamesakeError,
    RegistrationError,
    find_duplicates,
    register_player,
    update_entry,
)
from tournament.seating.charts import SeatRow

# --- stored keys -------------------------------------------------------------------------


def test_an_entry_and_a_club_keep_their_key_on_every_save(tournament):
    club = Club.objects.create(name="SC Grün")
    entry = add_entry(tournament, 1, "Hans", "Krüger", club=club)
    assert Entry.objects.get(pk=entry.pk).name_key == "hans|kruger"
    assert Club.objects.get(pk=club.pk).name_key == "sc grun"
    entry.last_name = "Müller"
    entry.save(update_fields=["last_name"])
    assert Entry.objects.get(pk=entry.pk).name_key == "hans|muller"
    club.name = "SC Weiß"
    club.save(update_fields=["name"])
    assert Club.objects.get(pk=club.pk).name_key == "sc weiss"


def test_the_migration_fills_existing_rows(tournament):
    from importlib import import_module

    from django.apps import apps

    entry = add_entry(tournament, 1, "Lena", "Köhler")
    club = Club.objects.create(name="Kreuz Bube Öhringen")
    Entry.objects.filter(pk=entry.pk).update(name_key="")
    Club.objects.filter(pk=club.pk).update(name_key="")
    import_module("tournament.migrations.0007_name_keys").fill_keys(apps, None)
    assert Entry.objects.get(pk=entry.pk).name_key == "lena|kohler"
    assert Club.objects.get(pk=club.pk).name_key == "kreuz bube ohringen"


# --- where names are searched ------------------------------------------------------------


@pytest.fixture
def kruger_and_muller(tournament):
    add_entry(tournament, 1, "Hans", "Krüger")
    add_entry(tournament, 2, "Eva", "Müller")
    add_entry(tournament, 3, "Otto", "Miller")
    return tournament


@pytest.mark.parametrize("typed, numbers", [
    ("kruger", [1]), ("krueger", [1]), ("KRÜG", [1]), ("muller", [2]), ("mueller", [2]),
    ("eva mul", [2]), ("hans mueller", []), ("ller", [2, 3]), ("-", []),
])
def test_the_door_and_the_list_find_names_without_accents(kruger_and_muller, typed, numbers):
    found = attendance.search_entries(kruger_and_muller, q=typed)
    assert [e.number for e in found] == numbers


@pytest.mark.parametrize("typed", ["kruger", "krueger"])
def test_the_door_page_finds_kruger(kruger_and_muller, organizer_client, typed):
    response = organizer_client.get(f"/organize/club-night/door/?q={typed}")
    assert "Krüger, Hans" in response.content.decode()


def test_the_player_list_filter_finds_muller(kruger_and_muller, organizer_client):
    page = organizer_client.get("/organize/club-night/players/?q=muller").content.decode()
    assert "Müller" in page and "Krüger" not in page


def test_where_do_i_sit_rows_carry_the_key():
    row = SeatRow(3, 2, 12, "Hans Krüger", "Krüger, Hans", "")
    assert row.key == "kruger hans 12"
    assert all(word in row.key for word in search_words("krueger"))


# --- where names are compared ------------------------------------------------------------


def test_the_same_player_typed_without_umlauts_is_refused(tournament):
    register_player(tournament, first_name="Hans", last_name="Krüger", club_name="SC Grün")
    with pytest.raises(RegistrationError, match="already registered as number 1"):
        register_player(tournament, first_name="hans", last_name="Krueger",
                        club_name="sc gruen")
    assert tournament.entries.count() == 1
    assert Club.objects.count() == 1


def test_a_namesake_typed_without_umlauts_is_warned(tournament):
    register_player(tournament, first_name="Eva", last_name="Müller", club_name="SC Grün")
    with pytest.raises(NamesakeError, match="Eva Müller of SC Grün"):
        register_player(tournament, first_name="Eva", last_name="Muller", club_name="Pik 7")
    found = find_duplicates(tournament, "EVA", "mueller", "Pik 7")
    assert found.namesakes == ["Eva Müller of SC Grün, number 1"]


def test_editing_into_a_namesake_spelling_is_caught(tournament):
    register_player(tournament, first_name="Eva", last_name="Müller")
    other = register_player(tournament, first_name="Eva", last_name="Meier")
    with pytest.raises(RegistrationError, match="already registered"):
        update_entry(other, first_name="Eva", last_name="Mueller")


def test_the_same_person_search_knows_krueger(tournament, other_tournament, organizer):
    register_player(other_tournament, first_name="Hans", last_name="Krüger", user=organizer)
    found = find_duplicates(tournament, "Hans", "Kruger", user=organizer)
    assert len(found.known) == 1 and "Hans Krüger" in found.known[0].label


def test_the_csv_import_sees_umlaut_spellings(tournament, organizer):
    register_player(tournament, first_name="Hans", last_name="Krüger", club_name="SC Grün")
    preview = importing.parse_players_csv(
        "first name,last name,club\nHans,Krueger,sc gruen\nEva,Müller,\neva,muller,\n",
        tournament, organizer)
    assert any("Hans Krüger of SC Grün is already registered" in e for e in
               preview.error_messages)
    # "eva,muller" is Eva Müller again (row 3): read once, as a repeat (rules decision 46)
    assert preview.repeats == [(4, 3)]


def test_the_csv_import_reuses_a_club_spelled_without_umlauts(tournament, organizer):
    club = Club.objects.create(name="SC Grün")
    preview = importing.parse_players_csv("first name,last name,club\nEva,Berg,sc gruen\n",
                                          tournament, organizer)
    importing.import_players(tournament, preview, organizer)
    assert list(Club.objects.all()) == [club]
    assert tournament.entries.get().club == club


def test_a_club_is_found_by_its_key(db):
    club = Club.objects.create(name="SC Grün")
    assert find_club("sc gruen") == club == find_club("SC  GRUN")
    assert find_club("SC Grau") is None
