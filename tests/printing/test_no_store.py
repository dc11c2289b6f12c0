"""Issue 18 point 25: a PDF that carries table links (or a deck's cards) is never kept by a
browser or proxy cache: Cache-Control no-store. A public PDF without them may be cached."""

import pytest
from django.urls import reverse

from tests.printing.test_comparative import boss, room  # noqa: F401 (fixtures)
from tests.printing.test_views import night  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("name", "query"), [
    ("sheet_pdf", ""), ("sheet_pdf", "?blank=1"), ("series_sheets_pdf", ""),
    ("table_cards_pdf", ""),
])
def test_pdfs_with_table_links_are_not_stored(client, night, name, query):  # noqa: F811
    tournament, series, table, marta = night
    client.force_login(marta)
    kwargs = {"slug": tournament.slug, "number": series.number}
    if name == "sheet_pdf":
        kwargs["table"] = table.number
    response = client.get(reverse(f"printing:{name}", kwargs=kwargs) + query)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "no-store" in response["Cache-Control"]
    assert "private" in response["Cache-Control"]


def test_the_hand_records_are_not_stored(client, room, boss):  # noqa: F811
    tournament, series = room
    client.force_login(boss)
    response = client.get(reverse("printing:hands_pdf", args=[tournament.slug, 1]))
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
