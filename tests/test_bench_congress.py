"""bench/bench_congress.py drives the real pages: its phones read the deal form the way the
sheet page writes it, and its page timings count queries. Were a template to change, the load
test would measure refusals; these tests fail first. (No timing is asserted here.)"""

import io
import random

import pytest
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory

from bench.congress_http import CSRF, DEAL_FORM, ERROR, SUCCESS, deal_fields
from bench.counting_wsgi import application as counting_application
from tournament.models import Deal, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated_table():
    call_command("generate_congress", players=12, series=1, unplayed=1, slug="room",
                 stdout=io.StringIO())
    return Tournament.objects.get(slug="room").series.get().tables.order_by("number").first()


def test_a_phone_enters_deal_after_deal_through_the_sheets_form(client, seated_table):
    page = client.get(f"/s/{seated_table.token}/").content.decode()
    rng = random.Random("test")
    for number, tag in enumerate(["bench c01 e00001", "bench c01 e00002"], start=1):
        action, fields = deal_fields(page, DEAL_FORM.search(page).group(1), rng, tag)
        assert fields["number"] == str(number)
        answer = client.post(action, fields, follow=True)
        page = answer.content.decode()
        assert SUCCESS.search(page), ERROR.search(page)
        assert answer.redirect_chain == [(f"/s/{seated_table.token}/", 302)]
    assert list(seated_table.deals.order_by("number").values_list("entered_by", flat=True)) == [
        "bench c01 e00001", "bench c01 e00002"]


def test_a_deal_the_site_refuses_is_not_counted_as_entered(client, seated_table):
    page = client.get(f"/s/{seated_table.token}/").content.decode()
    action, fields = deal_fields(page, DEAL_FORM.search(page).group(1), random.Random(1), "t")
    fields["version"] = "99"  # another device changed the sheet meanwhile
    page = client.post(action, fields, follow=True).content.decode()
    assert not SUCCESS.search(page) and ERROR.search(page)
    assert not Deal.objects.exists()


def test_the_login_form_shows_the_token_the_organizer_logs_in_with(client):
    assert CSRF.search(client.get("/login/").content.decode())


def test_the_counting_application_tells_the_queries_of_a_page(seated_table):
    environ = RequestFactory()._base_environ(PATH_INFO="/t/room/standings/")
    said = {}

    def start_response(status, headers, exc_info=None):
        said.update(status=status, headers=dict(headers))

    # as Django's test client does: a request's end must not close the test's connection
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        b"".join(counting_application(environ, start_response))
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
    assert said["status"] == "200 OK"
    assert int(said["headers"]["X-Bench-Queries"]) > 0
