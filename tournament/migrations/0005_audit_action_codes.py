"""Audit actions become codes (``AuditAction``): the words of the old entries are mapped."""

from django.db import migrations, models

WORDS_TO_CODES = {
    "tournament created": "tournament_created",
    "tournament edited": "tournament_edited",
    "staff added": "staff_added",
    "staff removed": "staff_removed",
    "club created": "club_created",
    "player registered": "player_registered",
    "players imported": "players_imported",
    "entry edited": "entry_edited",
    "checked in": "checked_in",
    "check-in undone": "check_in_undone",
    "withdrawn": "withdrawn",
    "reinstated": "reinstated",
    "seat removed": "seat_removed",
    "keep apart added": "keep_apart_added",
    "keep apart removed": "keep_apart_removed",
    "series seated": "series_seated",
    "players swapped": "players_swapped",
    "player moved": "player_moved",
    "series published": "series_published",
    "series unpublished": "series_unpublished",
    "series started": "series_started",
    "series confirmed": "series_confirmed",
    "series reopened": "series_reopened",
    "results released": "results_released",
    "release withdrawn": "release_withdrawn",
    "released series reopened for a correction": "series_correcting",
    "results released again": "results_released_again",
    "deal entered": "deal_entered",
    "deal corrected": "deal_corrected",
    "deal deleted": "deal_deleted",
    "penalty entered": "penalty_entered",
    "penalty deleted": "penalty_deleted",
    "sheet submitted": "sheet_submitted",
    "sheet confirmed": "sheet_confirmed",
    "sheet confirmed (override)": "sheet_confirmed_override",
    "sheet reopened": "sheet_reopened",
    "scoring settings changed": "scoring_settings_changed",
    "lot recorded": "lot_recorded",
    "team registered": "team_registered",
    "prize added": "prize_added"
}


def to_codes(apps, schema_editor):
    AuditEntry = apps.get_model("tournament", "AuditEntry")
    for words, code in WORDS_TO_CODES.items():
        AuditEntry.objects.filter(action=words).update(action=code)


def to_words(apps, schema_editor):
    AuditEntry = apps.get_model("tournament", "AuditEntry")
    for words, code in WORDS_TO_CODES.items():
        AuditEntry.objects.filter(action=code).update(action=words)


class Migration(migrations.Migration):

    dependencies = [("tournament", "0004_entry_identity_and_roles")]

    operations = [
        migrations.RunPython(to_codes, to_words),
        migrations.AlterField(
            model_name="auditentry", name="action",
            field=models.CharField(choices=[('tournament_created', 'Tournament created'), ('tournament_edited', 'Tournament edited'), ('staff_added', 'Staff added'), ('staff_removed', 'Staff removed'), ('club_created', 'Club created'), ('player_registered', 'Player registered'), ('players_imported', 'Players imported'), ('entry_edited', 'Entry edited'), ('checked_in', 'Checked in'), ('check_in_undone', 'Check-in undone'), ('withdrawn', 'Withdrawn'), ('reinstated', 'Reinstated'), ('seat_removed', 'Seat removed'), ('keep_apart_added', 'Keep apart added'), ('keep_apart_removed', 'Keep apart removed'), ('series_seated', 'Series seated'), ('players_swapped', 'Players swapped'), ('player_moved', 'Player moved'), ('series_published', 'Series published'), ('series_unpublished', 'Series unpublished'), ('series_started', 'Series started'), ('series_confirmed', 'Series confirmed'), ('series_reopened', 'Series reopened'), ('results_released', 'Results released'), ('release_withdrawn', 'Release withdrawn'), ('series_correcting', 'Released series reopened for a correction'), ('results_released_again', 'Results released again'), ('deal_entered', 'Deal entered'), ('deal_corrected', 'Deal corrected'), ('deal_deleted', 'Deal deleted'), ('penalty_entered', 'Penalty entered'), ('penalty_deleted', 'Penalty deleted'), ('sheet_submitted', 'Sheet submitted'), ('sheet_confirmed', 'Sheet confirmed'), ('sheet_confirmed_override', 'Sheet confirmed (override)'), ('sheet_reopened', 'Sheet reopened'), ('scoring_settings_changed', 'Scoring settings changed'), ('lot_recorded', 'Lot recorded'), ('team_registered', 'Team registered'), ('prize_added', 'Prize added')], db_index=True, max_length=60),
        ),
    ]
