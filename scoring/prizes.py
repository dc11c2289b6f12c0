"""Awarding the prize list (docs/rules.md §11, seed 000 L4978): the League Prize Schedule under
League scoring, the places by score under Seeger-Fabian, and custom prizes of the same kinds.

Every prize ranks candidates by a key (higher is better) built from the prize's tie-breaks in
order; a tie that survives the whole key is returned as a tie for the organizer's lot. What the
prizes are and the words of their reasons are ``scoring.prize_list``'s and ``prize_words``'.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, replace
from typing import Any

from engine import GRAND_RANK, SOLO_GAMES, TOURNE_GAMES, against_rank
from scoring.prize_list import (  # the prize list and its words, here for the importers
    GRAND_GAMES,
    LEAGUE_SCHEDULE,
    PrizeKind,
    PrizeResult,
    PrizeSpec,
    against_games,
    counted,
    describe_game,
    game_name,
    league_schedule,
    no_games_won,
    ordinal,
    points,
    trump_of,
)
from scoring.prize_words import (  # a candidate's reason and figure
    count_words,
    game_words,
    highest_words,
    most_games_words,
    place_words,
    points_words,
)
from scoring.standings import DealResult, Standing
from tournament.numbers import grouped
from tournament.speech import gettext, ngettext

__all__ = [
    "GRAND_GAMES",
    "GRAND_RANK",
    "LEAGUE_SCHEDULE",
    "PrizeDeals",
    "PrizeKind",
    "PrizeResult",
    "PrizeSpec",
    "against_games",
    "award",
    "award_prizes",
    "counted",
    "describe_game",
    "game_name",
    "league_schedule",
    "ordinal",
    "players_in_line",
    "points",
    "prize_deals",
    "trump_of",
]


@dataclass(frozen=True)
class PrizeDeals:
    """What the prizes read of the deals: the won games that may take a prize for a game
    (3, 6, 7: every won game, or a part of them that holds every player in line, as
    ``loaders.load_prize_deals`` reads it) and, for each set of games a prize counts, each
    declarer's number of those games won."""

    games: tuple[DealResult, ...]
    counts: Mapping[frozenset[str], Mapping[int, int]]


def prize_deals(specs: Sequence[PrizeSpec], deals: Iterable[DealResult]) -> PrizeDeals:
    """``PrizeDeals`` of every deal of the tournament."""
    won = tuple(d for d in deals if _won(d))
    counts: dict[frozenset[str], dict[int, int]] = {}
    for games in {s.games for s in specs if s.kind is PrizeKind.COUNT_WON}:
        counted = counts.setdefault(games, {})
        for deal in won:
            if deal.game in games and deal.declarer is not None:
                counted[deal.declarer] = counted.get(deal.declarer, 0) + 1
    return PrizeDeals(won, counts)


# Prizes 3, 6 and 7 pick among players by their best game; a ranking beyond the players who
# could still be in line (one per prize, plus the place) never changes an award.
def players_in_line(specs: Sequence[PrizeSpec]) -> int:
    return len(specs) + max((s.place for s in specs), default=1) + 1


@dataclass(frozen=True)
class _Candidate:
    """A player in line for a prize by ``key``; ``say(source)`` words his reason and what he
    is ranked by in short ("216", "Grand without 3"), asked only of those the list names (a
    congress has thousands in line for the places)."""

    entry: int
    key: tuple[int, ...]
    source: Any  # what the words are made of: his standing, his game
    say: Callable[[Any], tuple[str, str]]

    @property
    def reason(self) -> str:
        return self.say(self.source)[0]

    @property
    def figure(self) -> str:
        return self.say(self.source)[1]


def _won(deal: DealResult) -> bool:
    return deal.is_game and deal.won is True


def _deal_order(deal: DealResult) -> tuple[int, int, int]:
    return (deal.series, deal.table, deal.number)


