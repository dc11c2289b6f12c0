"""The life of a series, in one place: every change of ``Series.status`` happens here and is
written to the audit log.

    draft ──publish──▶ seated ──first deal──▶ playing ──last sheet confirmed──▶ confirmed
      ◀──unpublish──                          ▲                                   │
                                              └──────── a sheet reopened ◀───────┤
                                                                                  ▼ release
    correcting ◀── a sheet reopened (the organizer agreed) ── released ◀──────────┘
        └────────── every sheet confirmed again ──────────────▶ (withdraw: ▶ confirmed)

Released results never change silently: reopening a sheet of a released series needs the
organizer's explicit consent (``ReleasedSeries``), the public pages then say a correction is
in progress, and the series is released again when every sheet is confirmed again.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count
from django.utils.translation import gettext, gettext_lazy, ngettext

from tournament.audit import record_change
from tournament.models import AuditAction, Series, SeriesStatus, SheetStatus
from tournament.refusals import Refusal

S = SeriesStatus

# The states as this module's sentences name them, in the reader's language (the model's
# labels stay as they are; these are the same words, lower case).
STATE_WORDS = {
    S.DRAFT: gettext_lazy("draft"),
    S.SEATED: gettext_lazy("seated (published)"),
    S.PLAYING: gettext_lazy("playing"),
    S.CONFIRMED: gettext_lazy("confirmed"),
    S.RELEASED: gettext_lazy("released"),
    S.CORRECTING: gettext_lazy("released, correction in progress"),
}

# (from, to) -> the audit action
TRANSITIONS: dict[tuple[str, str], AuditAction] = {
    (S.DRAFT, S.SEATED): AuditAction.SERIES_PUBLISHED,
    (S.SEATED, S.DRAFT): AuditAction.SERIES_UNPUBLISHED,
    (S.SEATED, S.PLAYING): AuditAction.SERIES_STARTED,
    (S.PLAYING, S.CONFIRMED): AuditAction.SERIES_CONFIRMED,
    (S.CONFIRMED, S.PLAYING): AuditAction.SERIES_REOPENED,
    (S.CONFIRMED, S.RELEASED): AuditAction.RESULTS_RELEASED,
    (S.RELEASED, S.CONFIRMED): AuditAction.RELEASE_WITHDRAWN,
    (S.RELEASED, S.CORRECTING): AuditAction.SERIES_CORRECTING,
    (S.CORRECTING, S.RELEASED): AuditAction.RESULTS_RELEASED_AGAIN,
    (S.CORRECTING, S.PLAYING): AuditAction.RELEASE_WITHDRAWN,
}


class LifecycleError(Refusal):
    """A change of a series' status that its state does not allow."""


def move(series: Series, to: str, user, actor: str = "", reason: str = "") -> None:
    """Change the status of ``series`` (already locked or fresh in this transaction)."""
    before = series.status
    action = TRANSITIONS.get((before, to))
    if action is None:
        # Translators: the states are the words of STATE_WORDS ("draft", "confirmed", …)
        raise LifecycleError(gettext("Series %(number)s is %(state)s; it cannot become %(to)s.")
                             % {"number": series.number, "state": STATE_WORDS[S(before)],
                                "to": STATE_WORDS[S(to)]})
    series.status = to
    series.save(update_fields=["status"])
    after = {"status": to}
    if reason:
        after["reason"] = reason
    record_change(series.tournament, user, action, f"series {series.number}", series=series,
                  actor=actor, before={"status": before}, after=after)


def withdraw_release(series: Series, user) -> None:
    """Take released results back from the public; a series under correction plays on."""
    move(series, S.PLAYING if series.is_correcting else S.CONFIRMED, user)


def deal_recorded(series: Series, user, actor: str = "") -> None:
    """The first deal of a seated series starts it."""
    if series.status == S.SEATED:
        move(series, S.PLAYING, user, actor)


def sheet_confirmed(series: Series, user, actor: str = "") -> None:
    """When the last sheet is confirmed the series is confirmed, or released again."""
    if series.tables.exclude(sheet_status="confirmed").exists():
        return
    if series.status == S.PLAYING:
        move(series, S.CONFIRMED, user, actor)
    elif series.status == S.CORRECTING:
        move(series, S.RELEASED, user, actor, reason="every sheet is confirmed again")


