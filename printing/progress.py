"""How far a large PDF is: the view making it writes here after every chunk, the page that
asked for it reads it every second (``print-progress/?job=…``).

The cache is shared by every worker process (settings ``CACHES``: files on disk, Redis shared
by every app server, or the test settings' memory), so the worker answering the page need not
be the one printing, nor even on the same machine."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from django.core.cache import cache

JOB = re.compile(r"^[A-Za-z0-9]{8,40}$")
LIFETIME = 15 * 60  # seconds a finished job's progress stays readable


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    finished: bool = False

    def as_json(self) -> dict:
        return asdict(self)


def job_of(request) -> str | None:
    """The page's job name from ``?job=``, or None when absent or not a plain token."""
    job = request.GET.get("job", "")
    return job if JOB.match(job) else None


def _key(slug: str, job: str) -> str:
    return f"printing:{slug}:{job}"


def report(slug: str, job: str | None, done: int, total: int, *, finished: bool = False) -> None:
    if job is not None:
        cache.set(_key(slug, job), Progress(done, total, finished).as_json(), LIFETIME)


def read(slug: str, job: str) -> Progress | None:
    stored = cache.get(_key(slug, job))
    return Progress(**stored) if stored else None
