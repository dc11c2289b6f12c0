"""Issue 20: the audit page says what entries stored in the reader's language, when it shows
them (tournament/audit_words.py): the place from the entry's numbers, each data key in plain
words, the values that are the site's vocabulary; numbers, names, seeds and unknown keys as
stored, and nothing stored changes."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from engine import evaluate_deal
from tournament.audit import changes, record_change, shown_changes
from tournament.deal_words import encode_words, say_deal
from tournament.models import AuditAction, AuditEntry

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
SOLO = {"game": "solo", "trump": "hearts", "matadors": 2, "card_points": 95}
GRAND = {"game": "grand", "matadors": -1, "card_points": 61}


def changed(html: str) -> str:
    """The log's table, without its tags."""
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return " ".join(re.sub(r"<[^>]*>", " ", body).split())


@pytest.fixture
def logged(tournament, organizer):
    """Entries as the site writes them: English subjects, data keys and values; a deal's
    words beside its English (after), or only its English, as entries kept before (before)."""
    grand = evaluate_deal(GRAND, tournament.rule_set, {})
    evaluation = evaluate_deal(SOLO, tournament.rule_set, {})
    record_change(tournament, organizer, AuditAction.DEAL_CORRECTED, "series 1 table 2 deal 3",
                  series=1, table=2, deal=3,
                  before={"number": 3, "declarer": 2, "text": grand.text, "contra_by": None,
                          "record": GRAND},
                  after={"number": 3, "declarer": 1, "text": evaluation.text,
                         "words": encode_words(evaluation.words), "contra_by": 2,
                         "record": SOLO})
    record_change(tournament, organizer, AuditAction.SERIES_PUBLISHED, "series 1", series=1,
                  before={"status": "draft"}, after={"status": "seated"})
    record_change(tournament, organizer, AuditAction.SHEET_REOPENED, "series 1 table 2",
                  series=1, table=2, before={"status": "confirmed"}, after={"status": "open"})
    record_change(tournament, organizer, AuditAction.SERIES_SEATED, "series 2", series=2,
                  after={"method": "draw", "seed": "room", "tables": [8, 7, 5]})
    record_change(tournament, organizer, AuditAction.PENALTY_ENTERED, "series 1 table 2",
                  series=1, table=2, after={"seat": 3, "reason": "misdeal", "points": 10})
    record_change(tournament, organizer, AuditAction.STAFF_ADDED, "anna",
                  after={"role": "assistant", "account_created": True})
    record_change(tournament, organizer, AuditAction.PLAYERS_IMPORTED,
                  "2 players from CSV (rows 2 to 3, part 1 of 3)",
                  after={"imported": 2, "part": "1 of 3"})
    record_change(tournament, organizer, AuditAction.LOT_RECORDED, "prize 3",
                  after={"winner": 7})
    record_change(tournament, organizer, AuditAction.TOURNAMENT_EDITED, "Club Night",
                  before={"options": {}, "table_policy": "prefer_four", "paper": "a4"},
                  after={"options": {"ramsch": True}, "table_policy": "three_only",
                         "paper": "letter", "odd_key": "as stored"})
    record_change(tournament, organizer, AuditAction.PLAYER_REGISTERED, "7 Anna Alt",
                  after={"number": 7, "first_name": "Anna", "checked_in": True})
    return grand, evaluation


