"""The comparative standings of a tournament played from pre-dealt decks (docs/rules.md §13),
kept in the cache as the standings are, and what its pages present of them: a deck's
traveller, a player's decks against the field."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from engine import ScoringSystem
from scoring.cache import cached
from scoring.comparative import (
    LETTERS,
    WIN,
    ComparativeStanding,
    DeckMatchpoints,
    DeckResult,
    LetterStanding,
    letter_columns,
    matchpoints,
    rank_matchpoints,
)
from scoring.comparison.loaders import ComparativeData, DeckInfo, load_comparative
from scoring.results.loaders import PlayerInfo, players_of
from scoring.results.services import scope_of
from scoring.settings.services import scoring_settings
from tournament.comparative.services import deal_set_of
from tournament.models import DealSet, Tournament
from tournament.permissions import Visitor
from tournament.versions import version


class NotComparative(LookupError):
    """The tournament has no pre-dealt set: there is nothing to compare."""


@dataclass(frozen=True)
class TravellerCell:
    """One letter of one table's line: who held those cards, his score, his matchpoints."""

    letter: str
    player: PlayerInfo
    score: int
    matchpoints: Fraction | None  # None: nobody else held those cards, nothing compared
    percent: Fraction | None


@dataclass(frozen=True)
class TravellerRow:
    table: int
    deal: int
    declarer_letter: str | None
    declarer: PlayerInfo | None
    description: str
    value: int
    won: bool | None
    cells: tuple[TravellerCell | None, ...]  # one per letter of the set; None: sat it out
    game: str = ""  # the record's game key, trump and card points (the open-card note)
    trump: str = ""
    card_points: int | None = None


@dataclass(frozen=True)
class PlayerDeck:
    """One deck a player held cards on, against the others who held the same cards."""

    deck: DeckInfo
    letter: str
    score: int
    field: Fraction | None  # the mean score of the others with his cards; None: nobody else
    others: int
    matchpoints: Fraction | None
    top: int | None
    percent: Fraction | None


@dataclass(frozen=True)
class Comparison:
    tournament: Tournament
    deal_set: DealSet
    data: ComparativeData
    rows: tuple[DeckMatchpoints, ...]
    standings: tuple[ComparativeStanding, ...]
    columns: dict[str, list[LetterStanding]]
    players: dict[int, PlayerInfo]
    series: int | None
    released_only: bool

    @property
    def provisional(self) -> bool:
        return self.data.provisional

    @property
    def letters(self) -> tuple[str, ...]:
        return LETTERS[:self.deal_set.table_size]

    def player(self, entry: int) -> PlayerInfo:
        return self.players.get(entry) or PlayerInfo(entry, 0, "?", "?", None, "")

    def deck(self, series: int, number: int) -> DeckInfo | None:
        return next((d for d in self.data.decks.values()
                     if d.series == series and d.number == number), None)

    def decks_by_series(self) -> list[tuple[int, list[DeckInfo]]]:
        grouped: dict[int, list[DeckInfo]] = {}
        for deck in self.data.decks.values():
            grouped.setdefault(deck.series, []).append(deck)
        return sorted(grouped.items())

    def _matchpoints_of(self) -> dict[tuple[int, int], DeckMatchpoints]:
        return {(m.deck, m.player): m for m in self.rows}

    def traveller(self, deck: DeckInfo) -> list[TravellerRow]:
        """Every table's line of ``deck``, by table number."""
        mps = self._matchpoints_of()
        rows = []
        for line in self.data.lines:
            if line.deck != deck.id:
                continue
            cells: list[TravellerCell | None] = []
            for letter in self.letters:
                entry = line.players.get(letter)
                if entry is None:
                    cells.append(None)
                    continue
                mp = mps.get((deck.id, entry))
                cells.append(TravellerCell(letter, self.player(entry), line.scores[letter],
                                           mp.matchpoints if mp else None,
                                           mp.percent if mp else None))
            rows.append(TravellerRow(
                line.table, line.deal, line.declarer_letter,
                self.player(line.declarer) if line.declarer is not None else None,
                line.description, line.value, line.won, tuple(cells), line.game, line.trump,
                line.card_points))
        return rows

    def player_decks(self, entry: int) -> list[PlayerDeck]:
        """The decks ``entry`` held cards on, with the field's mean score on the same cards."""
        mps = self._matchpoints_of()
        by_cards: dict[tuple[int, str], list[DeckResult]] = {}
        for r in self.data.results:
            by_cards.setdefault((r.deck, r.letter), []).append(r)
        mine = []
        for r in self.data.results:
            if r.player != entry:
                continue
            others = [o.score for o in by_cards[(r.deck, r.letter)] if o.player != entry]
            mp = mps.get((r.deck, entry))
            mine.append(PlayerDeck(
                self.data.decks[r.deck], r.letter, int(r.score),
                Fraction(sum(others), len(others)) if others else None, len(others),
                mp.matchpoints if mp else None, mp.top if mp else None,
                mp.percent if mp else None))
        return sorted(mine, key=lambda p: (p.deck.series, p.deck.number))

    def top(self, deck: DeckInfo) -> int | None:
        """The matchpoints of the best result on ``deck``: 2 × (expected − 1)."""
        expected = self.data.expected.get(deck.id)
        return WIN * (expected - 1) if expected else None

    def standing_of(self, entry: int) -> ComparativeStanding | None:
        return next((s for s in self.standings if s.player == entry), None)


def comparative_results(visitor: Visitor, series: int | None = None) -> Comparison:
    """The comparative standings ``visitor`` may see (released series only for the public).
    Raises ``NotComparative`` for a tournament without a pre-dealt set."""
    return compare(visitor.tournament, series=series, released_only=visitor.released_only)


def compare(tournament: Tournament, series: int | None = None,
            released_only: bool = False) -> Comparison:
    deal_set = deal_set_of(tournament)
    if deal_set is None:
        raise NotComparative(f"{tournament} is not played comparatively.")
    found = cached(tournament, version(tournament, public=released_only),
                    ("comparison", series, released_only),
                    lambda: _compare(tournament, deal_set, series, released_only))
    return replace(found, tournament=tournament)


def _compare(tournament: Tournament, deal_set: DealSet, series: int | None,
             released_only: bool) -> Comparison:
    scope = scope_of(tournament, scoring_settings(tournament), series, released_only)
    data = load_comparative(scope, ScoringSystem(tournament.scoring_system))
    rows = matchpoints(data.results, data.expected)
    # kept without the tournament, as ``_compute`` keeps the standings
    return Comparison(None, deal_set, data, tuple(rows),  # type: ignore[arg-type]
                      tuple(rank_matchpoints(rows)), letter_columns(data.results),
                      players_of(tournament, public=released_only), series,
                      released_only)
