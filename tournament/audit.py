"""The audit log: every change to a plan, an entry or a deal is kept with before and after."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext

from engine import RuleSet
from tournament.audit_words import field_label, readable, say_value
from tournament.models import AuditAction, AuditEntry, Series, Table, Tournament
from tournament.models.audit import SHEET_ACTIONS
from tournament.versions import changed_on_commit


def record_change(tournament: Tournament | None, user, action: AuditAction, subject: str,
                  before=None, after=None, actor: str = "", session: str = "", *,
                  series: Series | int | None = None, table: Table | int | None = None,
                  deal: int | None = None) -> AuditEntry:
    """Keep one change; ``session`` tags the browser it came from (see
    ``permissions.session_tag``), so two steps of one phone can be told apart from two.

    ``series``, ``table`` and ``deal`` say where it happened (objects or numbers; a table
    brings its series): the audit page filters by them, while ``subject`` is the words it
    shows."""
    action = AuditAction(action)  # an unknown action is a programming error, refused here
    if isinstance(table, Table):
        series = table.series if series is None else series
        table = table.number
    if isinstance(series, Series):
        series = series.number
    if (table is not None and series is None) or (deal is not None and table is None):
        raise ValueError("a table is one of a series, a deal one of a table")
    authenticated = user is not None and getattr(user, "is_authenticated", False)
    entry = AuditEntry.objects.create(
        tournament=tournament,
        user=user if authenticated else None,
        session=session,
        actor=actor or (user.get_username() if authenticated else ""),
        action=action,
        subject=subject,
        series=series,
        table=table,
        deal=deal,
        before=before,
        after=after,
    )
    if tournament is not None:
        changed_on_commit([tournament.pk], public=action not in SHEET_ACTIONS)
    return entry


def history(entries, series: int | None = None, table: int | None = None,
            deal: int | None = None):
    """``entries`` narrowed to what happened at a place: a series, a table (of one series, or
    that number in every series), a deal; by the columns, so "table 1" is never "table 12"
    and a deal deleted since keeps its history."""
    place = {"series": series, "table": table, "deal": deal}
    return entries.filter(**{key: n for key, n in place.items() if n is not None})


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
    if _empty(value):
        return "–"
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, list):
        return ", ".join(shown_value(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {shown_value(v)}" for k, v in _flat(value).items())
    return str(value)


def changes(before, after, shown: Callable[[str, object], str] | None = None) -> list[Change]:
    """What an audit entry changed: with both sides, only the keys whose values differ (nested
    keys dotted, a key missing on one side shown as "–"); with one side, its keys and values.
    ``shown(key, value)`` says a value (by default ``shown_value``)."""
    if shown is None:
        def shown(key, value):
            return shown_value(value)
    if before is None and after is None:
        return []
    if before is None or after is None:
        side = _flat(after if before is None else before)
        return [(key, None, shown(key, v)) if before is None else (key, shown(key, v), None)
                for key, v in side.items()]
    old, new = _flat(before), _flat(after)
    keys = list(old) + [k for k in new if k not in old]
    return [(key, shown(key, old.get(key)), shown(key, new.get(key)))
            for key in keys if old.get(key) != new.get(key)
            and not (_empty(old.get(key)) and _empty(new.get(key)))]


def _empty(value) -> bool:
    """Nothing on that side: options {} before, a key of them after, is no change of its own."""
    return value is None or value == {} or value == []


def shown_changes(entry: AuditEntry, rules: RuleSet | None = None,
                  options=None) -> list[Change]:
    """``changes`` as the audit page shows them, in the reader's language, whatever language
    the entry was stored in: each data key in plain words, the values that are the site's
    vocabulary (a status, a game, a trump, a deal's description…) said again
    (``audit_words``; ``rules`` and ``options``: the tournament's, for its games' names and
    its deals' words); numbers, names and unknown keys as stored."""
    def shown(key, value):
        said = say_value(key, value, entry.action, rules)
        return shown_value(value) if said is None else said

    return [(field_label(key) if key else key, old, new)
            for key, old, new in changes(readable(entry.before, rules, options),
                                           readable(entry.after, rules, options), shown)]
