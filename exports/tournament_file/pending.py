"""Uploaded tournament files between the preview and the confirmation: kept in the database
(``PendingFile``), compressed, one a person; gone once confirmed or dropped by its owner, and
at anybody's next upload once older than ``KEEP``."""

from __future__ import annotations

import datetime
import zlib

from django.db import transaction
from django.utils import timezone

from .models import PendingFile
from .preview import Preview

KEEP = datetime.timedelta(hours=24)


def keep(owner, name: str, data: bytes, preview: Preview) -> PendingFile:
    """``data`` kept for ``owner``'s confirmation, in place of any file left waiting before;
    files older than ``KEEP`` go."""
    with transaction.atomic():
        PendingFile.objects.filter(owner=owner).delete()
        PendingFile.objects.filter(created_at__lt=timezone.now() - KEEP).delete()
        return PendingFile.objects.create(owner=owner, name=name[:200], size=len(data),
                                          data=zlib.compress(data), preview=preview.as_json())


def waiting(owner) -> PendingFile | None:
    """The file ``owner`` left waiting, if it is not too old."""
    return (PendingFile.objects.filter(owner=owner, created_at__gte=timezone.now() - KEEP)
            .first())


def claim(pending: PendingFile) -> bytes | None:
    """The waiting file's bytes, taken out of the waiting room for its import; None when
    another request took it first (a second click on "Import")."""
    taken, _kinds = PendingFile.objects.filter(pk=pending.pk).delete()
    return zlib.decompress(bytes(pending.data)) if taken else None


def drop(pending: PendingFile) -> None:
    PendingFile.objects.filter(pk=pending.pk).delete()
