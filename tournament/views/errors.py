"""The site's own "not found" and "refused" pages: what happened, in the words the view gave
its refusal, and what the visitor can do next (``config.urls`` names them as Django's
handlers; with DEBUG on Django shows its own debugging pages instead)."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from tournament.permissions import RETIRED_LINK

NOT_FOUND = gettext_lazy("There is no page at this address.")
REFUSED = gettext_lazy("You may not open this page.")


def said(exception) -> str:
    """The sentence a view raised (``Http404("No such series.")``); "" for the generic ones
    Django makes itself ("No Table matches the given query.", an unknown address)."""
    message = exception.args[0] if exception is not None and exception.args else ""
    if isinstance(message, Promise):  # a lazy translation: said in the active language
        message = str(message)
    if not isinstance(message, str) or message.endswith("matches the given query."):
        return ""
    return message


def not_found(request, exception=None):
    what = said(exception) or NOT_FOUND
    return render(request, "404.html", {
        "what": what,
        # the view raised it in the reader's language (``permissions.table_of_link``)
        "retired_link": what in (RETIRED_LINK, gettext(RETIRED_LINK)),
        "table_link": request.path.startswith("/s/"),
    }, status=404)


def refused(request, exception=None):
    what = said(exception) or REFUSED
    return render(request, "403.html", {"what": what}, status=403)
