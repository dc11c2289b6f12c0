"""A tournament file uploaded and previewed, kept until its owner confirms or drops it."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def new_key() -> str:
    return secrets.token_urlsafe(16)


class PendingFile(models.Model):
    """An upload between its preview and its confirmation: the file's bytes (compressed),
    what the preview showed, whose it is. In the database, so that the confirmation may reach
    another app server than the upload did; one a person at a time, gone once confirmed or
    dropped, or after ``pending.KEEP`` (``pending.keep`` clears the old ones)."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="+")
    # sent back by the preview's form: the confirmation is of the file that was previewed
    key = models.CharField(max_length=32, unique=True, default=new_key)
    name = models.CharField(max_length=200, blank=True)  # the uploaded file's name
    size = models.PositiveIntegerField()  # bytes, before compression
    data = models.BinaryField()  # the file, zlib-compressed
    preview = models.JSONField()  # what the preview page shows (``preview.Preview``)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        app_label = "exports"
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.size} bytes, {self.owner_id})"