def _best_per_player(
    scored: Iterable[tuple[DealResult, tuple[int, ...]]],
) -> dict[int, tuple[DealResult, tuple[int, ...]]]:
    """Each declarer's best game by key; between equal keys the earliest deal is cited."""
    best: dict[int, tuple[DealResult, tuple[int, ...]]] = {}
    for deal, key in sorted(scored, key=lambda dk: _deal_order(dk[0])):
        assert deal.declarer is not None
        if deal.declarer not in best or key > best[deal.declarer][1]:
            best[deal.declarer] = (deal, key)
    return best


def _against_candidates(deals: Sequence[DealResult], games: frozenset[str]) -> list[_Candidate]:
    """Prizes 3 and 7: won against (without) matadors; then kind, value, card points
    (``engine.against_rank``)."""
    scored = []
    for deal in deals:
        if _won(deal) and deal.game in games:
            rank = against_rank(deal.game, deal.trump, deal.matadors, deal.value,
                                deal.card_points)
            if rank is not None:
                scored.append((deal, (rank,)))
    return [
        _Candidate(entry, key, deal, game_words)
        for entry, (deal, key) in _best_per_player(scored).items()
    ]


def _highest_candidates(
    deals: Sequence[DealResult], by_entry: Mapping[int, Standing]
) -> list[_Candidate]:
    """Prize 6: the highest game won by value; tie: the winner's total Points."""
    best = _best_per_player((d, (d.value,)) for d in deals if _won(d))
    return [
        _Candidate(entry, (deal.value, by_entry[entry].points),
                   (deal, by_entry[entry].points), highest_words)
        for entry, (deal, _) in best.items()
    ]


def _count_candidates(
    spec: PrizeSpec, counts: Mapping[int, int], by_entry: Mapping[int, Standing]
) -> list[_Candidate]:
    return [
        _Candidate(entry, (n, by_entry[entry].points), (n, spec.label, by_entry[entry].points),
                   count_words)
        for entry, n in counts.items()
    ]


def _place_candidates(ranking: Sequence[Standing]) -> list[_Candidate]:
    """A place by Seeger-Fabian score: score, then more games won, then fewer lost."""
    return [
        _Candidate(s.entry, (s.score, s.won, -s.lost), s, place_words) for s in ranking
    ]


def _candidates(
    spec: PrizeSpec, standings: Sequence[Standing], facts: PrizeDeals,
    ranking: Sequence[Standing] = (),
) -> tuple[list[_Candidate], str]:
    """Everybody in line for the prize, and what to say when nobody is."""
    by_entry = {s.entry: s for s in standings}
    nobody = gettext("No players in the standings")
    if spec.kind is PrizeKind.PLACE:
        return _place_candidates(ranking), nobody
    if spec.kind is PrizeKind.MOST_GAMES:
        return [_Candidate(s.entry, (s.games, s.points), s, most_games_words)
                for s in standings], nobody
    if spec.kind is PrizeKind.MOST_POINTS:
        return [_Candidate(s.entry, (s.points, s.games), s, points_words)
                for s in standings], nobody
    if spec.kind is PrizeKind.LOWEST_POINTS:
        return [_Candidate(s.entry, (-s.points, -s.games), s, points_words)
                for s in standings], nobody
    if spec.kind is PrizeKind.SOLO_AGAINST:
        return (
            _against_candidates(facts.games, SOLO_GAMES),
            no_games_won(spec.label, against=True),
        )
    if spec.kind is PrizeKind.TOURNE_AGAINST:
        return (
            _against_candidates(facts.games, TOURNE_GAMES),
            no_games_won(spec.label, against=True),
        )
    if spec.kind is PrizeKind.HIGHEST_GAME:
        return _highest_candidates(facts.games, by_entry), gettext("No game was won")
    counts = facts.counts.get(spec.games, {})
    return _count_candidates(spec, counts, by_entry), no_games_won(spec.label)


