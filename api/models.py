"""What the API keeps: an account's personal tokens (hashed, never the secret) and the answers
to the deals entered through a table's link (one per Idempotency-Key)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models import Table


class ApiToken(models.Model):
    """A personal API token: it reads what its account reads when logged in (api/auth.py).

    Only the SHA-256 digest of the secret is kept: the secret is shown once, when the token is
    made, and a token found in a leaked database opens nothing. ``prefix`` is the secret's
    first characters, so that its holder can tell his tokens apart on the page."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="api_tokens")
    name = models.CharField(_("name"), max_length=100)
    prefix = models.CharField(max_length=16)
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self) -> bool:
        return self.revoked is None


class DealRequest(models.Model):
    """A deal entered through the API under an Idempotency-Key: the answer given, so that the
    same key again gets the same answer and never a second deal. One per table and key (the
    unique constraint holds it even where two requests with one key race)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200)
    digest = models.CharField(max_length=64)  # of the request's body
    status = models.PositiveSmallIntegerField()
    response = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "key"],
                                               name="one_answer_per_key")]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.key} → {self.status}"
