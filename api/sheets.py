"""A table's score sheet as the API answers it: each deal's canonical record, its outcome and
the seats it names, the penalties, the totals, what to send next. Read through the sheet's own
loaders (``tournament.sheets.loaders``), as its pages read it."""

from __future__ import annotations

from tournament.deal_words import say_deal
from tournament.models import Deal, Table
from tournament.sheets.confirmation import totals_hidden
from tournament.sheets.loaders import TableInfo, load_sheet, penalty_text


def stored_deal(deal: Deal, size: int) -> dict:
    return {"number": deal.number, "dealer": deal.dealer, "declarer": deal.declarer,
            "contra_by": deal.contra_by, "revoked_by": deal.revoked_by, "record": deal.record,
            "outcome": deal.outcome, "value": deal.value, "game": say_deal(deal.words),
            "points": {str(seat): getattr(deal, f"points_{seat}")
                       for seat in range(1, size + 1)}}


def sheet_of(info: TableInfo) -> dict:
    """The sheet of ``info.table`` (its players named as ``info`` names them: the public's
    names for the public, ``table_info(table, public=True)``)."""
    table: Table = info.table
    playable = info.size in (3, 4)
    deals = list(table.deals.order_by("number")) if playable else []
    penalties = list(table.penalties.order_by("after_deal", "id")) if playable else []
    sheet = load_sheet(info, penalties=penalties) if playable else None
    following = sheet.next_number if sheet and sheet.next_number <= info.deal_count else None
    return {
        "tournament": info.tournament.slug, "series": table.series.number,
        "table": table.number, "sheet_status": table.sheet_status,
        "sheet_version": table.sheet_version, "deal_count": info.deal_count,
        "next_deal": following,
        "next_dealer": info.dealer(following) if following else None,
        "seats": [{"seat": p.position, "number": p.number, "name": p.name}
                  for p in info.players],
        "totals": None if sheet is None or totals_hidden(table) else list(sheet.totals),
        "deals": [stored_deal(d, info.size) for d in deals],
        "penalties": [{"seat": p.seat, "reason": p.reason, "text": penalty_text(info, p),
                       "points": p.points, "after_deal": p.after_deal, "deal": p.deal}
                      for p in penalties],
    }
