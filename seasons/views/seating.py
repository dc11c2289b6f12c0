"""Seating a series of a club evening by the club's season ranking (``seasons.seeding``):
the organizer picks one of the club's seasons that hold the evening's day and the table the
guests start at; the plan lands on the series page as a draft, as any draw does."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from seasons.forms_clubs import SeasonSeatingForm
from seasons.seeding import SeasonSeatingError, seasons_of
from seasons.seeding import seat_by_season as seat
from tournament.models import Series
from tournament.permissions import organizer_required
from tournament.refusals import show_on_form
from tournament.seating import loaders


@organizer_required
def seat_by_season(request, tournament, number):
    series = get_object_or_404(Series, tournament=tournament, number=number)
    seasons = seasons_of(tournament)
    form = SeasonSeatingForm(request.POST or None, seasons=seasons,
                             initial={"season": seasons.first()})
    refusal = None
    if tournament.club_id is None:
        refusal = _("This tournament is no club's evening: it has no season ranking to seat "
                    "by.")
    elif series.number != 1:
        refusal = _("The season ranking seats the evening's first series; seat series "
                    "%(series)s by this evening's results or by a draw.") % {
            "series": series.number}
    elif not series.is_draft:
        refusal = _("Series %(series)s is published; only a draft can be seated again.") % {
            "series": series.number}
    elif not seasons.exists():
        refusal = _("No season of the club holds this evening's day; create one on the club's "
                    "page first.")
    if request.method == "POST" and refusal:
        messages.error(request, refusal)
    elif request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            plan = seat(series, data["season"], data["guests_from_table"], data["seed"],
                        request.user)
        except SeasonSeatingError as error:
            show_on_form(form, error)
        else:
            messages.success(request, ngettext(
                "Series %(series)s seated by the season ranking at %(count)s table.",
                "Series %(series)s seated by the season ranking at %(count)s tables.",
                len(plan.tables)) % {"series": series.number, "count": len(plan.tables)})
            return redirect("tournament:series", tournament.slug, series.number)
    return render(request, "seasons/clubs/seat_by_season.html", {
        "tournament": tournament, "series": series, "form": form, "refusal": refusal,
        "checked_in": len(loaders.checked_in_ids(tournament)),
    })
