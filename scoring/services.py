"""Standings, prizes and result release for one tournament, and the comparative standings of
one played from pre-dealt decks: the work behind the pages.

Every page computes from a fixed number of queries (the database sums each player's totals:
``load_totals``; the prizes ask for their candidates: ``load_prize_deals``), then runs the pure
functions of ``standings`` and ``prizes``. What is computed is kept in the shared cache under
the tournament's version (``audit.version``): the next change makes it stale.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

from django.core.cache import cache
from django.db import IntegrityError, transaction

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
from scoring.loaders import (
    ComparativeData,
    DeckInfo,
    Results,
    Scope,
    Totals,
    load_comparative,
    load_prize_deals,
    load_results,
    load_totals,
)
from scoring.models import (
    CustomPrize,
    MissingDeals,
    PrizeLot,
    ScoringSettings,
    Substitutes,
    Team,
)
from scoring.prizes import PrizeKind, PrizeResult, PrizeSpec, against_games, award, schedule
from scoring.standings import (
    ClubStanding,
    ScoringSystem,
    Standing,
    TeamStanding,
    club_standings,
    rank,
    rank_league,
    team_standings,
)
from tournament import lifecycle
from tournament.audit import record_change, version
from tournament.comparative.services import deal_set_of as deal_set_of  # one answer
from tournament.guide import counted_words
from tournament.models import AuditAction, DealSet, Entry, Series, SeriesStatus, Tournament
from tournament.names import visibility_problem
from tournament.permissions import Visitor, counts_results_of
from tournament.refusals import Refusal


class ScoringError(Refusal):
    """A results change refused (release, lot, team, prize, seating by results)."""


@dataclass(frozen=True)
class PlayerInfo:
    entry: int
    number: int
    name: str
    sort_name: str
    club_id: int | None
    club: str
    namesake: bool = False  # another entry of the tournament has the same name

    @property
    def label(self) -> str:
        """The name as the result pages show it: "Jürgen Müller (no. 12)" where another
        entry shares the name, on every width, page and PDF."""
        return f"{self.name} (no. {self.number})" if self.namesake else self.name

    @property
    def sort_label(self) -> str:
        """ "Müller, Jürgen (no. 12)", as ``label``."""
        return f"{self.sort_name} (no. {self.number})" if self.namesake else self.sort_name


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

    @property
    def scope(self) -> Scope:
        return Scope(self.tournament, self.confirmed_only, self.series, self.released_only,
                     self.substitutes, self.missing_deals)

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


def scoring_settings(tournament: Tournament) -> ScoringSettings:
    found, _ = ScoringSettings.objects.get_or_create(tournament=tournament)
    return found


def players_of(tournament: Tournament) -> dict[int, PlayerInfo]:
    rows = list(Entry.objects.filter(tournament=tournament).values_list(
        "id", "number", "first_name", "last_name", "club_id", "club__name", "name_key"))
    # namesakes by the search key: "Müller" and "Mueller" are told apart by number too
    keys = Counter(row[-1] for row in rows)
    return {e: PlayerInfo(e, n, f"{f} {last}", f"{last}, {f}", c, club or "", keys[key] > 1)
            for e, n, f, last, c, club, key in rows}


def results_for(visitor: Visitor, series: int | None = None) -> Computation:
    """The results ``visitor`` may see: every series for the staff, released ones for others."""
    return compute(visitor.tournament, series=series, released_only=visitor.released_only)


def compute(tournament: Tournament, series: int | None = None,
            released_only: bool = False) -> Computation:
    """The standings of ``tournament`` (of one series, of the released series only), from
    the cache while nothing has changed since they were computed."""
    at = version(tournament, public=released_only)
    comp = _cached(tournament, at, ("standings", series, released_only),
                   lambda: _compute(tournament, series, released_only, at))
    # the kept one is shared by every request of this process: the caller gets his own dicts
    return replace(comp, tournament=tournament, players=dict(comp.players))


def _compute(tournament: Tournament, series: int | None, released_only: bool,
             at: str) -> Computation:
    settings = scoring_settings(tournament)
    scope = Scope(tournament, not settings.count_unconfirmed, series, released_only,
                  settings.substitutes, settings.missing_deals)
    totals = load_totals(scope, prize_specs(tournament, settings))
    system = ScoringSystem(tournament.scoring_system)
    ranked = rank(system, totals.tallies)
    league = ranked if system is ScoringSystem.LEAGUE else rank_league(totals.tallies)
    counted = tuple(n for n, status in sorted(totals.statuses.items())
                    if counts_results_of(status, released_only))
    # kept without the tournament (the cache is shared; the caller has its own)
    return Computation(None, system, tuple(ranked), tuple(league),  # type: ignore[arg-type]
                       replace(totals, tallies={}), players_of(tournament), series,
                       released_only, counted, scope.confirmed_only, at,
                       scope.substitutes, scope.missing_deals)


T = TypeVar("T")


def _code_digest() -> str:
    """A digest of the code that computes results: what an earlier release of it kept in the
    cache is never read by this one (its classes or its rules may differ)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted([*root.glob("engine/*.py"), *root.glob("scoring/*.py"),
                        root / "tournament" / "sheets" / "sheet.py"]):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


