"""Seating a club evening by the season ranking: the ranked players cut into tables in
ranking order, guests (and persons the season has not ranked) from the table the organizer
names, stored as a draft plan with its audit entry; and the refusals."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from seasons import clubs
from seasons.models import Member, Season
from seasons.seeding import SeasonSeatingError, season_ladder, seat_by_season
from seasons.services import season_ranking
from tests.factories import add_entry, new_tournament, seat
from tests.seasons.conftest import FIRST_DAY, club_evening, persons
from tournament.models import AuditAction, AuditEntry, Club, SeatingMethod
from tournament.seating import loaders


@pytest.mark.parametrize(("ranked", "guests", "sizes", "start", "expected"), [
    (8, 2, [4, 3, 3], None, [1, 2, 3, 4, 5, 6, 7, 8, 91, 92]),
    (8, 2, [4, 3, 3], 2, [1, 2, 3, 4, 5, 6, 91, 7, 8, 92]),
    (8, 2, [4, 3, 3], 1, [1, 2, 3, 91, 4, 5, 92, 6, 7, 8]),
    (8, 2, [4, 3, 3], 9, [1, 2, 3, 4, 5, 6, 7, 8, 91, 92]),  # past the foot: the foot
    (2, 5, [4, 3], 2, [1, 2, 91, 92, 93, 94, 95]),  # too many guests: seats above N
    (0, 3, [3], 1, [91, 92, 93]),
])
def test_the_ladder_places_guests_from_the_named_table(ranked, guests, sizes, start, expected):
    ladder = season_ladder(list(range(1, ranked + 1)), list(range(91, 91 + guests)), sizes,
                           start)
    assert ladder == expected


def test_the_ladder_wants_a_seat_for_everyone():
    with pytest.raises(ValueError):
        season_ladder([1, 2, 3], [], [4])


@pytest.fixture
def evening(club, club_organizer):
    """Two played evenings of eight members (a season of 2027), and the next evening with
    the members and two guests checked in."""
    people = persons(8)
    for person in people:
        Member.objects.create(club=club, player=person, joined_on=datetime.date(2026, 1, 1))
    club_evening(club, FIRST_DAY, people)
    club_evening(club, FIRST_DAY + datetime.timedelta(days=7), people)
    season = Season.objects.create(club=club, name="2027", slug="2027",
                                   first_day=datetime.date(2027, 1, 1),
                                   last_day=datetime.date(2027, 12, 31))
    tonight = clubs.next_evening(club, club_organizer, FIRST_DAY + datetime.timedelta(days=14),
                                 "Skatabend")
    tonight.entries.update(checked_in=True)
    for n, name in ((9, "Gast"), (10, "Besuch")):
        add_entry(tonight, n, "Gerd", name)
    return tonight, season


def _person_tables(tonight, series):
    person = dict(tonight.entries.values_list("pk", "player_id"))
    return [[person[e] for e in table] for table in loaders.tables_of(series)]


def test_the_ranked_sit_in_ranking_order_and_guests_from_table_two(evening, club_organizer):
    tonight, season = evening
    series = tonight.series.get(number=1)
    order = [r.player for r in season_ranking(season).rows]
    plan = seat_by_season(series, season, 2, "s", club_organizer)
    assert [len(t) for t in plan.tables] == [4, 3, 3]
    tables = _person_tables(tonight, series)
    guests = set(tonight.entries.filter(last_name__in=["Gast", "Besuch"])
                 .values_list("player_id", flat=True))
    assert set(tables[0]) == set(order[:4])  # the season's top four at table 1
    assert set(tables[1]) - guests == set(order[4:6]) and len(set(tables[1]) & guests) == 1
    assert set(tables[2]) - guests == set(order[6:8]) and len(set(tables[2]) & guests) == 1
    series.refresh_from_db()
    assert series.seating_method == SeatingMethod.SEASON and series.is_draft
    assert AuditEntry.objects.filter(tournament=tonight,
                                     action=AuditAction.SERIES_SEATED).exists()


def test_by_default_the_guests_sit_after_the_ranked(evening, club_organizer):
    tonight, season = evening
    series = tonight.series.get(number=1)
    order = [r.player for r in season_ranking(season).rows]
    seat_by_season(series, season, None, "s", club_organizer)
    tables = _person_tables(tonight, series)
    assert set(tables[0]) == set(order[:4]) and set(tables[1]) == set(order[4:7])


def test_a_ranked_guest_and_an_absent_member_are_handled(evening, club_organizer):
    tonight, season = evening
    guest_of_the_season = Member.objects.filter(club=tonight.club).first()
    guest_of_the_season.delete()  # played both evenings, but is no member: a guest now
    tonight.entries.filter(player=Member.objects.first().player).update(checked_in=False)
    series = tonight.series.get(number=1)
    seat_by_season(series, season, 1, "s", club_organizer)
    seated = [p for t in _person_tables(tonight, series) for p in t]
    assert len(seated) == 9 and Member.objects.first().player_id not in seated
    ranked = [r.player for r in season_ranking(season).rows if not r.guest]
    assert guest_of_the_season.player_id not in ranked
    # with guests from table 1 on, table 1 holds one of the three guests
    tables = _person_tables(tonight, series)
    assert len(set(tables[0]) - set(ranked)) == 1


def test_refusals(evening, club_organizer, django_user_model):
    tonight, season = evening
    series = tonight.series.get(number=1)
    other = Club.objects.create(name="Andere")
    foreign = Season.objects.create(club=other, name="x", slug="x", first_day=FIRST_DAY,
                                    last_day=FIRST_DAY)
    with pytest.raises(SeasonSeatingError, match="another club"):
        seat_by_season(series, foreign, None, "s", club_organizer)
    loose = new_tournament("loose", club_organizer, start_date=FIRST_DAY)
    add_entry(loose, 1, "A", "B")
    with pytest.raises(SeasonSeatingError, match="no club's evening"):
        seat_by_season(loose.series.get(number=1), season, None, "s", club_organizer)
    tonight.entries.update(checked_in=False)
    with pytest.raises(SeasonSeatingError, match="Nobody is checked in"):
        seat_by_season(series, season, None, "s", club_organizer)
    tonight.entries.filter(number__lte=2).update(checked_in=True)
    with pytest.raises(SeasonSeatingError, match="at least 3 players"):
        seat_by_season(series, season, None, "s", club_organizer)
    tonight.entries.update(checked_in=True)
    seat(series, "x")  # published
    with pytest.raises(SeasonSeatingError, match="only a draft"):
        seat_by_season(series, season, None, "s", club_organizer)


def test_the_page_lists_the_seasons_of_the_day_and_seats(evening, club_client):
    tonight, season = evening
    Season.objects.create(club=tonight.club, name="Old", slug="old",
                          first_day=datetime.date(2020, 1, 1),
                          last_day=datetime.date(2020, 12, 31))
    url = reverse("seasons:seat_by_season", args=[tonight.slug, 1])
    page = club_client.get(url).content.decode()
    assert "2027" in page and ">Old<" not in page
    answer = club_client.post(url, {"season": season.pk, "guests_from_table": "0"})
    assert answer.status_code == 200 and "Guests from table" in answer.content.decode()
    answer = club_client.post(url, {"season": season.pk, "guests_from_table": "2",
                                    "seed": "abc"})
    assert answer.url == reverse("tournament:series", args=[tonight.slug, 1])
    series_page = club_client.get(answer.url).content.decode()
    assert url in series_page  # the draft's page links the season seating


def test_only_the_first_series_is_seated_by_the_season(evening, club_organizer, club_client):
    from tournament.models import Series

    tonight, season = evening
    second = Series.objects.create(tournament=tonight, number=2)
    with pytest.raises(SeasonSeatingError, match="first series"):
        seat_by_season(second, season, None, "s", club_organizer)
    url = reverse("seasons:seat_by_season", args=[tonight.slug, 2])
    answer = club_client.post(url, {"season": season.pk, "seed": "abc"}, follow=True)
    assert "first series" in answer.content.decode()
    assert not second.tables.exists()
