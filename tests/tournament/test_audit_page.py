"""Issue 12, point 13: the audit page shows what changed, filters by kind, series and table,
and pages with a bounded number of queries."""

import pytest
from django.urls import reverse

from tournament.audit import changes, record_change
from tournament.models import AuditAction

pytestmark = pytest.mark.django_db


def audit_url(tournament):
    return reverse("tournament:audit", args=[tournament.slug])


def test_changes_name_only_what_differs():
    before = {"number": 1, "value": 30, "record": {"game": "solo", "card_points": 95},
              "text": "Heart Solo"}
    after = {"number": 1, "value": -20, "record": {"game": "solo", "card_points": 10},
             "text": "Heart Solo"}
    assert changes(before, after) == [("value", "30", "-20"),
                                      ("record.card_points", "95", "10")]
    assert changes(None, {"number": 2, "contra": True, "bid": None}) == [
        ("number", None, "2"), ("contra", None, "yes"), ("bid", None, "–")]
    assert changes({"number": 3}, None) == [("number", "3", None)]
    assert changes(None, None) == []
    assert changes({"a": 1}, {"b": 2}) == [("a", "1", "–"), ("b", "–", "2")]


def test_the_page_shows_the_difference_not_whole_objects(organizer_client, tournament,
                                                         organizer):
    record_change(tournament, organizer, AuditAction.DEAL_CORRECTED, "series 1 table 2 deal 3",
                  series=1, table=2, deal=3,
                  before={"number": 3, "value": 30, "text": "Heart Solo",
                          "record": {"game": "solo", "card_points": 95}},
                  after={"number": 3, "value": -20, "text": "Heart Solo",
                         "record": {"game": "solo", "card_points": 10}})
    record_change(tournament, organizer, AuditAction.PENALTY_ENTERED, "series 1 table 2",
                  series=1, table=2,
                  after={"seat": 3, "points": 10})
    html = organizer_client.get(audit_url(tournament)).content.decode()
    assert "value: 30 → -20" in html
    assert "card points: 95 → 10" in html  # the record's key in plain words
    assert "seat: 3" in html and "points: 10" in html
    assert "{" not in html.split("<table", 1)[1].split("</table>")[0]  # no raw dicts
    assert "Heart Solo" not in html  # unchanged, not repeated


@pytest.fixture
def log(tournament, organizer):
    for series in (1, 2, 11):
        for table in (1, 2, 12):
            record_change(tournament, organizer, AuditAction.DEAL_ENTERED,
                          f"series {series} table {table} deal 1", after={"value": 1},
                          series=series, table=table, deal=1)
        record_change(tournament, organizer, AuditAction.SERIES_PUBLISHED, f"series {series}",
                      series=series)
    record_change(tournament, organizer, AuditAction.PLAYER_REGISTERED, "player 7")
    return tournament


def shown(client, tournament, **query):
    response = client.get(audit_url(tournament), query)
    assert response.status_code == 200
    return [e.subject for e in response.context["page"]]


def test_the_organizer_filters_by_kind_series_and_table(organizer_client, log):
    assert len(shown(organizer_client, log)) == 13
    assert shown(organizer_client, log, action="series_published") == [
        "series 11", "series 2", "series 1"]
    assert sorted(shown(organizer_client, log, series=1)) == [
        "series 1", "series 1 table 1 deal 1", "series 1 table 12 deal 1",
        "series 1 table 2 deal 1"]
    assert sorted(shown(organizer_client, log, series=1, table=1)) == [
        "series 1 table 1 deal 1"]
    assert sorted(shown(organizer_client, log, table=12)) == [
        "series 1 table 12 deal 1", "series 11 table 12 deal 1", "series 2 table 12 deal 1"]
    assert shown(organizer_client, log, action="deal_entered", series=2, table=2) == [
        "series 2 table 2 deal 1"]
    # a filter that is no number or no kind shows everything and says why
    response = organizer_client.get(audit_url(log), {"series": "abc", "action": "nope"})
    assert response.status_code == 200 and len(response.context["page"]) == 13
    html = response.content.decode()
    assert '<option value="series_published">Series published</option>' in html


def test_pages_keep_the_filter_and_the_queries_are_bounded(organizer_client, tournament,
                                                           organizer,
                                                           django_assert_max_num_queries):
    for n in range(120):
        record_change(tournament, organizer, AuditAction.DEAL_ENTERED,
                      f"series 1 table {n % 3 + 1} deal {n}", series=1, table=n % 3 + 1,
                      deal=n,
                      before={"value": n}, after={"value": n + 1, "record": {"game": "solo"}})
    record_change(tournament, organizer, AuditAction.SERIES_PUBLISHED, "series 1", series=1)
    with django_assert_max_num_queries(10):
        response = organizer_client.get(audit_url(tournament), {"table": "2", "page": "1"})
    page = response.context["page"]
    assert page.paginator.count == 40 and len(page) == 40
    with django_assert_max_num_queries(10):
        response = organizer_client.get(audit_url(tournament), {"series": "1"})
    assert response.context["page"].paginator.count == 121
    html = response.content.decode()
    assert 'href="?series=1&amp;page=2"' in html
