"""What every PDF view shares: the table's entry link, the paper and time, the response."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Callable, Iterable
from typing import IO, TypeVar

from django.http import FileResponse
from django.urls import reverse
from django.utils import timezone

from printing import progress
from printing.base import paper
from printing.batches import write_batch
from tournament.models import Table, Tournament

T = TypeVar("T")


def link(request, table: Table) -> str:
    """The absolute secret entry link of a table, for its QR code."""
    return request.build_absolute_uri(reverse("tournament:sheet", args=[table.token]))


def pdf(write: Callable[[IO[bytes]], None], filename: str) -> FileResponse:
    buffer = io.BytesIO()
    write(buffer)
    buffer.seek(0)
    return FileResponse(buffer, content_type="application/pdf", filename=filename)


def options(request, tournament: Tournament | None = None) -> dict:
    """``render``'s paper — the tournament's, unless ``?paper=a4`` or ``?paper=letter`` asks
    for another — and the time printed, in the tournament's zone."""
    asked = request.GET.get("paper")
    chosen = asked if asked else (tournament.paper if tournament is not None else None)
    return {"paper_name": paper(chosen), "printed_at": timezone.localtime()}


def batch(request, tournament: Tournament, items: Iterable[T], total: int,
          write: Callable[[IO[bytes], list[T]], None], *, title: str,
          filename: str) -> FileResponse:
    """A large PDF made a chunk at a time into a temporary file (``printing.batches``), its
    progress reported under the page's ``?job=``, and sent from the file as a download.

    Every chunk is drawn here, in this request and in its active language: the caller wraps
    the call in ``translation.override(print_language(...))``; the cache carries only counts
    (``printing.progress``), never words."""
    job = progress.job_of(request)
    progress.report(tournament.slug, job, 0, total)
    out = tempfile.TemporaryFile()  # noqa: SIM115 (FileResponse closes it when sent)
    write_batch(out, items, write, title=title, total=total,
                progress=lambda done, of: progress.report(tournament.slug, job, done, of))
    progress.report(tournament.slug, job, total, total, finished=True)
    out.seek(0)
    return FileResponse(out, content_type="application/pdf", filename=filename,
                        as_attachment=True)
