"""A PDF speaks the tournament's language whatever the reader's browser says, and the
reader's own when the tournament has none (``tournament.languages.print_language``): every
kind is drawn under ``translation.override``, the batches of a series too."""

import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from printing import results, score_sheets, seat_slips, seating, table_cards
from tests.factories import enter, new_tournament, register, seat

pytestmark = pytest.mark.django_db

GERMAN_DATE = re.compile(r"\d\d\.\d\d\.\d{4} \d\d:\d\d")  # config/formats/de: 25.11.2026 19:30
ENGLISH_DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")


@pytest.fixture
def evening(django_user_model):
    """A German club's evening: seven players at a four-table and a three-table."""
    boss = django_user_model.objects.create_user("boss-sprache", password="x")
    tournament = new_tournament("skatabend-koeln", boss, name="Skatabend Köln",
                                deals_per_player=2, series_count=1, language="de")
    register(tournament, ["Anna Bäcker", "Carl Brandt", "Emma Fischer", "Franz Koch",
                          "Ida Lange", "Otto Meyer", "Rosa Vogel"])
    series = seat(tournament.series.get(number=1), "sprache")
    enter(series.tables.order_by("number").first(), 3)
    return tournament, boss


def spy(monkeypatch, module, name) -> list[str]:
    """Record the active language each time ``module.name`` runs (it draws the story)."""
    seen: list[str] = []
    original = getattr(module, name)

    def recording(*args, **kwargs):
        seen.append(translation.get_language())
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, recording)
    return seen


def fetch(client, name, *args, language="en", query=""):
    response = client.get(reverse(f"printing:{name}", args=args) + query,
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, (name, response.status_code)
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_every_organizer_pdf_of_a_german_tournament_is_drawn_in_german(client, monkeypatch,
                                                                       evening):
    tournament, boss = evening
    client.force_login(boss)
    table = tournament.series.get(number=1).tables.order_by("number").first().number
    drawn = {
        "sheet_pdf": (spy(monkeypatch, score_sheets, "sheet_story"), [1, table]),
        "series_sheets_pdf": (spy(monkeypatch, score_sheets, "write_sheets"), [1]),
        "table_cards_pdf": (spy(monkeypatch, table_cards, "card_story"), [1]),
        "seating_pdf": (spy(monkeypatch, seating, "chart_by_table"), [1]),
        "seat_slips_pdf": (spy(monkeypatch, seat_slips, "slips"), [1]),
    }
    for name, (seen, args) in drawn.items():
        words = fetch(client, name, tournament.slug, *args, language="en")  # English browser
        assert seen and set(seen) == {"de"}, (name, seen)
        assert GERMAN_DATE.search(words) and not ENGLISH_DATE.search(words), name
    assert translation.get_language() == "en"  # the override ends with the view


def test_a_public_pdf_follows_the_reader_when_the_tournament_has_no_language(
        client, monkeypatch, evening):
    tournament, boss = evening
    client.force_login(boss)
    seen = spy(monkeypatch, results, "standings_story")
    fetch(client, "standings_pdf", tournament.slug, language="en")
    tournament.language = ""
    tournament.save(update_fields=["language"])
    words = fetch(client, "standings_pdf", tournament.slug, language="de")
    assert GERMAN_DATE.search(words)
    assert ENGLISH_DATE.search(fetch(client, "standings_pdf", tournament.slug, language="en"))
    tournament.language = "en"
    tournament.save(update_fields=["language"])
    assert ENGLISH_DATE.search(fetch(client, "standings_pdf", tournament.slug, language="de"))
    assert seen == ["de", "de", "en", "en"]


def test_a_german_tournaments_sheet_reads_german(client, evening):
    """Needs the German catalog (locale/de), which the lead merges from the fragments."""
    tournament, boss = evening
    client.force_login(boss)
    table = tournament.series.get(number=1).tables.order_by("number").first().number
    words = fetch(client, "sheet_pdf", tournament.slug, 1, table, language="en")
    assert "Seite 1 von 1" in words and "gedruckt am" in words
    for german in ("Geber/in", "Alleinspieler/in", "Summe", "Unterschriften", "1. Serie"):
        assert german in words, german
    cards = fetch(client, "table_cards_pdf", tournament.slug, 1, language="en")
    assert "Scannen Sie den Code" in cards and "Tisch" in cards
