"""A scored deal as its stored row: the one place a deal's columns are written, for the entry,
the correction, the inserted deal, a deal mended by a delete or insert, the demo and the
congress generator (``manage.py demo_congress``, ``generate_congress``); and the foot of the
sheet those rows add up to, kept on the table row (``tournament.sheets.foot``)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection

from engine import OPPONENT_BONUS, SEATS
from tournament.deal_words import encode_words
from tournament.models import Deal, Seat, Table
from tournament.sheets.foot import DEAL_COLUMNS, FOOT_COLUMNS, GAMES_COLUMN, Foot, foot_of
from tournament.sheets.loaders import DealInput, TableInfo, score_input
from tournament.sheets.sheet import scoring_columns


def scored_row(info: TableInfo, number: int, data: DealInput, entered_by: str,
               deal: Deal | None = None) -> Deal:
    """Deal ``number`` scored from ``data`` (once: its seats checked against the table, its
    record parsed, scored and put in words by one engine call) and written into its row:
    ``deal`` rewritten (a correction, a moved deal mended), else a new row with the dealer
    and the deck of that number. Its seats, record, outcome, value and words, the plain
    columns the standings sum, who entered it. Raises InvalidRecord; the caller saves the
    row (one, or many in bulk)."""
    scored = score_input(info, number, data)
    if deal is None:
        deal = Deal(table=info.table, number=number, dealer=info.dealer(number),
                    deck=info.deck(number))
    deal.declarer, deal.contra_by, deal.revoked_by = (data.declarer, data.contra_by,
                                                      data.revoked_by)
    deal.record, deal.outcome = data.record, scored.outcome.as_dict()
    deal.value, deal.description = scored.outcome.value, scored.text
    deal.words = encode_words(scored.words)  # the same words, said in the reader's language
    for column, stored in scoring_columns(deal.record, deal.outcome, deal.value, deal.declarer,
                                          deal.contra_by, deal.revoked_by).items():
        setattr(deal, column, stored)
    deal.entered_by = entered_by
    return deal


def keep_foot(table: Table) -> list[str]:
    """The foot of ``table``'s sheet added up again from its deals (one query) onto
    ``table``; returns the columns for the caller's save, in the sheet's transaction."""
    deals = Deal.objects.filter(table_id=table.pk).values_list(*DEAL_COLUMNS)
    return set_foot(table, foot_of(deals))


def add_to_foot(table: Table, deal: Deal) -> list[str]:
    """``deal``, just entered, added to the foot ``table`` keeps (as read under its lock):
    the next deal's way, without reading the sheet's other deals; returns the columns that
    changed, for the caller's save."""
    before = _kept(table)
    after = foot_of([tuple(getattr(deal, column) for column in DEAL_COLUMNS)],
                    start=Foot.from_columns([before[c] for c in FOOT_COLUMNS],
                                            before[GAMES_COLUMN]))
    changed = [c for c, value in after.columns().items() if before[c] != value]
    set_foot(table, after)
    return changed


def _kept(table: Table) -> dict[str, object]:
    return {column: getattr(table, column) for column in (*FOOT_COLUMNS, GAMES_COLUMN)}


def set_foot(table: Table, foot: Foot) -> list[str]:
    """``foot`` onto ``table``'s columns; returns their names."""
    columns = foot.columns()
    for column, value in columns.items():
        setattr(table, column, value)
    return list(columns)


def foot_of_rows(deals: Iterable[Deal]) -> Foot:
    """The foot of deal rows not yet saved (the demo and the congress, in bulk)."""
    return foot_of(tuple(getattr(deal, column) for column in DEAL_COLUMNS) for deal in deals)


def stale_foot(table: Table) -> bool:
    """Whether ``table``'s kept foot is not what its deals add up to (a hand-edited
    database: every way the site writes deals keeps it)."""
    columns = (*FOOT_COLUMNS, GAMES_COLUMN)
    kept = Table.objects.filter(pk=table.pk).values_list(*columns).get()
    deals = Deal.objects.filter(table_id=table.pk).values_list(*DEAL_COLUMNS)
    return dict(zip(columns, kept, strict=True)) != foot_of(deals).columns()


def _at_seat(column: str) -> str:
    cases = " ".join(f"WHEN {seat} THEN t.{column}_{seat}" for seat in SEATS)
    return f"CASE {SEAT_TABLE}.position {cases} END"


SEAT_TABLE, TABLE_TABLE = Seat._meta.db_table, Table._meta.db_table
_LOST_HERE = " + ".join(f"t.lost_{seat}" for seat in SEATS)
_OTHERS_LOST = f"{_LOST_HERE} - {_at_seat('lost')}"
_SIZE = (f"(SELECT COUNT(*) FROM {SEAT_TABLE} s2 "
         f"WHERE s2.table_id = {SEAT_TABLE}.table_id)")
_BONUS = " ".join(f"WHEN {size} THEN {bonus}" for size, bonus in OPPONENT_BONUS.items())
FEET_TO_SEATS = "UPDATE {seat} SET {columns} WHERE {where}".format(
    seat=SEAT_TABLE,
    columns=", ".join(
        [f"{c} = (SELECT {_at_seat(c)} FROM {TABLE_TABLE} t WHERE t.id = {SEAT_TABLE}.table_id)"
         for c in ("points", "won", "lost", "highest", "solo", "tourne")]
        + [f"others_lost = (SELECT {_OTHERS_LOST} FROM {TABLE_TABLE} t "
           f"WHERE t.id = {SEAT_TABLE}.table_id)",
           f"bonus = (SELECT ({_OTHERS_LOST}) * (CASE {_SIZE} {_BONUS} ELSE 0 END) "
           f"FROM {TABLE_TABLE} t WHERE t.id = {SEAT_TABLE}.table_id)"]),
    where="{where}")


def feet_to_seats(*, table: int | None = None, series: int | None = None) -> None:
    """Each seat's column of its table's foot onto the seat row (``Seat.points`` …), after
    the foot was saved: of one table (a change to its sheet), of a series (the demo, the
    congress generator), of every table (the migration). One statement."""
    if table is not None:
        where, params = "table_id = %s", [table]
    elif series is not None:
        where, params = "series_id = %s", [series]
    else:
        where, params = "1 = 1", []
    with connection.cursor() as cursor:
        cursor.execute(FEET_TO_SEATS.format(where=where), params)
