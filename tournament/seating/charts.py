"""The seating chart of a series as plain rows, for the room's pages and the printed chart."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext

from tournament.models import Seat, Series
from tournament.names import name_key
from tournament.privacy import Publication, filed, full, name_fields, shown


@dataclass(frozen=True)
class SeatRow:
    table: int
    position: int
    number: int
    name: str
    sort_name: str
    club: str

    @property
    def key(self) -> str:
        """What "Where do I sit?" matches typed words against: "muller hans 12"."""
        return f"{name_key(self.sort_name)} {self.number}"

    @property
    def initial(self) -> str:
        """The letter the surname is filed under: "Ö" and "O" alike under "O"."""
        return name_key(self.sort_name)[:1].upper()


def seat_rows(series: Series, tables: list[int] | None = None,
              public: bool = False) -> list[SeatRow]:
    """Every seat of a series (or of its tables of these numbers) with its player, in one
    query; ``public``: the names as the public reads them (``tournament.privacy``)."""
    seats = Seat.objects.filter(series=series)
    if tables is not None:
        seats = seats.filter(table__number__in=tables)
    rows = seats.values_list("table__number", "position", "entry__number",
                             *name_fields("entry__"), "entry__club__name")
    default = series.tournament.publication if public else Publication.FULL
    found = []
    for table, position, number, *name, club in rows:
        first, last = shown(*name, default=default, public=public)
        found.append(SeatRow(table, position, number, full(first, last), filed(first, last),
                             club or ""))
    return found


def sort_key(text: str) -> tuple[str, str]:
    """Dictionary order: the name's key (case, accents and umlaut spellings ignored, Müller
    with Muller before Mustermann, ß as ss), then the exact spelling to break a tie."""
    return name_key(text), text.casefold()


def tables_of(rows: Iterable[SeatRow]) -> list[tuple[int, list[SeatRow]]]:
    """The rows by table, in table and seat order."""
    tables: dict[int, list[SeatRow]] = defaultdict(list)
    for row in rows:
        tables[row.table].append(row)
    return [(t, sorted(tables[t], key=lambda r: r.position)) for t in sorted(tables)]


def alphabetical(rows: Iterable[SeatRow]) -> list[SeatRow]:
    """The rows by surname and first name (``sort_key``), namesakes by number."""
    return sorted(rows, key=lambda r: (sort_key(r.sort_name), r.number))


def chart_by_table(series: Series) -> list[tuple[int, list[SeatRow]]]:
    return tables_of(seat_rows(series))


def chart_by_player(series: Series) -> list[SeatRow]:
    return alphabetical(seat_rows(series))


@dataclass(frozen=True)
class RepeatPair:
    """Two players at one table of this series who already shared a table before."""

    first: str
    second: str
    table: int  # their table in this series
    earlier: tuple[int, ...]  # the earlier series in which they met

    def __str__(self) -> str:
        series = str(self.earlier[0])
        for number in self.earlier[1:]:
            # Translators: two of a list, e.g. the series in which two players met: "1 and 2"
            series = gettext("%(first)s and %(second)s") % {"first": series, "second": number}
        return gettext("%(first)s and %(second)s met in series %(series)s (now at table "
                       "%(table)s)") % {"first": self.first, "second": self.second,
                                        "series": series, "table": self.table}


def repeat_pairs(series: Series) -> list[RepeatPair]:
    """The pairs seated together in ``series`` who met in an earlier series (one query)."""
    rows = Seat.objects.filter(series__tournament_id=series.tournament_id,
                               series__number__lte=series.number).values_list(
        "series__number", "table__number", "entry_id", "entry__first_name", "entry__last_name")
    tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    names: dict[int, str] = {}
    for number, table, entry, first, last in rows:
        tables[(number, table)].append(entry)
        names[entry] = f"{first} {last}"
    met: dict[frozenset[int], list[int]] = defaultdict(list)
    for (number, _), entries in tables.items():
        if number < series.number:
            for i, a in enumerate(entries):
                for b in entries[i + 1:]:
                    met[frozenset((a, b))].append(number)
    pairs = []
    for (number, table), entries in sorted(tables.items()):
        if number != series.number:
            continue
        for i, a in enumerate(entries):
            for b in entries[i + 1:]:
                earlier = met.get(frozenset((a, b)))
                if earlier:
                    first, second = sorted((names[a], names[b]))
                    pairs.append(RepeatPair(first, second, table, tuple(sorted(earlier))))
    return pairs
