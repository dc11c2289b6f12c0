"""Issue 21 point 3: personal API tokens, made and revoked on the account's page, kept hashed:
the secret is shown once and never stored."""

from __future__ import annotations

import hashlib

import pytest
from django.db import connection
from django.urls import reverse

from api.models import ApiToken
from tests.api.conftest import bearer, get

pytestmark = pytest.mark.django_db

PAGE = "/account/api-tokens/"


def _everything_stored() -> str:
    """Every value of every row of the tokens' table, as text."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {ApiToken._meta.db_table}")
        return repr(cursor.fetchall())


def test_a_token_is_made_on_the_page_shown_once_and_stored_hashed(marta, client):
    client.force_login(marta)
    assert reverse("api_tokens:page") == PAGE
    made = client.post(PAGE, {"name": "club website"})
    assert made.status_code == 201
    secret = made.context["made"].secret
    assert secret.startswith("skat_") and len(secret) > 40
    assert secret in made.content.decode()
    assert made["Cache-Control"].startswith("max-age=0")  # no cache keeps the secret
    token = ApiToken.objects.get()
    assert token.user == marta and token.name == "club website"
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in _everything_stored() and secret[12:] not in _everything_stored()
    assert secret.startswith(token.prefix)
    again = client.get(PAGE).content.decode()
    assert secret not in again and token.prefix in again  # never shown again
    assert get(client.__class__(), "/tournaments", **bearer(secret)).status_code == 200
    token.refresh_from_db()
    assert token.last_used is not None


def test_a_revoked_token_is_refused(marta, client, marta_token):
    client.force_login(marta)
    token = ApiToken.objects.get()
    assert client.post(reverse("api_tokens:revoke", args=[token.pk])).status_code == 302
    token.refresh_from_db()
    assert token.revoked is not None
    refused = get(client.__class__(), "/tournaments", **bearer(marta_token))
    assert refused.status_code == 401
    assert "revoked" in refused.json()["detail"]
    assert refused["WWW-Authenticate"].startswith("Bearer")
    unknown = get(client.__class__(), "/tournaments", **bearer("skat_" + "x" * 40))
    assert unknown.status_code == 401 and "not known" in unknown.json()["detail"]


def test_nobody_revokes_anothers_token_and_the_anonymous_are_sent_to_log_in(
        marta, marta_token, client, django_user_model):
    token = ApiToken.objects.get()
    bea = django_user_model.objects.create_user("bea", password="Karo-Bube-1908")
    client.force_login(bea)
    assert client.post(reverse("api_tokens:revoke", args=[token.pk])).status_code == 404
    assert token.prefix not in client.get(PAGE).content.decode()
    anonymous = client.__class__()
    assert anonymous.get(PAGE).url.startswith(reverse("login"))
    assert anonymous.post(PAGE, {"name": "x"}).url.startswith(reverse("login"))
    token.refresh_from_db()
    assert token.revoked is None


def test_a_token_needs_a_name(marta, client):
    client.force_login(marta)
    refused = client.post(PAGE, {"name": "  "})
    assert refused.status_code == 400 and not ApiToken.objects.exists()
