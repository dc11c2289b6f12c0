"""The audit log points at what changed: series, table and deal as numbers (issue 19.3),
filled for the entries kept so far from their subjects."""

import re

from django.conf import settings
from django.db import migrations, models

# The actions whose subject names a place, as the code wrote it (sheets.confirmation.subject,
# lifecycle, seating, attendance): "series 2", "series 2 table 4", "series 2 table 4 deal 17".
# The other subjects are names (a player, a club, the tournament) that may read like a place.
PLACE_ACTIONS = frozenset({
    "seat_removed", "series_seated", "players_swapped", "player_moved", "late_arrival_seated",
    "sits_out", "series_published", "series_unpublished", "series_started", "series_confirmed",
    "series_reopened", "results_released", "release_withdrawn", "series_correcting",
    "results_released_again", "deal_entered", "deal_corrected", "deal_deleted",
    "deal_inserted", "penalty_entered", "penalty_deleted", "sheet_submitted",
    "sheet_confirmed", "sheet_confirmed_override", "sheet_reopened", "substitute_seated",
    "substitute_removed", "sheet_ended_early", "sheet_end_undone",
})
PLACE = re.compile(r"series (\d+)(?: table (\d+)(?: deal (\d+))?)?")

Place = tuple[int | None, int | None, int | None]


def place_of(action: str, subject: str, before=None) -> Place:
    """(series, table, deal) of an entry kept before the columns: what its subject names; a
    seat removed also points at the table it was removed from (its ``before``)."""
    found = PLACE.fullmatch(subject) if action in PLACE_ACTIONS else None
    if found is None:
        return None, None, None
    series, table, deal = (int(n) if n else None for n in found.groups())
    if action == "seat_removed" and isinstance(before, dict) and isinstance(
            before.get("table"), int):
        table = before["table"]
    return series, table, deal


def fill_places(apps, schema_editor):
    entries = apps.get_model("tournament", "AuditEntry").objects
    batch = []
    for entry in entries.filter(action__in=sorted(PLACE_ACTIONS)).only(
            "action", "subject", "before").iterator(chunk_size=2000):
        entry.series, entry.table, entry.deal = place_of(entry.action, entry.subject,
                                                         entry.before)
        if entry.series is not None:
            batch.append(entry)
        if len(batch) == 1000:
            entries.bulk_update(batch, ["series", "table", "deal"])
            batch = []
    entries.bulk_update(batch, ["series", "table", "deal"])


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0016_audit_actions_issue18'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='auditentry',
            name='deal',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='series',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='table',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        # filled before the indexes are built: one build instead of one update per row
        migrations.RunPython(fill_places, migrations.RunPython.noop, elidable=True),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(fields=['tournament', 'series', 'table', 'deal'], name='audit_place'),
        ),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(fields=['tournament', 'table', 'deal'], name='audit_table'),
        ),
    ]
