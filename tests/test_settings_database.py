"""The database settings: persistent, health-checked connections; SQLite set up for a room."""

from config.database import SQLITE_OPTIONS, database_from_url


def test_connections_persist_and_are_checked_before_reuse():
    config = database_from_url("postgres://skat:secret@db:5432/skat", conn_max_age=60)
    assert config["CONN_MAX_AGE"] == 60 and config["CONN_HEALTH_CHECKS"] is True
    assert "OPTIONS" not in config or "transaction_mode" not in config["OPTIONS"]


def test_sqlite_gets_immediate_transactions_wal_and_a_busy_timeout():
    config = database_from_url("sqlite:////tmp/room.sqlite3", conn_max_age=60)
    assert {k: config["OPTIONS"][k] for k in SQLITE_OPTIONS} == SQLITE_OPTIONS
