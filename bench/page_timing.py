"""What the benchmarks' pages cost, cold and warm: each page asked once after ``empty()`` and
once again, its time, its queries and its bytes (bench_money.py, bench_seasons.py)."""

from __future__ import annotations

import time
from collections.abc import Callable


def time_pages(client, pages: dict[str, str], empty: Callable[[], None],
               found: dict[str, object]) -> None:
    """Add ``<name>_cold`` and ``<name>_warm`` of every page to ``found``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for name, url in pages.items():
        for when in ("cold", "warm"):
            if when == "cold":
                empty()
            connection.queries_log.clear()  # it keeps 9,000 at most
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                response = client.get(url)
                body = b"".join(response) if response.streaming else response.content
                ms = round((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, (name, response.status_code)
            found[f"{name}_{when}"] = {"ms": ms, "queries": len(queries), "bytes": len(body)}
