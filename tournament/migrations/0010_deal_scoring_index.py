"""An index holding the deals' scoring columns, so that the standings' sums read it alone and
never the deals' records (a congress's deals take 41 MB; the index 8 MB)."""

from django.db import migrations

COLUMNS = "points_1, points_2, points_3, points_4, won, game, value, matadors"


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE INDEX deal_scoring ON tournament_deal (table_id, declarer) "
                              f"INCLUDE ({COLUMNS})")
    else:  # SQLite reads an index that holds every column it needs the same way
        schema_editor.execute("CREATE INDEX deal_scoring ON tournament_deal "
                              f"(table_id, declarer, {COLUMNS})")


def drop(apps, schema_editor):
    schema_editor.execute("DROP INDEX deal_scoring")


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0009_deal_scoring_columns"),
    ]

    operations = [migrations.RunPython(create, drop)]
