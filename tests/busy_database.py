"""A phone and a login meeting a database another writer holds (not a test).

Run by tests/tournament/test_busy_database.py in a process of its own with the site's settings
(config.settings, DEBUG off) on a SQLite file: ``python -m tests.busy_database``. A second
connection takes the write lock (``BEGIN IMMEDIATE``, as a long import holds it); a deal POST
through the table's link and a login then wait ``DJANGO_LOCK_WAIT`` seconds and must answer
503 "busy", never 500; once the lock is let go the same POST saves the deal. Prints one JSON line.

On PostgreSQL (``DATABASE_URL=postgres://…/an_empty_database``, by hand) the second connection
holds the rows the two requests write (the table's, the user's) ``FOR UPDATE`` instead, and
they meet the lock timeout.
"""

from __future__ import annotations

import json
import sqlite3

import django


def answer(response) -> dict:
    return {"status": response.status_code, "retry_after": response.get("Retry-After"),
            "body": response.content.decode()[:2000]}


def hold(database: dict, table_pk: int):
    """A second connection holding what a long organizer action holds."""
    if database["ENGINE"].endswith("sqlite3"):
        holder = sqlite3.connect(database["NAME"], isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # the whole database's write lock
        return holder
    import psycopg

    holder = psycopg.connect(dbname=database["NAME"], user=database["USER"],
                             password=database["PASSWORD"], host=database["HOST"],
                             port=database["PORT"] or 5432)
    holder.execute("SELECT 1 FROM tournament_table WHERE id = %s FOR UPDATE", [table_pk])
    holder.execute("SELECT 1 FROM auth_user FOR UPDATE")
    return holder


def main():
    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from tests.sheets import solo_post
    from tests.sqlite_writers import build
    from tournament.models import Deal

    table = build()
    get_user_model().objects.create_user("door", password="grand-ouvert-1908")
    phone = Client(raise_request_exception=False, secure=True)
    visitor = Client(raise_request_exception=False, secure=True)
    sheet = reverse("tournament:sheet", args=[table.token])
    phone.get(sheet)  # the phone's session exists, as a scorekeeper's does
    deal = solo_post(table, 1)
    holder = hold(settings.DATABASES["default"], table.pk)
    try:
        locked_post = answer(phone.post(reverse("tournament:deal_add", args=[table.token]),
                                        deal))
        locked_login = answer(visitor.post(reverse("login"), {
            "username": "door", "password": "grand-ouvert-1908"}))
        deals_while_locked = Deal.objects.filter(table=table).count()
    finally:
        holder.rollback()
        holder.close()
    again = phone.post(reverse("tournament:deal_add", args=[table.token]), deal)
    print(json.dumps({
        "locked_post": locked_post, "locked_login": locked_login,
        "deals_while_locked": deals_while_locked,
        "again": {"status": again.status_code},
        "deals_after": Deal.objects.filter(table=table).count(),
    }))


if __name__ == "__main__":
    main()
