"""tournament.registration.importing: the preview lists every bad row and saves nothing;
import is atomic."""

import datetime

import pytest

from tournament.models import AuditEntry, Club, Entry, Player, Tournament
from tournament.registration import importing as csv_import
from tournament.registration.importing import decode_upload, import_players, parse_players_csv
from tournament.registration.services import register_player

pytestmark = pytest.mark.django_db

MIXED = """First name,Last name,Club,Nr,Email,Checked in
Lena,Adler,SC Pik 7,,,yes
,Brandt,SC Pik 7,,,
Jonas,,Kreuz Bube,,,
Otto,Schulz,Herz Dame,12,,no
Lena,Adler,SC Pik 7,,,
Max,Müller,SC Pik 7,,,
Karl,Krause,,x1,,
Eva,Engel,,20,not-an-email,
Ida,Imhof,,,,maybe
Paul,Peters,Neuer Verein,30,paul@example.org,x
"""


@pytest.fixture
def registered(tournament):
    register_player(tournament, first_name="Anna", last_name="Becker", number=12)
    register_player(tournament, first_name="Max", last_name="Müller", club_name="SC Pik 7",
                    number=5)
    return tournament


def snapshot():
    return (Player.objects.count(), Entry.objects.count(), Club.objects.count(),
            AuditEntry.objects.count())


def test_the_preview_lists_every_bad_row_with_its_number_and_saves_nothing(registered):
    before = snapshot()
    preview = parse_players_csv(MIXED, registered)
    assert snapshot() == before
    assert preview.error_messages == [
        "Row 3: first name is empty",
        "Row 4: last name is empty",
        "Row 5: participant number 12 is already used by Anna Becker",
        "Row 6: the same player as row 2, with a different checked in; keep one row for "
        "the player",
        "Row 7: Max Müller of SC Pik 7 is already registered as number 5",
        "Row 8: number 'x1' is not a whole number",
        "Row 9: email 'not-an-email' is not a valid address",
        "Row 10: checked in 'maybe' is not yes or no",
    ]
    assert [row.row for row in preview.rows] == [2, 11]
    lena, paul = preview.rows
    assert (lena.name, lena.club, lena.checked_in, lena.number) == (
        "Lena Adler", "SC Pik 7", True, None)
    assert (paul.number, paul.email, paul.checked_in) == (30, "paul@example.org", True)
    # rows without a number get the next free one after everything used or given
    assert lena.assigned_number == 31


def test_confirm_imports_the_good_rows_in_one_go(registered, organizer):
    preview = parse_players_csv(MIXED, registered)
    count = import_players(registered, preview, organizer)
    assert count == 2
    assert registered.entries.count() == 4
    lena = registered.entries.get(last_name="Adler")
    assert lena.number == 31 and lena.checked_in and lena.checked_in_at is not None
    paul = registered.entries.get(number=30)
    assert paul.club.name == "Neuer Verein" and paul.email == "paul@example.org"
    assert Club.objects.filter(name="Neuer Verein").count() == 1
    log = AuditEntry.objects.get(action="players_imported")
    assert log.after["imported"] == 2 and log.after["new_clubs"] == ["Neuer Verein"]
    assert log.user == organizer


@pytest.mark.parametrize("link_known", [False, True])
def test_import_links_known_persons_only_when_asked(tournament, other_tournament, organizer,
                                                    link_known):
    register_player(other_tournament, first_name="Anna", last_name="Becker",
                    club_name="Herz Dame", email="anna@cup.example")
    preview = parse_players_csv("vorname;nachname;verein\nanna;BECKER;herz dame\n", tournament,
                                organizer)
    assert preview.errors == [] and preview.known_rows == 1
    import_players(tournament, preview, organizer, link_known=link_known)
    assert Player.objects.count() == (1 if link_known else 2)
    assert Club.objects.count() == 1
    entry = tournament.entries.get()
    assert entry.player.entries.count() == (2 if link_known else 1)
    assert entry.email == ""  # the other tournament's e-mail is not copied


def test_import_never_links_to_another_organizers_players(tournament, django_user_model):
    stranger = django_user_model.objects.create_user("stranger", password="pw-stranger-77")
    preview_known = parse_players_csv("first,last\nAnna,Becker\n", tournament, stranger)
    register_player(tournament, first_name="Anna", last_name="Becker")
    cup = Tournament.objects.create(name="Cup", slug="cup", start_date=datetime.date(2027, 9, 1))
    cup.organizers.add(stranger)
    preview = parse_players_csv("first,last\nAnna,Becker\n", cup, stranger)
    assert preview_known.known_rows == 0 and preview.known_rows == 0
    import_players(cup, preview, stranger, link_known=True)
    assert cup.entries.get().player_id != tournament.entries.get().player_id


def test_a_semicolon_file_parses():
    text = "Vorname;Nachname;Verein;Nr\nAnna;Becker;Herz Dame, Köln;7\nOtto;Schulz;;8\n"
    preview = parse_players_csv(text, tournament=_empty_tournament())
    assert preview.errors == []
    assert [(r.first_name, r.last_name, r.club, r.number) for r in preview.rows] == [
        ("Anna", "Becker", "Herz Dame, Köln", 7), ("Otto", "Schulz", "", 8)]


