"""Standings of a Skat tournament (docs/rules.md §10): League Points and Games, Seeger-Fabian,
clubs, teams.

Pure functions over plain frozen dataclasses: the Django layer loads the deals and penalties of a
tournament with a bounded number of queries and hands them in; nothing here touches a database.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engine import GAME_BONUS as GAME_BONUS  # the Seeger-Fabian numbers, as the engine has them
from engine import NOT_GAMES as NOT_GAMES  # the standings' callers name it here
from engine import OPPONENT_BONUS as OPPONENT_BONUS
from engine import RuleSet, SeegerFabianFoot, get_rule_set
from engine import ScoringSystem as ScoringSystem  # the standings' callers name it here


def place_label(rank: int, tied: bool) -> str:
    """A place as the pages print it: "3", or "3=" when others share it."""
    return f"{rank}=" if tied else str(rank)


@dataclass(frozen=True)
class DealResult:
    """One deal of one table, as scoring sees it."""

    series: int
    table: int  # a table id, unique across series
    table_size: int  # 3 or 4
    number: int  # deal number at the table
    players: tuple[int, ...]  # everybody seated at the table, the sitting-out dealer included
    declarer: int | None  # None for Ramsch and passed deals
    game: str  # an engine GameKey: "solo", "grand", "tourne", "ramsch", "passed", "suit", ...
    trump: str | None  # an engine Suit's key ("clubs", ..., "diamonds") for suit games
    matadors: int  # +n with n, -n without n, 0 for games without trumps
    won: bool | None  # the declarer's game; None when there is no declarer
    value: int  # the declarer's signed result (Ramsch: the loser's charge)
    card_points: int | None
    passt_nicht: bool = False
    # entry id -> points this deal adds to that player's total (declarer's result, Contra
    # announcer's and revoker's charges, the Ramsch loser's charge).
    entries: Mapping[int, int] = field(default_factory=dict)
    table_number: int | None = None  # the number players see, when ``table`` is an id
    # the rule set ``game`` belongs to (names it); the default rule set unless given
    rules: RuleSet = field(default_factory=get_rule_set)
    description: str = ""  # the deal in words, as its score sheet shows it (reader's language)

    @property
    def is_game(self) -> bool:
        return self.declarer is not None and self.game not in NOT_GAMES

    @property
    def reference(self) -> str:
        table = self.table if self.table_number is None else self.table_number
        return f"series {self.series}, table {table}, deal {self.number}"


@dataclass(frozen=True)
class PenaltyResult:
    entry: int
    points: int  # points charged, a positive number that is subtracted
    series: int | None = None  # None: a tournament penalty, outside every series
    table_number: int | None = None  # the table whose sheet charged it
    reason: str = ""  # the reason in words, as the sheet shows it


@dataclass(frozen=True)
class Standing:
    entry: int
    points: int  # League Points: results, charges, minus penalties
    won: int  # games won as declarer
    lost: int  # games lost as declarer
    games: int  # won - lost
    score: int  # what the ranking uses: Points (league) or the Seeger-Fabian score
    rank: int  # equal keys share a rank; the next rank skips ("3=", "3=", 5)
    tied: bool
    others_lost: int = 0  # games the other declarers at his tables lost
    bonus: int = 0  # what those gave him under Seeger-Fabian (40 or 30 each)
    credit: int = 0  # the table's average for deals not played (docs/rules.md §10)
    # League: the credit is in ``points``; Seeger-Fabian: in ``score`` only (it is a score)
    credit_in_points: bool = field(default=False, compare=False)

    @property
    def place(self) -> str:
        return place_label(self.rank, self.tied)

    @property
    def foot(self) -> SeegerFabianFoot:
        """His Seeger-Fabian foot over the counted deals, as a sheet's foot adds it up."""
        points = self.points - self.credit if self.credit_in_points else self.points
        return SeegerFabianFoot(points, self.won, self.lost, self.others_lost, self.bonus)


@dataclass(frozen=True)
class ClubStanding:
    club: int
    score: int
    members: tuple[int, ...]  # every ranked member, best first
    counted: tuple[int, ...]  # the members whose scores make up `score` (the best N)
    rank: int
    tied: bool

    @property
    def place(self) -> str:
        return place_label(self.rank, self.tied)


