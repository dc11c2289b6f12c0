"""Anonymizing an ended tournament: a POST asks first (``confirm.ask``), the second one with
``sure`` replaces every name (``registration.anonymizing``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponseNotAllowed
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.permissions import organizer_required
from tournament.registration.anonymizing import AnonymizeError, anonymize, refusal
from tournament.views.confirm import Question, ask, confirmed


@organizer_required
def anonymize_tournament(request, tournament):
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    back = reverse("tournament:edit", args=[tournament.slug])
    problem = refusal(tournament)
    if problem:
        messages.error(request, problem)
        return redirect(back)
    if not confirmed(request):
        count = tournament.entries.count()
        return ask(request, Question(
            _("Anonymize %(name)s?") % {"name": tournament.name},
            [ngettext("The name of its %(count)s player becomes “Player” and their number, on "
                      "every page, PDF, export and API answer, for the staff too.",
                      "The names of its %(count)s players become “Player” and their number, "
                      "on every page, PDF, export and API answer, for the staff too.", count)
             % {"count": count},
             _("Their e-mails and pseudonyms are deleted, and their names are taken out of the "
               "audit log and the scorekeepers' names. Every result stays as it is."),
             _("This cannot be undone.")],
            _("Anonymize every player"), back), tournament)
    try:
        count = anonymize(tournament, request.user)
    except AnonymizeError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, ngettext("%(count)s player anonymized.",
                                           "%(count)s players anonymized.", count)
                         % {"count": count})
    return redirect(back)
