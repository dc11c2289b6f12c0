"""The version of a tournament's data: what cached results are keyed on.

Every change that counts writes an audit entry in its transaction (``audit.record_change``),
so the latest entry's id moves with it; a token in the shared cache, dropped on each commit
and drawn anew by the next reading, covers what the id alone could miss.
"""

from __future__ import annotations

import uuid

from django.core.cache import cache
from django.db import transaction
from django.db.models import Max

from tournament.models import AuditEntry, Tournament
from tournament.models.audit import SHEET_ACTIONS


def version(tournament: Tournament, public: bool = False) -> str:
    """What cached results of ``tournament`` are keyed on: they are stale once it changes.

    Every change that counts writes an audit entry in its transaction, so the latest entry's
    id changes with it (one indexed query). The id alone could miss a change: a transaction
    that took its id earlier may commit after a later one, and a page computed between the
    two would be kept under the later id. So each commit also drops the token in the shared
    cache (``changed``), the next reading draws a new one, and the key holds both.

    ``public``: the version of the released series' results, which the changes to sheets
    leave alone: the public counts no series in play, nor one under correction (it sees its
    results again when the series is released again, a change of the series' status).
    """
    entries = AuditEntry.objects.filter(tournament=tournament)
    scope = "all"
    if public:
        entries, scope = entries.exclude(action__in=sorted(SHEET_ACTIONS)), "public"
    latest = entries.order_by("-id").values_list("id", flat=True).first()
    return f"{scope}.{_token(tournament.pk, scope)}.{latest or 0}"


def versions(tournament_ids, public: bool = False) -> dict[int, str]:
    """``version`` of each of many tournaments (a club's season reads fifty evenings) in one
    query and one reading of the cache."""
    ids = sorted(set(tournament_ids))
    entries = AuditEntry.objects.filter(tournament_id__in=ids)
    scope = "all"
    if public:
        entries, scope = entries.exclude(action__in=sorted(SHEET_ACTIONS)), "public"
    latest = dict(entries.values_list("tournament_id").annotate(Max("id")).order_by())
    kept = cache.get_many([_token_key(i, scope) for i in ids])
    return {i: f"{scope}.{kept.get(_token_key(i, scope)) or _token(i, scope)}."
               f"{latest.get(i) or 0}" for i in ids}


def _token_key(tournament_id: int, scope: str) -> str:
    return f"tournament-version:{scope}:{tournament_id}"


def _token(tournament_id: int, scope: str) -> str:
    key = _token_key(tournament_id, scope)
    token = cache.get(key)
    if token is None:  # first use, or the cache was cleared: a new token, so nothing is reused
        cache.add(key, uuid.uuid4().hex[:12], None)
        token = cache.get(key)
    return str(token)


def changed(tournament_id: int, public: bool = True) -> None:
    """A change of the tournament was committed: what was cached of it is not used again
    (the public's results too, unless ``public`` is false: a sheet of a series in play).
    The token is dropped, not drawn here: a deletion is the cheapest write of a file cache
    (a write there is a temporary file, a rename and a listing of the folder), and the next
    reading draws the new one, once however many deals were saved in between."""
    scopes = ("all", "public") if public else ("all",)
    cache.delete_many([_token_key(tournament_id, scope) for scope in scopes])


def changed_on_commit(tournament_ids, public: bool = True) -> None:
    """``changed`` for each of ``tournament_ids`` once the current transaction commits (at
    once outside one): a change that reaches tournaments besides the one it is audited in."""
    ids = set(tournament_ids)
    # robust: the change is committed whatever the cache says; a failed write is logged, and
    # the audit entry's id still moves the version
    transaction.on_commit(lambda: [changed(i, public) for i in ids], robust=True)
