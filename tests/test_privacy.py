"""A player's publication choice on every public surface, and anonymizing an ended tournament.

Anna Becker publishes under a pseudonym, Carl Brandt by first name and initial; the public
reads neither surname anywhere (pages, PDFs, exports, API answers) while the staff read both.
"""

from __future__ import annotations

import datetime
import io

import openpyxl
import pytest
import tablib
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import club_night, confirm_series, release, table_of_size
from tournament.audit import record_change
from tournament.models import AuditAction, AuditEntry, Deal, Entry, Player, Tournament
from tournament.privacy import Publication
from tournament.registration import anonymizing
from tournament.registration import services as registration

# -- every public surface -----------------------------------------------------------------------


@pytest.fixture
def night(django_user_model, settings):
    """A released club night: Anna Becker under a pseudonym, Carl Brandt by initial."""
    settings.PUBLIC_BUDGET = 0  # one reader reads every surface
    boss = django_user_model.objects.create_user("boss", password="Grand-Ouvert-1908")
    night = club_night(boss, slug="private-night")
    anna = night.entries.get(last_name="Becker")
    registration.update_entry(anna, first_name="Anna", last_name="Becker",
                              publication=Publication.PSEUDONYM, pseudonym="Kreuz-Bube")
    carl = night.entries.get(last_name="Brandt")
    registration.update_entry(carl, first_name="Carl", last_name="Brandt",
                              publication=Publication.INITIAL)
    release(confirm_series(night.series.get(number=1)), boss)
    organizer = Client()
    organizer.force_login(boss)
    return night, anna, organizer


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    kind = response.get("Content-Type", "")
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if kind.startswith("application/pdf"):
        return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(content)).pages)
    if "spreadsheetml" in kind:  # XLSX
        book = openpyxl.load_workbook(io.BytesIO(content))
        return "\n".join(str(cell) for sheet in book for row in sheet.iter_rows(values_only=True)
                         for cell in row)
    if "opendocument" in kind:  # ODS
        return tablib.Dataset().load(content, format="ods").export("csv")
    return content.decode("utf-8-sig")


def public_urls(night: Tournament, anna: Entry) -> list[str]:
    """The public's pages and PDFs that name players."""
    slug, table = night.slug, table_of_size(night, 4).number
    return [
        reverse("scoring:standings", args=[slug]),
        reverse("scoring:series_standings", args=[slug, 1]),
        reverse("scoring:prizes", args=[slug]),
        reverse("scoring:player", args=[slug, anna.number]),
        reverse("tournament:chart", args=[slug, 1]),
        reverse("tournament:where", args=[slug, 1]),
        reverse("tournament:table", args=[slug, 1, table]),
        reverse("printing:standings_pdf", args=[slug]),
        reverse("printing:series_standings_pdf", args=[slug, 1]),
        reverse("printing:prizes_pdf", args=[slug]),
        reverse("printing:public_sheet_pdf", args=[slug, 1, table]),
        reverse("exports:standings", args=[slug, "csv"]),
        reverse("exports:series_standings", args=[slug, 1, "xlsx"]),
        reverse("exports:prizes", args=[slug, "ods"]),
        reverse("exports:player_deals", args=[slug, anna.number, "csv"]),
        reverse("exports:seating", args=[slug, 1, "xlsx"]),
        reverse("api:standings", kwargs={"slug": slug}),
        reverse("api:series_standings", kwargs={"slug": slug, "number": 1}),
        reverse("api:prizes", kwargs={"slug": slug}),
        reverse("api:player", kwargs={"slug": slug, "number": anna.number}),
        reverse("api:table", kwargs={"slug": slug, "number": 1, "table": table}),
    ]


def test_the_public_reads_only_the_published_names(night):
    tournament, anna, _ = night
    public = Client()
    for url in public_urls(tournament, anna):
        text = _text(public.get(url))
        assert "Becker" not in text and "Brandt" not in text, url
    standings = _text(public.get(reverse("scoring:standings", args=[tournament.slug])))
    assert "Kreuz-Bube" in standings and "B., Carl" in standings
    api = _text(public.get(reverse("api:standings", kwargs={"slug": tournament.slug})))
    assert "Kreuz-Bube" in api and "Carl B." in api
    table = table_of_size(tournament, 4).number
    sheet = _text(public.get(reverse("tournament:table", args=[tournament.slug, 1, table])))
    assert "Kreuz-Bube" in sheet or "Carl B." in sheet


def test_the_staff_read_the_full_names(night):
    tournament, anna, organizer = night
    for url in public_urls(tournament, anna)[:4] + public_urls(tournament, anna)[-5:]:
        text = _text(organizer.get(url))
        assert "Becker" in text or "Brandt" in text, url


def test_where_do_i_sit_finds_the_pseudonym_not_the_name(night):
    tournament, _, organizer = night
    where = reverse("tournament:where", args=[tournament.slug, 1])
    assert "Kreuz-Bube" in _text(Client().get(where + "?q=kreuz"))
    assert "Kreuz-Bube" not in _text(Client().get(where + "?q=becker"))
    assert "Becker" in _text(organizer.get(where + "?q=becker"))


def test_the_tournament_may_publish_initials_for_everyone(night):
    tournament, _, _ = night
    Tournament.objects.filter(pk=tournament.pk).update(publication=Publication.INITIAL)
    # as the edit form keeps it: the results' version moves
    record_change(tournament, None, AuditAction.TOURNAMENT_EDITED, tournament.name)
    text = _text(Client().get(reverse("scoring:standings", args=[tournament.slug])))
    assert "Fischer" not in text and "F., Emma" in text


