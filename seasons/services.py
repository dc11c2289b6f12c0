"""A season's ranking from the database: its evenings, each player's score of every counted
series (the series' own standings, ``scoring.results.services.compute``), the season document
of ``python -m seasons`` and its ranking (``seasons.ranking.rank_season``), kept in the cache
under the versions of the evenings it reads. Every season page, the PDF, the downloads and the
API read ``season_ranking``; nothing is ranked elsewhere (docs/seasons.md)."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import QuerySet
from django.utils import translation

from scoring.cache import cached
from scoring.results.services import compute
from seasons.models import Member, Season, Unit
from seasons.ranking import Row, rank_season
from seasons.rules import Rules, SeasonError, read_document, read_rules
from tournament.models import Entry, Tournament
from tournament.privacy import filed, full, name_fields, privacy, shown
from tournament.versions import version, versions

# Bump with any change to what a kept ranking holds or how it is built.
SEASONS_VERSION = 2
CACHE_SECONDS = 24 * 3600


@dataclass(frozen=True)
class UnitInfo:
    """One result column of the season: a series of an evening, or an evening."""

    key: str  # the unit's id in the season document: "<evening>-<series>" or "<evening>"
    evening: int  # the tournament's id
    slug: str
    name: str
    day: str  # ISO date
    series: int | None  # None: the evening's series added up


@dataclass(frozen=True)
class Person:
    player: int  # Player.id: the person across evenings
    name: str
    sort_name: str
    guest: bool


@dataclass(frozen=True)
class SeasonRanking:
    """The ranking of a season as one audience reads it, with what the pages need beside it."""

    season_id: int
    rules: Rules
    problem: str  # the stored rules could not be read: nothing is ranked, the page says why
    units: tuple[UnitInfo, ...]
    people: dict[int, Person]
    rows: tuple[Row, ...]
    # player → unit key → score (every result, counted or not)
    scores: dict[int, dict[str, int]] = field(default_factory=dict)
    public: bool = False
    # player → (evening id, series number) of every series he has a result of
    series: dict[int, frozenset[tuple[int, int]]] = field(default_factory=dict)
    key: str = ""  # the cache's key of this ranking: what is kept beside it extends it

    def person(self, player: int) -> Person:
        return self.people.get(player) or Person(player, "?", "?", True)

    def row_of(self, player: int) -> Row | None:
        return next((r for r in self.rows if r.player == player), None)

    @property
    def evenings(self) -> int:
        return len({u.evening for u in self.units})


def evenings_of(season: Season) -> QuerySet[Tournament]:
    """The club's evenings (tournaments) from the season's first day to its last, in order."""
    return (Tournament.objects.filter(club_id=season.club_id, start_date__gte=season.first_day,
                                      start_date__lte=season.last_day)
            .order_by("start_date", "created_at", "id"))


def rules_of(season: Season) -> tuple[Rules, str]:
    """The season's rules, and why they cannot be read (they rank nothing then)."""
    try:
        return read_rules(season.rules), ""
    except SeasonError as exc:
        return Rules(), str(exc)


def evening_scores(tournament: Tournament, public: bool) -> dict[int, dict[int, int]]:
    """Each counted series of an evening: every person's score of it (Points, or the
    Seeger-Fabian score, as the evening's standings rank), kept under the evening's
    version. The public's: released series of a public evening only."""
    if public and not tournament.public:
        return {}
    at = version(tournament, public=public)

    def build() -> dict[int, dict[int, int]]:
        overall = compute(tournament, released_only=public)
        persons = dict(Entry.objects.filter(tournament=tournament)
                       .values_list("id", "player_id"))
        found: dict[int, dict[int, int]] = {}
        for number in overall.counted:
            series = compute(tournament, series=number, released_only=public)
            found[number] = {persons[s.entry]: s.score for s in series.standings
                             if s.entry in persons}
        return found

    return cached(tournament, at, ("season-scores", SEASONS_VERSION, public), build)


def _names(evenings: list[Tournament], public: bool,
           players: set[int]) -> dict[int, tuple[str, str]]:
    """Each person's name as his latest entry of the season has it; for the public, as his
    most private choice of the season publishes it (a pseudonym at one evening and the
    full name at another: the pseudonym), the latest of equal choices."""
    rows = (Entry.objects.filter(tournament__in=evenings, player_id__in=sorted(players))
            .order_by("tournament__start_date", "tournament_id")
            .values_list("player_id", "tournament__publication", *name_fields()))
    found: dict[int, tuple[str, str]] = {}
    chosen: dict[int, int] = {}
    for player, default, first, last, publication, pseudonym in rows:
        level = privacy(publication, pseudonym, default) if public else 0
        if level < chosen.get(player, 0):
            continue
        chosen[player] = level
        first, last = shown(first, last, publication, pseudonym, default, public)
        found[player] = (full(first, last), filed(first, last))
    return found


