"""The audit log: every change to a plan, an entry or a deal is kept with before and after."""

from __future__ import annotations

from tournament.models import AuditAction, AuditEntry, Tournament
from tournament.models.audit import SHEET_ACTIONS
from tournament.versions import changed_on_commit


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
