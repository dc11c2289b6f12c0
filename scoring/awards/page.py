"""The prize list's rows, built once for the page and its PDF (read aloud at the prize-giving)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext, gettext_lazy

from scoring.awards.loaders import prize_schedule
from scoring.awards.services import prizes
from scoring.prizes import PrizeKind, PrizeResult
from scoring.results import services as results
from scoring.results.loaders import PlayerInfo
from scoring.results.services import Computation
from tournament.permissions import Visitor

# The prize list's lead by what it holds: (places by score, the League's schedule, the
# tournament's own prizes).
_LEADS = {
    (True, False, False): gettext_lazy(
        "The places by Seeger-Fabian score over the whole tournament."),
    (False, True, False): gettext_lazy(
        "The National League Prize Schedule (League Points and Games over the whole "
        "tournament)."),
    (False, False, True): gettext_lazy("The tournament's own prizes."),
    (True, True, False): gettext_lazy(
        "The places by Seeger-Fabian score over the whole tournament and the National League "
        "Prize Schedule (League Points and Games over the whole tournament)."),
    (True, False, True): gettext_lazy(
        "The places by Seeger-Fabian score over the whole tournament and the tournament's "
        "own prizes."),
    (False, True, True): gettext_lazy(
        "The National League Prize Schedule (League Points and Games over the whole "
        "tournament) and the tournament's own prizes."),
    (True, True, True): gettext_lazy(
        "The places by Seeger-Fabian score over the whole tournament, the National League "
        "Prize Schedule (League Points and Games over the whole tournament) and the "
        "tournament's own prizes."),
}


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
        lead = _LEADS.get((self.places, self.league, self.custom))
        return "." if lead is None else str(lead)


def with_higher(prize: PrizeResult, comp: Computation) -> PrizeResult:
    """The reason, and why a better player did not take the prize: "…, 1,260 Points (higher:
    Lena Bäcker 216, holds prize 2)"."""
    if not prize.higher:
        return prize
    # Translators: a player ranked above a prize's winner: "Lena Bäcker 216, holds prize 2"
    higher = "; ".join(gettext("%(player)s %(figure)s, holds prize %(number)s") % {
        "player": comp.player(entry).label, "figure": figure, "number": number}
        for entry, figure, number in prize.higher)
    # Translators: a prize's reason, then the players ranked above its winner who hold a prize
    return replace(prize, reason=gettext("%(reason)s (higher: %(players)s)") % {
        "reason": prize.reason, "players": higher})


def prize_page(visitor: Visitor) -> PrizePage:
    comp = results.results_for(visitor)
    rows = [PrizeRow(with_higher(p, comp), tuple(comp.player(e) for e in p.winners),
                     tuple(comp.player(e) for e in p.candidates)) for p in prizes(comp)]
    kinds = {spec.kind for spec in prize_schedule(visitor.tournament)}
    return PrizePage(comp, rows, visitor.tournament.custom_prizes.exists(),
                     comp.absent_players(), places=PrizeKind.PLACE in kinds,
                     league=bool(kinds - {PrizeKind.PLACE}))