@dataclass(frozen=True)
class TeamStanding:
    team: str
    score: int
    members: tuple[int, ...]
    rank: int
    tied: bool

    @property
    def place(self) -> str:
        return place_label(self.rank, self.tied)


T = TypeVar("T")


def ranked(items: Iterable[T], key: Callable[[T], Hashable]) -> list[tuple[T, int, bool]]:
    """Items best first (by descending key) with competition ranks: equal keys share a rank.

    The sort is stable, so tied items keep the order they came in.
    """
    ordered = sorted(items, key=key, reverse=True)  # type: ignore[arg-type]
    counts: dict[Hashable, int] = defaultdict(int)
    for item in ordered:
        counts[key(item)] += 1
    result: list[tuple[T, int, bool]] = []
    rank = 0
    previous: object = object()
    for position, item in enumerate(ordered, start=1):
        k = key(item)
        if k != previous:
            rank, previous = position, k
        result.append((item, rank, counts[k] > 1))
    return result


def deal_points(deal: DealResult) -> Mapping[int, int]:
    """What the deal adds to each player's Points.

    `entries` is the authority; a game entered without it falls back to the declarer's result so
    that a bare declarer game still counts (a Ramsch needs its `entries`: it has no declarer).
    """
    if deal.entries:
        return deal.entries
    if deal.declarer is not None and deal.game not in NOT_GAMES:
        return {deal.declarer: deal.value}
    return {}


def check_deal(deal: DealResult) -> None:
    """Refuse a deal the scoring cannot read: a wrong table size or a player not at the table."""
    if deal.table_size not in OPPONENT_BONUS:
        raise ValueError(f"{deal.reference}: a table seats 3 or 4, not {deal.table_size}")
    seated = set(deal.players)
    if deal.declarer is not None and deal.declarer not in seated:
        raise ValueError(f"{deal.reference}: declarer {deal.declarer} is not at the table")
    strangers = set(deal_points(deal)) - seated
    if strangers:
        raise ValueError(f"{deal.reference}: entries {sorted(strangers)} are not at the table")


def per_series(
    deals: Iterable[DealResult], penalties: Iterable[PenaltyResult], series: int
) -> tuple[list[DealResult], list[PenaltyResult]]:
    """The deals and penalties of one series (tournament penalties belong to no series)."""
    return (
        [d for d in deals if d.series == series],
        [p for p in penalties if p.series == series],
    )


def ranked_entry(entry: int) -> bool:
    """Entries are database ids; a negative number stands for a substitute whose deals count
    for nobody (docs/rules.md §10): the others at his table score against him as usual, but
    he is never ranked, never in line for a prize."""
    return entry >= 0


@dataclass
class Tally:
    """One player's totals, summed deal by deal here or by the database (``loaders``)."""

    points: int = 0
    won: int = 0
    lost: int = 0
    bonus: int = 0  # Seeger-Fabian opponent bonus
    others_lost: int = 0  # the games lost by the other declarers at his tables
    credit: int = 0  # the table's average for the deals of an ended sheet not played


def tally_deals(
    deals: Iterable[DealResult], penalties: Iterable[PenaltyResult], played: Iterable[int]
) -> dict[int, Tally]:
    """Each ranked player's totals over ``deals`` and ``penalties``."""
    # Everybody who played appears, with 0 if nothing moved his total; so does anybody who
    # scored or sat at a table, so that no Points vanish. A player who never sat down is not
    # ranked at all: 0 would place him above everyone with a negative score.
    tallies: dict[int, Tally] = {entry: Tally() for entry in played}
    for deal in deals:
        check_deal(deal)
        for entry, points in deal_points(deal).items():
            tallies.setdefault(entry, Tally()).points += points
        for entry in deal.players:
            tallies.setdefault(entry, Tally())
        if not deal.is_game or deal.declarer is None:
            continue
        declarer = tallies[deal.declarer]
        if deal.won:
            declarer.won += 1
            continue
        declarer.lost += 1
        for entry in deal.players:
            if entry != deal.declarer:
                tallies[entry].bonus += OPPONENT_BONUS[deal.table_size]
                tallies[entry].others_lost += 1
    charge_penalties(tallies, penalties)
    return {entry: tally for entry, tally in tallies.items() if ranked_entry(entry)}


