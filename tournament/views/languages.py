"""The JavaScript's words (Django's JavaScript catalog) in the language of the page that asks:
the page names it in the query, since a tournament may speak another language than the
visitor's browser (tournament.languages)."""

from django.http import Http404
from django.utils import translation
from django.views.i18n import JavaScriptCatalog

from tournament.languages import KNOWN


class PageCatalog(JavaScriptCatalog):
    def get(self, request, *args, **kwargs):
        # one copy per language is kept (cache_page keys the whole address): any other query
        # would make a new copy for each made-up value
        language = request.GET.get("language")
        if set(request.GET) - {"language"} or (language is not None and language not in KNOWN):
            raise Http404("No such catalog.")
        if language:
            translation.activate(language)
        return super().get(request, *args, **kwargs)
