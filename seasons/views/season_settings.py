"""A season made and its rules set: from a preset (its rules fill the fields, editable) or
one by one (seasons.season_forms.SeasonForm). POST ``choose=<preset>`` or ``quarter=<1..4>``
only refills the form; any other POST saves, in one transaction with one audit entry
(none when nothing changed), and goes to the ranking."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from seasons.describe import PRESET_NAMES, describe
from seasons.models import Season
from seasons.presets import PRESETS, preset
from seasons.season_forms import SeasonForm, preset_data, quarter_data, season_initial
from tournament.audit import record_change
from tournament.models import AuditAction, Club
from tournament.parsing import int_param
from tournament.permissions import club_organizer_required, session_tag
from tournament.refusals import Refusal, show_on_form


def snapshot(season: Season) -> dict[str, object]:
    """What the audit keeps of a season, before and after a change."""
    return {"name": season.name, "slug": season.slug, "first_day": str(season.first_day),
            "last_day": str(season.last_day), "unit": season.unit, "preset": season.preset,
            "rules": season.rules}


def save_season(club: Club, user, season: Season | None, stored: dict[str, object],
                session: str = "") -> tuple[Season, bool]:
    """Create ``season`` (None) or change it to ``stored``, with its audit entry in the same
    transaction; returns the season and whether anything changed."""
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()
        before = snapshot(season) if season is not None else None
        season = season or Season(club=club)
        for key, value in stored.items():
            setattr(season, key, value)
        after = snapshot(season)
        if before == after:
            return season, False
        # the form checked the address before the lock: another save may have taken it
        if Season.objects.filter(club=club, slug=season.slug).exclude(pk=season.pk).exists():
            raise Refusal(gettext("Another season of the club has this short name."), "slug")
        season.save()
        evening = club.evenings.order_by("-start_date", "-id").first()
        action = AuditAction.SEASON_CREATED if before is None else AuditAction.SEASON_CHANGED
        record_change(evening, user, action, f"{club.name}: {season.name}", before, after,
                      session=session)
    return season, True


def _refilled(request):
    """The form's data refilled by a preset or a quarter button, or None (a save)."""
    key = request.POST.get("choose", "")
    if key in PRESETS:
        return preset_data(request.POST, key)
    quarter = int_param(request.POST.get("quarter"), 1, 4)
    if quarter:
        typed = request.POST.get("first_day", "")
        try:
            year = datetime.date.fromisoformat(typed).year
        except ValueError:
            year = int_param(request.POST.get("year"), 1900, 2999) or datetime.date.today().year
        year = min(max(year, 1900), 2999)  # a quarter of year 9999 would end in 10000
        return quarter_data(request.POST, year, quarter)
    return None


def _page(request, club, season, form, refilled=False):
    presets = [(key, PRESET_NAMES.get(key, key), describe(preset(key), PRESETS[key].unit))
               for key in PRESETS]
    year = datetime.date.today().year
    return render(request, "seasons/settings/season.html", {
        "club": club, "season": season, "form": form, "presets": presets,
        "refilled": refilled, "quarters": (1, 2, 3, 4), "year": year,
        "chosen": PRESET_NAMES.get(form["preset"].value() or "", ""),
    })


def _season_form(request, club, season: Season | None):
    if request.method == "POST":
        refilled = _refilled(request)
        if refilled is not None:
            # shown again with the preset's rules or the quarter's days, nothing saved
            return _page(request, club, season,
                         SeasonForm(initial=refilled, club=club, season=season), True)
        form = SeasonForm(request.POST, club=club, season=season)
        if form.is_valid():
            try:
                found, changed = save_season(club, request.user, season, form.stored(),
                                             session=session_tag(request))
            except Refusal as refusal:
                show_on_form(form, refusal)
                return _page(request, club, season, form)
            if not changed:
                messages.info(request, gettext("Nothing changed."))
            elif season is None:
                messages.success(request, gettext("Season “%(name)s” created.")
                                 % {"name": found.name})
            else:
                messages.success(request, gettext("Season “%(name)s” saved.")
                                 % {"name": found.name})
            return redirect("seasons:ranking", club.pk, found.slug)
        return _page(request, club, season, form)
    initial = season_initial(season) if season is not None else {"value": "total",
                                                                 "guests": "after"}
    return _page(request, club, season, SeasonForm(initial=initial, club=club, season=season))


@club_organizer_required
def season_create(request, club):
    return _season_form(request, club, None)


@club_organizer_required
def season_edit(request, club, season):
    found = get_object_or_404(Season, club=club, slug=season)
    return _season_form(request, club, found)
