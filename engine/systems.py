"""Scoring systems: how a tournament ranks its players over the deals (docs/rules.md §10).

The engine names them once; the site's tournament settings and its standings both use this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from .words import gettext_noop


class ScoringSystem(StrEnum):
    LEAGUE = "league"  # Points and Games, as the League counts them
    SEEGER_FABIAN = "seeger-fabian"  # ±50 per game, 40/30 to the others for a lost game

    @property
    def label(self) -> str:
        """The name a settings form shows."""
        return _LABELS[self]

    @property
    def sheet_foot(self) -> bool:
        """A score sheet under it is added up at its foot (``SeegerFabianFoot``), on the page
        and on paper; the League's sheet ends with the settlement at a rate per point."""
        return self in _FOOT


_LABELS = {
    ScoringSystem.LEAGUE: gettext_noop("League (Points and Games, NASL)"),
    ScoringSystem.SEEGER_FABIAN: gettext_noop("Seeger-Fabian (ISPA/DSkV)"),
}


_FOOT = frozenset({ScoringSystem.SEEGER_FABIAN})

# Seeger-Fabian: each game won adds this, each game lost subtracts it.
GAME_BONUS = 50
# Seeger-Fabian: what every other player at the table gets for each game a declarer lost.
OPPONENT_BONUS: Mapping[int, int] = {3: 40, 4: 30}


@dataclass(frozen=True)
class SeegerFabianFoot:
    """The foot of a Seeger-Fabian sheet, or of a player's whole tournament: his Points,
    games won × 50, games lost × 50 (subtracted), what the games the other declarers at his
    tables lost gave him (× 40 at a three-table, × 30 at a four-table), and the sum, his
    score. The one formula of the score: the sheet's foot, the player page and the standings
    all read it here."""

    points: int
    won: int
    lost: int
    others_lost: int  # games the other declarers at his tables lost
    others_bonus: int  # what those games gave him

    @property
    def won_bonus(self) -> int:
        return GAME_BONUS * self.won

    @property
    def lost_malus(self) -> int:
        return -GAME_BONUS * self.lost

    @property
    def score(self) -> int:
        return self.points + self.won_bonus + self.lost_malus + self.others_bonus


def seeger_fabian_foot(points: int, won: int, lost: int, others_lost: int,
                       table_size: int) -> SeegerFabianFoot:
    """The foot of one seat of one sheet (a table of ``table_size``, 3 or 4)."""
    return SeegerFabianFoot(points, won, lost, others_lost,
                            OPPONENT_BONUS[table_size] * others_lost)
