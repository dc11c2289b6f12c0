"""Issue 20: a sentence kept when a sheet is changed (why its submission was withdrawn, which
later deals a deletion moved, which deals it mended) is kept as words (tournament/
stored_words.py) and said in the language of whoever reads it, not of whoever made the
change; what was stored before the words were is shown as stored."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from tests.factories import SOLO_WON, club_night, play, table_of_size
from tests.sheets import u
from tournament.audit import record_change
from tournament.models import AuditAction, AuditEntry, Entry
from tournament.sheets import absence, edits
from tournament.sheets import services as deals
from tournament.sheets.confirmation import submit_sheet
from tournament.sheets.services import DealInput
from tournament.stored_words import PHRASES, said

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9"}
SOLO_LOST = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 40}


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_user("boss")


def submitted(tournament_language: str, boss):
    """A submitted four-table of a tournament that speaks ``tournament_language`` ("" for
    none: its table links follow the browser)."""
    night = club_night(boss)
    night.language = tournament_language
    night.save(update_fields=["language"])
    table = table_of_size(night, 4)
    for _ in range(8):
        play(table, SOLO_WON)
    submit_sheet(table, "Anna Becker")
    table.refresh_from_db()
    return table


def correct_first_deal(table, boss, language: str) -> None:
    """An organizer reading ``language`` corrects deal 1."""
    deal = table.deals.get(number=1)
    with translation.override(language):
        deals.correct_deal(table, 1, DealInput(dict(SOLO_LOST), declarer=deal.declarer),
                           deal.version, "orga", boss)
    table.refresh_from_db()


def audit_table(html: str) -> str:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return " ".join(re.sub(r"<[^>]*>", " ", body).split())


def audit_page(table, boss, browser) -> str:
    client = Client()
    client.force_login(boss)
    url = reverse("tournament:audit", args=[table.series.tournament.slug])
    return audit_table(client.get(url, **browser).content.decode())


def test_a_german_table_link_reads_an_english_organizers_correction_in_german(boss):
    table = submitted("de", boss)
    correct_first_deal(table, boss, "en")
    assert table.sheet_status == "open"
    assert table.withdrawal["because"] == "deal 1 corrected"  # the English, as before
    page = Client().get(u("sheet", table.token), **ENGLISH).content.decode()
    assert "zurückgezogen: Spiel 1 korrigiert (orga)" in page
    assert "deal 1 corrected" not in page


def test_an_english_table_link_reads_a_german_organizers_correction_in_english(boss):
    table = submitted("", boss)
    correct_first_deal(table, boss, "de")
    assert table.withdrawal["because"] == "deal 1 corrected"
    page = Client().get(u("sheet", table.token), **ENGLISH).content.decode()
    assert "was withdrawn at" in page and ": deal 1 corrected (orga)." in page
    assert "korrigiert" not in page
    german = Client().get(u("sheet", table.token), **GERMAN).content.decode()
    assert ": Spiel 1 korrigiert (orga)." in german


def test_an_organizers_reopening_and_a_substitute_are_said_in_the_readers_language(boss):
    table = submitted("", boss)
    hans = Entry.objects.get(tournament=table.series.tournament, first_name="Hans")
    with translation.override("de"):
        absence.seat_substitute(table, 4, 5, hans.number, boss)
    page = Client().get(u("sheet", table.token), **ENGLISH).content.decode()
    assert "a substitute seated in seat 4 from deal 5" in page
    assert "gesetzt" not in page


def test_the_audit_page_says_why_a_sheet_reopened_in_the_readers_language(boss):
    table = submitted("", boss)
    correct_first_deal(table, boss, "de")
    reopened = AuditEntry.objects.get(action="sheet_reopened")
    assert reopened.after["because"] == "deal 1 corrected"
    assert "because: – → deal 1 corrected" in audit_page(table, boss, ENGLISH)
    german = audit_page(table, boss, GERMAN)
    assert "Spiel 1 korrigiert" in german and "deal 1 corrected" not in german


@pytest.fixture
def five_deals(four):
    """marta's four-table with deals 1–5 that make deals 3 and 5 invalid when deal 2 is
    deleted (tests/tournament/test_sheet_edits.py's five_deals)."""
    table = four
    for declarer in (1, 1, 3, 2):
        table.refresh_from_db()
        deals.add_deal(table, DealInput(dict(SOLO_WON), declarer=declarer),
                       table.sheet_version, "Anna Becker")
    table.refresh_from_db()
    deals.add_deal(table, DealInput({"game": "ramsch", "loser": 1}), table.sheet_version,
                   "Anna Becker")
    table.refresh_from_db()
    return table


def test_the_audit_page_says_a_german_organizers_delete_in_english(five_deals, marta):
    with translation.override("de"):
        edits.delete_deal(five_deals, 2, marta, fixes={3: {"declarer": 2}, 5: {"loser": 3}})
    deleted = AuditEntry.objects.get(action="deal_deleted")
    assert deleted.after["later_deals"] == "deals 3–5 are now 2–4"
    assert deleted.after["mended"] == "deal 2: Declarer seat 2; deal 4: Ramsch loser seat 3"
    english = audit_page(five_deals, marta, ENGLISH)
    assert "later deals: – → deals 3–5 are now 2–4" in english
    assert "mended: – → deal 2: Declarer seat 2; deal 4: Ramsch loser seat 3" in english
    assert "Spiel" not in english and "keine" not in english and PHRASES not in english
    german = audit_page(five_deals, marta, GERMAN)
    assert "die Spiele 3–5 sind jetzt 2–4" in german
    assert "Spiel 2: " in german and "Platz 3" in german


def test_nothing_moved_nor_mended_is_none_in_the_readers_language(five_deals, marta):
    with translation.override("de"):
        edits.delete_deal(five_deals, 5, marta)
    deleted = AuditEntry.objects.get(action="deal_deleted")
    assert deleted.after["later_deals"] == deleted.after["mended"] == "none"
    assert "later deals: – → none" in audit_page(five_deals, marta, ENGLISH)
    assert "keine" in audit_page(five_deals, marta, GERMAN)


def test_a_substitutes_moved_first_deal_is_said_in_the_readers_language(boss):
    table = table_of_size(club_night(boss), 4)
    for declarer in (1, 1, 2, 3, 4):
        play(table, SOLO_WON, declarer)
    hans = Entry.objects.get(tournament=table.series.tournament, first_name="Hans")
    absence.seat_substitute(table, 4, 5, hans.number, boss)
    table.refresh_from_db()
    with translation.override("de"):
        edits.delete_deal(table, 1, boss)
    deleted = AuditEntry.objects.get(action="deal_deleted")
    assert deleted.after["substitute seat 4"] == "from deal 4"
    assert "substitute in seat 4: – → from deal 4" in audit_page(table, boss, ENGLISH)
    assert "ab Spiel 4" in audit_page(table, boss, GERMAN)


def test_what_was_stored_before_the_words_is_shown_as_stored(boss):
    table = submitted("", boss)
    table.sheet_status = "open"
    table.withdrawal = {"what": "submission", "by": "Anna Becker", "actor": "orga",
                        "at": timezone.now().isoformat(), "because": "Spiel 1 korrigiert"}
    table.save(update_fields=["sheet_status", "withdrawal"])
    page = Client().get(u("sheet", table.token), **ENGLISH).content.decode()
    assert ": Spiel 1 korrigiert (orga)." in page
    tournament = table.series.tournament
    record_change(tournament, boss, AuditAction.DEAL_DELETED, "series 1 table 1 deal 2",
                  series=1, table=table.number, deal=2, before={"number": 2},
                  after={"later_deals": "keine", "mended": "none"})
    english = audit_page(table, boss, ENGLISH)
    assert "later deals: – → keine" in english and "mended: – → none" in english


def test_unreadable_words_fall_back_to_the_english():
    assert said({"because": "deal 1 corrected", PHRASES: {"because": "[[oops"}},
                "because") == "deal 1 corrected"
    assert said({"because": "as stored"}, "because") == "as stored"
    assert said({}, "because") == ""
