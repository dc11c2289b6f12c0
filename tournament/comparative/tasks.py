"""The comparative decks' background work, run by `manage.py db_worker` (django-tasks)."""

from __future__ import annotations

from django_tasks import task

from tournament.comparative.analysis import analyse_waiting


@task()
def analyse_series(series_id: int) -> int:
    """The open-card analysis of a series' decks that have none yet (minutes for a set of
    big decks: never in a request)."""
    return analyse_waiting(series_id)
