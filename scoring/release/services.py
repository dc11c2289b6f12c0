"""Publishing a confirmed series' results to the public, or taking them back."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from scoring.awards.services import prizes
from scoring.refusals import ScoringError
from scoring.results.services import compute
from tournament import lifecycle
from tournament.models import Series, SeriesStatus


def release_series(series: Series, user, release: bool = True) -> None:
    """Publish a confirmed series' results to the public (or take them back)."""
    with transaction.atomic():
        series = Series.objects.select_for_update().get(pk=series.pk)
        if release and not series.can_release:
            raise ScoringError(gettext("Series %(number)s can be released once every sheet "
                                       "is confirmed.") % {"number": series.number})
        if not release and not series.is_released:
            raise ScoringError(gettext("Series %(number)s is not released.")
                               % {"number": series.number})
        if release:
            lifecycle.move(series, SeriesStatus.RELEASED, user)
        else:
            lifecycle.withdraw_release(series, user)
    # The room opens these pages the moment the results are out: computed once now, not by
    # each of its first visitors at the same time.
    public = compute(series.tournament, released_only=True)
    prizes(public)
