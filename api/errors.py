"""Every refusal of the API as JSON with a sentence (``{"detail": …}``, the ``Error`` schema):
a 404 names what was not found, a 401 why the token was refused, a 422 each parameter at fault,
a 429 when to come back (Retry-After); a 304 carries the headers of the copy that is current."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.translation import gettext
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from api.conditional import NotModified, TooMany


def install(api: NinjaAPI) -> None:
    """The API's answers to its exceptions (ninja's own, in JSON, otherwise)."""

    def not_found(request, exc: Http404) -> HttpResponse:
        message = str(exc) if exc.args and str(exc) else gettext("Not found.")
        return api.create_response(request, {"detail": message}, status=404)

    def unauthorized(request, exc: AuthenticationError) -> HttpResponse:
        detail = str(exc) if exc.message != "Unauthorized" else gettext(
            "This API token is not valid.")
        response = api.create_response(request, {"detail": detail}, status=401)
        response["WWW-Authenticate"] = 'Bearer realm="api"'
        return response

    def too_many(request, exc: TooMany) -> HttpResponse:
        response = api.create_response(request, {"detail": str(exc)}, status=429)
        response["Retry-After"] = str(exc.wait)
        response["Cache-Control"] = "no-store"
        return response

    def http_error(request, exc: HttpError) -> HttpResponse:
        return api.create_response(request, {"detail": str(exc)}, status=exc.status_code)

    def invalid(request, exc: ValidationError) -> HttpResponse:
        errors: dict[str, list[str]] = {}
        for error in exc.errors:
            # ("query", "page") → "page"; ("body", "deal", "record") → "record"
            where = [str(part) for part in error.get("loc", ()) if part not in (
                "query", "path", "header", "body", "deal", "paging")]
            errors.setdefault(".".join(where) or "request", []).append(str(error.get("msg")))
        fields = ", ".join(errors)
        return api.create_response(request, {
            "detail": gettext("The request is not valid: %(fields)s.") % {"fields": fields},
            "errors": errors}, status=422)

    def not_modified(request, exc: NotModified) -> HttpResponse:
        response = HttpResponse(status=304)
        del response["Content-Type"]  # no body
        for name, value in exc.headers.items():
            response[name] = value
        return response

    api.add_exception_handler(Http404, not_found)
    api.add_exception_handler(AuthenticationError, unauthorized)
    api.add_exception_handler(TooMany, too_many)
    api.add_exception_handler(HttpError, http_error)
    api.add_exception_handler(ValidationError, invalid)
    api.add_exception_handler(NotModified, not_modified)
