"""The JavaScript's words (Django's JavaScript catalog) in the language of the page that asks:
the page names it in the query, since a tournament may speak another language than the
visitor's browser (tournament.languages)."""

from django.utils import translation
from django.views.i18n import JavaScriptCatalog

from tournament.languages import KNOWN


class PageCatalog(JavaScriptCatalog):
    def get(self, request, *args, **kwargs):
        language = request.GET.get("language")
        if language in KNOWN:
            translation.activate(language)
        return super().get(request, *args, **kwargs)
