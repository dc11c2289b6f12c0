"""The audit log's actions are codes: unknown ones are refused, old words are migrated."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournament.audit import record_change
from tournament.models import AuditAction, AuditEntry


@pytest.mark.django_db
def test_an_action_is_one_of_the_codes(tournament, organizer):
    entry = record_change(tournament, organizer, AuditAction.DEAL_ENTERED, "table 1")
    assert entry.action == "deal_entered"
    assert entry.get_action_display() == "Deal entered"
    with pytest.raises(ValueError):
        record_change(tournament, organizer, "deal typed in", "table 1")
    assert AuditEntry.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_words_of_old_entries_become_codes():
    executor = MigrationExecutor(connection)
    executor.migrate([("tournament", "0004_entry_identity_and_roles")])
    old = executor.loader.project_state(
        ("tournament", "0004_entry_identity_and_roles")).apps.get_model(
        "tournament", "AuditEntry")
    old.objects.create(action="sheet confirmed (override)", subject="series 1 table 2")
    old.objects.create(action="released series reopened for a correction", subject="series 1")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert sorted(AuditEntry.objects.values_list("action", flat=True)) == [
        AuditAction.SERIES_CORRECTING, AuditAction.SHEET_CONFIRMED_OVERRIDE]
