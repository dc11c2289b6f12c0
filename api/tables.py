"""A table's score sheet: read by its series' audience (the public once the series' results
are released, as the table's public page), read and written by the holder of its secret link
(``/api/tables/<token>/deals``, as the sheet's page ``s/<token>/``)."""

from __future__ import annotations

import hashlib
import re

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from ninja import Header, Path, Router
from ninja.responses import Status

from api import conditional
from api.auth import READERS, table_of_token, visitor_of
from api.entry import KEY_MAX, enter
from api.schemas import Error
from api.sheet_schemas import DealIn, Entered, Sheet
from api.sheets import sheet_of
from api.tournaments import NUMBER, READ_ANSWERS, SLUG
from tournament import crowd
from tournament.models import Series, Table
from tournament.parsing import TokenConverter, clean_text
from tournament.permissions import Role
from tournament.sheets.confirmation import real_name
from tournament.sheets.loaders import table_info

router = Router(tags=["tables"])

TABLE = Path(..., ge=1, le=100_000, description="The table's number in its series.")
TOKEN = Path(..., pattern=f"^{TokenConverter.regex}$",
             description="The table's secret link token: the end of its sheet's address "
                         "/s/<token>/, printed as a QR code on the table card.")


@router.get("/tournaments/{slug}/series/{number}/tables/{table}",
            response={200: Sheet, **READ_ANSWERS}, auth=READERS, url_name="table",
            operation_id="table")
def table_sheet(request, response: HttpResponse, slug: str = SLUG, number: int = NUMBER,
                table: int = TABLE):
    """A table's sheet: its deals as canonical records with their outcomes, the seats they
    name, the penalties. The public reads it once the series' results are released."""
    visitor = visitor_of(request, slug)
    series = get_object_or_404(Series, tournament=visitor.tournament, number=number)
    if not visitor.sees_sheets_of(series):
        raise Http404(gettext("The results of series %(number)s are not released.")
                      % {"number": number})
    found = Table.objects.filter(series=series, number=table).first()
    if found is None:
        raise Http404(gettext("Series %(series)s has no table %(table)s.")
                      % {"series": number, "table": table})
    found.series = series
    return conditional.read(request, response, visitor, lambda: sheet_of(
        table_info(found, public=visitor.released_only)))

KEY = Header(..., alias="Idempotency-Key", min_length=1, max_length=KEY_MAX,
             description="A key the client makes for this deal (a UUID): the same key again "
                         "gets the same answer and never stores a second deal.")


def link_holder(request) -> Table:
    """The table of the token in the path (an unknown or replaced one: 404), decided before
    anything of the request is read."""
    match = request.resolver_match
    token = str(match.kwargs.get("token", "")) if match else ""
    if not re.fullmatch(TokenConverter.regex, token):
        raise Http404(gettext("No table has this link; check the address on the table's "
                              "card."))
    return table_of_token(request, token)


@router.get("/tables/{token}/deals", response={200: Sheet, 404: Error}, auth=[link_holder],
            url_name="link_sheet", operation_id="link_sheet")
def link_sheet(request, token: str = TOKEN):
    """The table's sheet for its link's holder: the version and the deal to send next."""
    return sheet_of(table_info(request.auth))


def device(request) -> str:
    """The audit log's tag of the device that entered (the form's is its session's): the
    client's address and program, hashed, as short as the session's tag."""
    seen = f"{crowd.client_address(request)}|{request.headers.get('User-Agent', '')}"
    return "api-" + hashlib.sha256(seen.encode()).hexdigest()[:8]


@router.post("/tables/{token}/deals",
             response={201: Entered, 404: Error, 409: Error, 422: Error},
             auth=[link_holder], url_name="deal_entry", operation_id="deal_entry")
def deal_entry(request, deal: DealIn, token: str = TOKEN, idempotency_key: str = KEY):
    """Enter the next deal of the table's sheet, as its page's form does: 201 with the deal
    stored; the same Idempotency-Key again gets the same answer, never a second deal; a
    sheet changed since ``sheet_version`` is a 409 with the current version; the engine's
    refusal a 422 naming the field and its rule; a confirmed sheet a 409 saying why."""
    if getattr(request, "link_role", Role.NONE) >= Role.ASSISTANT:
        actor = request.user.get_username()  # staff's outbox: audited by account, as the form
    else:
        actor = real_name(clean_text(deal.scorekeeper)[:120])
    answer = enter(request.auth, deal.model_dump(),
                   clean_text(idempotency_key), actor, device(request))
    return Status(answer.status, answer.body)
