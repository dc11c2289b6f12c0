"""Computed results kept in the shared cache (and in this process's memory) under the
tournament's version (``versions.version``: the next change to the tournament makes them stale)
and the version of the rules that computed them (``RESULTS_RULES_VERSION``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from django.utils import translation

from tournament.models import Tournament

T = TypeVar("T")


# The rules that shape what is kept: bump this with any change to them (the ranking of a
# scoring system, the standings, the prizes, the comparison, which series count, the loaders,
# the classes kept), so that nothing an earlier release kept is read by this one.
# tests/scoring/test_results_rules_version.py lists those rules and holds a digest of them.
RESULTS_RULES_VERSION = 9
CACHE_SECONDS = 24 * 3600  # a key is never reused after a change; this only frees space
# The last results this process read, by key: a congress's standings take 30 ms to unpickle
# from the shared cache, and a key is never reused after a change, so keeping them is safe.
_RECENT: OrderedDict[str, object] = OrderedDict()
RECENT_KEPT = 16
_RECENT_LOCK = threading.Lock()


def cached(tournament: Tournament, at: str, what: tuple, build: Callable[[], T]) -> T:
    """``build()``, kept in the shared cache under the tournament's version ``at`` (and in
    this process's memory)."""
    # results keep words in the language they were computed in (the prizes' candidates)
    parts = (RESULTS_RULES_VERSION, tournament.pk, at, translation.get_language(), *what)
    key = "results:" + ":".join(str(part) for part in parts)
    with _RECENT_LOCK:
        found = _RECENT.get(key)
        if found is not None:
            _RECENT.move_to_end(key)
            return found  # type: ignore[return-value]
    found = cache.get(key)
    if found is None:
        found = build()
        cache.set(key, found, CACHE_SECONDS)
    with _RECENT_LOCK:  # a threaded server's requests share the process
        _RECENT[key] = found
        while len(_RECENT) > RECENT_KEPT:
            _RECENT.popitem(last=False)
    return found  # type: ignore[no-any-return]


def forget_recent() -> None:
    """Drop what this process kept (the tests' fresh cache)."""
    _RECENT.clear()
