"""The money where the players meet it: what the door takes on arrival and what a score sheet's
lost games and passed deals cost. Every amount is the ledger's (``money.services``); the
templates only write them.

    {% load money_panels %}
    {% door_money tournament as door %}       at the door: once, for the box and every row
    {% door_box door %}                       "On arrival: Entry fee 15,00 € · … together"
    {% sheet_money page %}                    under a score sheet's foot
"""

from __future__ import annotations

from dataclasses import dataclass

from django import template

from money.services import arrival_fees, money_settings, table_money
from money.words import KIND_WORDS

register = template.Library()


@dataclass(frozen=True)
class DoorMoney:
    """What each arriving player pays, by kind in the ledger's order, and together."""

    currency: str
    fees: tuple[tuple[str, int], ...]  # (the kind's words, cents)

    @property
    def total(self) -> int:
        return sum(cents for _, cents in self.fees)


@register.simple_tag
def door_money(tournament) -> DoorMoney | None:
    """The door's money (``arrival_fees``: the entry fee and the first series' fees); None
    where the door takes nothing."""
    fees = arrival_fees(tournament)
    if not fees:
        return None
    return DoorMoney(money_settings(tournament).currency,
                     tuple((str(KIND_WORDS[kind]), cents) for kind, cents in fees.items()))


@register.inclusion_tag("money/_door.html")
def door_box(door: DoorMoney | None) -> dict[str, object]:
    return {"door": door}


@register.inclusion_tag("money/_sheet.html")
def sheet_money(page) -> dict[str, object]:
    """A score sheet's money (``table_money``), one column a seat as the sheet's; nothing
    where the tournament takes no lost-game or passed-deal money, where the sheet has no
    three or four players, or while a blind check hides the totals."""
    if not page.playable or page.hide_totals:
        return {"money": None}
    money = table_money(page.table)
    heads = page.columns
    if money is None or len(money.lost_games) != len(heads):
        return {"money": None}
    return {"money": money, "heads": heads,
            "lost": list(zip(money.lost_games, money.lost_game_cents, strict=True)),
            "passed": [money.passed_deal_cents] * len(heads)}
