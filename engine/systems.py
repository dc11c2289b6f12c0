"""Scoring systems: how a tournament ranks its players over the deals (docs/rules.md §10).

The engine names them once; the site's tournament settings and its standings both use this.
"""

from __future__ import annotations

from enum import StrEnum


class ScoringSystem(StrEnum):
    LEAGUE = "league"  # Points and Games, as the League counts them
    SEEGER_FABIAN = "seeger-fabian"  # ±50 per game, 40/30 to the others for a lost game

    @property
    def label(self) -> str:
        """The name a settings form shows."""
        return _LABELS[self]


_LABELS = {
    ScoringSystem.LEAGUE: "League (Points and Games, NASL)",
    ScoringSystem.SEEGER_FABIAN: "Seeger-Fabian (ISPA/DSkV)",
}
