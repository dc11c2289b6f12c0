"""Which language a visitor reads (tournament/languages.py, docs/translation.md): the browser's,
else the one chosen in the header (remembered); a tournament's own for its public pages and
table links unless the visitor chose; always the tournament's for its PDFs. URLs are the same."""

import io

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import club_night
from tournament.languages import print_language

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9"}


def spoken(response) -> str:
    assert response.status_code == 200
    return response["Content-Language"]


def test_the_browser_language_decides_by_default(client):
    assert spoken(client.get(reverse("home"), **GERMAN)) == "de"
    assert spoken(Client().get(reverse("home"), **ENGLISH)) == "en"
    assert spoken(Client().get(reverse("home"), HTTP_ACCEPT_LANGUAGE="fr")) == "en"


def test_a_german_browser_reads_the_home_page_in_german(client):
    page = client.get(reverse("home"), **GERMAN).content.decode()
    assert '<html lang="de">' in page
    assert "Anmelden" in page or "Turnierleitung" in page


def test_the_header_switch_is_remembered(client):
    switched = client.post(reverse("set_language"), {"language": "de", "next": "/"}, **ENGLISH)
    assert switched.status_code == 302 and switched.url == "/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    # an English browser keeps reading German, on the same URL
    assert spoken(client.get(reverse("home"), **ENGLISH)) == "de"
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert spoken(client.get(reverse("home"), **GERMAN)) == "en"


def test_the_switch_needs_no_form_token_and_goes_back_only_to_this_site():
    client = Client(enforce_csrf_checks=True)
    away = client.post(reverse("set_language"), {"language": "de",
                                                 "next": "https://evil.example/"})
    assert away.status_code == 302 and away.url == "/"  # Django's own check of ``next``
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"


def test_every_page_offers_the_switch(client):
    page = client.get(reverse("home")).content.decode()
    assert f'action="{reverse("set_language")}"' in page
    assert 'value="de" lang="de"' in page and ">Deutsch<" in page


@pytest.fixture
def german_club(organizer):
    night = club_night(organizer)
    night.language = "de"
    night.public = True
    night.save(update_fields=["language", "public"])
    return night


def test_a_german_tournament_speaks_german_to_an_english_browser(german_club):
    public = reverse("tournament:public", args=[german_club.slug])
    assert spoken(Client().get(public, **ENGLISH)) == "de"
    table = german_club.series.get(number=1).tables.first()
    assert spoken(Client().get(reverse("tournament:sheet", args=[table.token]),
                               **ENGLISH)) == "de"


def test_a_visitor_who_chose_english_keeps_it_on_a_german_tournament(german_club):
    client = Client()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    public = reverse("tournament:public", args=[german_club.slug])
    assert spoken(client.get(public, **GERMAN)) == "en"


def test_the_organizer_pages_follow_the_organizer(german_club, organizer):
    client = Client()
    client.force_login(organizer)
    dashboard = reverse("tournament:dashboard", args=[german_club.slug])
    assert spoken(client.get(dashboard, **ENGLISH)) == "en"


def test_a_pdf_speaks_the_tournament_language_whatever_the_browser(german_club, organizer):
    client = Client()
    client.force_login(organizer)
    series = german_club.series.get(number=1)
    url = reverse("printing:table_cards_pdf", args=[german_club.slug, series.number])
    response = client.get(url, **ENGLISH)
    assert response.status_code == 200
    content = b"".join(response.streaming_content) if response.streaming else response.content
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(content)).pages)
    assert "Tisch" in text and "Table" not in text


def test_print_language_prefers_the_tournament(german_club, rf):
    request = rf.get("/")
    request.LANGUAGE_CODE = "en"
    assert print_language(german_club, request) == "de"
    german_club.language = ""
    assert print_language(german_club, request) == "en"
    request.LANGUAGE_CODE = "de"
    assert print_language(german_club, request) == "de"


def test_the_public_keeps_a_copy_per_language(german_club):
    """A kept public page (tournament.crowd) is never sent in the other language."""
    german_club.language = ""
    german_club.save(update_fields=["language"])
    url = reverse("scoring:standings", args=[german_club.slug])

    def page(browser):
        response = Client().get(url, **browser)
        assert response.status_code == 200
        return response.content.decode()

    german, english = page(GERMAN), page(ENGLISH)
    assert '<html lang="de">' in german and "Rangliste" in german
    assert '<html lang="en">' in english and "Rangliste" not in english
    assert page(GERMAN) == german and page(ENGLISH) == english  # each kept, each its own


def test_the_javascript_catalog_speaks_the_page_language(client):
    catalog = reverse("javascript_catalog")
    german = client.get(catalog, {"language": "de"}, **ENGLISH).content.decode()
    english = Client().get(catalog, {"language": "en"}, **GERMAN).content.decode()
    assert german != english
    assert "django.catalog" in german


def test_numbers_and_dates_follow_the_language():
    import datetime

    from django.utils import formats, translation

    from tournament import speech
    from tournament.numbers import decimals, grouped, signed

    day = datetime.date(2026, 11, 25)
    with translation.override("de"):
        assert (grouped(1234), signed(-1500), decimals(12.5)) == ("1.234", "-1.500", "12,50")
        assert formats.date_format(day, "SHORT_DATE_FORMAT") == "25.11.2026"
        assert speech.gettext("Standings") == "Rangliste"
    with translation.override("en"):
        assert (grouped(1234), signed(-1500), decimals(12.5)) == ("1,234", "-1,500", "12.50")
        assert formats.date_format(day, "SHORT_DATE_FORMAT") == "2026-11-25"


def test_the_javascript_catalog_answers_only_the_languages_it_has(client):
    catalog = reverse("javascript_catalog")
    assert client.get(catalog, {"language": "xx"}).status_code == 404
    assert client.get(catalog, {"language": "de", "page": "2"}).status_code == 404
    assert client.get(catalog).status_code == 200  # the visitor's own language


def test_a_date_field_keeps_its_iso_value_in_german(german_club, organizer):
    """The browser's date picker reads only ISO: a German "01.05.2027" would show it empty."""
    client = Client()
    client.force_login(organizer)
    page = client.get(reverse("tournament:edit", args=[german_club.slug]), **GERMAN)
    html = page.content.decode()
    assert 'type="date" name="start_date" value="2027-05-01"' in html
    assert "Beginn" in html  # the page is German
