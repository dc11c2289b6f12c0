"""Issue 21 point 4: two requests with one Idempotency-Key at the same moment store one deal
and get one answer (committed transactions and two threads, each with its own connection: on
SQLite and, in CI's second run, on PostgreSQL)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections
from django.test import Client

from api.models import DealRequest
from tests.api.conftest import deal_body, post_deal
from tests.factories import club_night, table_of_size
from tournament.models import AuditAction, AuditEntry, Deal


@pytest.mark.django_db(transaction=True)
def test_two_posts_with_one_key_at_once_store_one_deal(marta):
    """A phone that hears "busy" (503: SQLite's test database in memory refuses a second
    writer at once, where the site's file waits for it) sends the same request again, as the
    key allows: the answers still agree."""
    table = table_of_size(club_night(marta, slug="race-night"), 4)
    body = deal_body(table)
    start = threading.Barrier(2)
    answers: list = [None, None]
    attempts = [0, 0]

    def phone(n: int) -> None:
        try:
            client = Client()
            start.wait()
            for _attempt in range(50):
                attempts[n] += 1
                answers[n] = post_deal(client, table, body, key="one-key")
                if answers[n].status_code != 503:
                    break
                time.sleep(0.05)
        finally:
            connections.close_all()  # this thread's connection

    threads = [threading.Thread(target=phone, args=(n,)) for n in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert [a.status_code for a in answers] == [201, 201], [a.content for a in answers]
    assert answers[0].json() == answers[1].json()
    if connection.vendor == "postgresql":  # the second waits for the table's lock
        assert attempts == [1, 1]
    assert Deal.objects.filter(table=table).count() == 1
    assert DealRequest.objects.filter(table=table).count() == 1
    assert AuditEntry.objects.filter(action=AuditAction.DEAL_ENTERED).count() == 1
