"""The projector (docs/live.md, "The projector"): a public page the hall's PC shows full
screen, its slides rotating and updating by themselves, and the staff's form that builds its
address.

Whose view it is is decided where every public page decides it (``public_page``): the public
gets the released series (and the series in play where the organizer shows provisional
standings) with the names as published, a private tournament is a 404. A PC logged in as
staff gets the public's view too, since the screen hangs in the hall, unless the address asks
for the staff's (``audience=staff``); for anyone else that word changes nothing.
"""

from __future__ import annotations

from dataclasses import asdict
from functools import wraps

from django.shortcuts import redirect, render
from django.urls import reverse

from live.projector import projector
from live.projector_choice import Choice, ProjectorForm, read_choice
from tournament.crowd import Cost, heavy
from tournament.live import live_public, this_minute
from tournament.permissions import Visitor, public_page, staff_required


def _series_numbers(tournament) -> list[int]:
    return list(tournament.series.order_by("number").values_list("number", flat=True))


def hall_view(view):
    """Between ``public_page`` and the live page's ETag: the choice read from the address (a
    bad value falls back to its default, and the address is redirected to the choice's own,
    so that a poll asks for what is shown), and the public's view for a staff member who did
    not ask for his own (he narrows what he sees; nobody widens it here)."""

    @wraps(view)
    def wrapped(request, visitor: Visitor, *args, **kwargs):
        choice = read_choice(request.GET, _series_numbers(visitor.tournament))
        query = choice.query()
        if request.META.get("QUERY_STRING", "") != query:
            return redirect(f"{request.path}?{query}" if query else request.path)
        if visitor.staff and not choice.staff_view:
            visitor = Visitor(visitor.tournament, staff=False)
        return view(request, visitor, *args, choice=choice, **kwargs)

    return wrapped


@public_page
@hall_view
@live_public(in_play=True, moves=this_minute)  # the progress slide's expected end
@heavy(Cost.PAGE)
def projector_page(request, visitor: Visitor, choice: Choice):
    shown = projector(visitor, choice)
    return render(request, "live/projector.html", {
        "tournament": visitor.tournament, "projector": shown, "choice": choice,
        "slides": shown.slides})


@staff_required
def projector_form(request, tournament):
    """The projector's settings as a form: "Open the projector" opens its address in a new
    window; "Show the address" shows it here, for the hall's PC."""
    numbers = _series_numbers(tournament)
    choice = read_choice(request.GET, numbers)
    # the form shows the choice in effect; a bad value asked for is named with its default
    asked = ProjectorForm(request.GET, series_numbers=numbers)
    refused = [(asked.fields[name].label, error) for name, errors in asked.errors.items()
               if name in request.GET for error in errors]
    form = ProjectorForm(series_numbers=numbers, initial={
        **asdict(choice), "slides": list(choice.slides)})
    address = request.build_absolute_uri(reverse("live:projector", args=[tournament.slug]))
    query = choice.query()
    return render(request, "live/projector_form.html", {
        "tournament": tournament, "form": form, "choice": choice,
        "address": f"{address}?{query}" if query else address,
        "shown": "show" in request.GET, "refused": refused})