def _select(
    candidates: Sequence[_Candidate], place: int, placed: Set[int], passed_over: Set[int]
) -> list[_Candidate] | None:
    """The group in line for `place` (docs/rules-decisions.md 31).

    Players with equal keys share their positions; the entry id never orders them. Whoever
    took an earlier place of this ranking (inside a tie: by its lot) heads his group, so the
    rest of the group holds the positions after him. From `place` down, the first players who
    are neither placed nor passed over are in line: one, or a tie for the lot.
    """
    groups: dict[tuple[int, ...], list[_Candidate]] = defaultdict(list)
    for candidate in candidates:
        groups[candidate.key].append(candidate)
    last = 0  # the last position taken by the groups above
    for key in sorted(groups, reverse=True):
        rest = [c for c in groups[key] if c.entry not in placed]
        last += len(groups[key])
        if last < place:
            continue
        in_line = [c for c in rest if c.entry not in passed_over]
        if in_line:
            return sorted(in_line, key=lambda c: c.entry)  # only the order they are listed in
    return None


def _within_reach(candidates: list[_Candidate], reach: int) -> list[_Candidate]:
    """The candidates ranked at or above the ``reach``-th, ties with him included: whoever
    ``_select`` picks is among them (above the group in line there are fewer than the place
    plus those placed or passed over), and so is everybody ranked above it (``_higher``); a
    congress's 3,150 players are grouped and sorted for a handful."""
    if len(candidates) <= 2 * reach + 16:
        return candidates
    floor = heapq.nlargest(reach, candidates, key=lambda c: c.key)[-1].key
    return [c for c in candidates if c.key >= floor]


def _ranking_id(spec: PrizeSpec) -> tuple[PrizeKind, frozenset[str]]:
    return (spec.kind, spec.games)


def _check(
    specs: Sequence[PrizeSpec], standings: Sequence[Standing], facts: PrizeDeals
) -> None:
    numbers = [s.number for s in specs]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"prize numbers repeat: {sorted(numbers)}")
    for spec in specs:
        if spec.place < 1:
            raise ValueError(f"prize {spec.number}: place must be at least 1")
        if spec.kind is PrizeKind.COUNT_WON and not spec.games:
            raise ValueError(f"prize {spec.number}: say which games count")
    known = {s.entry for s in standings}
    for deal in facts.games:
        if deal.declarer is not None and deal.declarer not in known:
            raise ValueError(f"{deal.reference}: declarer {deal.declarer} is not in the standings")
    for counts in facts.counts.values():
        strangers = set(counts) - known
        if strangers:
            raise ValueError(f"declarers {sorted(strangers)} are not in the standings")


def award_prizes(
    specs: Sequence[PrizeSpec],
    standings: Sequence[Standing],
    deals: Iterable[DealResult],
    one_prize_per_player: bool = True,
    lots: Mapping[int, int] | None = None,
    ranking: Sequence[Standing] = (),
) -> list[PrizeResult]:
    """Award the prizes in schedule (number) order from the League standings of the whole
    tournament and its deals. `lots` maps a prize number to the entry its lot chose;
    `ranking` is the Seeger-Fabian standings the places are given by."""
    return award(specs, standings, prize_deals(specs, deals), one_prize_per_player, lots,
                 ranking)


