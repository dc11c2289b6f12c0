"""The database settings from a URL, with SQLite set up for a room of phones saving at once."""

from __future__ import annotations

import os

import dj_database_url

SQLITE_ENGINE = "django.db.backends.sqlite3"
POSTGRESQL_ENGINES = ("django.db.backends.postgresql",)

# How long a write waits for a lock another transaction holds (seconds, DJANGO_LOCK_WAIT):
# SQLite's busy timeout, PostgreSQL's lock_timeout. Then the phone hears "busy, nothing saved,
# try again" (a 503, tournament.middleware) well before gunicorn's worker timeout.
LOCK_WAIT = 20

# SQLite: write transactions take the write lock when they begin (IMMEDIATE), so two phones
# saving on one sheet queue instead of failing with "database is locked" when a read lock
# would have to be upgraded; readers do not block the writer (WAL); a writer waits up to 20 s
# for the lock (the busy timeout).
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": LOCK_WAIT,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}


def lock_wait() -> float:
    """``DJANGO_LOCK_WAIT`` seconds, or ``LOCK_WAIT`` when unset or not a positive number."""
    try:
        wait = float(os.environ.get("DJANGO_LOCK_WAIT", LOCK_WAIT))
    except ValueError:
        return LOCK_WAIT
    return wait if 0 < wait <= 3600 else LOCK_WAIT


def database_from_url(url: str, conn_max_age: int = 0) -> dict:
    """``dj_database_url.parse(url)``, plus ``SQLITE_OPTIONS`` when the database is SQLite and
    a ``lock_timeout`` when it is PostgreSQL (a row lock is waited for ``lock_wait()`` seconds,
    never until the worker is killed).

    Connections persist ``conn_max_age`` seconds (a new PostgreSQL connection costs a deal's
    save more than its queries) and are health-checked before reuse."""
    config = dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
    wait = lock_wait()
    if config["ENGINE"] == SQLITE_ENGINE:
        config["OPTIONS"] = {**SQLITE_OPTIONS, "timeout": wait, **config.get("OPTIONS", {})}
    elif config["ENGINE"] in POSTGRESQL_ENGINES:
        options = dict(config.get("OPTIONS", {}))
        timeout = f"-c lock_timeout={int(wait * 1000)}"
        options["options"] = f"{options['options']} {timeout}" if "options" in options else timeout
        config["OPTIONS"] = options
    return config


# PostgreSQL's SQLSTATEs of a lock not had in time: lock_not_available (lock_timeout, NOWAIT),
# deadlock_detected (one of two transactions is cancelled; trying again succeeds).
BUSY_SQLSTATES = {"55P03", "40P01"}
BUSY_SQLITE = ("database is locked", "database table is locked")


def is_busy(exc: BaseException) -> bool:
    """Whether ``exc`` says the database was busy (a lock not had in time), not broken: the
    transaction was rolled back and the same request may simply be sent again."""
    from django.db import OperationalError

    if not isinstance(exc, OperationalError):
        return False
    cause = exc.__cause__ or exc
    if getattr(cause, "sqlstate", None) in BUSY_SQLSTATES:
        return True
    return str(cause).strip().lower().startswith(BUSY_SQLITE)
