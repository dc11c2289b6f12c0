"""A large CSV import never holds the database: its rows are saved in short transactions of
``IMPORT_CHUNK`` rows (a phone's save gets in between), each chunk in a bounded number of
queries and audited; a chunk that fails after others were saved says what was imported."""

import pytest
from django.db import connection

from tournament.models import AuditEntry, Entry
from tournament.registration import importing
from tournament.registration.importing import import_players, parse_players_csv
from tournament.registration.services import RegistrationError, register_player


def players_csv(count: int) -> str:
    lines = ["first name,last name,club"]
    lines += [f"Spieler{n},Nummer{n},Verein {n % 7}" for n in range(1, count + 1)]
    return "\n".join(lines) + "\n"


@pytest.mark.django_db(transaction=True)
def test_the_rows_are_saved_in_short_transactions_each_audited(tournament, organizer,
                                                               monkeypatch):
    monkeypatch.setattr(importing, "IMPORT_CHUNK", 2)
    preview = parse_players_csv(players_csv(5), tournament)
    real = importing._save_chunk
    between = []

    def saved(*args, **kwargs):
        count = real(*args, **kwargs)
        # back outside any transaction: what the chunk wrote is committed, the lock let go
        between.append((connection.in_atomic_block, Entry.objects.count()))
        return count

    monkeypatch.setattr(importing, "_save_chunk", saved)
    pauses = []
    monkeypatch.setattr(importing, "sleep", pauses.append)
    assert import_players(tournament, preview, organizer) == 5
    assert between == [(False, 2), (False, 4), (False, 5)]
    # SQLite's waiting writers poll: a pause between parts lets a phone's save in
    assert pauses == ([importing.SQLITE_PAUSE] * 2 if connection.vendor == "sqlite" else [])
    log = list(AuditEntry.objects.filter(action="players_imported").order_by("id"))
    assert [entry.after["rows"] for entry in log] == [[2, 3], [4, 5], [6]]
    assert [entry.after["part"] for entry in log] == ["1 of 3", "2 of 3", "3 of 3"]
    assert log[0].subject == "2 players from CSV (rows 2 to 3, part 1 of 3)"
    assert sorted(tournament.entries.values_list("number", flat=True)) == [1, 2, 3, 4, 5]


@pytest.mark.django_db
def test_a_thousand_rows_take_a_few_queries_a_chunk_not_two_a_row(
        tournament, organizer, django_assert_max_num_queries):
    preview = parse_players_csv(players_csv(1000), tournament)
    with django_assert_max_num_queries(70):  # two chunks; 2,000 inserts row by row before
        assert import_players(tournament, preview, organizer) == 1000
    first = tournament.entries.get(number=1)
    # what Entry.save and Club.save would have set
    assert (first.name, first.club.name, first.name_key) == ("Spieler1 Nummer1", "Verein 1",
                                                             "spieler1|nummer1")
    assert first.created_at is not None and first.player.last_name == "Nummer1"
    assert tournament.entries.values("club").distinct().count() == 7


@pytest.mark.django_db(transaction=True)
def test_a_chunk_refused_after_others_were_saved_says_what_was_imported(
        tournament, organizer, monkeypatch):
    monkeypatch.setattr(importing, "IMPORT_CHUNK", 2)
    preview = parse_players_csv(players_csv(5), tournament)
    real = importing._save_chunk

    def door_registers_meanwhile(*args, **kwargs):
        count = real(*args, **kwargs)
        if not Entry.objects.filter(number=3).exists():  # after the first chunk only
            register_player(tournament, first_name="Zoe", last_name="Late", number=3)
        return count

    monkeypatch.setattr(importing, "_save_chunk", door_registers_meanwhile)
    with pytest.raises(RegistrationError) as refused:
        import_players(tournament, preview, organizer)
    assert refused.value.message == (
        "Imported 2 of 5 players (rows 2 to 3), then stopped: Row 4: number 3 is already "
        "used. Rows 4 to 6 were not imported: upload the file again to import them (the rows "
        "imported are listed as registered).")
    assert sorted(tournament.entries.values_list("number", flat=True)) == [1, 2, 3]
    assert tournament.entries.get(number=3).last_name == "Late"
    assert AuditEntry.objects.filter(action="players_imported").count() == 1


@pytest.mark.django_db
def test_a_conflict_found_before_the_first_chunk_saves_nothing(tournament, organizer,
                                                               monkeypatch):
    monkeypatch.setattr(importing, "IMPORT_CHUNK", 2)
    preview = parse_players_csv(players_csv(5), tournament)
    register_player(tournament, first_name="Spieler5", last_name="Nummer5",
                    club_name="Verein 5", number=99)
    with pytest.raises(RegistrationError, match="Row 6: Spieler5 Nummer5 is already "
                                                "registered; nothing was imported."):
        import_players(tournament, preview, organizer)
    assert tournament.entries.count() == 1
