"""Shared worlds of the API's tests: a club night with a released series and one in play, its
organizer with a token, and the HTTP helpers."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from api import tokens
from tests.factories import (
    SOLO_WON,
    club_night,
    confirm_series,
    enter,
    playing_seat,
    release,
    seat,
    table_of_size,
)

API = "/api"


@pytest.fixture
def marta(django_user_model):
    return django_user_model.objects.create_user("marta", password="Grand-Hand-1908")


@pytest.fixture
def two_series(marta):
    """A public club night of marta's: series 1 played, confirmed and released; series 2
    seated and in play (two deals at its four-table), not released."""
    night = club_night(marta, slug="api-night", series_count=2)
    release(confirm_series(night.series.get(number=1)))
    second = seat(night.series.get(number=2), "second")
    enter(table_of_size(second, 4), 2)
    return night


@pytest.fixture
def marta_token(marta) -> str:
    return tokens.create_token(marta, "club website").secret


def bearer(secret: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def get(client: Client, path: str, **headers):
    """GET ``/api`` + ``path``."""
    return client.get(API + path, **headers)


def deal_body(table, number: int | None = None, record: dict | None = None, **extra) -> dict:
    """The JSON of a deal for ``table``'s next deal: a won Heart Solo by a seat that may
    declare it, at the sheet's current version."""
    table.refresh_from_db()
    number = number or table.deals.count() + 1
    body = {"number": number, "sheet_version": table.sheet_version,
            "record": dict(SOLO_WON if record is None else record),
            "declarer": playing_seat(table, number)}
    body.update(extra)
    return body


def post_deal(client: Client, table, body: dict, key: str | None = None, **headers):
    headers.setdefault("HTTP_IDEMPOTENCY_KEY", key or str(uuid.uuid4()))
    return client.post(reverse("api:deal_entry", args=[table.token]), body,
                       content_type="application/json", **headers)