def sheet_reopened(series: Series, user, released_ok: bool = False) -> None:
    """A sheet reopened: a confirmed series plays again; a released one is being corrected,
    which the organizer must have agreed to (``released_ok``)."""
    if series.status == S.CONFIRMED:
        move(series, S.PLAYING, user)
    elif series.status == S.RELEASED:
        if not released_ok:
            raise ReleasedSeries(series)
        move(series, S.CORRECTING, user)


class ReleasedSeries(LifecycleError):
    """Reopening a sheet would change released results: the organizer must confirm."""

    def __init__(self, series: Series):
        super().__init__(gettext(
            "The results of series %(number)s are released. Reopening this sheet shows "
            "“correction in progress” on the public pages, without the series' results, until "
            "the series is released again; confirm to go on.") % {"number": series.number})
        self.series = series


# A congress series has a thousand tables: the release panel names this many, counts the rest.
BLOCKERS_SHOWN = 20


@dataclass(frozen=True)
class ReleaseCheck:
    """What stands between a series and the release of its results, in words."""

    series: int
    ready: bool  # the organizer may release it now
    released: bool
    summary: str  # "ready to release", "not seated yet", "2 tables not confirmed", …
    blockers: tuple[str, ...] = ()  # "Table 4: 31 of 36 deals", at most BLOCKERS_SHOWN
    more: int = 0  # further tables not confirmed, not named


def release_check(series: Series, limit: int = BLOCKERS_SHOWN) -> ReleaseCheck:
    """Why ``series`` can or cannot be released (or what a correction waits for): at most
    two queries, however many tables the series has."""
    status = series.status
    if status == S.DRAFT:
        return ReleaseCheck(series.number, False, False,
                            gettext("not seated yet: seat and publish the series first"))
    if status == S.RELEASED:
        return ReleaseCheck(series.number, False, True, gettext("released"))
    if status == S.CONFIRMED:
        return ReleaseCheck(series.number, True, False,
                            gettext("ready to release: every sheet is confirmed"))
    if status == S.SEATED:
        return ReleaseCheck(series.number, False, False, gettext("seated, no deal entered yet"))
    waiting = series.tables.exclude(sheet_status=SheetStatus.CONFIRMED)
    total = waiting.count()
    if status == S.CORRECTING:
        summary = ngettext("released; a correction is in progress at %(count)s table",
                           "released; a correction is in progress at %(count)s tables",
                           total) % {"count": total}
    else:
        summary = ngettext("%(count)s table not confirmed", "%(count)s tables not confirmed",
                           total) % {"count": total}
    rows = (waiting.order_by("number")
            .annotate(played=Count("deals", distinct=True), players=Count("seats", distinct=True))
            .values_list("number", "sheet_status", "played", "players", "ended_after")[:limit])
    tournament = series.tournament
    # a sheet the director ended early is due its deals up to the end
    blockers = tuple(_blocker(number, sheet, played, players,
                              tournament.deals_at(players) if ended is None else ended)
                     for number, sheet, played, players, ended in rows)
    return ReleaseCheck(series.number, False, status == S.CORRECTING, summary, blockers,
                        max(total - len(blockers), 0))


def _blocker(table: int, sheet: str, played: int, players: int, due: int) -> str:
    if players not in (3, 4):
        return ngettext("Table %(table)s: %(count)s player; a sheet needs 3 or 4",
                        "Table %(table)s: %(count)s players; a sheet needs 3 or 4",
                        players) % {"table": table, "count": players}
    if played < due:
        return ngettext("Table %(table)s: %(played)s of %(count)s deal",
                        "Table %(table)s: %(played)s of %(count)s deals",
                        due) % {"table": table, "played": played, "count": due}
    if sheet == SheetStatus.SUBMITTED:
        return gettext("Table %(table)s: submitted, not confirmed") % {"table": table}
    return ngettext("Table %(table)s: the %(count)s deal is in, not submitted",
                    "Table %(table)s: all %(count)s deals in, not submitted",
                    due) % {"table": table, "count": due}


def release_checks(series_list) -> list[ReleaseCheck]:
    return [release_check(s) for s in series_list]
