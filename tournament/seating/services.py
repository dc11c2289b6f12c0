"""Series plans in the database: seat a series, correct it by hand, publish it.

The algorithms live in :mod:`tournament.seating.algorithms` (plain functions over entry ids);
this module feeds them from the database with a bounded number of queries and stores the result
in one transaction, auditing every change.
"""

from __future__ import annotations

import dataclasses
import secrets

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from tournament import lifecycle
from tournament.audit import record_change
from tournament.models import (
    AuditAction,
    DealSet,
    Entry,
    RetiredLink,
    Seat,
    SeatingMethod,
    Series,
    SeriesStatus,
    Table,
)
from tournament.refusals import Refusal
from tournament.seating import algorithms as seating
from tournament.seating.loaders import (  # the plan as read; here too for the callers
    OPEN_STATES,
    checked_in_ids,
    keep_apart_pairs,
    members_by_table,
    met_pairs,
    named,
    no_seat,
    plan_problems,
    snapshot,
    unseated,
)
from tournament.words import say


class PlanError(Refusal):
    """A plan change the organizer must be told about, in one sentence."""


def new_seed() -> str:
    return secrets.token_hex(4)


def _require_changeable(series: Series) -> None:
    if series.plan_changeable:
        # a substitute or an early end the director set names the seats as they are
        stands = (series.tables.filter(Q(substituted=True) | Q(ended_after__isnull=False))
                  .order_by("number").first())
        if stands is not None:
            text = (gettext("Table %(table)s has a substitute on its sheet; the plan of "
                            "series %(series)s is fixed while it stands. Remove it on the "
                            "table's sheet first.") if stands.substituted else
                    gettext("Table %(table)s has an early end on its sheet; the plan of series "
                            "%(series)s is fixed while it stands. Remove it on the table's "
                            "sheet first."))
            raise PlanError(text % {"table": stands.number, "series": series.number})
        return
    if series.status not in (SeriesStatus.DRAFT, SeriesStatus.SEATED):
        raise PlanError(gettext("Series %(series)s has started; its plan can no longer change.")
                        % {"series": series.number})
    raise PlanError(gettext("Deals are entered in series %(series)s; its plan is fixed.")
                    % {"series": series.number})


def seat_series(series: Series, method: str, seed: str | None, user) -> seating.Plan:
    """Draw or re-seat ``series`` from the checked-in players, replacing a draft plan."""
    tournament = series.tournament
    if series.status != SeriesStatus.DRAFT:
        raise PlanError(gettext("Series %(series)s is published; only a draft can be "
                                "re-drawn.") % {"series": series.number})
    seed = (seed or "").strip() or new_seed()
    entries = checked_in_ids(tournament)
    apart = keep_apart_pairs(tournament)
    policy = seating.TablePolicy(tournament.table_policy)
    try:
        if method == SeatingMethod.RESEAT:
            plan = seating.reseat(entries, seed, met_pairs(tournament, series.number),
                                  policy=policy, keep_apart=apart)
        elif method == SeatingMethod.DRAW:
            plan = seating.draw(entries, seed, policy=policy, keep_apart=apart)
        else:
            raise PlanError(gettext("Unknown seating method %(method)s.")
                            % {"method": repr(method)})
    except seating.SeatingError as exc:
        raise PlanError(say(exc.words)) from exc

    _store_plan(series, method, seed, plan, user)
    return plan


def _store_plan(series: Series, method: str, seed: str, plan: seating.Plan, user) -> None:
    """Replace the series' seats by ``plan`` in one transaction and audit it.

    A table that keeps its number keeps its row, and so its link (cards printed before a
    re-draw still lead to table 3); a table the new plan no longer has is removed and its
    link retired, so its holder is told why it no longer opens.
    """
    tournament = series.tournament
    with transaction.atomic():
        before = snapshot(series)
        Seat.objects.filter(series=series).delete()
        count = len(plan.tables)
        retire_tables(series, series.tables.filter(number__gt=count))
        kept = set(series.tables.values_list("number", flat=True))
        Table.objects.bulk_create([Table(series=series, number=n)
                                   for n in range(1, count + 1) if n not in kept])
        tables = list(series.tables.order_by("number"))
        Seat.objects.bulk_create(
            Seat(table=table, series=series, position=position, entry_id=entry_id)
            for table, members in zip(tables, plan.tables, strict=True)
            for position, entry_id in enumerate(members, start=1)
        )
        # a new plan seats every checked-in player: nobody sits out unless asked again
        series.sits_out.clear()
        series.seating_method = method
        series.seed = seed
        series.repeat_pairs = plan.repeat_pairs
        series.apart_violations = plan.apart_violations
        series.save(update_fields=["seating_method", "seed", "repeat_pairs",
                                   "apart_violations"])
        record_change(tournament, user, AuditAction.SERIES_SEATED, f"series {series.number}",
                      series=series,
                      before=before or None,
                      after={"method": method, "seed": seed, "tables": snapshot(series),
                             "repeat_pairs": plan.repeat_pairs})