CODE = _code_digest()
CACHE_SECONDS = 24 * 3600  # a key is never reused after a change; this only frees space
# The last results this process read, by key: a congress's standings take 30 ms to unpickle
# from the shared cache, and a key is never reused after a change, so keeping them is safe.
_RECENT: OrderedDict[str, object] = OrderedDict()
RECENT_KEPT = 16
_RECENT_LOCK = threading.Lock()


def _cached(tournament: Tournament, at: str, what: tuple, build: Callable[[], T]) -> T:
    """``build()``, kept in the shared cache under the tournament's version ``at`` (and in
    this process's memory)."""
    key = "results:" + ":".join(str(part) for part in (CODE, tournament.pk, at, *what))
    with _RECENT_LOCK:
        found = _RECENT.get(key)
        if found is not None:
            _RECENT.move_to_end(key)
            return found  # type: ignore[return-value]
    found = cache.get(key)
    if found is None:
        found = build()
        cache.set(key, found, CACHE_SECONDS)
    with _RECENT_LOCK:  # a threaded server's requests share the process
        _RECENT[key] = found
        while len(_RECENT) > RECENT_KEPT:
            _RECENT.popitem(last=False)
    return found  # type: ignore[no-any-return]


def forget_recent() -> None:
    """Drop what this process kept (the tests' fresh cache)."""
    _RECENT.clear()


def player_results(comp: Computation, entry: int) -> Results:
    """The deals and penalties of the tables ``entry`` sat at, counted as ``comp`` counts."""
    return load_results(comp.tournament, confirmed_only=comp.confirmed_only, series=comp.series,
                        released_only=comp.released_only, entry=entry,
                        substitutes=comp.substitutes)


def club_best(tournament: Tournament) -> int | None:
    """How many of each club's players count (None: all). A 0 kept from before the form
    refused it counts all, as an empty field does."""
    return scoring_settings(tournament).club_best or None


def clubs(comp: Computation) -> list[ClubStanding]:
    best = club_best(comp.tournament)
    club_of = {e: p.club_id for e, p in comp.players.items()}
    return club_standings(comp.standings, club_of, best=best)


def teams(comp: Computation) -> tuple[list[TeamStanding], dict[str, list[int]]]:
    members: dict[str, list[int]] = {}
    # members in the order of their numbers, on every database alike
    for name, entry in Team.objects.filter(tournament=comp.tournament).order_by(
            "name", "members__number").values_list("name", "members"):
        members.setdefault(name, [])
        if entry is not None:
            members[name].append(entry)
    return team_standings(comp.standings, members), members


def prize_schedule(tournament: Tournament,
                   settings: ScoringSettings | None = None) -> tuple[PrizeSpec, ...]:
    """The prizes before the organizer's own, as the scoring system gives them: the League
    Prize Schedule, or the places by Seeger-Fabian score (and the League's if switched on)."""
    settings = settings or scoring_settings(tournament)
    return schedule(ScoringSystem(tournament.scoring_system), tournament.rules,
                    settings.prize_places, settings.league_schedule)


def prize_specs(tournament: Tournament,
                settings: ScoringSettings | None = None) -> list[PrizeSpec]:
    specs = list(prize_schedule(tournament, settings))
    for custom in CustomPrize.objects.filter(tournament=tournament):
        kind = PrizeKind[custom.kind]
        games = frozenset(g.strip() for g in custom.games.split(",") if g.strip())
        label = custom.label or (against_games(kind, tournament.rules)
                                 if kind in AGAINST_KINDS else "games")
        specs.append(PrizeSpec(custom.number, custom.title, kind, place=custom.place,
                               games=games, label=label or "games"))
    return specs


AGAINST_KINDS = (PrizeKind.SOLO_AGAINST, PrizeKind.TOURNE_AGAINST)


def prizes(comp: Computation) -> list[PrizeResult]:
    """The prize list over the whole tournament (docs/rules.md §11), kept in the cache beside
    the standings it was awarded from."""
    tournament = comp.tournament
    return list(_cached(tournament, comp.version or version(tournament, comp.released_only),
                        ("prizes", comp.series, comp.released_only), lambda: _prizes(comp)))


