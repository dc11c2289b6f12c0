"""The database settings from a URL, with SQLite set up for a room of phones saving at once."""

from __future__ import annotations

import dj_database_url

SQLITE_ENGINE = "django.db.backends.sqlite3"

# SQLite: write transactions take the write lock when they begin (IMMEDIATE), so two phones
# saving on one sheet queue instead of failing with "database is locked" when a read lock
# would have to be upgraded; readers do not block the writer (WAL); a writer waits up to 20 s
# for the lock (the busy timeout).
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}


def database_from_url(url: str, conn_max_age: int = 0) -> dict:
    """``dj_database_url.parse(url)``, plus ``SQLITE_OPTIONS`` when the database is SQLite.

    Connections persist ``conn_max_age`` seconds (a new PostgreSQL connection costs a deal's
    save more than its queries) and are health-checked before reuse."""
    config = dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
    if config["ENGINE"] == SQLITE_ENGINE:
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    return config
