"""Issue 18, point 18: "not found" and "refused" are the site's own pages, saying what
happened and what to do: a table link a new draw replaced, a link nobody issued, a page an
assistant may not open, an address that does not exist."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import add_entry
from tournament.models import SeatingMethod, TablePolicy, Tournament
from tournament.permissions import RETIRED_LINK
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn_twice(marta):
    """Twelve players drawn at four three-tables, then nine at three: table 4's link is
    replaced."""
    tournament = Tournament.objects.create(name="Club Night", slug="errors-night",
                                           start_date=datetime.date(2027, 5, 1),
                                           series_count=1, public=True,
                                           table_policy=TablePolicy.THREE_ONLY)
    tournament.organizers.add(marta)
    for n in range(1, 13):
        add_entry(tournament, n, f"First{n}", f"Last{n:02d}")
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "first", user=marta)
    old = series.tables.get(number=4).token
    tournament.entries.filter(number__gt=9).update(checked_in=False)
    plans.seat_series(series, SeatingMethod.DRAW, "second", user=marta)
    plans.publish(series, marta)
    return series, old


def test_a_replaced_table_link_says_so_and_what_to_do(client, drawn_twice):
    _, old = drawn_twice
    response = client.get(reverse("tournament:sheet", args=[old]))
    page = response.content.decode()
    assert response.status_code == 404
    assert "This table link was replaced by a new draw; ask the director" in page
    assert RETIRED_LINK in page
    assert "What to do" in page and "new table cards" in page
    assert 'class="site-header"' in page  # the site's page, not a bare text


def test_a_link_nobody_issued_is_a_404_that_says_what_to_check(client, drawn_twice):
    response = client.get(reverse("tournament:sheet", args=["no-such-token-00"]))
    page = response.content.decode()
    assert response.status_code == 404
    assert "No table has this link" in page and "QR code" in page
    assert "replaced by a new draw" not in page


def test_an_assistant_refused_an_organizers_page_is_told_why(client, django_user_model,
                                                              drawn_twice):
    series, _ = drawn_twice
    ida = django_user_model.objects.create_user("ida-errors", password="x")
    series.tournament.assistants.add(ida)
    client.force_login(ida)
    response = client.get(reverse("tournament:series", args=[series.tournament.slug, 1]))
    page = response.content.decode()
    assert response.status_code == 403
    assert "Only an organizer of this tournament can do this." in page
    assert "What to do" in page and "Staff" in page and "ida-errors" in page


def test_an_unknown_address_and_djangos_own_words_get_the_plain_sentence(client,
                                                                       drawn_twice):
    series, _ = drawn_twice
    unknown = client.get("/no/such/page/")
    assert unknown.status_code == 404
    assert "There is no page at this address." in unknown.content.decode()
    assert "Resolver404" not in unknown.content.decode()
    missing = client.get(reverse("tournament:public", args=["no-such-tournament"]))
    assert missing.status_code == 404
    assert "matches the given query" not in missing.content.decode()
    assert "There is no page at this address." in missing.content.decode()
