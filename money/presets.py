"""The money rules clubs publish, as presets the Money page will offer (issue 22), named by
what they do, not by club. Each is a ``rules`` object of the money document
(docs/money.md), checked by ``read_rules`` like any other; the amounts are the published
ones, in cents, and an organizer changes them on the page."""

from __future__ import annotations

from money.rules import Rules, read_rules

# Preisskat, common practice: the Startgeld paid out in full as prizes, one prize a table;
# lost games 0.50 € (1st–3rd) and 1.00 € from the 4th, to the organizer.
PRIZES_FROM_ENTRY_FEES = {
    "entry_fee": 1500,
    "lost_game_fee": [[1, 50], [4, 100]],
    "destinations": {"entry_fee": {"prizes": 100}},
    "prizes": {"places": {"tables": True}, "shares": "linear", "unit": 100},
}
# A weekly club: 5 € stake a series paid out that series, one prize a table; lost games 1 €
# for the first three, then 2 €, and a Listengeld of 2 € a series, to the club.
STAKE_PAID_OUT_EACH_SERIES = {
    "series_fee": 500,
    "list_fee": 200,
    "lost_game_fee": [[1, 100], [4, 200]],
    "destinations": {"series_fee": {"series_prizes": 100}},
    "series_prizes": {"places": {"tables": True}, "shares": "linear", "unit": 100},
}
# Lost games 1 €; 0.50 € each for every passed deal from the 4th (three-table) or 5th
# (four-table); 3 € a missed series; all to the club.
PASSED_DEALS_AND_MISSED_SERIES = {
    "lost_game_fee": [[1, 100]],
    "passed_deal_fee": {"from_three": 4, "from_four": 5, "cents": 50},
    "missed_series_fee": 300,
}
# 2 € a player and series; lost games 0.50 € for the 1st–5th, 1 € from the 6th; to the club.
STAKE_AND_TIERED_LOST_GAMES = {
    "series_fee": 200,
    "lost_game_fee": [[1, 50], [6, 100]],
}
# A table-rank obolus after each series: 0.50 / 1.00 / 1.50 / 2.00 € for 1st–4th at a
# four-table (the first three of them at a three-table), into the table's money for its best.
TABLE_RANK_OBOLUS = {
    "table_rank_fee": {"three": [50, 100, 150], "four": [50, 100, 150, 200]},
    "destinations": {"table_rank_fee": {"table": 100}},
    "table": "winner",
}
# A season day: 5 € paid out the same day to at least every fourth player, and 1 € a series
# to the club; lost games 0.50 € into the season's pot (the jackpot).
SEASON_DAY = {
    "entry_fee": 500,
    "list_fee": 100,
    "lost_game_fee": [[1, 50]],
    "destinations": {"entry_fee": {"prizes": 100}, "lost_game_fee": {"jackpot": 100}},
    "prizes": {"places": {"every": 4}, "shares": "linear", "unit": 100},
}

PRESETS: dict[str, dict[str, object]] = {
    "prizes_from_entry_fees": PRIZES_FROM_ENTRY_FEES,
    "stake_paid_out_each_series": STAKE_PAID_OUT_EACH_SERIES,
    "passed_deals_and_missed_series": PASSED_DEALS_AND_MISSED_SERIES,
    "stake_and_tiered_lost_games": STAKE_AND_TIERED_LOST_GAMES,
    "table_rank_obolus": TABLE_RANK_OBOLUS,
    "season_day": SEASON_DAY,
}


def preset(key: str) -> Rules:
    """The rules of preset ``key``, read as the command reads a document's."""
    return read_rules(PRESETS[key], f"presets.{key}")
