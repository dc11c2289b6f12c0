"""The checks before release: the director's list of a series' results that look wrong."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from scoring.release import checks
from tournament.comparative import analysis
from tournament.comparative.services import deal_set_of
from tournament.permissions import organizer_required


@organizer_required
def release_checks(request, tournament, number):
    series = get_object_or_404(tournament.series, number=number)
    flags = checks.series_flags(series)
    comparative = deal_set_of(tournament) is not None
    return render(request, "scoring/release_checks.html", {
        "tournament": tournament, "series": series,
        "open": [f for f in flags if f.checked is None],
        "checked": [f for f in flags if f.checked is not None],
        "analysis": analysis.progress(series) if comparative else None,
        "rules": {"deviations": checks.FIELD_DEVIATIONS, "others": checks.FIELD_OTHERS,
                  "spread": checks.FIELD_SPREAD},
        "comparative": comparative})


@organizer_required
@require_POST
def mark_flag(request, tournament, number):
    series = get_object_or_404(tournament.series, number=number)
    checked = not request.POST.get("undo")
    flag = checks.mark(series, request.POST.get("flag", "")[:120], request.user, checked)
    if flag is None:
        messages.error(request, gettext("That flag is gone: the deal was changed or deleted "
                                        "since. The list below is as it is now."))
    elif checked:
        messages.success(request, gettext("Marked checked: %(why)s") % {"why": flag.why})
    else:
        messages.success(request, gettext("Marked unchecked again: %(why)s") % {"why": flag.why})
    return redirect("scoring:release_checks", tournament.slug, number)