def test_a_german_reader_reads_the_log_in_german(organizer_client, tournament, logged):
    html = organizer_client.get(reverse("tournament:audit", args=[tournament.slug]),
                                **GERMAN).content.decode()
    table = changed(html)
    # the place from the numbers, names as stored
    assert "1. Serie, Tisch 2, Spiel 3" in table and "1. Serie, Tisch 2" in table
    assert "2. Serie" in table and "Club Night" in table and "7 Anna Alt" in table
    assert "Preis 3" in table and "2 Spieler aus CSV (Zeilen 2 bis 3, Teil 1 von 3)" in table
    # a deal: keys in plain words, the games and the trump by the engine's German
    assert "Alleinspieler/in: 2 → 1" in table
    assert "Kontra von: – → 2" in table
    assert "Spiel: Grand → Solo" in table
    assert "Trumpf: – → Herz" in table
    assert "Augen: 61 → 95" in table and "Spitzen: -1 → 2" in table
    # the description: the new side said from its words, the old one from its record
    grand, solo = logged
    with translation.override("de"):
        old, new = (say_deal(encode_words(e.words)) for e in logged)
    assert old != grand.text and new != solo.text and "gewonnen" in new
    spaced = " ".join  # the table's text is read with its spaces (a no-break one too) made plain
    assert f"Beschreibung: {spaced(old.split())} → {spaced(new.split())}" in table
    assert "words" not in table
    # the series' and the sheet's states, the seating method, a penalty, a role
    assert "Status: Entwurf → Gesetzt (veröffentlicht)" in table
    assert "Status: Bestätigt → Offen" in table
    assert "Verfahren: Zufällige Auslosung" in table
    assert "Startwert: room" in table and "Tische: 8, 7, 5" in table
    assert "Grund: Vergeben" in table and "Platz: 3" in table and "Punkte: 10" in table
    assert "Rolle: Helfer/in" in table and "Konto angelegt: ja" in table
    assert "Teil: 1 von 3" in table and "Gewinner/in: 7" in table
    # the tournament: its settings' words, an option by its key, an unknown key as stored
    assert "Tischgrößen: Möglichst viele Vierertische → Nur Dreiertische" in table
    assert "Papierformat: a4 → US Letter" in table
    assert "Option ramsch: – → ja" in table and "Optionen" not in table
    assert "odd_key: – → as stored" in table
    assert "Startnummer" not in table and "Nummer: 7" in table and "Vorname: Anna" in table
    assert "anwesend: ja" in table


def test_an_english_reader_reads_plain_words_and_the_stored_subjects(organizer_client,
                                                                      tournament, logged):
    table = changed(organizer_client.get(
        reverse("tournament:audit", args=[tournament.slug])).content.decode())
    assert "series 1 table 2 deal 3" in table and "prize 3" in table
    assert "2 players from CSV (rows 2 to 3, part 1 of 3)" in table
    assert "declarer: 2 → 1" in table and "contra by: – → 2" in table
    assert "game: Grand → Solo" in table and "trump: – → Hearts" in table
    assert "card points: 61 → 95" in table
    assert f"description: {logged[0].text} → {logged[1].text}" in table
    assert "status: Draft → Seated (published)" in table and "status: Confirmed → Open" in table
    assert "method: Random draw" in table
    assert "reason: misdeal (charged to the dealer)" in table
    assert "role: assistant" in table and "part: 1 of 3" in table
    assert "table sizes: As many four-tables as possible → Three-tables only" in table
    assert "option ramsch: – → yes" in table and "odd_key: – → as stored" in table


def test_nothing_stored_changes_and_old_entries_show_as_written(tournament, organizer):
    old = record_change(tournament, organizer, AuditAction.SERIES_PUBLISHED, "series 4")
    assert old.shown_subject == "series 4"  # no numbers: the subject as stored
    german = record_change(tournament, organizer, AuditAction.DEAL_ENTERED,
                           "Serie 1 Tisch 2 Spiel 3", series=1, table=2, deal=3,
                           after={"record": {"game": "no_such_game", "trump": "stars"},
                                  "text": "Heart Solo with 1, won"})
    assert german.shown_subject == "series 1 table 2 deal 3"  # from the numbers
    with translation.override("de"):
        assert german.shown_subject == "1. Serie, Tisch 2, Spiel 3"
        # an unknown game, trump, or a record that no longer gives its English: as stored
        assert shown_changes(german, tournament.rules, tournament.resolved_options) == [
            ("Spiel", None, "no_such_game"), ("Trumpf", None, "stars"),
            ("Beschreibung", None, "Heart Solo with 1, won")]
    stored = AuditEntry.objects.get(pk=german.pk)
    assert stored.subject == "Serie 1 Tisch 2 Spiel 3"
    assert stored.after == {"record": {"game": "no_such_game", "trump": "stars"},
                            "text": "Heart Solo with 1, won"}
    # the raw differences keep the stored keys; an empty side is no change of its own
    assert changes({"options": {}}, {"options": {"ramsch": True}}) == [
        ("options.ramsch", "–", "yes")]

