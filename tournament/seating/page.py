"""What the room's seating pages show at congress size: a page of tables or of names at a time,
jump links to every other page, a table or a player found by what a person types.

A series of 1,000 tables is 400–800 kB as one page; a phone gets a hundred tables (or three
hundred names) and the links to the rest. Two queries a page of tables, one a page of names.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.utils.translation import gettext

from tournament.models import Series
from tournament.names import name_key, search_words
from tournament.parsing import INT_MAX, int_param
from tournament.seating.charts import SeatRow, alphabetical, seat_rows, tables_of

TABLES_PER_PAGE = 100  # 1,000 tables: ten pages, each well under 100 kB
PLAYERS_PER_PAGE = 300  # a projector's screen full of names; 3,150 players on eleven pages


@dataclass(frozen=True)
class Jump:
    """A link to one page: "1–100" of the tables, "M" of the names."""

    label: str
    page: int
    anchor: str = ""  # where on that page the jump lands ("letter-M")


@dataclass
class TablesPage:
    page: Page  # of table numbers
    tables: list[tuple[int, list[SeatRow]]]
    jumps: list[Jump]

    @property
    def count(self) -> int:
        return self.page.paginator.count


@dataclass
class NamesPage:
    page: Page  # of seat rows
    query: str
    jumps: list[Jump]
    seated: int  # players seated in the series, found or not

    @property
    def rows(self) -> list[SeatRow]:
        return list(self.page.object_list)

    @property
    def complete(self) -> bool:
        """Every seated player is on this page: the page's script can narrow it as one types."""
        return not self.query and not self.page.has_other_pages()


def table_numbers(series: Series) -> list[int]:
    return list(series.tables.order_by("number").values_list("number", flat=True))


def page_of_table(numbers: list[int], table: int) -> int | None:
    """The page that shows table ``table``, None if the series has no such table."""
    try:
        return numbers.index(table) // TABLES_PER_PAGE + 1
    except ValueError:
        return None


def table_address(series: Series, typed: str) -> str | None:
    """"?page=6#table-537": where the chart shows the table a person typed; None when the
    series has no such table (or it was not a number)."""
    table = int_param(typed.strip(), 1, INT_MAX)
    target = page_of_table(table_numbers(series), table) if table else None
    return f"?page={target}#table-{table}" if target else None


def no_such_table(series: Series, typed: str) -> str:
    return gettext("Series %(series)s has no table %(table)s.") % {"series": series.number,
                                                                   "table": typed[:20]}


def table_jumps(numbers: list[int]) -> list[Jump]:
    """One link a page, named by its first and last table: "1–100", "101–200", …"""
    jumps = []
    for start in range(0, len(numbers), TABLES_PER_PAGE):
        shown = numbers[start:start + TABLES_PER_PAGE]
        label = f"{shown[0]}–{shown[-1]}" if len(shown) > 1 else str(shown[0])
        jumps.append(Jump(label, start // TABLES_PER_PAGE + 1))
    return jumps


def tables_page(series: Series, page: int = 1, public: bool = False) -> TablesPage:
    """A page of the chart by table, in table and seat order (two queries); ``public``: the
    names as the public reads them."""
    numbers = table_numbers(series)
    current = Paginator(numbers, TABLES_PER_PAGE).get_page(page)
    rows = (seat_rows(series, tables=list(current.object_list), public=public)
            if numbers else [])
    return TablesPage(page=current, tables=tables_of(rows),
                      jumps=table_jumps(numbers) if current.has_other_pages() else [])


def letter_jumps(rows: list[SeatRow]) -> list[Jump]:
    """A link to the first name of every letter, on the page that shows it."""
    jumps: list[Jump] = []
    for index, row in enumerate(rows):
        letter = row.initial
        if letter and (not jumps or jumps[-1].label != letter):
            jumps.append(Jump(letter, index // PLAYERS_PER_PAGE + 1, f"letter-{letter}"))
    return jumps


def matches(row: SeatRow, words: list[str]) -> bool:
    """Every typed word is in the name (umlauts folded, see ``names``); a number is the
    player's number itself (12 does not find 112)."""
    name = name_key(row.sort_name)
    return all(str(row.number) == word if word.isdigit() else word in name for word in words)


def names_page(series: Series, page: int = 1, query: str = "",
               public: bool = False) -> NamesPage:
    """A page of the chart by name, or the players whose name or number was typed (one
    query: the names are sorted here, the database knows no umlaut order); ``public``: the
    names as the public reads them, and only those found."""
    rows = alphabetical(seat_rows(series, public=public))
    words = search_words(query)
    found = [r for r in rows if matches(r, words)] if words else rows
    current = Paginator(found, PLAYERS_PER_PAGE).get_page(page)
    jumps = letter_jumps(rows) if not words and current.has_other_pages() else []
    return NamesPage(page=current, query=query if words else "", jumps=jumps,
                     seated=len(rows))