def retire_tables(series: Series, tables) -> None:
    """Delete ``tables`` (a queryset of ``series``' tables) and keep their links as retired."""
    retired = list(tables.values_list("token", "number"))
    RetiredLink.objects.bulk_create(
        [RetiredLink(token=token, tournament_id=series.tournament_id,
                     series_number=series.number, table_number=number)
         for token, number in retired], ignore_conflicts=True)
    tables.delete()  # seats go with their tables


def _seat_of(series: Series, number: int) -> Seat:
    seat = (Seat.objects.select_related("table", "entry")
            .filter(series=series, entry__number=number).first())
    if seat is None:
        raise PlanError(gettext("Player number %(number)s has no seat in series %(series)s.")
                        % {"number": number, "series": series.number})
    return seat


def swap_players(series: Series, first: int, second: int, user) -> None:
    """Swap the seats of two players (by participant number)."""
    _require_changeable(series)
    if first == second:
        raise PlanError(gettext("Choose two different players to swap."))
    with transaction.atomic():
        a, b = _seat_of(series, first), _seat_of(series, second)
        before = {"table": a.table.number, "seat": a.position, "player": first,
                  "other_table": b.table.number, "other_seat": b.position, "other": second}
        a_entry, b_entry = a.entry_id, b.entry_id
        # one seat per series is unique: park one entry on a placeholder row first
        Seat.objects.filter(pk=a.pk).delete()
        Seat.objects.filter(pk=b.pk).update(entry_id=a_entry)
        Seat.objects.create(table=a.table, series=series, position=a.position, entry_id=b_entry)
        recount(series)
        record_change(series.tournament, user, AuditAction.PLAYERS_SWAPPED,
                      f"series {series.number}", series=series,
                      before=before,
                      after={"player": first, "table": b.table.number, "seat": b.position,
                             "other": second, "other_table": a.table.number,
                             "other_seat": a.position})


def move_player(series: Series, number: int, table_number: int, user) -> None:
    """Move a player to another table's free seat (the last position), keeping sizes 3-4."""
    _require_changeable(series)
    with transaction.atomic():
        seat = _seat_of(series, number)
        target = series.tables.filter(number=table_number).first()
        if target is None:
            raise PlanError(gettext("Series %(series)s has no table %(table)s.")
                            % {"series": series.number, "table": table_number})
        if target.pk == seat.table_id:
            raise PlanError(gettext("Player %(number)s already sits at table %(table)s.")
                            % {"number": number, "table": table_number})
        if target.seats.count() >= 4:
            raise PlanError(gettext("Table %(table)s is full (4 players); swap instead.")
                            % {"table": table_number})
        source = seat.table
        if series.is_published and source.seats.count() <= 3:
            kept = source.seats.count() - 1
            raise PlanError(ngettext(
                "Table %(table)s would keep only %(count)s player, and its score sheet needs 3 "
                "or 4. Swap the player instead, or move a player in first.",
                "Table %(table)s would keep only %(count)s players, and its score sheet needs 3 "
                "or 4. Swap the player instead, or move a player in first.", kept)
                % {"table": source.number, "count": kept})
        before = {"player": number, "table": source.number, "seat": seat.position}
        seat.delete()
        _close_gaps(source)
        position = target.seats.count() + 1
        Seat.objects.create(table=target, series=series, position=position,
                            entry_id=seat.entry_id)
        recount(series)
        record_change(series.tournament, user, AuditAction.PLAYER_MOVED, f"series {series.number}",
                      series=series,
                      before=before,
                      after={"player": number, "table": table_number, "seat": position})


def _close_gaps(table: Table) -> None:
    for position, seat in enumerate(table.seats.order_by("position"), start=1):
        if seat.position != position:
            Seat.objects.filter(pk=seat.pk).update(position=position)


def recount(series: Series) -> None:
    tables = [members for members in members_by_table(series).values()]
    met = met_pairs(series.tournament, series.number)
    apart = {frozenset(p) for p in keep_apart_pairs(series.tournament)}
    pairs = seating.pairs_of(tables)
    series.repeat_pairs = len(pairs & met)
    series.apart_violations = len(pairs & apart)
    series.save(update_fields=["repeat_pairs", "apart_violations"])


def sit_out(series: Series, numbers: list[int], user) -> None:
    """Record that the players ``numbers`` (checked in, without a seat) sit out ``series``."""
    if not numbers:
        return
    with transaction.atomic():
        entries = list(Entry.objects.filter(tournament_id=series.tournament_id,
                                            number__in=numbers).order_by("number"))
        missing = sorted(set(numbers) - {e.number for e in entries})
        if missing:
            raise PlanError(gettext("No player has number %(number)s in this tournament.")
                            % {"number": missing[0]}, "number")
        absent = next((e for e in entries if e.withdrawn or not e.checked_in), None)
        if absent is not None:
            raise PlanError(gettext("Player %(number)s (%(name)s) is not checked in; only a "
                                    "checked-in player without a seat sits out.")
                            % {"number": absent.number, "name": absent.name}, "number")
        if series.status not in OPEN_STATES:
            raise PlanError(gettext("Series %(series)s is finished; who played it is settled.")
                            % {"series": series.number})
        seated = Seat.objects.filter(series=series, entry__in=entries).first()
        if seated is not None:
            raise PlanError(gettext("Player %(number)s has a seat in series %(series)s; only a "
                                    "player without a seat sits out.")
                            % {"number": seated.entry.number, "series": series.number},
                            "number")
        series.sits_out.add(*entries)
        record_change(series.tournament, user, AuditAction.SITS_OUT, f"series {series.number}",
                      series=series,
                      after={"players": [e.number for e in entries], "names": named(entries)})


