"""Per-entry name, club and e-mail (a tournament's players are its own); assistants; the
session that submitted a sheet; penalties given by an organizer; the "correcting" status."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def copy_identity_to_entries(apps, schema_editor):
    Entry = apps.get_model("tournament", "Entry")
    for entry in Entry.objects.select_related("player").iterator():
        player = entry.player
        entry.first_name, entry.last_name = player.first_name, player.last_name
        entry.club_id, entry.email = player.club_id, player.email
        entry.save(update_fields=["first_name", "last_name", "club", "email"])


def copy_identity_to_players(apps, schema_editor):
    Entry = apps.get_model("tournament", "Entry")
    for entry in Entry.objects.select_related("player").order_by("-pk").iterator():
        player = entry.player
        player.club_id, player.email = entry.club_id, entry.email
        player.save(update_fields=["club", "email"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0003_seating_by_results"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(model_name="entry", name="first_name",
                            field=models.CharField(default="", max_length=80),
                            preserve_default=False),
        migrations.AddField(model_name="entry", name="last_name",
                            field=models.CharField(default="", max_length=80),
                            preserve_default=False),
        migrations.AddField(model_name="entry", name="club",
                            field=models.ForeignKey(blank=True, null=True,
                                                    on_delete=django.db.models.deletion.PROTECT,
                                                    related_name="entries",
                                                    to="tournament.club")),
        migrations.AddField(model_name="entry", name="email",
                            field=models.EmailField(blank=True, max_length=254)),
        migrations.RunPython(copy_identity_to_entries, copy_identity_to_players),
        migrations.RemoveIndex(model_name="player", name="tournament__last_na_d6acdf_idx"),
        migrations.RemoveField(model_name="player", name="club"),
        migrations.RemoveField(model_name="player", name="email"),
        migrations.AddIndex(model_name="entry",
                            index=models.Index(fields=["tournament", "last_name", "first_name"],
                                               name="tournament__tournam_325d78_idx")),
        migrations.AddField(model_name="club", name="created_by",
                            field=models.ForeignKey(blank=True, null=True,
                                                    on_delete=django.db.models.deletion.SET_NULL,
                                                    related_name="+",
                                                    to=settings.AUTH_USER_MODEL)),
        migrations.AddField(model_name="tournament", name="assistants",
                            field=models.ManyToManyField(blank=True,
                                                         related_name="assisted_tournaments",
                                                         to=settings.AUTH_USER_MODEL)),
        migrations.AddField(model_name="auditentry", name="session",
                            field=models.CharField(blank=True, max_length=16)),
        migrations.AddField(model_name="penalty", name="by_organizer",
                            field=models.BooleanField(default=False)),
        migrations.AddField(model_name="table", name="submitted_session",
                            field=models.CharField(blank=True, max_length=16)),
        migrations.AlterField(model_name="series", name="status",
                              field=models.CharField(choices=[
                                  ("draft", "Draft"), ("seated", "Seated (published)"),
                                  ("playing", "Playing"), ("confirmed", "Confirmed"),
                                  ("released", "Released"),
                                  ("correcting", "Released, correction in progress")],
                                  default="draft", max_length=20)),
    ]