def _prizes(comp: Computation) -> list[PrizeResult]:
    settings = scoring_settings(comp.tournament)
    lots = dict(PrizeLot.objects.filter(tournament=comp.tournament).values_list(
        "prize_number", "winner_id"))
    specs = prize_specs(comp.tournament, settings)
    return award(specs, comp.league, load_prize_deals(comp.scope, specs, comp.results.bests),
                 one_prize_per_player=settings.one_prize_per_player, lots=lots,
                 ranking=comp.standings)


def record_lot(tournament: Tournament, prize_number: int, entry_number: int, user,
               note: str = "") -> PrizeLot:
    """Record the lot that settled a tie; the prize must be tied between that player."""
    comp = compute(tournament)
    result = next((p for p in prizes(comp) if p.number == prize_number), None)
    entry = Entry.objects.filter(tournament=tournament, number=entry_number).first()
    if result is None or entry is None:
        raise ScoringError("No such prize or player.")
    if entry.id not in result.candidates or len(result.candidates) < 2:
        raise ScoringError(f"Player {entry_number} is not among the players tied for prize "
                           f"{prize_number}.")
    with transaction.atomic():
        before = PrizeLot.objects.filter(tournament=tournament, prize_number=prize_number)
        old = before.values_list("winner__number", flat=True).first()
        before.delete()
        lot = PrizeLot.objects.create(tournament=tournament, prize_number=prize_number,
                                      winner=entry, note=note, recorded_by=user)
        record_change(tournament, user, AuditAction.LOT_RECORDED, f"prize {prize_number}",
                      before={"winner": old} if old else None,
                      after={"winner": entry_number, "note": note})
    return lot


def release_series(series: Series, user, release: bool = True) -> None:
    """Publish a confirmed series' results to the public (or take them back)."""
    with transaction.atomic():
        series = Series.objects.select_for_update().get(pk=series.pk)
        if release and not series.can_release:
            raise ScoringError(f"Series {series.number} can be released once every sheet is "
                               "confirmed.")
        if not release and not series.is_released:
            raise ScoringError(f"Series {series.number} is not released.")
        if release:
            lifecycle.move(series, SeriesStatus.RELEASED, user)
        else:
            lifecycle.withdraw_release(series, user)
    # The room opens these pages the moment the results are out: computed once now, not by
    # each of its first visitors at the same time.
    public = compute(series.tournament, released_only=True)
    prizes(public)


def save_settings(tournament: Tournament, form, user) -> None:
    """Save the results settings form and audit what it holds now."""
    with transaction.atomic():
        form.save()
        record_change(tournament, user, AuditAction.SCORING_SETTINGS_CHANGED, tournament.name,
                      after=form.cleaned_data)


def _team_members(tournament: Tournament, numbers: list[int]) -> list[Entry]:
    entries = list(Entry.objects.filter(tournament=tournament, number__in=numbers))
    if len(entries) != len(numbers):
        missing = sorted(set(numbers) - {e.number for e in entries})
        raise ScoringError(f"No player of this tournament has the number "
                           f"{', '.join(map(str, missing))}.", "members")
    return entries


def members_not_playing(team: Team) -> list[str]:
    """Why members of the team are not playing, once play has begun: withdrawn, or without a
    seat in every series published so far (a mistyped number, or a player who left). The
    team's score has nothing of them."""
    published = Series.objects.filter(tournament=team.tournament).exclude(
        status=SeriesStatus.DRAFT)
    if not published.exists():
        return []  # teams are registered before the first draw: nobody has played yet
    warnings = []
    for entry in team.members.exclude(seats__series__in=published).order_by("number"):
        why = "is withdrawn" if entry.withdrawn else "has not played: no seat in any series"
        warnings.append(f"{entry.number} {entry.name} {why}; the team's score has nothing of "
                        "that member.")
    return warnings


def _team_snapshot(team: Team) -> dict:
    return {"name": team.name,
            "members": sorted(team.members.values_list("number", flat=True))}


def _check_team_name(name: str) -> None:
    problem = visibility_problem(name)
    if problem:
        raise ScoringError(f"The team name {problem}.", "name")


def add_team(tournament: Tournament, name: str, numbers: list[int], user) -> Team:
    """Register a tandem or team by its players' participant numbers."""
    _check_team_name(name)
    entries = _team_members(tournament, numbers)
    try:
        with transaction.atomic():
            team = Team.objects.create(tournament=tournament, name=name)
            team.members.set(entries)
            record_change(tournament, user, AuditAction.TEAM_REGISTERED, team.name,
                          after={"members": sorted(numbers)})
    except IntegrityError:
        raise ScoringError("A team of that name exists already.", "name") from None
    return team


