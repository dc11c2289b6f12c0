"""The audit log points at what changed: series, table and deal as numbers (issue 19.3),
filled for the entries kept so far from their subjects."""

from django.conf import settings
from django.db import migrations, models
from django.db.models import Value
from django.db.models.functions import Cast, StrIndex, Substr

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
SHAPES = (r"^series [0-9]+$", r"^series [0-9]+ table [0-9]+$",
          r"^series [0-9]+ table [0-9]+ deal [0-9]+$")


def _number(text):
    return Cast(text, models.PositiveSmallIntegerField())


def fill_places(apps, schema_editor):
    """One UPDATE a shape, the numbers cut out of the subject by the database: a congress's
    log (120,000 entries) in seconds, where a row at a time took minutes."""
    entries = apps.get_model("tournament", "AuditEntry").objects.filter(
        action__in=sorted(PLACE_ACTIONS))
    table_at = StrIndex("subject", Value(" table "))
    deal_at = StrIndex("subject", Value(" deal "))
    series_only, at_table, at_deal = (entries.filter(subject__regex=shape) for shape in SHAPES)
    series_only.update(series=_number(Substr("subject", 8)))  # after "series "
    at_table.update(series=_number(Substr("subject", 8, table_at - 8)),
                    table=_number(Substr("subject", table_at + 7)))
    at_deal.update(series=_number(Substr("subject", 8, table_at - 8)),
                   table=_number(Substr("subject", table_at + 7, deal_at - table_at - 7)),
                   deal=_number(Substr("subject", deal_at + 6)))
    # a seat removed from a draft plan: its subject names the series, its before the table
    for entry in entries.filter(action="seat_removed", series__isnull=False).only("before"):
        table = entry.before.get("table") if isinstance(entry.before, dict) else None
        if isinstance(table, int):
            entries.filter(pk=entry.pk).update(table=table)


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
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(fields=['tournament', 'series', '-at'], name='audit_series_latest'),
        ),
    ]