def test_a_bom_file_parses_and_header_aliases_are_accepted(tournament):
    data = "first_name,SURNAME,club,No,e-mail,checked_in\r\nAnna,Becker,,3,,1\r\n".encode(
        "utf-8-sig")
    assert data.startswith(b"\xef\xbb\xbf")
    text, encoding = decode_upload(data)
    assert encoding == "UTF-8"
    preview = parse_players_csv(text, tournament)
    assert preview.errors == []
    row = preview.rows[0]
    assert (row.first_name, row.last_name, row.number, row.checked_in) == (
        "Anna", "Becker", 3, True)
    # the BOM also goes when the text arrives undecoded by decode_upload
    assert parse_players_csv(data.decode("utf-8"), tournament).rows[0].first_name == "Anna"


def test_a_windows_1252_file_is_read_as_such(tournament):
    """Excel on Windows saves a plain "CSV" in Windows-1252: the umlauts arrive intact and
    the preview says what the file was read as."""
    data = "Vorname;Nachname;Verein\nJürgen;Groß;Kreuz Bube Köln\n".encode("cp1252")
    text, encoding = decode_upload(data)
    assert encoding == "Windows-1252"
    row = parse_players_csv(text, tournament).rows[0]
    assert (row.first_name, row.last_name, row.club) == ("Jürgen", "Groß", "Kreuz Bube Köln")


def test_a_file_neither_utf8_nor_windows_1252_is_refused():
    with pytest.raises(ValueError, match="neither UTF-8 nor Windows-1252"):
        decode_upload(b"Vorname;Nachname\n\x81\x8d;\x90\n")


def test_german_headers_are_read_for_every_column(tournament):
    text = ("Vorname;Nachname;Verein;Startnummer;E-Mail-Adresse;Eingecheckt?\n"
            "Jürgen;Müller;Herz Dame;7;jm@example.org;ja\n"
            "Anna;Becker;;8;;nein\n")
    preview = parse_players_csv(text, tournament)
    assert preview.errors == [] and preview.ignored_columns == []
    jurgen, anna = preview.rows
    assert (jurgen.club, jurgen.number, jurgen.email, jurgen.checked_in) == (
        "Herz Dame", 7, "jm@example.org", True)
    assert (anna.number, anna.checked_in) == (8, False)


@pytest.mark.parametrize("header", ["Nummer", "Nr.", "Teilnehmernummer", "StartNr"])
def test_german_number_headers(tournament, header):
    preview = parse_players_csv(f"Vorname,Nachname,{header}\nAnna,Becker,9\n", tournament)
    assert preview.rows[0].number == 9


def test_a_row_that_repeats_one_above_is_read_once_not_skipped(tournament, organizer):
    """An exact repeat (the same player with the same details, spelled in another case) is
    reported once, as a repeat: it is no bad row, so it blocks nothing and is not "skipped"
    beside the row above that is imported."""
    text = ("first,last,club,nr,email\n"
            "Lena,Adler,SC Pik 7,4,lena@example.org\n"
            "Otto,Schulz,,,\n"
            "lena,ADLER,sc pik 7,04,Lena@Example.org\n")
    preview = parse_players_csv(text, tournament)
    assert preview.errors == []
    assert [row.row for row in preview.rows] == [2, 3]
    assert preview.repeat_messages == ["Row 4 repeats row 2 and is read once."]
    assert import_players(tournament, preview, organizer) == 2
    assert tournament.entries.filter(last_name="Adler").count() == 1


def test_a_repeat_of_a_bad_row_is_reported_once_with_it(tournament):
    preview = parse_players_csv("first,last,nr\nLena,Adler,x\nLena,Adler,x\n", tournament)
    assert preview.error_messages == ["Row 2: number 'x' is not a whole number"]
    assert preview.repeats == [(3, 2)]


def test_the_same_player_with_other_details_is_one_problem_naming_them(tournament):
    preview = parse_players_csv("first,last,nr,email\nLena,Adler,4,a@b.org\nLena,Adler,5,\n",
                                tournament)
    assert preview.error_messages == [
        "Row 3: the same player as row 2, with a different number and email; keep one row "
        "for the player"]


def test_a_header_without_names_is_refused(tournament):
    preview = parse_players_csv("club,number\nSC Pik 7,4\n", tournament)
    assert preview.rows == []
    assert [row for row, _ in preview.errors] == [1, 1]
    assert "no first name column" in preview.errors[0][1]


def test_a_failure_in_the_middle_saves_nothing(tournament, organizer, monkeypatch):
    text = "first,last,club\nA,One,New Club\nB,Two,\nC,Three,\nD,Four,\n"
    preview = parse_players_csv(text, tournament)
    assert len(preview.rows) == 4
    real = csv_import._create_entries
    calls = []

    def failing(*args, **kwargs):
        calls.append(real(*args, **kwargs))  # the rows are written, then the disk is full
        raise RuntimeError("disk full")

    monkeypatch.setattr(csv_import, "_create_entries", failing)
    before = snapshot()
    with pytest.raises(RuntimeError):
        import_players(tournament, preview, organizer)
    assert len(calls[0]) == 4
    assert snapshot() == before
    assert not Club.objects.filter(name="New Club").exists()


def test_a_conflict_since_the_preview_saves_nothing(tournament, organizer):
    preview = parse_players_csv("first,last,nr\nA,One,\nB,Two,4\n", tournament)
    register_player(tournament, first_name="Zoe", last_name="Late", number=4)
    with pytest.raises(ValueError, match="number 4 is already used"):
        import_players(tournament, preview, organizer)
    assert tournament.entries.count() == 1


def _empty_tournament():
    import datetime

    from tournament.models import Tournament

    return Tournament.objects.create(name="T", slug="t", start_date=datetime.date(2027, 1, 1))
