"""The season rules clubs publish, as presets the season page offers, named by what they do,
not by club. Each is a ``rules`` object of the season document (docs/seasons.md), checked by
``read_rules`` like any other, with the unit one result is (a series or an evening); the
organizer changes any rule on the page."""

from __future__ import annotations

from dataclasses import dataclass

from seasons.rules import Rules, read_rules

SERIES, EVENING = "series", "evening"


@dataclass(frozen=True)
class Preset:
    unit: str
    rules: dict[str, object]


PRESETS: dict[str, Preset] = {
    # the average of every series, ranked from 25 played; beyond 30 missed series
    # (missed − 16)² points off (a Monday club)
    "average_with_absence_penalty": Preset(SERIES, {
        "value": "average", "min_played": 25,
        "absence_penalty": {"over": 30, "base": 16, "power": 2}}),
    # the total after drops: at the 30th, 35th, 40th, 45th and 50th series played the worst
    # result so far is dropped, ranked from 25 series (Altenburg)
    "total_dropping_the_worst": Preset(SERIES, {
        "value": "total", "min_played": 25, "drop_worst_at": [30, 35, 40, 45, 50]}),
    # the average over the year, at least 24 lists: missing lists count 0 (Germering)
    "average_missing_count_zero": Preset(SERIES, {"value": "average", "zero_up_to": 24}),
    # a quarter's total, ranked from 8 series; the year's, ranked from 25 (Königsberg)
    "quarter_from_8_series": Preset(SERIES, {"value": "total", "min_played": 8}),
    "year_from_25_series": Preset(SERIES, {"value": "total", "min_played": 25}),
    # the total of the best 8 season days (Franzburg: 8 of 12)
    "best_8_days": Preset(EVENING, {"value": "total", "best": 8}),
    # the average per evening of its series (Osnabrück: two a night)
    "average_per_evening": Preset(EVENING, {"value": "average"}),
    # the total points of every day played (Neuss)
    "total_per_day": Preset(EVENING, {"value": "total"}),
    # every series added up, nothing dropped: the plainest ranking
    "total_of_every_series": Preset(SERIES, {"value": "total"}),
}


def preset(key: str) -> Rules:
    """The rules of preset ``key``, read as the command reads a document's."""
    return read_rules(PRESETS[key].rules, f"presets.{key}")