def edit_team(team: Team, name: str, numbers: list[int], user) -> Team:
    """Rename a team or change its members."""
    tournament = team.tournament
    _check_team_name(name)
    entries = _team_members(tournament, numbers)
    try:
        with transaction.atomic():
            before = _team_snapshot(team)
            team.name = name
            team.save(update_fields=["name"])
            team.members.set(entries)
            after = _team_snapshot(team)
            if after != before:
                record_change(tournament, user, AuditAction.TEAM_EDITED, team.name,
                              before=before, after=after)
    except IntegrityError:
        raise ScoringError("A team of that name exists already.", "name") from None
    return team


def delete_team(team: Team, user) -> None:
    with transaction.atomic():
        before = _team_snapshot(team)
        team.delete()
        record_change(team.tournament, user, AuditAction.TEAM_DELETED, before["name"],
                      before=before)


def _prize_snapshot(prize: CustomPrize) -> dict:
    return {"number": prize.number, "title": prize.title, "kind": prize.kind,
            "place": prize.place, "games": prize.games, "label": prize.label}


def _check_prize(tournament: Tournament, prize: CustomPrize) -> None:
    """A number after the schedule's prizes; games the tournament's rule set knows (a typed
    "grnd" would count nothing and the prize list would say no Grands were won)."""
    taken = len(prize_schedule(tournament))
    whose = ("the League's" if tournament.scoring_system == ScoringSystem.LEAGUE
             else "the schedule's")
    if prize.number <= taken:
        raise ScoringError(f"Numbers 1 to {taken} are {whose} prizes; use {taken + 1} or "
                           "more.", "number")
    rules = tournament.rules
    kind = PrizeKind[prize.kind] if prize.kind in PrizeKind.__members__ else None
    if kind in AGAINST_KINDS and not against_games(kind, rules):
        raise ScoringError(f"Won by: the rule set {rules.name} has no Tourné.", "kind")
    for key in (g for g in prize.games.split(",") if g):
        if rules.game(key) is None:
            raise ScoringError(f"Games that count: “{key}” is not a game of the rule set "
                               f"{rules.name}.", "games")
    if prize.kind == PrizeKind.COUNT_WON.name and not prize.games:
        raise ScoringError("Games that count: tick at least one game.", "games")


def add_custom_prize(tournament: Tournament, prize: CustomPrize, user) -> CustomPrize:
    """Add an extra prize after the schedule's (their numbers are taken)."""
    _check_prize(tournament, prize)
    prize.tournament = tournament
    try:
        with transaction.atomic():
            prize.save()
            record_change(tournament, user, AuditAction.PRIZE_ADDED, prize.title,
                          after=_prize_snapshot(prize))
    except IntegrityError:
        raise ScoringError(f"Prize number {prize.number} exists already.", "number") from None
    return prize


def edit_custom_prize(prize: CustomPrize, user) -> CustomPrize:
    """Save the changes a form made to ``prize`` (audited with what it was)."""
    tournament = prize.tournament
    _check_prize(tournament, prize)
    try:
        with transaction.atomic():
            before = _prize_snapshot(CustomPrize.objects.select_for_update().get(pk=prize.pk))
            prize.save()
            after = _prize_snapshot(prize)
            if after != before:
                record_change(tournament, user, AuditAction.PRIZE_EDITED, prize.title,
                              before=before, after=after)
    except IntegrityError:
        raise ScoringError(f"Prize number {prize.number} exists already.", "number") from None
    return prize


def delete_custom_prize(prize: CustomPrize, user) -> None:
    with transaction.atomic():
        before = _prize_snapshot(prize)
        prize.delete()
        record_change(prize.tournament, user, AuditAction.PRIZE_DELETED, before["title"],
                      before=before)


# -- Comparative Skat (docs/rules.md §13) -------------------------------------------------------


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
                line.description, line.value, line.won, tuple(cells)))
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
    found = _cached(tournament, version(tournament, public=released_only),
                    ("comparison", series, released_only),
                    lambda: _compare(tournament, deal_set, series, released_only))
    return replace(found, tournament=tournament)


def _compare(tournament: Tournament, deal_set: DealSet, series: int | None,
             released_only: bool) -> Comparison:
    settings = scoring_settings(tournament)
    system = ScoringSystem(tournament.scoring_system)
    data = load_comparative(tournament, system, confirmed_only=not settings.count_unconfirmed,
                            series=series, released_only=released_only,
                            substitutes=settings.substitutes)
    rows = matchpoints(data.results, data.expected)
    # kept without the tournament, as ``_compute`` keeps the standings
    return Comparison(None, deal_set, data, tuple(rows),  # type: ignore[arg-type]
                      tuple(rank_matchpoints(rows)), letter_columns(data.results),
                      players_of(tournament), series, released_only)