def award(
    specs: Sequence[PrizeSpec],
    standings: Sequence[Standing],
    facts: PrizeDeals,
    one_prize_per_player: bool = True,
    lots: Mapping[int, int] | None = None,
    ranking: Sequence[Standing] = (),
) -> list[PrizeResult]:
    """``award_prizes`` from what the prizes read of the deals (``PrizeDeals``)."""
    lots = lots or {}
    _check(specs, standings, facts)
    holders: dict[int, int] = {}  # everybody holding a prize so far: the prize's number
    by_ranking: dict[tuple[PrizeKind, frozenset[str]], set[int]] = {}
    pending_any = False  # an earlier prize is an unsettled tie
    pending_rankings: set[tuple[PrizeKind, frozenset[str]]] = set()
    results = []
    for spec in sorted(specs, key=lambda s: s.number):
        ranking_id = _ranking_id(spec)
        earlier = by_ranking.setdefault(ranking_id, set())
        # Whoever took an earlier place of this ranking keeps it. On: any other prize holder
        # is passed over too. Off: the place is literal.
        passed_over = holders.keys() if one_prize_per_player else frozenset()
        provisional = pending_any if one_prize_per_player else ranking_id in pending_rankings
        result = _award(spec, standings, facts, earlier, passed_over, lots.get(spec.number),
                        provisional, ranking, holders if one_prize_per_player else {})
        if result.tie:
            pending_any = True
            pending_rankings.add(ranking_id)
        elif not result.unawarded:
            holders.update(dict.fromkeys(result.winners, spec.number))
            earlier.update(result.winners)
        results.append(result)
    return results


def _higher(candidates: Sequence[_Candidate], group: Sequence[_Candidate], placed: Set[int],
            holders: Mapping[int, int]) -> tuple[tuple[int, str, int], ...]:
    """The players ranked above the prize's winner (or its tie) who were passed over because
    they hold another prize, best first; those who took an earlier place of this ranking
    are no news."""
    floor = group[0].key
    above = [c for c in candidates
             if c.key > floor and c.entry in holders and c.entry not in placed]
    above.sort(key=lambda c: c.entry)
    above.sort(key=lambda c: c.key, reverse=True)
    return tuple((c.entry, c.figure, holders[c.entry]) for c in above)


def _award(
    spec: PrizeSpec,
    standings: Sequence[Standing],
    facts: PrizeDeals,
    placed: Set[int],
    passed_over: Set[int],
    lot: int | None,
    provisional: bool,
    ranking: Sequence[Standing] = (),
    holders: Mapping[int, int] | None = None,
) -> PrizeResult:
    candidates, nobody = _candidates(spec, standings, facts, ranking)
    candidates = _within_reach(candidates, spec.place + len(set(placed) | set(passed_over)))
    group = _select(candidates, spec.place, placed, passed_over) if candidates else None
    if group is None:
        if candidates and len(candidates) >= spec.place:
            nobody = gettext(
                "Nobody left in line: everybody ranked for this prize already holds one")
        elif candidates:
            nobody = ngettext("Fewer than %(count)s player is ranked for this prize",
                              "Fewer than %(count)s players are ranked for this prize",
                              spec.place) % {"count": grouped(spec.place)}
        return PrizeResult(
            spec.number, str(spec.title), (), nobody, tie=False, by_lot=False, unawarded=True,
            candidates=(), provisional=provisional,
        )
    entries = tuple(c.entry for c in group)
    reasons = tuple(c.reason for c in group)
    result = PrizeResult(
        spec.number, str(spec.title), entries, reasons[0], tie=False, by_lot=False, unawarded=False,
        candidates=entries, reasons=reasons, provisional=provisional,
        higher=_higher(candidates, group, placed, holders or {}),
    )
    if len(group) == 1:
        return result
    if lot in entries:
        # Translators: a prize's reason for the player a lot chose among those tied
        reason = gettext("%(reason)s; tied, settled by lot") % {
            "reason": reasons[entries.index(lot)]}
        return replace(result, winners=(lot,), reason=reason, by_lot=True)
    # A lot naming somebody no longer tied (after a correction) is ignored: the tie shows again.
    distinct = "; ".join(dict.fromkeys(reasons))
    # Translators: "reasons" are the tied players' reasons, separated by semicolons
    reason = ngettext("Tie between %(count)s player (%(reasons)s), to be settled by lot",
                      "Tie between %(count)s players (%(reasons)s), to be settled by lot",
                      len(entries)) % {"count": len(entries), "reasons": distinct}
    return replace(result, winners=(), reason=reason, tie=True)
