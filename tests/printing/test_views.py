"""The PDFs of a series as its organizer downloads them, read back with pypdf."""

import datetime
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import add_entry
from tests.sheets import enter
from tournament.models import SeatingMethod, Tournament
from tournament.seating import services as plans
from tournament.sheets.loaders import table_info


@pytest.fixture
def night(db, django_user_model):
    """Seven players (a four-table and a three-table), three deals entered at the first."""
    marta = django_user_model.objects.create_user("marta-print", password="x")
    tournament = Tournament.objects.create(name="Skatabend Süd", slug="skatabend",
                                           start_date=datetime.date(2027, 5, 1),
                                           deals_per_player=2, series_count=1)
    tournament.organizers.add(marta)
    names = ["Anna Bäcker", "Carl Brandt", "Emma Fischer", "Franz Koch", "Ida Lange",
             "Otto Meyer", "Rosa Vogel"]
    for n, name in enumerate(names, start=1):
        first, last = name.split()
        add_entry(tournament, n, first, last)
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "print", user=None)
    plans.publish(series, user=None)
    table = series.tables.order_by("number").first()
    enter(table, 3)
    return tournament, series, table, marta


def _pdf(client, name, **kwargs):
    query = kwargs.pop("query", "")
    response = client.get(reverse(f"printing:{name}", kwargs=kwargs) + query)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(b"".join(response.streaming_content)))


def test_the_filled_sheet_of_a_table(client, night):
    tournament, series, table, marta = night
    client.force_login(marta)
    reader = _pdf(client, "sheet_pdf", slug=tournament.slug, number=1, table=table.number)
    words = reader.pages[0].extract_text()
    info = table_info(table)
    assert "page 1 of 1" in words
    for player in info.players:
        assert player.name in words
    assert words.count("Heart Solo with 1, Schneider, won") == 3
    assert words.count("+30") == 3
    assert f"/s/{table.token}/" in words
    assert "Settlement at ¼ cent a point" in words


def test_the_blank_sheet_and_letter_paper(client, night):
    tournament, series, table, marta = night
    client.force_login(marta)
    reader = _pdf(client, "sheet_pdf", slug=tournament.slug, number=1, table=table.number,
                  query="?blank=1&paper=letter")
    words = reader.pages[0].extract_text()
    assert "blank sheet" in words and "+30" not in words
    assert round(reader.pages[0].mediabox.height) == 792


def test_all_sheets_and_the_table_cards_of_a_series(client, night):
    tournament, series, table, marta = night
    client.force_login(marta)
    sheets = _pdf(client, "series_sheets_pdf", slug=tournament.slug, number=1)
    assert len(sheets.pages) == series.tables.count() == 2
    assert all("page 1 of 1" in page.extract_text() for page in sheets.pages)
    cards = _pdf(client, "table_cards_pdf", slug=tournament.slug, number=1)
    assert len(cards.pages) == 2
    for page, t in zip(cards.pages, series.tables.order_by("number"), strict=True):
        words = page.extract_text()
        assert f"/s/{t.token}/" in words
        for player in table_info(t).players:
            assert player.name in words


def test_the_series_sheets_page_links_the_pdfs(client, night):
    tournament, series, table, marta = night
    client.force_login(marta)
    page = client.get(reverse("tournament:series_sheets", args=[tournament.slug, 1]))
    html = page.content.decode()
    for name in ("series_sheets_pdf", "table_cards_pdf"):
        assert reverse(f"printing:{name}", args=[tournament.slug, 1]) in html
    assert reverse("printing:sheet_pdf", args=[tournament.slug, 1, table.number]) in html
