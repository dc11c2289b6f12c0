"""The PDFs of a series as its organizer downloads them, read back with pypdf."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import enter, new_tournament, register, seat
from tournament.sheets.loaders import table_info


@pytest.fixture
def night(db, django_user_model):
    """Seven players (a four-table and a three-table), three deals entered at the first."""
    marta = django_user_model.objects.create_user("marta-print", password="x")
    tournament = new_tournament("skatabend", marta, name="Skatabend Süd", deals_per_player=2,
                                series_count=1)
    register(tournament, ["Anna Bäcker", "Carl Brandt", "Emma Fischer", "Franz Koch",
                          "Ida Lange", "Otto Meyer", "Rosa Vogel"])
    series = seat(tournament.series.get(number=1), "print")
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


def test_a_batch_is_made_a_few_tables_at_a_time_and_reports_its_progress(client, night,
                                                                          monkeypatch):
    """One small document per chunk, the pages of all in table order, and the page that
    asked for the batch can read how far it is."""
    from printing import batches

    tournament, series, table, marta = night
    client.force_login(marta)
    made = []
    write = batches.write_batch

    def spy(handle, items, chunk_writer, **kwargs):
        reported = kwargs["progress"]
        return write(handle, items, chunk_writer, **{**kwargs, "progress": lambda d, t: (
            made.append((d, t)), reported(d, t))})

    monkeypatch.setattr(batches, "CHUNK", 1)
    monkeypatch.setattr("printing.views.common.write_batch", spy)
    progress = reverse("printing:print_progress", args=[tournament.slug, 1])
    assert client.get(progress + "?job=abcd1234").json() == {"known": False}
    sheets = _pdf(client, "series_sheets_pdf", slug=tournament.slug, number=1,
                  query="?job=abcd1234")
    assert made == [(1, 2), (2, 2)]
    tables = list(series.tables.order_by("number"))
    for page, t in zip(sheets.pages, tables, strict=True):
        assert f"Table {t.number}" in page.extract_text()
    assert client.get(progress + "?job=abcd1234").json() == {
        "known": True, "done": 2, "total": 2, "finished": True}
    # another job's name, or none that is a plain token, reads nothing
    assert client.get(progress + "?job=zzzz9999").json() == {"known": False}
    assert client.get(progress + "?job=../../etc").json() == {"known": False}


def test_the_tournaments_paper_and_settlement_rate(client, night):
    tournament, series, table, marta = night
    tournament.paper, tournament.settlement_rate = "letter", "0.5"
    tournament.save()
    client.force_login(marta)
    reader = _pdf(client, "sheet_pdf", slug=tournament.slug, number=1, table=table.number)
    assert round(reader.pages[0].mediabox.height) == 792
    assert "Settlement at ½ cent a point" in reader.pages[0].extract_text()
    a4 = _pdf(client, "sheet_pdf", slug=tournament.slug, number=1, table=table.number,
              query="?paper=a4")
    assert round(a4.pages[0].mediabox.height) == 842


def test_an_empty_series_prints_a_page_that_says_so(client, night):
    tournament, series, table, marta = night
    series.tables.all().delete()
    client.force_login(marta)
    reader = _pdf(client, "series_sheets_pdf", slug=tournament.slug, number=1)
    assert "This series has no tables yet." in reader.pages[0].extract_text()


def test_a_released_sheet_prints_for_the_public_without_its_secret_link(client, night):
    tournament, series, table, marta = night
    tournament.public = True
    tournament.save()
    url = reverse("printing:public_sheet_pdf", args=[tournament.slug, 1, table.number])
    page = reverse("tournament:table", args=[tournament.slug, 1, table.number])
    assert client.get(url).status_code == 404  # as the page: nothing before the release
    assert url not in client.get(page).content.decode()
    series.status = "released"
    series.save()
    assert f'href="{url}"' in client.get(page).content.decode()
    response = client.get(url)
    assert response.status_code == 200
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    words = reader.pages[0].extract_text()
    for player in table_info(table).players:
        assert player.name in words
    assert words.count("Heart Solo with 1, Schneider, won") == 3
    assert table.token not in words and "Entry link" not in words
    content = reader.pages[0].get_contents().get_data().decode("latin-1")
    assert " 1 re\n" not in content  # no QR code drawn
    tournament.public = False
    tournament.save()
    assert client.get(url).status_code == 404


def test_a_sheet_confirmed_blind_never_prints_its_totals_for_the_public(client, night):
    """While the confirmer types the totals blind, the public PDF waits; during a correction
    the public has none (issue 18.20) and the staff's says the sheet may still change."""
    tournament, series, table, marta = night
    tournament.public, tournament.blind_check = True, True
    tournament.save()
    series.status = "correcting"
    series.save()
    url = reverse("printing:public_sheet_pdf", args=[tournament.slug, 1, table.number])
    table.sheet_status = "submitted"
    table.save()
    assert client.get(url).status_code == 404
    table.sheet_status = "open"
    table.save()
    assert client.get(url).status_code == 404  # public again once released again
    client.force_login(marta)
    response = client.get(url)
    words = PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages[0].extract_text()
    assert "Correction in progress: this sheet may still change." in words
    assert "as confirmed" not in words


def test_the_sheets_page_of_a_big_series_comes_in_pages_and_filters_by_status(
        client, night, monkeypatch):
    """A congress series has 1,000 tables: a page of them at a time, the unconfirmed alone."""
    from tournament.sheets import page as sheets_page

    tournament, series, table, marta = night
    client.force_login(marta)
    monkeypatch.setattr(sheets_page, "SHEETS_PER_PAGE", 1)
    monkeypatch.setattr("tournament.views.sheets.SHEETS_PER_PAGE", 1)
    url = reverse("tournament:series_sheets", args=[tournament.slug, 1])
    first, second = series.tables.order_by("number")
    html = client.get(url).content.decode()
    assert f"/s/{first.token}/" in html and f"/s/{second.token}/" not in html
    assert "page 1 of 2" in html
    html = client.get(url + "?page=2").content.decode()
    assert f"/s/{second.token}/" in html and f"/s/{first.token}/" not in html
    second.sheet_status = "confirmed"
    second.save()
    html = client.get(url + "?status=confirmed").content.decode()
    assert f"/s/{second.token}/" in html and f"/s/{first.token}/" not in html
    assert "page 1 of" not in html
    html = client.get(url + "?status=submitted").content.decode()
    assert "No table of this series is submitted." in html
    assert client.get(url + "?page=999&status=nonsense").status_code == 200
