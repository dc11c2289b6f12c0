"""The API (django-ninja): its routers, its answers to errors, its schema at
``/api/openapi.json`` and its browsable docs at ``/api/docs`` (docs/api.md)."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.urls import path, reverse
from ninja import NinjaAPI
from ninja.openapi.docs import Swagger
from ninja.renderers import JSONRenderer

from api import comparative, errors, results, seasons, tables, tournaments

DESCRIPTION = """\
The results of the site's tournaments as their public pages show them, and a table's deal
entry. Anonymous callers read what the public pages show: the released series of public
tournaments, the names as each player chose to publish them. An account's personal token
(`Authorization: Bearer skat_…`, made on the account's API tokens page) or its login reads
what the account reads on the pages: everything of the tournaments it organizes or assists.
A table's secret link (its token in the path) reads and enters that table's deals.
Lists are paged (`page`, `page_size`); a tournament's answers carry an ETag and a
Last-Modified (a conditional GET answers 304); anonymous callers share the public pages'
budget per address (429 with Retry-After). See docs/api.md."""


class Docs(Swagger):
    """Swagger UI from the site's own static files (django-ninja ships them), under the
    site's Content-Security-Policy: the page (templates/api/docs.html) names the schema in a
    data attribute and static/js/api_docs.js starts Swagger UI over it (no inline script, no
    validator badge from another host)."""

    template = "api/docs.html"

    def render_page(self, request, api, **kwargs):
        return render(request, self.template, {"schema_url": self.get_openapi_url(api, kwargs)})


class Renderer(JSONRenderer):
    """JSON in UTF-8 as written ("Müller", not "M\\u00fcller")."""

    json_dumps_params = {"ensure_ascii": False}


class SiteAPI(NinjaAPI):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._schemas: dict = {}

    def _get_urls(self):
        """ninja's URLs, its root (a 404 of ninja's) sending to the docs instead."""
        *found, _root = super()._get_urls()
        return [*found, path("", to_the_docs, name="api-root")]

    def get_openapi_schema(self, *, path_prefix=None, path_params=None):
        """The schema, each read's token optional (``{}``: anonymous callers are welcome);
        made once a process (it takes some 90 ms and changes only with the code)."""
        key = (path_prefix, tuple(sorted((path_params or {}).items())))
        if key not in self._schemas:
            schema = super().get_openapi_schema(path_prefix=path_prefix,
                                                path_params=path_params)
            for operations in schema["paths"].values():
                for operation in operations.values():
                    if operation.get("security") and {} not in operation["security"]:
                        operation["security"].append({})
            self._schemas[key] = schema
        return self._schemas[key]


def to_the_docs(request):
    return redirect(reverse("api:openapi-view"))


api = SiteAPI(title="Skat congress API", version="1", description=DESCRIPTION,
              urls_namespace="api", docs=Docs(), renderer=Renderer())
errors.install(api)
api.add_router("", tournaments.router)
api.add_router("", results.router)
api.add_router("", comparative.router)
api.add_router("", tables.router)
api.add_router("", seasons.router)