def charge_penalties(tallies: dict[int, Tally], penalties: Iterable[PenaltyResult]) -> None:
    for penalty in penalties:
        tallies.setdefault(penalty.entry, Tally()).points -= penalty.points


def league_standings(
    deals: Iterable[DealResult],
    penalties: Iterable[PenaltyResult],
    played: Iterable[int],
    series: int | None = None,
) -> list[Standing]:
    """docs/rules.md §10 `league`: ranked by Points, then Games; whatever is left is a tie."""
    if series is not None:
        deals, penalties = per_series(deals, penalties, series)
    return rank_league(tally_deals(deals, penalties, played))


def rank_league(tallies: Mapping[int, Tally]) -> list[Standing]:
    """League standings from each player's totals."""
    rows = sorted(tallies.items())  # entry order inside a tie
    return [
        Standing(entry, t.points + t.credit, t.won, t.lost, t.won - t.lost, t.points + t.credit,
                 rank, tied, t.others_lost, t.bonus, t.credit, credit_in_points=True)
        for (entry, t), rank, tied in ranked(
            rows, lambda r: (r[1].points + r[1].credit, r[1].won - r[1].lost))
    ]


def seeger_fabian_foot(tally: Tally) -> SeegerFabianFoot:
    return SeegerFabianFoot(tally.points, tally.won, tally.lost, tally.others_lost, tally.bonus)


def seeger_fabian_score(tally: Tally) -> int:
    """The score the standings rank (the foot's), with the credit for deals not played."""
    return seeger_fabian_foot(tally).score + tally.credit


def seeger_fabian_standings(
    deals: Iterable[DealResult],
    penalties: Iterable[PenaltyResult],
    played: Iterable[int],
    series: int | None = None,
) -> list[Standing]:
    """docs/rules.md §10 `seeger-fabian`: score, then more games won, then fewer lost; then the lot,
    which is the organizer's, so a tie that far is shown as a tie."""
    if series is not None:
        deals, penalties = per_series(deals, penalties, series)
    return rank_seeger_fabian(tally_deals(deals, penalties, played))


def rank_seeger_fabian(tallies: Mapping[int, Tally]) -> list[Standing]:
    """Seeger-Fabian standings from each player's totals."""
    rows = sorted(tallies.items())

    def key(row: tuple[int, Tally]) -> tuple[int, int, int]:
        return (seeger_fabian_score(row[1]), row[1].won, -row[1].lost)

    return [
        Standing(entry, t.points, t.won, t.lost, t.won - t.lost,
                 seeger_fabian_score(t), rank, tied, t.others_lost, t.bonus, t.credit)
        for (entry, t), rank, tied in ranked(rows, key)
    ]


def club_standings(
    standings: Sequence[Standing], club_of: Mapping[int, int | None], best: int | None = None
) -> list[ClubStanding]:
    """Clubs by the sum of their players' scores, or of the best `best` of them.

    A club with fewer players than `best` counts those it has. Players without a club are left
    out. Ties are ties (club id order inside a tie).
    """
    if best is not None and best < 1:
        raise ValueError("best must be at least 1")
    members: dict[int, list[Standing]] = defaultdict(list)
    for standing in sorted(standings, key=lambda s: (-s.score, s.rank, s.entry)):
        club = club_of.get(standing.entry)
        if club is not None:
            members[club].append(standing)
    rows = []
    for club in sorted(members):
        counted = members[club][:best] if best is not None else members[club]
        rows.append((club, sum(s.score for s in counted), members[club], counted))
    return [
        ClubStanding(
            club, score, tuple(s.entry for s in all_), tuple(s.entry for s in counted), rank, tied
        )
        for (club, score, all_, counted), rank, tied in ranked(rows, lambda r: r[1])
    ]


def team_standings(
    standings: Sequence[Standing], teams: Mapping[str, Sequence[int]]
) -> list[TeamStanding]:
    """Registered teams (tandems of 2, teams of 4) by the sum of their members' scores.

    A member missing from the standings (he did not play) adds nothing.
    """
    score_of = {s.entry: s.score for s in standings}
    rows = sorted(
        (name, sum(score_of.get(m, 0) for m in members), tuple(members))
        for name, members in teams.items()
    )
    return [
        TeamStanding(name, score, members, rank, tied)
        for (name, score, members), rank, tied in ranked(rows, lambda r: r[1])
    ]
