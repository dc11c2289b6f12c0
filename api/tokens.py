"""Personal API tokens: made, found and revoked. The secret is shown once, when the token is
made; the database keeps its SHA-256 digest only (``ApiToken.digest``), and a request's token
is found by the digest of what it sends."""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from api.models import ApiToken
from tournament.refusals import Refusal

# "skat_" tells a leaked secret for what it is (a secret scanner's pattern); the 40 random
# characters after it are what an attacker would have to guess.
SCHEME = "skat_"
PREFIX_SHOWN = len(SCHEME) + 6  # "skat_Ab3dE9": what the page shows of a secret
NAME_MAX = 100
TOKENS_MAX = 50  # per account: a page of them, never a table that grows by a script
# a token's "last used" is written at most this often: a club's site polling every minute
# must not turn each read into a write
TOUCH_EVERY = datetime.timedelta(minutes=5)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class NewToken:
    """A token just made, with its secret: the one moment the secret is known."""

    token: ApiToken
    secret: str


def create_token(user, name: str) -> NewToken:
    """A new token of ``user`` named ``name``; raises Refusal on a name the page refuses."""
    name = " ".join(name.split())[:NAME_MAX]
    if not name:
        raise Refusal(gettext("Name: give the token a name, say the site that will use it."),
                      "name")
    with transaction.atomic():
        if ApiToken.objects.filter(user=user, revoked__isnull=True).count() >= TOKENS_MAX:
            raise Refusal(gettext("You have %(count)s tokens; revoke one you no longer use "
                                  "first.") % {"count": TOKENS_MAX})
        secret = SCHEME + secrets.token_urlsafe(30)
        token = ApiToken.objects.create(user=user, name=name, prefix=secret[:PREFIX_SHOWN],
                                        digest=digest(secret))
    return NewToken(token, secret)


def revoke_token(user, pk: int) -> ApiToken | None:
    """Revoke ``user``'s token ``pk`` (from now on it opens nothing); None: he has no such
    token. Revoking twice keeps the first time."""
    token = ApiToken.objects.filter(user=user, pk=pk).first()
    if token is not None and token.revoked is None:
        token.revoked = timezone.now()
        token.save(update_fields=["revoked"])
    return token


def tokens_of(user) -> list[ApiToken]:
    return list(ApiToken.objects.filter(user=user)[:TOKENS_MAX * 4])


def token_of(secret: str) -> ApiToken | None:
    """The token a request sends (active or revoked), with its user; None: no such token."""
    if not secret.startswith(SCHEME) or len(secret) > 200:
        return None
    return ApiToken.objects.select_related("user").filter(digest=digest(secret)).first()


def touch(token: ApiToken) -> None:
    """Note that ``token`` was used (at most every ``TOUCH_EVERY``)."""
    now = timezone.now()
    if token.last_used is None or now - token.last_used >= TOUCH_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
        token.last_used = now
