"""Which language a page or a PDF speaks, decided here and nowhere else.

* Every request starts in the visitor's language: the one they chose in the header (a cookie)
  or else their browser's (``LocaleMiddleware``).
* A tournament's public pages and table links speak the tournament's language when it has one,
  unless the visitor chose in the header: a German club's pages are German for its members,
  and a guest who switched to English keeps English.
* A PDF speaks the tournament's language when it has one, whatever the reader chose: a German
  club's sheets print in German from the organizer's English browser.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

KNOWN = frozenset(code for code, _name in settings.LANGUAGES)


def chosen(request) -> str | None:
    """The language the visitor chose with the header's switch, if any."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return code if code in KNOWN else None


def speak_for_tournament(request, tournament) -> None:
    """A public page or table link of ``tournament``: its language, unless the visitor chose."""
    if tournament.language in KNOWN and chosen(request) is None:
        translation.activate(tournament.language)
        request.LANGUAGE_CODE = tournament.language


def print_language(tournament, request=None) -> str:
    """The language of ``tournament``'s PDFs: its own, else the reader's, else the site's."""
    if tournament.language in KNOWN:
        return tournament.language
    if request is not None and getattr(request, "LANGUAGE_CODE", None) in KNOWN:
        return request.LANGUAGE_CODE
    return translation.get_language() if translation.get_language() in KNOWN else (
        settings.LANGUAGE_CODE)
