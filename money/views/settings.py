"""The Money page: the tournament's fees and prizes, from a preset or rule by rule."""

from django.http import Http404

from tournament.permissions import organizer_required


@organizer_required
def money_settings_page(request, tournament):
    raise Http404  # to be built
