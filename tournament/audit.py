"""The audit log: every change to a plan, an entry or a deal is kept with before and after."""

from __future__ import annotations

from tournament.models import AuditAction, AuditEntry, Tournament


def record_change(tournament: Tournament | None, user, action: AuditAction, subject: str,
                  before=None, after=None, actor: str = "", session: str = "") -> AuditEntry:
    """Keep one change; ``session`` tags the browser it came from (see
    ``permissions.session_tag``), so two steps of one phone can be told apart from two."""
    action = AuditAction(action)  # an unknown action is a programming error, refused here
    authenticated = user is not None and getattr(user, "is_authenticated", False)
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user if authenticated else None,
        session=session,
        actor=actor or (user.get_username() if authenticated else ""),
        action=action,
        subject=subject,
        before=before,
        after=after,
    )
