"""Paged lists: ``?page=2&page_size=100``, sliced by django-ninja's ``PageNumberPagination``,
with the page size capped (for the anonymous at what a phone's page shows, as on the pages:
``tournament.crowd.PUBLIC_MAX_PER_PAGE``)."""

from __future__ import annotations

import math

from ninja import Field, Schema
from ninja.pagination import PageNumberPagination

from api.auth import caller
from tournament.crowd import PUBLIC_MAX_PER_PAGE

PAGE_SIZE = 50
MAX_PAGE_SIZE = 500  # a token's or a login's largest page; the anonymous get at most 150
LAST_PAGE = 100_000  # no list of the site has more pages than this at the smallest size


class Paging(Schema):
    page: int = Field(1, ge=1, le=LAST_PAGE, description="The page, from 1.")
    page_size: int = Field(PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE,
                           description="Rows a page: at most 500, for anonymous callers at "
                                       f"most {PUBLIC_MAX_PER_PAGE}.")


class Page(Schema):
    """What every paged answer has besides its rows (``items``)."""

    count: int = Field(description="Rows in all pages.")
    page: int
    page_size: int = Field(description="Rows a page, as served (capped).")
    pages: int


def page_size_of(request, paging: Paging) -> int:
    limit = PUBLIC_MAX_PER_PAGE if caller(request).counted else MAX_PAGE_SIZE
    return min(paging.page_size, limit)


def paged(request, rows, paging: Paging) -> dict:
    """``rows`` (a list or a query set) cut to the page asked for, with ``count``, ``page``,
    ``page_size`` and ``pages``; a page past the last is empty, never an error."""
    size = page_size_of(request, paging)
    cut = PageNumberPagination(page_size=size, max_page_size=size).paginate_queryset(
        rows, PageNumberPagination.Input(page=paging.page, page_size=size), request)
    count = cut["count"]
    return {"items": list(cut["items"]), "count": count, "page": paging.page,
            "page_size": size, "pages": max(1, math.ceil(count / size))}
