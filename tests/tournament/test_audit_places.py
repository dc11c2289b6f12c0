"""Issue 19, point 3: the audit log points at what changed. Series, table and deal are
columns, filled by the code that writes each entry and, for the entries kept before, from
their subjects (migration 0017); the audit page filters by them, never by the words."""

import ast
import importlib
from pathlib import Path

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from tests.factories import enter
from tournament.audit import history, record_change
from tournament.models import AuditAction, AuditEntry
from tournament.sheets import edits
from tournament.sheets.confirmation import reopen_sheet, submit_sheet

places = importlib.import_module("tournament.migrations.0017_audit_places")

BEFORE, AFTER = ("tournament", "0016_audit_actions_issue18"), ("tournament", "0017_audit_places")


def where(entry):
    return entry.series, entry.table, entry.deal


def shown(client, tournament, **query):
    response = client.get(reverse("tournament:audit", args=[tournament.slug]), query)
    assert response.status_code == 200
    return sorted(e.subject for e in response.context["page"])


@pytest.mark.django_db
def test_a_table_brings_its_series_and_a_place_is_whole(four, marta):
    entry = record_change(four.series.tournament, marta, AuditAction.DEAL_ENTERED,
                          "series 1 table 2 deal 3", table=four, deal=3)
    assert where(entry) == (1, four.number, 3)
    assert where(record_change(four.series.tournament, marta, AuditAction.SERIES_SEATED,
                               "series 1", series=four.series)) == (1, None, None)
    assert where(record_change(four.series.tournament, marta, AuditAction.TOURNAMENT_EDITED,
                               "Club Night")) == (None, None, None)
    with pytest.raises(ValueError):  # table 2 of which series?
        record_change(four.series.tournament, marta, AuditAction.PENALTY_ENTERED, "table 2",
                      table=2)
    with pytest.raises(ValueError):
        record_change(four.series.tournament, marta, AuditAction.DEAL_ENTERED, "deal 2",
                      series=1, deal=2)


@pytest.fixture
def named_like_places(tournament, organizer):
    """Entries whose words mislead a LIKE: names that read like places, table 1 beside 12,
    and a seat removed from table 2 whose subject names only the series."""
    def log(action, subject, **place):
        record_change(tournament, organizer, action, subject, **place)

    log(AuditAction.TOURNAMENT_EDITED, "series 1 table 2")  # the tournament's own name
    log(AuditAction.CLUB_CREATED, "Tisch table 2 deal 3")
    log(AuditAction.PLAYER_REGISTERED, "7 Series 1 Meyer")
    log(AuditAction.DEAL_ENTERED, "series 1 table 1 deal 3", series=1, table=1, deal=3)
    log(AuditAction.DEAL_ENTERED, "series 1 table 12 deal 3", series=1, table=12, deal=3)
    log(AuditAction.DEAL_ENTERED, "series 1 table 2 deal 3", series=1, table=2, deal=3)
    log(AuditAction.DEAL_DELETED, "series 1 table 2 deal 3", series=1, table=2, deal=3)
    log(AuditAction.DEAL_ENTERED, "series 1 table 2 deal 13", series=1, table=2, deal=13)
    log(AuditAction.SEAT_REMOVED, "series 1", series=1, table=2)
    log(AuditAction.SERIES_PUBLISHED, "series 1", series=1)
    return tournament


def test_the_filters_read_the_columns_not_the_words(organizer_client, named_like_places):
    log = named_like_places
    assert shown(organizer_client, log, series=1) == [
        "series 1", "series 1", "series 1 table 1 deal 3", "series 1 table 12 deal 3",
        "series 1 table 2 deal 13", "series 1 table 2 deal 3", "series 1 table 2 deal 3"]
    assert shown(organizer_client, log, table=1) == ["series 1 table 1 deal 3"]
    assert shown(organizer_client, log, series=1, table=2) == [
        "series 1", "series 1 table 2 deal 13", "series 1 table 2 deal 3",
        "series 1 table 2 deal 3"]  # the seat removed from table 2 too
    # a deal's history, its deletion included; deal 3 of table 2 only
    assert shown(organizer_client, log, series=1, table=2, deal=3) == [
        "series 1 table 2 deal 3", "series 1 table 2 deal 3"]
    assert shown(organizer_client, log, deal=3) == [
        "series 1 table 1 deal 3", "series 1 table 12 deal 3", "series 1 table 2 deal 3",
        "series 1 table 2 deal 3"]


def test_history_narrows_by_each_part_of_the_place_given(named_like_places):
    entries = named_like_places.audit.all()
    assert history(entries).count() == 10
    assert history(entries, series=1).count() == 7
    assert history(entries, series=1, table=2, deal=3).count() == 2
    assert history(entries, table=12).count() == 1
    assert history(entries, series=2).count() == 0


