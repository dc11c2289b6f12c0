"""The prize list's rows, built once for the page and its PDF (read aloud at the prize-giving)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from scoring.awards.loaders import prize_schedule
from scoring.awards.services import prizes
from scoring.prizes import PrizeKind, PrizeResult
from scoring.results import services as results
from scoring.results.loaders import PlayerInfo
from scoring.results.services import Computation
from tournament.permissions import Visitor


@dataclass(frozen=True)
class PrizeRow:
    """A prize with its winner (none while tied) and the players tied for it."""

    prize: PrizeResult  # its reason says who was higher and holds another prize
    winners: tuple[PlayerInfo, ...]
    candidates: tuple[PlayerInfo, ...]


@dataclass(frozen=True)
class PrizePage:
    comp: Computation
    prizes: list[PrizeRow]
    custom: bool  # the tournament has prizes of its own after the schedule's
    absent: list[PlayerInfo]
    places: bool = False  # places by Seeger-Fabian score
    league: bool = True  # the League Prize Schedule

    @property
    def lead(self) -> str:
        parts = []
        if self.places:
            parts.append("The places by Seeger-Fabian score over the whole tournament")
        if self.league:
            parts.append(("the" if parts else "The") + " National League Prize Schedule "
                         "(League Points and Games over the whole tournament)")
        if self.custom:
            parts.append("the tournament's own prizes" if parts else
                         "The tournament's own prizes")
        return (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1
                else "".join(parts)) + "."


def with_higher(prize: PrizeResult, comp: Computation) -> PrizeResult:
    """The reason, and why a better player did not take the prize: "…, 1,260 Points (higher:
    Lena Bäcker 216, holds prize 2)"."""
    if not prize.higher:
        return prize
    higher = "; ".join(f"{comp.player(entry).label} {figure}, holds prize {number}"
                       for entry, figure, number in prize.higher)
    return replace(prize, reason=f"{prize.reason} (higher: {higher})")


def prize_page(visitor: Visitor) -> PrizePage:
    comp = results.results_for(visitor)
    rows = [PrizeRow(with_higher(p, comp), tuple(comp.player(e) for e in p.winners),
                     tuple(comp.player(e) for e in p.candidates)) for p in prizes(comp)]
    kinds = {spec.kind for spec in prize_schedule(visitor.tournament)}
    return PrizePage(comp, rows, visitor.tournament.custom_prizes.exists(),
                     comp.absent_players(), places=PrizeKind.PLACE in kinds,
                     league=bool(kinds - {PrizeKind.PLACE}))