def publish(series: Series, user, *, sit_out_unseated: bool = False) -> None:
    """Draft → seated: the plan is shown in the room and to the public.

    Refused while a checked-in player has no seat, unless the organizer says that they sit
    out this series (``sit_out_unseated``): that choice is recorded with the publication.
    """
    if series.status != SeriesStatus.DRAFT:
        raise PlanError(gettext("Series %(series)s is already published.")
                        % {"series": series.number})
    problems = plan_problems(series)
    missing = unseated(series)
    if missing and sit_out_unseated:
        problems.remove(no_seat(missing))
    if problems:
        raise PlanError(" ".join(problems))
    with transaction.atomic():
        if missing:
            sit_out(series, [e.number for e in missing], user)
        series.seated_at = timezone.now()
        series.save(update_fields=["seated_at"])
        lifecycle.move(series, SeriesStatus.SEATED, user)


def unpublish(series: Series, user) -> None:
    """Seated → draft again, while no deal is entered."""
    if series.status != SeriesStatus.SEATED:
        raise PlanError(gettext("Series %(series)s is not in the seated state.")
                        % {"series": series.number})
    _require_changeable(series)
    with transaction.atomic():
        lifecycle.move(series, SeriesStatus.DRAFT, user)


def ensure_series(tournament) -> list[Series]:
    """The tournament's series 1..series_count, created as drafts where missing."""
    existing = {s.number: s for s in tournament.series.all()}
    missing = [Series(tournament=tournament, number=n)
               for n in range(1, tournament.series_count + 1) if n not in existing]
    if missing:
        Series.objects.bulk_create(missing)
        existing = {s.number: s for s in tournament.series.all()}
        deal_set = DealSet.objects.filter(tournament=tournament).first()
        if deal_set is not None:  # a comparative tournament deals every new series its decks
            from tournament.comparative.services import deal_series

            for series in missing:
                deal_series(existing[series.number], deal_set)
    return [existing[n] for n in sorted(existing)]


def remove_unused_series(tournament) -> list[int]:
    """Remove the draft series numbered above the series count (the organizer lowered it),
    retiring the links of their draft tables; returns their numbers. A published series is
    never removed: the tournament form refuses a count below it."""
    extra = list(tournament.series.filter(number__gt=tournament.series_count,
                                          status=SeriesStatus.DRAFT).order_by("number"))
    with transaction.atomic():
        for series in extra:
            retire_tables(series, series.tables.all())
            series.delete()
    return [s.number for s in extra]


def seat_series_from_plan(series: Series, method: str, plan: seating.Plan, user) -> seating.Plan:
    """Store a plan computed elsewhere (by standings, progressive) as ``series``' draft plan.

    Stored and audited exactly like :func:`seat_series`: one transaction, a draft plan is
    replaced, the audit entry "series seated" holds method, seed and tables. Repeat pairs are
    counted against the earlier series and keep-apart violations against the tournament's
    pairs, whatever the plan says; the returned plan carries these counts. Refused: a series
    that is not a draft, an unknown method, and a plan that seats someone twice or seats an
    entry that is not a checked-in player of this tournament.
    """
    tournament = series.tournament
    if series.status != SeriesStatus.DRAFT:
        raise PlanError(gettext("Series %(series)s is published; only a draft can be "
                                "re-drawn.") % {"series": series.number})
    if method not in SeatingMethod.values:
        raise PlanError(gettext("Unknown seating method %(method)s.") % {"method": repr(method)})
    seated = [entry for table in plan.tables for entry in table]
    if not seated:
        raise PlanError(gettext("The plan seats nobody."))
    if len(set(seated)) != len(seated):
        raise PlanError(gettext("The plan seats a player twice; seat the series again."))
    outsiders = set(seated).difference(checked_in_ids(tournament))
    if outsiders:
        raise PlanError(ngettext(
            "%(count)s player in the plan is not checked in to this tournament; seat the series "
            "again.",
            "%(count)s players in the plan are not checked in to this tournament; seat the "
            "series again.", len(outsiders)) % {"count": len(outsiders)})
    tables = [list(table) for table in plan.tables]
    apart = {frozenset(pair) for pair in keep_apart_pairs(tournament)}
    plan = dataclasses.replace(
        plan,
        repeat_pairs=seating.count_repeats(tables, met_pairs(tournament, series.number)),
        apart_violations=len(seating.pairs_of(tables) & apart),
    )
    _store_plan(series, method, plan.seed, plan, user)
    return plan
