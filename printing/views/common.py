"""What every PDF view shares: the table's entry link, the paper and time, the response."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import IO

from django.http import FileResponse
from django.urls import reverse
from django.utils import timezone

from printing.base import paper
from tournament.models import Table


def link(request, table: Table) -> str:
    """The absolute secret entry link of a table, for its QR code."""
    return request.build_absolute_uri(reverse("tournament:sheet", args=[table.token]))


def pdf(write: Callable[[IO[bytes]], None], filename: str) -> FileResponse:
    buffer = io.BytesIO()
    write(buffer)
    buffer.seek(0)
    return FileResponse(buffer, content_type="application/pdf", filename=filename)


def options(request) -> dict:
    """``render``'s paper (``?paper=letter``: US Letter) and the time printed."""
    return {"paper_name": paper(request.GET.get("paper")), "printed_at": timezone.localtime()}
