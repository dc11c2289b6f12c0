"""The standings of a tournament, of one series, of the released series: computed from a
fixed number of queries (the database sums each player's totals, ``loaders.load_totals``),
ranked by the pure functions of ``standings``, and kept in the cache (``scoring.cache``) under
the tournament's version: the next change makes them stale."""

from __future__ import annotations

from dataclasses import dataclass, replace

from scoring.awards.loaders import prize_specs
from scoring.cache import cached
from scoring.models import MissingDeals, ScoringSettings, Substitutes
from scoring.ranking import Ranking, league_ranking, rank, ranking_of
from scoring.results.loaders import (
    PlayerInfo,
    Results,
    Totals,
    load_results,
    load_totals,
    players_of,
)
from scoring.results.scope import Scope
from scoring.settings.services import club_best, scoring_settings
from scoring.standings import (
    ClubStanding,
    ScoringSystem,
    Standing,
    club_standings,
)
from tournament.guide import counted_words
from tournament.models import Tournament
from tournament.permissions import Visitor, counts_results_of
from tournament.versions import version


@dataclass(frozen=True)
class Computation:
    tournament: Tournament
    system: ScoringSystem
    standings: tuple[Standing, ...]  # by the tournament's scoring system
    league: tuple[Standing, ...]  # League Points and Games (the prize schedule uses these)
    results: Totals
    players: dict[int, PlayerInfo]
    series: int | None
    released_only: bool
    # the series these results count (``permissions.counts_results_of``), in order
    counted: tuple[int, ...] = ()
    confirmed_only: bool = False  # the results setting: unconfirmed sheets do not count
    version: str = ""  # the tournament's version these results were computed at
    substitutes: str = Substitutes.ABSENT_KEEPS  # the results settings of a table that
    missing_deals: str = MissingDeals.NOTHING  # could not finish (docs/rules.md §10)
    # the public's provisional standings: the series in play counted too (Visitor.playing)
    in_play: bool = False

    @property
    def scope(self) -> Scope:
        return Scope(self.tournament, self.confirmed_only, self.series, self.released_only,
                     self.substitutes, self.missing_deals, in_play=self.in_play)

    @property
    def ranking(self) -> Ranking:
        """How the tournament's scoring system ranks, and its words (``scoring.ranking``)."""
        return ranking_of(self.system)

    @property
    def provisional(self) -> bool:
        return self.results.provisional

    @property
    def did_not_play(self) -> tuple[int, ...]:
        """Registered players with no seat at a counted table: not ranked, no prize."""
        ranked = {s.entry for s in self.standings}
        return tuple(e for e in self.results.did_not_play if e not in ranked)

    def absent_players(self, club_filter: str = "") -> list[PlayerInfo]:
        """The players who did not play, by name, as the pages list them; none while nobody
        is ranked (say, before any series is released to the public)."""
        if not self.standings:
            return []
        absent = [self.player(e) for e in self.did_not_play]
        if club_filter:
            absent = [p for p in absent if str(p.club_id) == club_filter]
        return sorted(absent, key=lambda p: (p.sort_name, p.number))

    def player(self, entry: int) -> PlayerInfo:
        return self.players.get(entry) or PlayerInfo(entry, 0, "?", "?", None, "")

    @property
    def nothing_counted(self) -> bool:
        """Nothing to rank yet: the pages say so instead of a table of zeros and a prize tie
        among everybody."""
        return not self.counted

    @property
    def counted_words(self) -> str:
        """ "Series 1 and 2 of 3 counted.", for the pages' lead."""
        return counted_words(self.counted, self.tournament.series_count)


def scope_of(tournament: Tournament, settings: ScoringSettings, series: int | None = None,
             released_only: bool = False, in_play: bool = False) -> Scope:
    """The deals that count under the tournament's results settings."""
    return Scope(tournament, not settings.count_unconfirmed, series, released_only,
                 settings.substitutes, settings.missing_deals, in_play=in_play)


def results_for(visitor: Visitor, series: int | None = None) -> Computation:
    """The results ``visitor`` may see: every series for the staff, released ones for others
    (and the series in play on the public's provisional pages, ``Visitor.playing``)."""
    return compute(visitor.tournament, series=series, released_only=visitor.released_only,
                   in_play=visitor.released_only and visitor.in_play)


def compute(tournament: Tournament, series: int | None = None,
            released_only: bool = False, in_play: bool = False) -> Computation:
    """The standings of ``tournament`` (of one series, of the released series only, or of
    those and the series in play with the names the public reads), from the cache while
    nothing has changed since they were computed."""
    in_play = released_only and in_play
    at = version(tournament, public=released_only and not in_play)
    comp = cached(tournament, at, ("standings", series, released_only, in_play),
                  lambda: _compute(tournament, series, released_only, at, in_play))
    # the kept one is shared by every request of this process: the caller gets his own dicts
    return replace(comp, tournament=tournament, players=dict(comp.players))


def _compute(tournament: Tournament, series: int | None, released_only: bool,
             at: str, in_play: bool = False) -> Computation:
    settings = scoring_settings(tournament)
    scope = scope_of(tournament, settings, series, released_only, in_play)
    totals = load_totals(scope, prize_specs(tournament, settings))
    system = ScoringSystem(tournament.scoring_system)
    ranked = rank(system, totals.tallies)
    league = league_ranking(system, totals.tallies, ranked)
    counted = tuple(n for n, status in sorted(totals.statuses.items())
                    if counts_results_of(status, released_only, in_play))
    # kept without the tournament (the cache is shared; the caller has its own)
    return Computation(None, system, tuple(ranked), tuple(league),  # type: ignore[arg-type]
                       replace(totals, tallies={}), players_of(tournament, public=released_only),
                       series, released_only, counted, scope.confirmed_only, at,
                       scope.substitutes, scope.missing_deals, in_play)


def player_results(comp: Computation, entry: int) -> Results:
    """The deals and penalties of the tables ``entry`` sat at, counted as ``comp`` counts."""
    return load_results(replace(comp.scope, entry=entry))


def clubs(comp: Computation) -> list[ClubStanding]:
    best = club_best(comp.tournament)
    club_of = {e: p.club_id for e, p in comp.players.items()}
    return club_standings(comp.standings, club_of, best=best)
