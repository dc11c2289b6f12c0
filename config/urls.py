"""Root URLs: each app's pages composed per audience.

* `t/<slug>/`: the public, released results of public tournaments (`urls_public` of `tournament`
  and `scoring`; the results' PDFs of `printing`);
* `organize/`: organizers and assistants of a tournament (`urls_organize` of every app; the
  PDFs of `printing` under `organize/<slug>/`);
* `s/<token>/`: the holder of a table's secret link (`tournament.urls_table`);
* `club/<club>/`: a club's seasons as everyone reads them (`seasons.urls_public`).

URL names keep their app namespace (`tournament:…`, `scoring:…`). Who may open what is decided by
the views' decorators in `tournament.permissions`; `tests/test_access.py` checks every URL.
"""

from django.contrib import admin
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path, register_converter
from django.views.decorators.cache import cache_page
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from exports import urls_account as exports_account
from exports import urls_organize as exports_organize
from exports import urls_public as exports_public
from live import urls_organize_tournament as live_organize
from live import urls_public as live_public
from money import urls_organize as money_organize
from printing import urls_organize as printing_organize
from printing import urls_public as printing_public
from scoring import urls_organize as scoring_organize
from scoring import urls_public as scoring_public
from seasons import urls_organize as seasons_organize
from seasons import urls_organize_tournament as seasons_organize_tournament
from seasons import urls_public as seasons_public
from tournament import urls_organize as tournament_organize
from tournament import urls_public as tournament_public
from tournament import urls_table as tournament_table
from tournament.parsing import TokenConverter
from tournament.views import accounts, home, sheets
from tournament.views.languages import PageCatalog

register_converter(TokenConverter, "token")

handler500 = "config.busy.server_error"  # a busy database is a 503 (config/busy.py)


def app(name: str, *, public=None, organize=None, table=None, organize_tournament=None,
        club=None):
    """One app's URL modules under their audience's prefix, in the app's namespace."""
    patterns = []
    if public is not None:
        patterns.append(path("t/<slug:slug>/", include(public)))
    if club is not None:
        patterns.append(path("club/<int:club>/", include(club)))
    if organize is not None:
        patterns.append(path("organize/", include(organize)))
    if organize_tournament is not None:
        patterns.append(path("organize/<slug:slug>/", include(organize_tournament)))
    if table is not None:
        patterns.append(path("s/<token:token>/", include(table)))
    return include((patterns, name))


# No form token: switching the language is harmless, and a page with a token could not be kept
# for the public (tournament.crowd).
choose_language = csrf_exempt(set_language)


def favicon(request):
    """Browsers ask for /favicon.ico whatever the page links: send them to the club (SVG)."""
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


urlpatterns = [
    path("admin/", admin.site.urls),
    path("favicon.ico", favicon, name="favicon"),
    # the header's language switch (a cookie), and the JavaScript's words in that language
    path("language/", choose_language, name="set_language"),
    # (kept an hour per language; pages link it with their language in the query, so a
    # browser's copy never speaks the language the visitor just left)
    path("jsi18n/", cache_page(3600)(PageCatalog.as_view()), name="javascript_catalog"),
    path("", home, name="home"),
    # the table links' service worker: at /s/ so that it controls their pages and no other
    path("s/sheet-sw.js", sheets.service_worker, name="sheet_service_worker"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", accounts.LogoutView.as_view(), name="logout"),
    path("password/", accounts.PasswordChangeView.as_view(), name="password_change"),
    # before the tournament's: organize/clubs/ is the clubs' page, not a tournament's (the
    # tournament form refuses the address "clubs")
    path("", app("seasons", club=seasons_public, organize=seasons_organize,
                 organize_tournament=seasons_organize_tournament)),
    path("", app("tournament", public=tournament_public, organize=tournament_organize,
                 table=tournament_table)),
    path("", app("scoring", public=scoring_public, organize_tournament=scoring_organize)),
    path("", app("printing", public=printing_public, organize_tournament=printing_organize)),
    path("", app("exports", public=exports_public, organize=exports_account,
                 organize_tournament=exports_organize)),
    path("", app("money", organize_tournament=money_organize)),
    path("", app("live", public=live_public, organize_tournament=live_organize)),
    path("api/", include("api.urls")),
    # an account's API tokens (made, revoked; api/account.py)
    path("account/api-tokens/", include("api.urls_account")),
]

# "not found" and "refused" say what happened and what to do (tournament.views.errors)
handler404 = "tournament.views.errors.not_found"
handler403 = "tournament.views.errors.refused"
