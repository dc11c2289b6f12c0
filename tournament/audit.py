"""The audit log: every change to a plan, an entry or a deal is kept with before and after."""

from __future__ import annotations

import uuid

from django.core.cache import cache
from django.db import transaction

from tournament.models import AuditAction, AuditEntry, Tournament
from tournament.models.audit import SHEET_ACTIONS


def record_change(tournament: Tournament | None, user, action: AuditAction, subject: str,
                  before=None, after=None, actor: str = "", session: str = "") -> AuditEntry:
    """Keep one change; ``session`` tags the browser it came from (see
    ``permissions.session_tag``), so two steps of one phone can be told apart from two."""
    action = AuditAction(action)  # an unknown action is a programming error, refused here
    authenticated = user is not None and getattr(user, "is_authenticated", False)
    entry = AuditEntry.objects.create(
        tournament=tournament,
        user=user if authenticated else None,
        session=session,
        actor=actor or (user.get_username() if authenticated else ""),
        action=action,
        subject=subject,
        before=before,
        after=after,
    )
    if tournament is not None:
        changed_on_commit([tournament.pk], public=action not in SHEET_ACTIONS)
    return entry


# --- the version of a tournament's data, for cached results ----------------------------------


def version(tournament: Tournament, public: bool = False) -> str:
    """What cached results of ``tournament`` are keyed on: they are stale once it changes.

    Every change that counts writes an audit entry in its transaction, so the latest entry's
    id changes with it (one indexed query). The id alone could miss a change: a transaction
    that took its id earlier may commit after a later one, and a page computed between the
    two would be kept under the later id. So each commit also draws a new token in the
    shared cache (``changed``), and the key holds both.

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
    (the public's results too, unless ``public`` is false: a sheet of a series in play)."""
    cache.set(_token_key(tournament_id, "all"), uuid.uuid4().hex[:12], None)
    if public:
        cache.set(_token_key(tournament_id, "public"), uuid.uuid4().hex[:12], None)


def changed_on_commit(tournament_ids, public: bool = True) -> None:
    """``changed`` for each of ``tournament_ids`` once the current transaction commits (at
    once outside one): a change that reaches tournaments besides the one it is audited in."""
    ids = set(tournament_ids)
    # robust: the change is committed whatever the cache says; a failed write is logged, and
    # the audit entry's id still moves the version
    transaction.on_commit(lambda: [changed(i, public) for i in ids], robust=True)


# --- what the audit page shows ---------------------------------------------------------------

Change = tuple[str, str | None, str | None]  # (key, before, after); None: that side is absent


def _flat(value, prefix: str = "") -> dict[str, object]:
    """A stored state as dotted keys: {"record": {"game": "solo"}} → {"record.game": "solo"}."""
    if not isinstance(value, dict):
        return {prefix: value}
    flat: dict[str, object] = {}
    for key, item in value.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(item, dict) and item:
            flat.update(_flat(item, name))
        else:
            flat[name] = item
    return flat


def shown_value(value) -> str:
    if value is None or value == {} or value == []:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(shown_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {shown_value(v)}" for k, v in _flat(value).items())
    return str(value)


def changes(before, after) -> list[Change]:
    """What an audit entry changed: with both sides, only the keys whose values differ (nested
    keys dotted, a key missing on one side shown as "–"); with one side, its keys and values."""
    if before is None and after is None:
        return []
    if before is None or after is None:
        side = _flat(after if before is None else before)
        return [(key, None, shown_value(v)) if before is None else (key, shown_value(v), None)
                for key, v in side.items()]
    old, new = _flat(before), _flat(after)
    keys = list(old) + [k for k in new if k not in old]
    return [(key, shown_value(old.get(key)), shown_value(new.get(key)))
            for key in keys if old.get(key) != new.get(key)]