def members_of(season: Season) -> set[int]:
    """The persons who were members of the club at some time of the season."""
    return set(Member.objects.filter(club_id=season.club_id, joined_on__lte=season.last_day)
               .exclude(left_on__lt=season.first_day).values_list("player_id", flat=True))


@dataclass(frozen=True)
class SeasonDocument:
    """The season document and what the pages need beside it."""

    document: dict[str, object]
    units: tuple[UnitInfo, ...]
    people: dict[int, Person]
    series: dict[int, frozenset[tuple[int, int]]]  # player → (evening, series) he played


def season_document(season: Season, public: bool = False) -> SeasonDocument:
    """The season document (docs/seasons.md) of the results ``public`` may read, with its
    units and people: every unit that has results, every person with a result, a guest
    being whoever was no member of the club during the season."""
    evenings = list(evenings_of(season))
    units: list[UnitInfo] = []
    results: list[dict[str, object]] = []
    series: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for evening in evenings:
        scores = evening_scores(evening, public)
        if not scores:
            continue
        for number, by_player in scores.items():
            for player in by_player:
                series[player].add((evening.pk, number))
        day = evening.start_date.isoformat()
        if season.unit == Unit.EVENING:
            key = str(evening.pk)
            units.append(UnitInfo(key, evening.pk, evening.slug, evening.name, day, None))
            summed: dict[int, int] = defaultdict(int)
            for by_player in scores.values():
                for player, score in by_player.items():
                    summed[player] += score
            results += [{"unit": key, "player": p, "score": s} for p, s in summed.items()]
            continue
        for number in sorted(scores):
            key = f"{evening.pk}-{number}"
            units.append(UnitInfo(key, evening.pk, evening.slug, evening.name, day, number))
            results += [{"unit": key, "player": p, "score": s}
                        for p, s in scores[number].items()]
    played = {int(r["player"]) for r in results}  # type: ignore[call-overload]
    members = members_of(season)
    # the public reads the names of the public evenings only
    names = _names([e for e in evenings if e.public or not public], public, played)
    people = {p: Person(p, *names.get(p, ("?", "?")), guest=p not in members) for p in played}
    order = sorted(people.values(), key=lambda p: (p.sort_name.casefold(), p.player))
    document = {"rules": season.rules, "units": [u.key for u in units],
                "players": [{"id": p.player, "guest": p.guest} for p in order],
                "results": results}
    return SeasonDocument(document, tuple(units), people,
                          {p: frozenset(found) for p, found in series.items()})


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def season_ranking(season: Season, public: bool = False) -> SeasonRanking:
    """The season's ranking as ``public`` (or the club's organizers) may read it, kept in the
    cache until one of its evenings, its members or its rules change."""
    evenings = list(evenings_of(season).values_list("id", flat=True))
    at = versions(evenings, public=public)
    kept = [(pk, at[pk]) for pk in evenings]
    members = sorted(Member.objects.filter(club_id=season.club_id)
                     .values_list("player_id", "joined_on", "left_on"))
    key = "season:" + digest([SEASONS_VERSION, season.pk, season.rules, season.unit,
                               str(season.first_day), str(season.last_day), public, kept,
                               members, translation.get_language()])
    found = cache.get(key)
    if found is None:
        found = _rank(season, public, key)
        cache.set(key, found, CACHE_SECONDS)
    return found  # type: ignore[no-any-return]


def _rank(season: Season, public: bool, key: str = "") -> SeasonRanking:
    rules, problem = rules_of(season)
    made = season_document(season, public)
    document, units, people = made.document, made.units, made.people
    if problem:
        document = {**document, "rules": {}}
    rows = rank_season(read_document(document))
    scores: dict[int, dict[str, int]] = defaultdict(dict)
    for result in document["results"]:  # type: ignore[attr-defined]
        scores[result["player"]][result["unit"]] = result["score"]
    return SeasonRanking(season.pk, rules, problem, units, people, rows, dict(scores), public,
                         made.series, key)
