"""The season's pages: the ranking (rules in words, guests after or omitted, problem rules no
500, the public never sees an unreleased series), a player's season (his units counted and
dropped, the chart, the penalty explained, statistics by game counted from the deals), and
the club's page."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from seasons.models import Member, Season
from seasons.services import season_ranking
from tests.factories import (
    SOLO_LOST,
    add_entry,
    confirm_series,
    new_tournament,
    play,
    release,
    seat,
)
from tests.seasons.conftest import FIRST_DAY, club_evening, persons
from tournament.models import Deal, Entry, Seat

WEEK = datetime.timedelta(days=7)


@pytest.fixture
def public():
    """An anonymous visitor (``client`` is the organizer's where ``club_client`` is used)."""
    return Client()


def _season(club, rules=None, unit="series", slug="2027") -> Season:
    return Season.objects.create(club=club, name="Jahreswertung 2027", slug=slug,
                                 first_day=datetime.date(2027, 1, 1),
                                 last_day=datetime.date(2027, 12, 31), unit=unit,
                                 rules=rules if rules is not None else {"value": "total"})


def _members(club, people):
    Member.objects.bulk_create([Member(club=club, player=p) for p in people])


def _url(name, season, *args):
    return reverse(f"seasons:{name}", args=[season.club_id, season.slug, *args])


@pytest.fixture
def world(club):
    """Six members and a guest over three evenings; the third evening is not released."""
    people = persons(7)
    _members(club, people[:6])
    evenings = [club_evening(club, FIRST_DAY, people, series=2),
                club_evening(club, FIRST_DAY + WEEK, people[:6]),
                club_evening(club, FIRST_DAY + 2 * WEEK, people[:6], release=False)]
    return people, evenings


def test_the_ranking_lists_members_ranked_then_the_guest(client, club, world):
    people, evenings = world
    season = _season(club, {"value": "total", "min_played": 3})
    response = client.get(_url("ranking", season))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Total of the series, ranked from 3 series" in text
    assert "2 evenings, 3 series counted." in text  # the unreleased evening is not public
    ranking = season_ranking(season, public=True)
    for row in ranking.rows:
        assert _url("player", season, row.player) in text
        assert row.printed_value in text
    guest = people[6]
    assert ranking.rows[-1].player == guest.pk
    assert text.index(guest.first_name) > max(text.index(p.first_name + " ")
                                              for p in people[:6])
    assert "(guest)" in text


def test_guests_omitted_are_not_listed(client, club, world):
    people, _ = world
    season = _season(club, {"value": "total", "guests": "omit"})
    text = client.get(_url("ranking", season)).content.decode()
    assert "guests are not listed" in text
    assert people[6].first_name + " " not in text
    page = client.get(_url("player", season, people[6].pk))
    assert page.status_code == 200 and b"not-listed" in page.content


def test_not_qualified_players_come_after_with_the_note(client, club, world):
    season = _season(club, {"value": "total", "min_played": 3})
    Entry.objects.filter(tournament__start_date=FIRST_DAY + WEEK,
                         player__first_name="Spieler1").first()
    text = client.get(_url("ranking", season)).content.decode()
    assert "not-qualified-note" not in text  # everybody played the 3 public series
    organizer_season = _season(club, {"value": "total", "min_played": 4}, slug="four")
    text = client.get(_url("ranking", organizer_season)).content.decode()
    assert "fewer than 4 series" in text and "(not qualified)" in text


def test_the_public_never_sees_an_unreleased_series(public, club_client, club, world):
    people, evenings = world
    season = _season(club)
    seen = public.get(_url("player", season, people[0].pk)).content.decode()
    organizer = club_client.get(_url("player", season, people[0].pk)).content.decode()
    assert evenings[2].name not in seen
    assert evenings[2].name in organizer
    public_ranking = season_ranking(season, public=True)
    assert public_ranking.row_of(people[0].pk).played == 3
    # the statistics count the public's series only: the deals of the released tables
    released = Seat.objects.filter(entry__player=people[0],
                                   series__tournament__in=evenings[:2])
    deals = Deal.objects.filter(table__in=released.values("table")).count()
    assert f"of the {deals} deals at their tables" in seen


def test_problem_rules_rank_nothing_and_answer(public, club_client, club, world):
    season = _season(club, {"value": "median"})
    for who in (public, club_client):
        response = who.get(_url("ranking", season))
        assert response.status_code == 200
        text = response.content.decode()
        assert "rules-problem" in text and "rules.value" in text
        assert "season-ranking" not in text
    people, _ = world
    assert public.get(_url("player", season, people[0].pk)).status_code == 200


def test_nothing_counted_yet_is_said(public, club_client, club):
    """Before an evening is released the season is not the public's (a 404); its organizers
    read the confirmed series, and a season whose evening is not played says so."""
    people = persons(4)
    club_evening(club, FIRST_DAY, people, release=False)
    season = _season(club)
    text = club_client.get(_url("ranking", season)).content.decode()
    assert "season-ranking" in text  # the organizer counts the confirmed series
    assert public.get(_url("ranking", season)).status_code == 404
    assert public.get(_url("player", season, people[0].pk)).status_code == 404
    later = FIRST_DAY + datetime.timedelta(days=7)
    new_tournament("kreuz-bube-later", None, start_date=later, club=club, public=True)
    unplayed = Season.objects.create(club=club, name="Later", slug="later", first_day=later,
                                     last_day=later)
    assert "nothing-counted" in club_client.get(_url("ranking", unplayed)).content.decode()


def test_the_chart_and_the_list_show_the_dropped_result(client, club):
    people = persons(4)
    _members(club, people)
    for week in range(3):
        club_evening(club, FIRST_DAY + week * WEEK, people, seed=f"d{week}")
    season = _season(club, {"value": "total", "drop_worst_at": [3]})
    ranking = season_ranking(season, public=True)
    row = ranking.row_of(people[0].pk)
    assert len(row.dropped) == 1
    text = client.get(_url("player", season, people[0].pk)).content.decode()
    assert text.count('<g class="dropped">') == 1
    assert text.count('<circle class="counted"') == 2
    dropped_score = ranking.scores[people[0].pk][row.dropped[0]]
    assert f"<s>{dropped_score}</s>" in text
    chart = text[text.index("<svg"):text.index("</svg>")]
    assert "<script" not in chart and "style=" not in chart


def test_the_penalty_is_explained(client, club):
    people = persons(4)
    _members(club, people)
    club_evening(club, FIRST_DAY, people, series=3)
    club_evening(club, FIRST_DAY + WEEK, people[1:], series=3, seed="p")
    season = _season(club, {"value": "average", "absence_penalty":
                            {"over": 2, "base": 1, "power": 2}})
    text = client.get(_url("player", season, people[0].pk)).content.decode()
    assert "3 series missed: more than 2, so (3 − 1)² = 4 points off" in text
    text = client.get(_url("ranking", season)).content.decode()
    assert "beyond 2 missed series (missed − 1)² points off" in text
    assert "−4" in text


def test_statistics_count_his_games_by_trump(client, club):
    """A hand-built evening: a four-table of players whose first deals are known games."""
    people = persons(4)
    _members(club, people)
    evening = club_evening(club, FIRST_DAY, people, deals_per_player=1)
    season = _season(club)
    player = people[0]
    seat = Seat.objects.get(entry__player=player, series__tournament=evening)
    deals = Deal.objects.filter(table=seat.table)
    mine = deals.filter(declarer=seat.position)
    expected_won = mine.filter(won=True, trump="hearts").count()
    expected_lost = mine.filter(won=False, trump="hearts").count()
    text = client.get(_url("player", season, player.pk)).content.decode()
    assert (f'<tr data-game="hearts"><td>Hearts</td><td class="num">{expected_won}</td>'
            f'<td class="num">{expected_lost}</td></tr>') in text
    grand = mine.filter(game="grand")
    assert (f'<tr data-game="grand"><td>Grand</td><td class="num">'
            f'{grand.filter(won=True).count()}</td>') in text
    assert f"Declared {mine.exclude(game__in=['passed', 'ramsch']).count()} of the " \
           f"{deals.count()} deals" in text


def _hand_evening(club, people, plays):
    """An evening of three whose first deals are ``plays`` ((record, declaring person),
    a None person: nobody, a Ramsch), the rest Heart Solos; confirmed and released."""
    evening = new_tournament("hand-evening", club.organizers.first(), name="Handabend",
                             start_date=FIRST_DAY, series_count=1, deals_per_player=2,
                             public=True, club=club)
    for number, person in enumerate(people, start=1):
        add_entry(evening, number, person.first_name, person.last_name, player=person)
    series = seat(evening.series.get(), "hand")
    table = series.tables.get()
    position = dict(Seat.objects.filter(table=table).values_list("entry__player", "position"))
    for record, person in plays:
        play(table, record, declarer=None if person is None else position[person.pk])
    release(confirm_series(series))
    return table, position


def test_statistics_of_hand_played_deals(club, public):
    people = persons(3)
    _members(club, people)
    grand = {"game": "grand", "matadors": 1, "card_points": 80}
    null = {"game": "null", "tricks": 0}
    table, position = _hand_evening(club, people, [
        (grand, people[0]), ({**grand, "card_points": 40}, people[0]),
        ({**SOLO_LOST, "trump": "clubs"}, people[0]), (null, people[1])])
    season = _season(club)
    mine = Deal.objects.filter(table=table, declarer=position[people[0].pk])
    hearts = mine.filter(trump="hearts")  # the Heart Solos the factory entered after these
    text = public.get(_url("player", season, people[0].pk)).content.decode()
    assert ('<tr data-game="grand"><td>Grand</td><td class="num">1</td>'
            '<td class="num">1</td></tr>') in text
    assert ('<tr data-game="clubs"><td>Clubs</td><td class="num">0</td>'
            '<td class="num">1</td></tr>') in text
    assert (f'<tr data-game="hearts"><td>Hearts</td><td class="num">{hearts.count()}</td>'
            '<td class="num">0</td></tr>') in text
    assert '<tr data-game="null"><td>Null</td><td class="num">0</td>' in text
    assert f"Declared {3 + hearts.count()} of the 6 deals" in text
    other = public.get(_url("player", season, people[1].pk)).content.decode()
    assert '<tr data-game="null"><td>Null</td><td class="num">1</td>' in other


def test_the_ranking_page_queries_do_not_grow_with_players(client, club):
    few, many = persons(4), persons(12, first="Viele")
    _members(club, few + many)
    club_evening(club, FIRST_DAY, few, seed="few")
    small = _season(club, slug="small", rules={"value": "total"})
    Season.objects.filter(pk=small.pk).update(last_day=FIRST_DAY)
    club_evening(club, FIRST_DAY + WEEK, many, seed="many")
    large = _season(club, slug="large")
    Season.objects.filter(pk=large.pk).update(first_day=FIRST_DAY + WEEK)
    counts = []
    for season in (small, large):
        client.get(_url("ranking", season))  # fills the cache
        with CaptureQueriesContext(connection) as queries:
            assert client.get(_url("ranking", season)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_club_page_lists_seasons_with_a_public_evening(public, club_client, club):
    people = persons(4)
    club_evening(club, FIRST_DAY, people, public=False)
    season = _season(club)
    assert public.get(reverse("seasons:club_public", args=[club.pk])).status_code == 404
    text = club_client.get(reverse("seasons:club_public", args=[club.pk])).content.decode()
    assert season.name in text
    evening = club_evening(club, FIRST_DAY + WEEK, people, seed="pub")
    text = public.get(reverse("seasons:club_public", args=[club.pk])).content.decode()
    assert _url("ranking", season) in text and evening.name in text
    assert "not public" not in text


def test_an_anonymous_reader_pays_for_season_pages_from_his_budget(club, settings, client,
                                                                    monkeypatch):
    """As a tournament's result pages: past the budget a minute, a 429 that says when."""
    from tests.seasons.conftest import FIRST_DAY, club_evening, persons
    from tournament import crowd

    settings.PUBLIC_BUDGET = 25  # three pages of 10 begun within it, the fourth refused
    monkeypatch.setattr(crowd, "now", lambda: 6_000_000 + 42.5)  # 17.5 s to a new minute
    club_evening(club, FIRST_DAY, persons(4))
    season = Season.objects.create(club=club, name="2027", slug="2027",
                                   first_day=FIRST_DAY, last_day=FIRST_DAY)
    url = f"/club/{club.pk}/{season.slug}/"
    assert [client.get(url).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert client.get(url)["Retry-After"] == "18"


def test_a_players_page_queries_do_not_grow_with_the_evenings(client, club):
    """A player's season is read from what is kept beside the ranking: one evening or
    four, the same queries (unit: an evening, so his series are the ranking's, not each
    evening's standings read again)."""
    people = persons(4)
    _members(club, people)
    counts = []
    for evenings, slug in ((1, "one"), (4, "four")):
        first = FIRST_DAY + WEEK * 10 * len(counts)
        for n in range(evenings):
            club_evening(club, first + WEEK * n, people, seed=f"{slug}{n}")
        season = _season(club, slug=slug, rules={"value": "total"})
        Season.objects.filter(pk=season.pk).update(first_day=first, unit="evening",
                                                   last_day=first + WEEK * evenings)
        url = _url("player", season, people[0].pk)
        assert client.get(url).status_code == 200  # fills the cache
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
