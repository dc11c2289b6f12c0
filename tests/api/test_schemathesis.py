"""Issue 21 point 6: Schemathesis generates requests for every read of the API from its own
schema (/api/openapi.json, loaded from the app through WSGI) and checks each answer: never a
server error, a status the schema names, and a body that matches the schema. Against a seeded
world (a club night with a released series and one in play, the comparative demo), with a
bounded, derandomized number of examples per operation."""

from __future__ import annotations

import itertools

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api import tokens
from seasons.models import Season
from tournament.demo import build_comparative_demo
from tournament.models import Club, Tournament

pytestmark = pytest.mark.django_db

EXAMPLES = 20  # per operation
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


@pytest.fixture
def wsgi_app():
    """The site's WSGI application, called in the test's thread and transaction: the
    connection stays open between its requests, as Django's test client keeps it (the end
    of a request would close it: a PostgreSQL test's transaction would go with it)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield get_wsgi_application()
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(two_series, marta, settings):
    """Where the generated requests may find something: the path values that exist."""
    settings.PUBLIC_BUDGET = 0  # hundreds of anonymous reads in a second: no 429 here
    comparative = build_comparative_demo()
    comparative.organizers.add(marta)
    table = two_series.series.get(number=2).tables.order_by("number").first()
    club = Club.objects.create(name="SC API")  # the night is an evening of marta's club
    club.organizers.add(marta)
    Tournament.objects.filter(pk=two_series.pk).update(club=club)
    Season.objects.create(club=club, name="2027", slug="year", first_day=two_series.start_date,
                          last_day=two_series.start_date)
    return {"slug": ["api-night", "demo-comparative"], "number": [1, 2], "table": [1, 2],
            "deck": [1, 12], "token": [table.token], "club": [club.pk],
            "season": ["year", "nothing"]}


def _real_values(operation, known: dict) -> list[dict]:
    """Every combination of the known values of the operation's path parameters."""
    names = [p.name for p in operation.path_parameters]
    return [dict(zip(names, values, strict=True))
            for values in itertools.product(*(known[name] for name in names))]


def test_every_read_answers_as_its_schema_says(world, marta, wsgi_app):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", wsgi_app)
    secret = tokens.create_token(marta, "schemathesis").secret
    operations = [result.ok() for result in schema.get_all_operations()]
    reads = [op for op in operations if op.method.upper() == "GET"]
    assert len(reads) >= 14 and any(op.method.upper() == "POST" for op in operations)
    for operation in reads:
        generated = [operation.as_strategy(),
                     operation.as_strategy(generation_mode=GenerationMode.NEGATIVE)] + [
            operation.as_strategy(path_parameters=values)
            for values in _real_values(operation, world)]

        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  phases=[Phase.explicit, Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(case=st.one_of(generated), token=st.booleans())
        def answers(case, token):
            headers = {"Authorization": f"Bearer {secret}"} if token else None
            case.call_and_validate(headers=headers, checks=CHECKS)

        answers()
