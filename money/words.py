"""The money's words: each fee kind and pool as the pages, the PDF and the downloads name it
(German: the words of the clubs' Ausschreibungen)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

KIND_WORDS = {
    "entry_fee": pgettext_lazy("money kind", "Entry fee"),
    "series_fee": pgettext_lazy("money kind", "Stake per series"),
    "list_fee": pgettext_lazy("money kind", "List fee"),
    "lost_game_fee": pgettext_lazy("money kind", "Lost-game money"),
    "passed_deal_fee": pgettext_lazy("money kind", "Passed deals"),
    "missed_series_fee": pgettext_lazy("money kind", "Missed series"),
    "table_rank_fee": pgettext_lazy("money kind", "Table-rank obolus"),
}
POOL_WORDS = {
    "organizer": pgettext_lazy("money pool", "Organizer"),
    "prizes": pgettext_lazy("money pool", "Prizes"),
    "series_prizes": pgettext_lazy("money pool", "Series prizes"),
    "table": pgettext_lazy("money pool", "Table money"),
    "jackpot": pgettext_lazy("money pool", "Jackpot"),
}
SETTLED_WORD = _("Settled at the tables")
