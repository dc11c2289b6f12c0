"""The season ranking read from the club's evenings: scores of the series' own standings,
members and guests, what the public reads, the cache kept until something changes."""

from __future__ import annotations

import datetime

from scoring.results.services import compute
from seasons.models import Member, Season
from seasons.services import season_ranking
from tests.seasons.conftest import FIRST_DAY, club_evening, persons
from tournament import lifecycle
from tournament.models import SeriesStatus
from tournament.versions import changed, version, versions


def test_a_season_ranks_each_series_by_its_own_standings(club):
    people = persons(8)
    Member.objects.bulk_create([Member(club=club, player=p) for p in people[:7]])
    first = club_evening(club, FIRST_DAY, people, series=2)
    second = club_evening(club, FIRST_DAY + datetime.timedelta(days=7), people[:7])
    season = Season.objects.create(club=club, name="2027", slug="2027",
                                   first_day=datetime.date(2027, 1, 1),
                                   last_day=datetime.date(2027, 12, 31))
    ranking = season_ranking(season)
    assert [u.key for u in ranking.units] == [f"{first.pk}-1", f"{first.pk}-2",
                                              f"{second.pk}-1"]
    expected: dict[int, int] = {}
    for evening in (first, second):
        for n in range(1, evening.series_count + 1):
            for s in compute(evening, series=n).standings:
                person = evening.entries.get(pk=s.entry).player_id
                expected[person] = expected.get(person, 0) + s.score
    assert {r.player: r.total for r in ranking.rows} == expected
    guest = people[7].pk
    assert ranking.rows[-1].player == guest and ranking.rows[-1].guest
    assert ranking.rows[-1].rank is None and ranking.rows[-1].played == 2
    assert all(r.rank for r in ranking.rows[:-1])


def test_many_versions_read_at_once_are_each_evenings_own(club):
    """A season reads its evenings' versions in one query; each is the evening's version,
    and a change to one evening moves its version alone."""
    people = persons(4)
    first = club_evening(club, FIRST_DAY, people)
    second = club_evening(club, FIRST_DAY + datetime.timedelta(days=7), people, release=False)
    for public in (False, True):
        assert versions([first.pk, second.pk], public) == {
            first.pk: version(first, public), second.pk: version(second, public)}
    before = versions([first.pk, second.pk])
    lifecycle.move(second.series.get(number=1), SeriesStatus.RELEASED, None, actor="test")
    after = versions([first.pk, second.pk])
    assert after[first.pk] == before[first.pk] and after[second.pk] != before[second.pk]


def test_the_kept_ranking_is_read_again_until_an_evening_changes(club):
    people = persons(4)
    Member.objects.bulk_create([Member(club=club, player=p) for p in people])
    club_evening(club, FIRST_DAY, people)
    late = club_evening(club, FIRST_DAY + datetime.timedelta(days=7), people, release=False)
    season = Season.objects.create(club=club, name="2027", slug="2027",
                                   first_day=datetime.date(2027, 1, 1),
                                   last_day=datetime.date(2027, 12, 31))
    assert season_ranking(season, public=True).units == season_ranking(season,
                                                                        public=True).units
    assert len(season_ranking(season, public=True).units) == 1
    assert len(season_ranking(season).units) == 2  # the organizers count the confirmed one
    lifecycle.move(late.series.get(number=1), SeriesStatus.RELEASED, None, actor="test")
    assert len(season_ranking(season, public=True).units) == 2


def _year(club) -> Season:
    return Season.objects.create(club=club, name="2027", slug="2027",
                                 first_day=datetime.date(2027, 1, 1),
                                 last_day=datetime.date(2027, 12, 31))


def test_the_public_reads_the_most_private_name_a_player_chose_in_the_season(club):
    """A pseudonym at the first evening and the full name at the second: the season's public
    pages never put the two together, so they say the pseudonym (the staff the name)."""
    people = persons(4)
    first = club_evening(club, FIRST_DAY, people)
    second = club_evening(club, FIRST_DAY + datetime.timedelta(days=7), people, seed="late")
    masked, initial = people[0], people[1]
    first.entries.filter(player=masked).update(publication="pseudonym", pseudonym="Kreuzbube")
    second.entries.filter(player=initial).update(publication="initial")
    for evening in (first, second):
        changed(evening.pk)
    season = _year(club)
    public = season_ranking(season, public=True)
    assert public.person(masked.pk).name == "Kreuzbube"
    assert public.person(initial.pk).name == f"{initial.first_name} {initial.last_name[0]}."
    staff = season_ranking(season)
    assert staff.person(masked.pk).name == f"{masked.first_name} {masked.last_name}"
