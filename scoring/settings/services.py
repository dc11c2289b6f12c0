"""The results settings: what counts, how clubs and prizes are reckoned."""

from __future__ import annotations

from django.db import transaction

from scoring.models import ScoringSettings
from tournament.audit import record_change
from tournament.models import AuditAction, Tournament


def scoring_settings(tournament: Tournament) -> ScoringSettings:
    """The stored settings, or the defaults unsaved: reading never writes (one query); the
    settings form's save stores them."""
    found = ScoringSettings.objects.filter(tournament=tournament).first()
    return found or ScoringSettings(tournament=tournament)


def club_best(tournament: Tournament) -> int | None:
    """How many of each club's players count (None: all). A 0 kept from before the form
    refused it counts all, as an empty field does."""
    return scoring_settings(tournament).club_best or None


def save_settings(tournament: Tournament, form, user) -> None:
    """Save the results settings form and audit what it holds now."""
    with transaction.atomic():
        form.save()
        record_change(tournament, user, AuditAction.SCORING_SETTINGS_CHANGED, tournament.name,
                      after=form.cleaned_data)
