"""A scored deal as its stored row: the one place a deal's columns are written, for the entry,
the correction, the inserted deal, a deal mended by a delete or insert, the demo and the
congress generator (``manage.py demo_congress``, ``generate_congress``)."""

from __future__ import annotations

from tournament.models import Deal
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
    for column, stored in scoring_columns(deal.record, deal.outcome, deal.value, deal.declarer,
                                          deal.contra_by, deal.revoked_by).items():
        setattr(deal, column, stored)
    deal.entered_by = entered_by
    return deal
