"""Issue 21 point 3: a club's site polls cheaply (ETag and Last-Modified from the results'
version: a 304, nothing computed, until something changed) and anonymous callers are throttled
(429 with Retry-After) where tokens are not."""

from __future__ import annotations

import pytest

from api import results
from tests.api.conftest import bearer, deal_body, get, post_deal
from tests.factories import table_of_size
from tournament import crowd

pytestmark = pytest.mark.django_db

STANDINGS = "/tournaments/api-night/standings"


def test_a_conditional_get_is_answered_304_without_computing(two_series, client, monkeypatch):
    first = get(client, STANDINGS)
    assert first.status_code == 200
    etag, modified = first["ETag"], first["Last-Modified"]
    assert etag.startswith('"') and "Accept-Language" in first["Vary"]

    def never(*args, **kwargs):
        raise AssertionError("computed for a current copy")

    monkeypatch.setattr(results.results, "standings_page", never)
    again = get(client, STANDINGS, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    assert get(client, STANDINGS, HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    monkeypatch.undo()
    # another page, language or audience is another copy
    assert get(client, STANDINGS + "?page=2", HTTP_IF_NONE_MATCH=etag).status_code == 200
    assert get(client, STANDINGS, HTTP_IF_NONE_MATCH=etag,
               HTTP_ACCEPT_LANGUAGE="de").status_code == 200


def test_a_change_the_caller_sees_makes_a_new_etag(two_series, client, marta_token):
    public = get(client, STANDINGS)["ETag"]
    staff = get(client, STANDINGS, **bearer(marta_token))["ETag"]
    assert public != staff
    # a deal of the series in play: new for the staff, nothing new for the public
    table = table_of_size(two_series.series.get(number=2), 4)
    assert post_deal(client, table, deal_body(table)).status_code == 201
    assert get(client, STANDINGS, HTTP_IF_NONE_MATCH=public).status_code == 304
    changed = get(client, STANDINGS, HTTP_IF_NONE_MATCH=staff, **bearer(marta_token))
    assert changed.status_code == 200 and changed["ETag"] != staff
    assert changed.json()["counted"] == [1, 2]


def test_anonymous_callers_are_throttled_and_tokens_are_not(two_series, client, marta_token,
                                                            settings, monkeypatch):
    settings.PUBLIC_BUDGET = 20  # two answers a minute
    monkeypatch.setattr(crowd, "now", lambda: 6_000_000 + 42.5)  # 17.5 s before a new minute
    assert get(client, STANDINGS).status_code == 200
    assert get(client, STANDINGS).status_code == 200
    refused = get(client, STANDINGS)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "18"
    assert "Try again in 18 seconds" in refused.json()["detail"]
    assert get(client, "/tournaments").status_code == 429
    for _ in range(5):
        assert get(client, STANDINGS, **bearer(marta_token)).status_code == 200
    # a private tournament is a 404 before anything is counted (as its pages)
    assert get(client, "/tournaments/nowhere").status_code == 404
    monkeypatch.setattr(crowd, "now", lambda: 6_000_000 + 60.5)
    assert get(client, STANDINGS).status_code == 200