def test_a_pseudonym_chosen_must_be_given(night):
    tournament, anna, _ = night
    with pytest.raises(registration.RegistrationError) as refused:
        registration.update_entry(anna, first_name="Anna", last_name="Becker",
                                  publication=Publication.PSEUDONYM, pseudonym="  ")
    assert refused.value.field == "pseudonym"


def test_the_entry_form_keeps_the_choice_and_the_audit_log_says_so(night):
    tournament, anna, organizer = night
    url = reverse("tournament:entry_edit", args=[tournament.slug, anna.number])
    response = organizer.post(url, {"first_name": "Anna", "last_name": "Becker",
                                    "number": anna.number, "publication": "initial",
                                    "pseudonym": ""})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.publication, anna.pseudonym) == ("initial", "")
    change = AuditEntry.objects.filter(action=AuditAction.ENTRY_EDITED).latest("id")
    assert change.before["publication"] == "pseudonym" and change.after["publication"] == (
        "initial")


# -- anonymizing --------------------------------------------------------------------------------


def test_anonymizing_asks_first_then_replaces_every_name_and_keeps_the_results(night):
    tournament, anna, organizer = night
    standings = reverse("scoring:standings", args=[tournament.slug])
    before = [(s.number, s.points) for s in _standing_rows(tournament)]
    url = reverse("tournament:anonymize", args=[tournament.slug])
    asked = organizer.post(url)
    assert asked.status_code == 200 and "cannot be undone" in asked.content.decode()
    assert not Entry.objects.filter(tournament=tournament, first_name="").exists()
    assert organizer.post(url, {"sure": "1"}).status_code == 302
    tournament.refresh_from_db()
    assert tournament.anonymized_at is not None
    names = set(Entry.objects.filter(tournament=tournament).values_list("last_name", flat=True))
    assert names == {f"Player {e.number}" for e in tournament.entries.all()}
    assert not Entry.objects.filter(tournament=tournament).exclude(email="").exists()
    assert not Player.objects.filter(last_name="Becker").exists()
    assert [(s.number, s.points) for s in _standing_rows(tournament)] == before
    text = _text(organizer.get(standings))  # the staff too read the anonymous names
    assert "Becker" not in text and f"Player {anna.number}" in text
    logged = " ".join(str(e.before) + str(e.after) + e.subject + e.actor
                      for e in AuditEntry.objects.filter(tournament=tournament))
    assert "Becker" not in logged and "Kreuz-Bube" not in logged
    assert not Deal.objects.filter(table__series__tournament=tournament,
                                   entered_by__contains="Becker").exists()
    assert AuditEntry.objects.filter(action=AuditAction.TOURNAMENT_ANONYMIZED).count() == 1
    # once is enough
    assert anonymizing.refusal(tournament)


def test_a_person_known_to_another_tournament_keeps_his_name_there(night, django_user_model):
    tournament, anna, _ = night
    other = Tournament.objects.create(name="Next Night", slug="next-night",
                                      start_date=datetime.date(2027, 6, 1))
    Entry.objects.create(tournament=other, player=anna.player, number=1, first_name="Anna",
                         last_name="Becker")
    anonymizing.anonymize(tournament, None)
    assert other.entries.get().player.last_name == "Becker"
    anna.refresh_from_db()
    assert anna.player.last_name == f"Player {anna.number}"


def test_a_tournament_under_way_is_not_anonymized(django_user_model):
    boss = django_user_model.objects.create_user("boss", password="Grand-Ouvert-1908")
    night = club_night(boss, slug="running-night")
    Tournament.objects.filter(pk=night.pk).update(start_date=datetime.date.today())
    night.refresh_from_db()
    assert "ended" in anonymizing.refusal(night)
    with pytest.raises(anonymizing.AnonymizeError):
        anonymizing.anonymize(night, boss)
    assert night.entries.filter(last_name="Becker").exists()


def _standing_rows(tournament: Tournament):
    from scoring.results.page import standings_page
    from tournament.permissions import Visitor

    return standings_page(Visitor(tournament, staff=True), None, "").rows


def test_a_csv_column_gives_the_pseudonym(django_user_model):
    from tournament.registration.importing import import_players, parse_players_csv

    night = Tournament.objects.create(name="Import Night", slug="import-night",
                                      start_date=datetime.date(2027, 5, 1))
    preview = parse_players_csv("vorname;nachname;pseudonym\nAnna;Becker;Kreuz-Bube\n"
                                "Carl;Brandt;\nEmma;Fischer;\u202eevil\n", night)
    assert [row for row, _ in preview.errors] == [4]
    import_players(night, preview, None)
    anna, carl = night.entries.order_by("number")
    assert (anna.publication, anna.pseudonym) == ("pseudonym", "Kreuz-Bube")
    assert (carl.publication, carl.pseudonym) == ("", "")


def test_the_player_list_shows_the_staff_what_the_public_reads(night):
    tournament, _, organizer = night
    text = _text(organizer.get(reverse("tournament:players", args=[tournament.slug])))
    assert "Becker, Anna" in text and "(public: Kreuz-Bube)" in text
    assert "(public: Carl B.)" in text and "(public: Emma Fischer)" not in text
