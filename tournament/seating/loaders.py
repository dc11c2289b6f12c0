"""What a series' seating plan says, read from the database: who sits where, who met whom
before, who has no seat, what stops the plan from being published. Only reads; the changes
are ``seating.services``' (and a late arrival's, ``seating.arrivals``).
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.translation import gettext, ngettext

from tournament.models import Entry, KeepApart, Seat, Series, SeriesStatus
from tournament.seating import algorithms as seating

# who sits where may still be settled: a late arrival is seated, or sits out (arrivals.py)
OPEN_STATES = (SeriesStatus.DRAFT, SeriesStatus.SEATED, SeriesStatus.PLAYING)


def checked_in_ids(tournament) -> list[int]:
    return list(
        Entry.objects.filter(tournament=tournament, checked_in=True, withdrawn=False)
        .order_by("number").values_list("id", flat=True)
    )


def keep_apart_pairs(tournament) -> list[tuple[int, int]]:
    return list(KeepApart.objects.filter(tournament=tournament)
                .values_list("first_id", "second_id"))


def met_pairs(tournament, before: int) -> set[frozenset[int]]:
    """Pairs of entries that shared a table in a series numbered below ``before``."""
    tables: dict[int, list[int]] = defaultdict(list)
    for table_id, entry_id in Seat.objects.filter(
        series__tournament=tournament, series__number__lt=before
    ).values_list("table_id", "entry_id"):
        tables[table_id].append(entry_id)
    return seating.pairs_of(tables.values())


def snapshot(series: Series) -> list[list[int]]:
    """The plan as participant numbers, table by table in seat order (for the audit log)."""
    tables: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for table_number, position, number in Seat.objects.filter(series=series).values_list(
        "table__number", "position", "entry__number"
    ):
        tables[table_number].append((position, number))
    return [[n for _, n in sorted(tables[t])] for t in sorted(tables)]


def members_by_table(series: Series) -> dict[int, list[int]]:
    tables: dict[int, list[int]] = defaultdict(list)
    for table_number, entry_id in Seat.objects.filter(series=series).order_by(
        "table__number", "position"
    ).values_list("table__number", "entry_id"):
        tables[table_number].append(entry_id)
    return tables


def tables_of(series: Series) -> list[list[int]]:
    """The entries of every table of ``series``, table 1 first, in seat order."""
    return [members for _, members in sorted(members_by_table(series).items())]


def unseated(series: Series) -> list[Entry]:
    """Checked-in players with no seat in ``series`` who are not recorded as sitting out
    nor substituting at one of its tables; nobody once the series is finished (a player
    checked in for a later series)."""
    if series.status not in OPEN_STATES:
        return []
    return list(
        Entry.objects.filter(tournament_id=series.tournament_id, checked_in=True,
                             withdrawn=False)
        .exclude(seats__series=series).exclude(series_sat_out=series)
        .exclude(substituted__table__series=series).order_by("number")
    )


def sitting_out(series: Series) -> list[Entry]:
    """The players recorded as sitting out ``series``."""
    return list(series.sits_out.order_by("number"))


def named(entries: list[Entry]) -> str:
    """ "12 Hans Müller, 14 Eva Stein": the players as the room knows them."""
    return ", ".join(f"{e.number} {e.name}" for e in entries)


def no_seat(entries: list[Entry]) -> str:
    return ngettext(
        "%(count)s checked-in player has no seat: %(players)s. Seat them at a table with room, "
        "re-draw, or record that they sit out this series.",
        "%(count)s checked-in players have no seat: %(players)s. Seat them at a table with "
        "room, re-draw, or record that they sit out this series.",
        len(entries)) % {"count": len(entries), "players": named(entries)}


def plan_problems(series: Series) -> list[str]:
    """What stops a plan from being published, in words."""
    problems = []
    tables = members_by_table(series)
    if not tables:
        problems.append(gettext("No table is seated yet."))
    for number, members in sorted(tables.items()):
        if len(members) not in (3, 4):
            problems.append(ngettext("Table %(table)s has %(count)s player; a table seats 3 or 4.",
                                     "Table %(table)s has %(count)s players; a table seats 3 or "
                                     "4.", len(members))
                            % {"table": number, "count": len(members)})
    missing = unseated(series)
    if missing:
        problems.append(no_seat(missing))
    return problems
