"""The audit log: every change with what it was before and after, never edited."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.events import Tournament


class AuditAction(models.TextChoices):
    """What a change was: a code the audit page, exports and an API filter by."""

    TOURNAMENT_CREATED = "tournament_created", _("Tournament created")
    TOURNAMENT_EDITED = "tournament_edited", _("Tournament edited")
    TOURNAMENT_IMPORTED = "tournament_imported", _("Tournament imported from a file")
    TOURNAMENT_ANONYMIZED = "tournament_anonymized", _("Tournament anonymized")
    STAFF_ADDED = "staff_added", _("Staff added")
    STAFF_REMOVED = "staff_removed", _("Staff removed")
    CLUB_CREATED = "club_created", _("Club created")
    CLUB_MERGED = "club_merged", _("Club merged into another")
    CLUB_DELETED = "club_deleted", _("Club deleted")
    PLAYER_REGISTERED = "player_registered", _("Player registered")
    PLAYERS_IMPORTED = "players_imported", _("Players imported")
    ENTRY_EDITED = "entry_edited", _("Entry edited")
    CHECKED_IN = "checked_in", _("Checked in")
    CHECK_IN_UNDONE = "check_in_undone", _("Check-in undone")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    REINSTATED = "reinstated", _("Reinstated")
    SEAT_REMOVED = "seat_removed", _("Seat removed")
    KEEP_APART_ADDED = "keep_apart_added", _("Keep apart added")
    KEEP_APART_REMOVED = "keep_apart_removed", _("Keep apart removed")
    SERIES_SEATED = "series_seated", _("Series seated")
    PLAYERS_SWAPPED = "players_swapped", _("Players swapped")
    PLAYER_MOVED = "player_moved", _("Player moved")
    LATE_ARRIVAL_SEATED = "late_arrival_seated", _("Late arrival seated")
    SITS_OUT = "sits_out", _("Sits out a series")
    SERIES_PUBLISHED = "series_published", _("Series published")
    SERIES_UNPUBLISHED = "series_unpublished", _("Series unpublished")
    SERIES_STARTED = "series_started", _("Series started")
    SERIES_CONFIRMED = "series_confirmed", _("Series confirmed")
    SERIES_REOPENED = "series_reopened", _("Series reopened")
    RESULTS_RELEASED = "results_released", _("Results released")
    RELEASE_WITHDRAWN = "release_withdrawn", _("Release withdrawn")
    SERIES_CORRECTING = "series_correcting", _("Released series reopened for a correction")
    RESULTS_RELEASED_AGAIN = "results_released_again", _("Results released again")
    DEAL_ENTERED = "deal_entered", _("Deal entered")
    DEAL_CORRECTED = "deal_corrected", _("Deal corrected")
    DEAL_DELETED = "deal_deleted", _("Deal deleted")
    DEAL_INSERTED = "deal_inserted", _("Forgotten deal inserted")
    PENALTY_ENTERED = "penalty_entered", _("Penalty entered")
    PENALTY_DELETED = "penalty_deleted", _("Penalty deleted")
    SHEET_SUBMITTED = "sheet_submitted", _("Sheet submitted")
    SHEET_CONFIRMED = "sheet_confirmed", _("Sheet confirmed")
    SHEET_CONFIRMED_OVERRIDE = "sheet_confirmed_override", _("Sheet confirmed (override)")
    SHEET_REOPENED = "sheet_reopened", _("Sheet reopened")
    SCORING_SETTINGS_CHANGED = "scoring_settings_changed", _("Scoring settings changed")
    LOT_RECORDED = "lot_recorded", _("Lot recorded")
    TEAM_REGISTERED = "team_registered", _("Team registered")
    TEAM_EDITED = "team_edited", _("Team edited")
    TEAM_DELETED = "team_deleted", _("Team deleted")
    PRIZE_ADDED = "prize_added", _("Prize added")
    PRIZE_EDITED = "prize_edited", _("Prize edited")
    PRIZE_DELETED = "prize_deleted", _("Prize deleted")
    COMPARATIVE_SET = "comparative_set", _("Comparative set dealt")
    SUBSTITUTE_SEATED = "substitute_seated", _("Substitute seated")
    SUBSTITUTE_REMOVED = "substitute_removed", _("Substitute removed")
    SHEET_ENDED_EARLY = "sheet_ended_early", _("Sheet ended early")
    SHEET_END_UNDONE = "sheet_end_undone", _("Early end of a sheet undone")
    MONEY_RULES_CHANGED = "money_rules_changed", _("Money rules changed")
    CLUB_ORGANIZER_ADDED = "club_organizer_added", _("Club organizer added")
    CLUB_ORGANIZER_REMOVED = "club_organizer_removed", _("Club organizer removed")
    MEMBER_ADDED = "member_added", _("Member added")
    MEMBER_LEFT = "member_left", _("Member left the club")
    EVENING_CREATED = "evening_created", _("Club evening created")
    SEASON_CREATED = "season_created", _("Season created")
    SEASON_CHANGED = "season_changed", _("Season rules changed")
    FLAG_CHECKED = "flag_checked", _("Flag before release marked checked")
    FLAG_REOPENED = "flag_reopened", _("Flag before release marked unchecked")


# Changes to the sheets of the series being played. The public's results count only released
# series, whose sheets are closed (but for a correction), so these leave them as they were.
SHEET_ACTIONS = frozenset({
    AuditAction.DEAL_ENTERED, AuditAction.DEAL_CORRECTED, AuditAction.DEAL_DELETED,
    AuditAction.DEAL_INSERTED,
    AuditAction.PENALTY_ENTERED, AuditAction.PENALTY_DELETED, AuditAction.SHEET_SUBMITTED,
    AuditAction.SHEET_CONFIRMED, AuditAction.SHEET_CONFIRMED_OVERRIDE,
    AuditAction.SHEET_REOPENED,
})


class AuditEntry(models.Model):
    """One change, with what it was before and after; never edited."""

    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="audit")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    actor = models.CharField(max_length=120, blank=True)  # e.g. the scorekeeper of a table link
    session = models.CharField(max_length=16, blank=True)  # which browser did it
    action = models.CharField(max_length=60, choices=AuditAction.choices, db_index=True)
    subject = models.CharField(max_length=200)  # the words the page shows
    # where the change happened, by number: the history of a deal deleted, or of a table
    # dropped by a new draw, stays findable (decision 74); null: not about a series
    series = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    deal = models.PositiveSmallIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        # the latest change of a tournament, read on every result page (versions.version); the
        # public's results skip the sheets of series in play (audit.SHEET_ACTIONS)
        indexes = [
            models.Index(fields=["tournament", "-id"], name="audit_latest"),
            models.Index(fields=["tournament", "-id"], name="audit_latest_public",
                         condition=~models.Q(action__in=sorted(SHEET_ACTIONS))),
            # the audit page's filters: a series (its tables, a deal), a table of any series,
            # and a series' page of changes, newest first (a congress's series: 40,000)
            models.Index(fields=["tournament", "series", "table", "deal"], name="audit_place"),
            models.Index(fields=["tournament", "table", "deal"], name="audit_table"),
            models.Index(fields=["tournament", "series", "-at"], name="audit_series_latest"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.subject}"

    @property
    def shown_subject(self) -> str:
        """The subject as the audit page shows it, in the reader's language: the place from
        the numbers, else the stored words (``audit_words.subject_words``)."""
        from tournament.audit_words import subject_words  # it imports the models

        return subject_words(self)
