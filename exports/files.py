"""One table as a file: CSV, XLSX or ODS through django-tables2's export (``TableExport``
over tablib), every cell through the formula rule (``exports.cells``), named after the
tournament, its date and the table.

* **CSV** is read by programs: its first row holds the columns' English keys (``place``,
  ``name``, ``points``), the same in every language (docs/translation.md). It is UTF-8 with a
  byte order mark, so that Excel reads "Müller" as written, and comma-separated.
* **XLSX** and **ODS** are read by people: the first row holds the page's column heads in the
  reader's language, the sheet is titled with the table's name in it.

In every format the rows are the page's rows (every row: no page of 50), the numbers numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import django_tables2 as tables
from django.http import HttpResponse
from django.utils.encoding import force_str
from django.utils.http import content_disposition_header
from django_tables2.export import TableExport
from tablib import Dataset

from exports.cells import safe_cell, safe_text
from tournament.models import Tournament

CSV, XLSX, ODS = "csv", "xlsx", "ods"
FORMATS = (CSV, XLSX, ODS)
CONTENT_TYPES = {
    CSV: "text/csv; charset=utf-8",
    XLSX: TableExport.FORMATS[TableExport.XLSX],
    ODS: TableExport.FORMATS[TableExport.ODS],
}
BOM = "\ufeff"
# What no sheet name may hold in Excel or LibreOffice; 31 characters at most (Excel).
SHEET_TITLE_REFUSES = re.compile(r"[\\*?:/\[\]']")
SHEET_TITLE_LONGEST = 31


@dataclass(frozen=True)
class Sheet:
    """One table to download: its rows (a django-tables2 table over the page layer's rows),
    its name in the file's name ("standings-series-1") and its title in the reader's
    language ("Standings series 1")."""

    table: tables.Table
    name: str
    title: str


def sheet_title(title: str) -> str:
    return SHEET_TITLE_REFUSES.sub("-", title).strip()[:SHEET_TITLE_LONGEST] or "-"


def file_name(tournament: Tournament, name: str, fmt: str) -> str:
    """``club-night-2027-05-01-standings-series-1.xlsx``: the tournament, its first day and
    the table."""
    return f"{tournament.slug}-{tournament.start_date.isoformat()}-{name}.{fmt}"


class SafeExport(TableExport):
    """``TableExport`` with the formula rule on every cell, only the columns the page shows,
    and the header row of the format (``keys``: the columns' names; else their heads)."""

    def __init__(self, export_format: str, table: tables.Table, *, title: str, keys: bool):
        self.keys = keys
        # a column the page hides (the Score where it is the Points) is no column of the file
        hidden = [column.name for column in table.columns.iterall() if not column.visible]
        super().__init__(export_format, table, exclude_columns=hidden,
                         dataset_kwargs={"title": sheet_title(title)})

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        columns = [column for column in table.columns.iterall()
                   if not (column.column.exclude_from_export or column.name in exclude_columns)]
        dataset = Dataset(**(dataset_kwargs or {}))
        if hasattr(table, "export_rows"):  # a long table writes its own cells, all columns
            values = table.export_rows()
        else:
            values = table.as_values(exclude_columns=exclude_columns)  # the same columns
            next(values)  # as_values' heads: the file's own follow
        dataset.headers = [safe_text(column.name if self.keys else force_str(column.header))
                           for column in columns]
        for row in values:
            dataset.append([safe_cell(value) for value in row])
        return dataset

    def export(self):
        content = super().export()
        return BOM + content if self.format == CSV else content


def ordered(table: tables.Table, asked: Iterable[str]) -> tables.Table:
    """The table in the order the page was sorted by (``?sort=``), as
    ``tournament.parsing.configure_table`` reads it, but never paged: an unknown column is
    ignored."""
    orderable = {column.name for column in table.columns if column.orderable}
    order_by = [key for key in asked if key.removeprefix("-") in orderable]
    if order_by:
        table.order_by = order_by
    return table


def download(sheet: Sheet, fmt: str, tournament: Tournament) -> HttpResponse:
    """The sheet as a file of format ``fmt``, sent as an attachment."""
    export = SafeExport(fmt, sheet.table, title=sheet.title, keys=fmt == CSV)
    content = export.export()
    response = HttpResponse(content.encode() if isinstance(content, str) else content,
                            content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = content_disposition_header(
        True, file_name(tournament, sheet.name, fmt))
    return response
