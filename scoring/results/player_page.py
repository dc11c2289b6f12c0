"""A player's page: every deal and penalty that moved his Points, his place from the cached
standings, and, at a comparative tournament, his decks against the field. Built once here
for the page and what reads it next (an export, an API)."""

from __future__ import annotations

from dataclasses import dataclass

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, pgettext

from scoring.comparative import ComparativeStanding
from scoring.comparison import page as comparative
from scoring.comparison import services as comparisons
from scoring.prize_list import game_result
from scoring.results import services as results
from scoring.results.loaders import PlayerInfo, Results
from scoring.results.page import absence_notes
from scoring.results.services import Computation
from scoring.standings import Standing
from tournament.comparative.services import deal_set_of
from tournament.models import Entry
from tournament.permissions import Visitor
from tournament.sheets.page import foot_lines


@dataclass(frozen=True)
class DealRow:
    """A deal or penalty that moved the player's Points."""

    where: str  # "series / table / deal"
    order: tuple[int, int, int]
    game: str  # the sheet's own words for the game
    role: str  # declarer, opponent, lost the Ramsch, penalty: in the reader's words
    points: int
    penalty: bool = False


def deal_rows(found: Results, entry: int) -> list[DealRow]:
    """Every deal and penalty that moved the player's Points, so that the rows add up to the
    standings: a game as declarer, a Ramsch or Contra or revoke charge, a penalty."""
    rows = []
    for d in found.deals:
        if entry != d.declarer and entry not in d.entries:
            continue
        role = (pgettext("a player's role in a deal", "declarer") if d.declarer == entry else
                pgettext("a player's role in a deal", "lost the Ramsch") if d.game == "ramsch"
                else pgettext("a player's role in a deal", "opponent"))
        # the sheet's own words for the game, so that a game has one name on every page
        game = d.description or game_result(d)
        rows.append(DealRow(f"{d.series} / {d.table_number} / {d.number}",
                            (d.series, d.table_number or 0, d.number), game, role,
                            d.entries.get(entry, 0)))
    for p in found.penalties:
        if p.entry == entry:
            rows.append(DealRow(f"{p.series} / {p.table_number}",
                                (p.series or 0, p.table_number or 0, 10_000),
                                gettext("Penalty: %(reason)s") % {"reason": p.reason},
                                pgettext("a player's role in a deal", "penalty"), -p.points,
                                penalty=True))
    return rows


@dataclass(frozen=True)
class PlayerPage:
    comp: Computation
    entry: PlayerInfo  # his number, name (as the visitor reads it) and club
    standing: Standing | None  # None: not ranked
    rows: list[DealRow]
    foot: list  # the foot of all his counted deals, where the system has one
    substituted: list[str]  # the substitutions he took part in
    comparative_standing: ComparativeStanding | None = None
    decks: list[comparative.PlayerDeckRow] | None = None  # None: not comparative

    @property
    def total(self) -> int:
        return sum(r.points for r in self.rows)

    @property
    def penalties(self) -> int:
        return sum(1 for r in self.rows if r.penalty)


def player_page(visitor: Visitor, number: int) -> PlayerPage:
    entry = get_object_or_404(Entry, tournament=visitor.tournament, number=number)
    comp = results.results_for(visitor)  # his place, from the cached standings
    rows = deal_rows(results.player_results(comp, entry.id), entry.id)
    standing = next((s for s in comp.standings if s.entry == entry.id), None)
    decks = comparative_standing = None
    if deal_set_of(visitor.tournament) is not None:
        found = comparisons.comparative_results(visitor)
        comparative_standing = found.standing_of(entry.id)
        decks = comparative.player_deck_rows(found, entry.id)
    # the foot of all his counted deals: the standing's own numbers
    foot = (foot_lines((standing.foot,)) if standing is not None and comp.ranking.foot
            else [])
    return PlayerPage(comp, comp.player(entry.id), standing, rows, foot,
                      absence_notes(comp, entry.id),
                      comparative_standing, decks)