def migrated(entries):
    """The columns migration 0017 fills for ``entries`` from their subjects."""
    entries.update(series=None, table=None, deal=None)
    places.fill_places(django_apps, None)
    return {e.pk: where(e) for e in entries.all()}


@pytest.mark.django_db
def test_every_entry_the_code_writes_points_where_its_subject_says(four, marta):
    """The code's entries and the migrated ones agree: what the services write in the columns
    is what the migration reads from the same subjects."""
    enter(four, 3)
    edits.delete_deal(four, 3, marta)
    four.refresh_from_db()
    enter(four, 6)  # deals 3 to 8: the sheet is whole
    submit_sheet(four, "Anna Becker")
    reopen_sheet(four, marta)
    # the world's players were registered through the services: those entries name no place
    entries = AuditEntry.objects.exclude(action="player_registered").order_by("id")
    assert {e.action for e in entries} >= {
        "series_seated", "series_published", "series_started", "deal_entered", "deal_deleted",
        "sheet_submitted", "sheet_reopened"}
    written = {e.pk: where(e) for e in entries}
    assert all(series is not None for series, _, _ in written.values())
    assert migrated(entries) == written
    deleted = AuditEntry.objects.get(action="deal_deleted")
    assert where(deleted) == (1, four.number, 3)
    assert [e.subject for e in history(entries, series=1, table=four.number, deal=3)] == [
        f"series 1 table {four.number} deal 3"] * 3  # entered, deleted, entered again


@pytest.mark.django_db
def test_the_migration_reads_every_shape_of_subject_the_code_wrote(tournament):
    kept = {
        ("series_published", "series 11"): (11, None, None),
        ("penalty_entered", "series 2 table 14"): (2, 14, None),
        ("late_arrival_seated", "series 3 table 7"): (3, 7, None),
        ("deal_corrected", "series 2 table 4 deal 17"): (2, 4, 17),
        ("deal_inserted", "series 12 table 312 deal 1"): (12, 312, 1),
        ("seat_removed", "series 1"): (1, 3, None),
        # names that read like places, and words of no place
        ("tournament_edited", "series 1 table 2"): (None, None, None),
        ("club_created", "series 1"): (None, None, None),
        ("lot_recorded", "prize 3"): (None, None, None),
        ("deal_entered", "table 1"): (None, None, None),
        ("deal_entered", "series 1 table 2 deal 3 (again)"): (None, None, None),
        ("sheet_submitted", "Series 1 Table 2"): (None, None, None),
    }
    for action, subject in kept:
        AuditEntry.objects.create(tournament=tournament, action=action, subject=subject,
                                  before={"player": 7, "table": 3, "seat": 2})
    migrated(AuditEntry.objects.all())
    assert {(e.action, e.subject): where(e) for e in AuditEntry.objects.all()} == kept
    # every code of a place is an action of the log
    assert places.PLACE_ACTIONS.issubset(AuditAction.values)


@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_the_columns_of_the_entries_kept_so_far():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state(BEFORE).apps.get_model("tournament", "AuditEntry")
    kept = {
        ("deal_deleted", "series 2 table 4 deal 17"): (2, 4, 17),
        ("sheet_confirmed", "series 2 table 12"): (2, 12, None),
        ("results_released", "series 2"): (2, None, None),
        ("seat_removed", "series 1"): (1, 5, None),
        ("tournament_edited", "series 2 table 4"): (None, None, None),
        ("prize_added", "Best Grand"): (None, None, None),
    }
    for action, subject in kept:
        old.objects.create(action=action, subject=subject,
                           before={"table": 5} if action == "seat_removed" else None)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([AFTER])
    new = executor.loader.project_state(AFTER).apps.get_model("tournament", "AuditEntry")
    assert {(e.action, e.subject): (e.series, e.table, e.deal)
            for e in new.objects.all()} == kept
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def names_a_place(subject: ast.expr) -> bool:
    if isinstance(subject, ast.Call):
        return getattr(subject.func, "id", "") == "subject"
    return (isinstance(subject, ast.JoinedStr) and isinstance(subject.values[0], ast.Constant)
            and str(subject.values[0].value).startswith("series "))


def test_every_call_that_names_a_place_says_where():
    """A call of record_change whose subject names a series (``sheets.confirmation.subject``
    or an f-string "series …") passes the place as numbers too: the page filters by those."""
    root = Path(__file__).resolve().parents[2]
    calls = []
    for path in [*root.glob("tournament/**/*.py"), *root.glob("scoring/**/*.py")]:
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "record_change"
                    and len(node.args) >= 4):
                continue
            if names_a_place(node.args[3]):
                calls.append((path.relative_to(root).as_posix(), node.lineno,
                              {k.arg for k in node.keywords} & {"series", "table"}))
    assert len(calls) >= 20  # the sheets, the plans, the series' states
    assert [(where, line) for where, line, place in calls if not place] == []
