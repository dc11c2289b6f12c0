"""A phone that meets a busy database hears "busy, nothing saved, try again" (503 with
Retry-After), never a 500: on SQLite ("database is locked") and PostgreSQL (a lock timeout)."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import psycopg.errors
import pytest
from django.db import OperationalError, transaction

from config.busy import BUSY_NOTHING_SAVED
from config.database import database_from_url, is_busy
from tests.sheets import solo_post, u
from tournament.models import AuditEntry, Deal
from tournament.sheets import services as deals

ROOT = Path(__file__).resolve().parents[2]


def wrapped(cause: Exception) -> OperationalError:
    """The driver's error as Django raises it (``DatabaseErrorWrapper``: the cause kept)."""
    try:
        raise OperationalError(*cause.args) from cause
    except OperationalError as error:
        return error


@pytest.mark.parametrize("cause", [
    sqlite3.OperationalError("database is locked"),
    sqlite3.OperationalError("database table is locked: tournament_deal"),
    psycopg.errors.LockNotAvailable("canceling statement due to lock timeout"),
    psycopg.errors.DeadlockDetected("deadlock detected"),
])
def test_a_lock_not_had_in_time_is_busy(cause):
    assert is_busy(wrapped(cause))


@pytest.mark.parametrize("error", [
    wrapped(sqlite3.OperationalError("no such table: tournament_deal")),
    wrapped(psycopg.errors.UndefinedTable("relation does not exist")),
    RuntimeError("database is locked"),  # not the database's own error
])
def test_other_errors_are_not_busy(error):
    assert not is_busy(error)


def test_postgresql_waits_for_a_lock_at_most_the_lock_wait(monkeypatch):
    monkeypatch.setenv("DJANGO_LOCK_WAIT", "7.5")
    config = database_from_url("postgres://skat:secret@db:5432/skat")
    assert config["OPTIONS"]["options"] == "-c lock_timeout=7500"
    monkeypatch.delenv("DJANGO_LOCK_WAIT")
    assert database_from_url("postgres://skat:secret@db:5432/skat")["OPTIONS"] == {
        "options": "-c lock_timeout=20000"}
    assert database_from_url("sqlite:////tmp/room.sqlite3")["OPTIONS"]["timeout"] == 20


@pytest.mark.django_db
def test_a_deal_meeting_a_lock_answers_503_and_saves_nothing(client, four, monkeypatch):
    real = deals.add_deal

    def locked(*args, **kwargs):
        with transaction.atomic():  # the save gets as far as it gets, then the lock times out
            real(*args, **kwargs)
            raise wrapped(sqlite3.OperationalError("database is locked"))

    monkeypatch.setattr(deals, "add_deal", locked)
    audited = AuditEntry.objects.count()
    response = client.post(u("deal_add", four.token), solo_post(four, 1))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert BUSY_NOTHING_SAVED in response.content.decode()
    assert not Deal.objects.filter(table=four).exists()
    assert AuditEntry.objects.count() == audited
    # the live preview is answered in JSON, as its script reads it
    monkeypatch.setattr(deals, "preview_totals", lambda *a, **k: (_ for _ in ()).throw(
        wrapped(psycopg.errors.LockNotAvailable("lock timeout"))))
    preview = client.post(u("deal_preview", four.token), solo_post(four, 1))
    assert preview.status_code == 503 and preview["Retry-After"] == "5"
    assert json.loads(preview.content)["non_field"] == [BUSY_NOTHING_SAVED]


def test_on_a_sqlite_file_a_held_write_lock_gives_503_then_the_deal_saves(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "0",
                "DJANGO_SECRET_KEY": "busy-test-key", "DJANGO_ALLOWED_HOSTS": "testserver",
                "DJANGO_SECURE_SSL_REDIRECT": "0", "DJANGO_LOCK_WAIT": "0.5",
                "DJANGO_CACHE_DIR": str(tmp_path / "cache"), "DJANGO_LOG_LEVEL": "CRITICAL",
                "DATABASE_URL": f"sqlite:///{tmp_path / 'room.sqlite3'}"})
    result = subprocess.run([sys.executable, "-m", "tests.busy_database"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    post, login = outcome["locked_post"], outcome["locked_login"]
    assert (post["status"], post["retry_after"]) == (503, "5")
    assert "nothing was saved" in post["body"]
    assert (login["status"], login["retry_after"]) == (503, "5")
    assert outcome["deals_while_locked"] == 0
    assert outcome["again"]["status"] == 302 and outcome["deals_after"] == 1
