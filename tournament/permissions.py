"""Who may do what: organizers of a tournament (per-tournament permission) do everything."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from .models import Tournament


def organizer_required(view):
    """Load the tournament of the URL's ``slug`` and let only its organizers in."""

    @wraps(view)
    @login_required
    def wrapped(request, slug, *args, **kwargs):
        tournament = get_object_or_404(Tournament, slug=slug)
        if not tournament.organized_by(request.user):
            raise PermissionDenied("You are not an organizer of this tournament.")
        return view(request, tournament, *args, **kwargs)

    return wrapped


def visible_tournament(request, slug) -> tuple[Tournament, bool]:
    """The tournament for a public page, and whether the visitor organizes it.

    A tournament that is not public does not exist for anyone but its organizers.
    """
    tournament = get_object_or_404(Tournament, slug=slug)
    organizer = tournament.organized_by(request.user)
    if not (tournament.public or organizer):
        raise Http404("No such tournament.")
    return tournament, organizer
