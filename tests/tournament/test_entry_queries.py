"""Deal entry at congress speed: the queries of a deal POST through the table's link and of
the sheet page it redirects to are bounded (issue 13: a thousand tables post at once). A new
query on this path fails here; raise a number only with a reason."""

import pytest
from django.db import connection
from django.test import Client

from tests.factories import enter
from tests.sheets import solo_post, u
from tournament.models import AuditEntry, Deal

pytestmark = pytest.mark.django_db

# every statement counts, BEGIN/COMMIT and savepoints included where the backend sends them;
# a database with row locks (PostgreSQL) also shares the series' row (confirmation.lock)
POST_QUERIES = 10 + connection.features.has_select_for_update
# + 1: the tournament's money settings (issue 22: the sheet shows its lost-game money)
SHEET_QUERIES = 6


def _phone(table) -> Client:
    """A scorekeeper's phone that has entered the first deal: its session exists and the
    series is playing (the first deal starts it: one more write, once per series)."""
    phone = Client()
    phone.get(u("sheet", table.token))
    phone.post(u("deal_add", table.token), solo_post(table, 1, scorekeeper="Anna"))
    assert Deal.objects.filter(table=table).count() == 1
    return phone


def test_a_deal_post_through_the_link_makes_a_bounded_number_of_queries(
        four, django_assert_max_num_queries):
    phone = _phone(four)
    data = solo_post(four, 2, scorekeeper="Anna", number=2)
    with django_assert_max_num_queries(POST_QUERIES):
        response = phone.post(u("deal_add", four.token), data)
    assert response.status_code == 302 and response.url == u("sheet", four.token)
    deal = Deal.objects.get(table=four, number=2)
    assert deal.value == 30 and deal.entered_by == "Anna"
    assert AuditEntry.objects.filter(subject__endswith="deal 2").count() == 1


def test_the_sheet_page_makes_a_bounded_number_of_queries_however_many_deals(
        four, django_assert_max_num_queries):
    phone = _phone(four)
    with django_assert_max_num_queries(SHEET_QUERIES):
        assert phone.get(u("sheet", four.token)).status_code == 200
    enter(four, 6)
    with django_assert_max_num_queries(SHEET_QUERIES):
        page = phone.get(u("sheet", four.token))
    assert "7 of 8" in page.content.decode()


def test_the_deal_number_the_form_was_made_for_is_checked_under_the_lock(client, four):
    """The view no longer counts the deals: it trusts the form's number for the form's seats,
    and add_deal refuses a number that is not the sheet's next (a forged or stale form)."""
    data = solo_post(four, 1, number=3)  # the version is today's, the number is not
    response = client.post(u("deal_add", four.token), data, follow=True)
    assert "changed on another device: your entry was not saved" in response.content.decode()
    assert not Deal.objects.filter(table=four).exists()
    assert client.post(u("deal_add", four.token), solo_post(four, 1, number=1)).status_code == 302
    assert Deal.objects.filter(table=four).count() == 1


def test_add_deal_uses_the_views_players_only_once_the_series_plays(four):
    """The view has read the table's players for the form; add_deal reads them again under the
    lock while the series is seated (its plan may still change), not once it plays."""
    from dataclasses import replace

    from engine import InvalidRecord
    from tests.factories import playing_seat
    from tournament.sheets import services as deals
    from tournament.sheets.services import DealInput, table_info

    info = table_info(four)
    # a reading that no deal could pass: four players, but in seats the table does not have
    nobody = replace(info, players=tuple(replace(p, position=p.position + 4)
                                         for p in info.players))
    solo = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}
    four.refresh_from_db()
    deals.add_deal(four, DealInput(solo, declarer=playing_seat(four, 1)), four.sheet_version,
                   "t", info=nobody)  # seated: read again
    four.refresh_from_db()
    assert four.series.status == "playing" and four.deals.count() == 1
    with pytest.raises(InvalidRecord, match="Declarer"):
        deals.add_deal(four, DealInput(solo, declarer=playing_seat(four, 2)),
                       four.sheet_version, "t", info=nobody)
    assert four.deals.count() == 1
