"""Large PDFs made a few tables at a time, so that memory stays flat whatever the size.

reportlab keeps every page of a document in memory until it saves. A batch of a series —
every sheet, every table card — is therefore made as one small document per ``CHUNK``
tables, each written to a temporary file, and the pages of all are copied into the one PDF
the organizer downloads (pypdf keeps only the compressed pages, a few kB each). The progress
is reported after every chunk (``printing.progress``).
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TypeVar

from pypdf import PdfReader, PdfWriter

T = TypeVar("T")

CHUNK = 25  # tables per small document: a few MB of reportlab's pages at most


def chunks(items: Iterable[T], size: int | None = None) -> Iterator[list[T]]:
    iterator, size = iter(items), size or CHUNK
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def write_batch(handle: IO[bytes], items: Iterable[T], write: Callable[[IO[bytes], list[T]], None],
                *, title: str, total: int,
                progress: Callable[[int, int], None] | None = None) -> None:
    """``write(file, chunk)`` writes the PDF of a chunk of ``items``; the pages of all chunks
    go to ``handle`` in order. ``progress(done, total)`` is told after every chunk."""
    writer = PdfWriter()
    done = 0
    for chunk in chunks(items):
        with tempfile.TemporaryFile() as part:
            write(part, chunk)
            part.seek(0)
            writer.append(PdfReader(part))
        done += len(chunk)
        if progress is not None:
            progress(done, total)
    if done == 0:
        write(handle, [])  # the document's own "nothing to print" page
        return
    writer.add_metadata({"/Title": title})
    writer.write(handle)
