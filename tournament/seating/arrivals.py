"""Late arrivals: a player checked in after the series was drawn.

The player takes the free seat of a three-table (which becomes a four-table) in the draft,
and after publication until that table's first deal; the table keeps its link. Where no
table can take them, the organizer records that they sit out the series, and Publish no
longer asks. One transaction and one audit entry per change (docs/rules-decisions.md,
"Late arrivals").
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, F
from django.utils.translation import gettext

from tournament.audit import record_change
from tournament.lifecycle import STATE_WORDS
from tournament.models import (
    AuditAction,
    Deal,
    DealSet,
    Entry,
    Penalty,
    Seat,
    Series,
    SheetStatus,
    Substitution,
    Table,
    TablePolicy,
)
from tournament.seating.loaders import OPEN_STATES
from tournament.seating.services import PlanError, move_player, recount


def late_notice(entry: Entry) -> str:
    """What the door adds when a player checks in after a series was drawn without them:
    the first such series still open, and where it is put right; "" when none is."""
    series = (Series.objects.filter(tournament_id=entry.tournament_id, status__in=OPEN_STATES,
                                    tables__isnull=False)
              .exclude(seats__entry=entry).exclude(sits_out=entry)
              .order_by("number").distinct().first())
    if series is None:
        return ""
    # the door's message goes on after its own sentence
    return " " + gettext("Series %(series)s is drawn without them: an organizer seats them as a "
                         "late arrival on the series page.") % {"series": series.number}


def largest_table(series: Series) -> int:
    """The most players a table of ``series`` may seat: a comparative set's decks are dealt
    for one table size, and a three-tables-only tournament keeps its tables of three."""
    deal_set = DealSet.objects.filter(tournament_id=series.tournament_id).first()
    if deal_set is not None:
        return deal_set.table_size
    return 3 if series.tournament.table_policy == TablePolicy.THREE_ONLY else 4


def tables_with_room(series: Series) -> list[int]:
    """The numbers of the tables a late arrival can join now: fewer players than a table
    seats, and (once published) no deal or penalty on the sheet yet."""
    if series.status not in OPEN_STATES:
        return []
    tables = (series.tables.annotate(players=Count("seats"))
              .filter(players__lt=largest_table(series), sheet_status=SheetStatus.OPEN)
              .exclude(id__in=Deal.objects.filter(table__series=series).values("table_id"))
              .exclude(id__in=Penalty.objects.filter(table__series=series).values("table_id")))
    return list(tables.order_by("number").values_list("number", flat=True))


def _latecomer(series: Series, number: int) -> Entry:
    entry = Entry.objects.filter(tournament_id=series.tournament_id, number=number).first()
    if entry is None:
        raise PlanError(gettext("No player has number %(number)s in this tournament.")
                        % {"number": number}, "number")
    if entry.withdrawn or not entry.checked_in:
        raise PlanError(gettext("Player %(number)s (%(name)s) is not checked in; check them in "
                                "at the door first.") % {"number": number, "name": entry.name},
                        "number")
    seat = Seat.objects.filter(series=series, entry=entry).select_related("table").first()
    if seat is not None:
        raise PlanError(gettext("Player %(number)s already sits at table %(table)s, seat "
                                "%(seat)s; move or swap them instead.")
                        % {"number": number, "table": seat.table.number,
                           "seat": seat.position}, "number")
    sub = Substitution.objects.filter(table__series=series, substitute=entry).select_related(
        "table").first()
    if sub is not None:
        raise PlanError(gettext("Player %(number)s (%(name)s) substitutes at table %(table)s, "
                                "seat %(seat)s, from deal %(deal)s; a player plays one seat of "
                                "a series.")
                        % {"number": number, "name": entry.name, "table": sub.table.number,
                           "seat": sub.seat, "deal": sub.from_deal}, "number")
    return entry


def _joinable(series: Series, table_number: int) -> Table:
    """The table, locked for this transaction, if a late arrival may join it now."""
    table = Table.objects.select_for_update().filter(series=series,
                                                     number=table_number).first()
    if table is None:
        raise PlanError(gettext("Series %(series)s has no table %(table)s.")
                        % {"series": series.number, "table": table_number}, "table")
    started = (Deal.objects.filter(table=table).exists()
               or Penalty.objects.filter(table=table).exists()
               or table.sheet_status != SheetStatus.OPEN)
    if started:
        raise PlanError(gettext("Table %(table)s has started play; a late arrival joins a "
                                "table before its first deal. Choose a table that has not "
                                "started, or let them sit out this series.")
                        % {"table": table_number}, "table")
    players = table.seats.count()
    room = largest_table(series)
    if players >= room:
        if room == 4:
            text = gettext("Table %(table)s has %(players)s players and a table seats 4; choose "
                           "a table with room, or let them sit out this series.")
        elif DealSet.objects.filter(tournament_id=series.tournament_id).exists():
            text = gettext("Table %(table)s has %(players)s players and the comparative decks "
                           "are dealt for three-tables; choose a table with room, or let them "
                           "sit out this series.")
        else:
            text = gettext("Table %(table)s has %(players)s players and this tournament plays "
                           "three-tables only; choose a table with room, or let them sit out "
                           "this series.")
        raise PlanError(text % {"table": table_number, "players": players}, "table")
    return table


def seat_late_arrival(series: Series, number: int, table_number: int, user) -> int:
    """Seat the unseated checked-in player ``number`` at table ``table_number`` (the next
    seat, a three-table becomes a four-table); returns his seat. The table keeps its link;
    an open score sheet of it is refused as stale, so no phone enters deals for three."""
    with transaction.atomic():
        series = Series.objects.select_for_update().get(pk=series.pk)
        if series.status not in OPEN_STATES:
            # Translators: the state is one of lifecycle's words ("confirmed", "released", …)
            raise PlanError(gettext("Series %(series)s is %(state)s; nobody joins its tables any "
                                    "more.") % {"series": series.number,
                                                "state": STATE_WORDS[series.status]})
        entry = _latecomer(series, number)
        table = _joinable(series, table_number)
        position = table.seats.count() + 1
        Seat.objects.create(table=table, series=series, position=position, entry=entry)
        Table.objects.filter(pk=table.pk).update(sheet_version=F("sheet_version") + 1)
        series.sits_out.remove(entry)
        recount(series)
        record_change(series.tournament, user, AuditAction.LATE_ARRIVAL_SEATED,
                      f"series {series.number} table {table_number}",
                      series=series, table=table_number,
                      after={"player": number, "name": entry.name, "table": table_number,
                             "seat": position, "players": position})
    return position


def move_in(series: Series, number: int, table_number: int, user) -> None:
    """The Move form: a seated player moves; a late arrival without a seat is seated."""
    if Seat.objects.filter(series=series, entry__number=number).exists():
        move_player(series, number, table_number, user)
    else:
        seat_late_arrival(series, number, table_number, user)
