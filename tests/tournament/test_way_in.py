"""Issue 12, points 1, 2, 3 and 11: finding the way from the home page to a seated series,
public pages before anything is released, the public's copy of a released score sheet, and
what stands between a series and its release."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from scoring.release import services as releases
from scoring.results import services as result_services
from tests.factories import add_entry, enter, finish
from tournament import guide, lifecycle
from tournament.models import SeatingMethod, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.confirmation import reopen_sheet

TODAY = datetime.date.today()




def html(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


# --- 1. the home page, the login, the dashboard's next step -------------------------------


@pytest.fixture
def listed(organizer, django_user_model):
    day = datetime.timedelta(days=1)
    make = Tournament.objects.create
    soon = make(name="Spring Congress", slug="spring", public=True, venue="Turner Hall",
                start_date=TODAY + 10 * day, end_date=TODAY + 11 * day)
    past = make(name="Winter Cup", slug="winter", public=True, venue="Pik As",
                start_date=TODAY - 20 * day)
    long_ago = make(name="Old Cup", slug="old", public=True, start_date=TODAY - 400 * day)
    private = make(name="Private Night", slug="private", start_date=TODAY)
    private.organizers.add(organizer)
    helped = make(name="Helped Night", slug="helped", start_date=TODAY)
    helped.assistants.add(organizer)
    others = make(name="Other Night", slug="others", start_date=TODAY)
    others.organizers.add(django_user_model.objects.create_user("else"))
    return soon, past, long_ago, private, helped, others


def test_home_lists_public_tournaments_without_jargon(client, listed):
    page = html(client, reverse("home"))
    assert "Spring Congress" in page and "Turner Hall" in page
    assert str(TODAY + datetime.timedelta(days=10)) in page or "Turner Hall" in page
    assert reverse("tournament:public", args=["spring"]) in page
    assert "Winter Cup" in page and "Recent results" in page
    assert "Old Cup" not in page  # ended more than RECENT_DAYS ago
    assert "Private Night" not in page and "Other Night" not in page
    assert "Your tournaments" not in page and reverse("login") in page
    for jargon in ("seed", "RULINGS", "nasl-1908", "Rule sets"):
        assert jargon not in page


def test_home_lists_my_tournaments_with_their_dashboards(organizer_client, listed):
    page = html(organizer_client, reverse("home"))
    assert "Your tournaments" in page and reverse("tournament:create") in page
    assert reverse("tournament:dashboard", args=["private"]) in page
    assert reverse("tournament:dashboard", args=["helped"]) in page
    assert "Other Night" not in page


def test_logging_in_lands_on_my_tournaments_never_the_admin(client, organizer):
    home = html(client, reverse("home"))
    assert 'href="/login/"' in home and "/admin/" not in home
    response = client.post(reverse("login"), {"username": "orga", "password": "orga-pw-1908"})
    assert response.status_code == 302 and response.url == reverse("tournament:list")
    client.post(reverse("logout"))
    response = client.post(reverse("login") + "?next=/admin/",
                           {"username": "orga", "password": "orga-pw-1908", "next": "/admin/"})
    assert response.url == "/admin/"  # only when next= says so


def steps(client, tournament):
    page = html(client, reverse("tournament:dashboard", args=[tournament.slug]))
    return page, page.split('aria-label="Next"')[1].split("</section>")[0]


def test_the_dashboard_says_what_to_do_next(organizer_client, tournament):
    slug = tournament.slug
    _, nxt = steps(organizer_client, tournament)
    assert "Register players" in nxt and reverse("tournament:player_add", args=[slug]) in nxt
    for n, name in enumerate(["Anna", "Carl", "Emma", "Franz"], start=1):
        add_entry(tournament, n, name, "Skat")
    tournament.entries.update(checked_in=False)
    _, nxt = steps(organizer_client, tournament)
    assert "0 of 4 players are checked in" in nxt and "Check in players" in nxt
    tournament.entries.update(checked_in=True)
    _, nxt = steps(organizer_client, tournament)
    assert "Seat series 1" in nxt and reverse("tournament:series", args=[slug, 1]) in nxt
    series = tournament.series.get(number=1)
    plans.seat_series(series, SeatingMethod.DRAW, "next", user=None)
    _, nxt = steps(organizer_client, tournament)
    assert "Publish series 1" in nxt
    plans.publish(series, user=None)
    _, nxt = steps(organizer_client, tournament)
    assert "Score sheets of series 1" in nxt
    assert reverse("tournament:series_sheets", args=[slug, 1]) in nxt


def test_the_dashboard_says_when_a_series_is_ready_to_release(marta_client, club_night, four,
                                                              three):
    finish(four)
    _, nxt = steps(marta_client, club_night)
    assert "ready to release" not in nxt
    finish(three)
    _, nxt = steps(marta_client, club_night)
    assert "Series 1 is ready to release" in nxt
    assert reverse("scoring:results_admin", args=[club_night.slug]) in nxt


def test_counted_words():
    assert guide.counted_words((), 3) == ""
    assert guide.counted_words((1,), 3) == "Series 1 of 3 counted."
    assert guide.counted_words((1, 2), 3) == "Series 1 and 2 of 3 counted."
    assert guide.counted_words((1, 2, 3), 3) == "All 3 series counted."
    assert guide.counted_words((1,), 1) == "Series 1 counted."


# --- 2. public pages before anything is released -------------------------------------------


def public_pages(tournament):
    slug = tournament.slug
    first = tournament.entries.order_by("number").first().number
    return [reverse("scoring:standings", args=[slug]),
            reverse("scoring:series_standings", args=[slug, 1]),
            reverse("scoring:clubs", args=[slug]), reverse("scoring:teams", args=[slug]),
            reverse("scoring:prizes", args=[slug]), reverse("scoring:player", args=[slug, first]),
            reverse("tournament:public", args=[slug])]


def test_before_any_release_the_public_pages_say_so(client, club_night, four):
    enter(four, 3)  # played, not released
    for url in public_pages(club_night):
        page = html(client, url)
        assert "Nothing is released yet" in page, url
        assert "1=" not in page and "to be settled by lot" not in page, url
        assert "Tie</strong>" not in page and "Did not play" not in page, url


def test_after_a_release_the_pages_say_which_series_count(client, club_night, four, three):
    club_night.series_count = 3
    club_night.save()
    plans.ensure_series(club_night)
    finish(four)
    finish(three)
    releases.release_series(club_night.series.get(number=1), user=None)
    for url in public_pages(club_night):
        page = html(client, url)
        assert "Nothing is released yet" not in page, url
        assert "Series 1 of 3 counted." in page or "/series/1/" in url, url


def test_the_staff_sees_no_table_of_zeros_before_the_first_deal(marta_client, club_night):
    page = html(marta_client, reverse("scoring:standings", args=[club_night.slug]))
    assert "No deal is recorded yet" in page and "1=" not in page
    prizes = html(marta_client, reverse("scoring:prizes", args=[club_night.slug]))
    assert "to be settled by lot" not in prizes


def test_the_decision_is_the_visitors(club_night, four):
    enter(four, 1)
    assert result_services.compute(club_night, released_only=True).counted == ()
    assert result_services.compute(club_night).counted == (1,)  # the staff's preview


# --- 3. a released table's score sheet is public, read-only ---------------------------------


def test_a_sheet_is_public_once_its_series_is_released(client, marta, club_night, four, three):
    url = reverse("tournament:table", args=[club_night.slug, 1, four.number])
    enter(four, 2)
    page = html(client, url)
    assert "is shown here once the organizer releases the results of series 1" in page
    assert 'class="sheet"' not in page
    finish(four)
    finish(three)
    releases.release_series(club_night.series.get(number=1), user=None)
    page = html(client, url)
    assert 'class="sheet"' in page and "Totals after 8 deals" in page
    assert four.token not in page and "<form" not in page.split("<main")[1]
    assert "/deal/" not in page and "correction is in progress" not in page

    reopen_sheet(four, marta, released_ok=True)
    page = html(client, url)  # the sheet under correction is public again once released again
    assert "Series 1: a correction is in progress" in page and 'class="sheet"' not in page
    assert four.token not in page and "<form" not in page.split("<main")[1]


# --- 11. what blocks a release ------------------------------------------------------------


def test_release_check_names_what_each_table_lacks(club_night, four, three,
                                                   django_assert_max_num_queries):
    series = club_night.series.get(number=1)
    check = lifecycle.release_check(series)
    assert not check.ready and check.summary == "seated, no deal entered yet"
    enter(four, 3)
    series.refresh_from_db()
    with django_assert_max_num_queries(3):
        check = lifecycle.release_check(series)
    assert not check.ready and check.summary == "2 tables not confirmed"
    assert sorted(check.blockers) == sorted([f"Table {four.number}: 3 of 8 deals",
                                             f"Table {three.number}: 0 of 6 deals"])
    finish(four)
    info = deals.table_info(three)
    enter(three, info.deal_count)
    series.refresh_from_db()
    assert lifecycle.release_check(series).blockers == (
        f"Table {three.number}: all 6 deals in, not submitted",)
    deals.submit_sheet(three, info.players[0].name, session="phone-1")
    assert lifecycle.release_check(series).blockers == (
        f"Table {three.number}: submitted, not confirmed",)
    deals.confirm_sheet(three, info.players[1].name, session="phone-2")
    series.refresh_from_db()
    check = lifecycle.release_check(series)
    assert check.ready and check.summary.startswith("ready to release") and not check.blockers


def test_release_check_lists_at_most_the_limit_and_counts_the_rest(club_night, four):
    series = club_night.series.get(number=1)
    enter(four, 1)
    series.refresh_from_db()
    check = lifecycle.release_check(series, limit=1)
    assert len(check.blockers) == 1 and check.more == 1


def test_a_draft_series_is_not_ready(tournament):
    (series, *_) = plans.ensure_series(tournament)
    check = lifecycle.release_check(series)
    assert not check.ready and "not seated yet" in check.summary


def test_the_results_page_shows_the_blockers(marta_client, club_night, four, three):
    enter(four, 5)
    page = html(marta_client, reverse("scoring:results_admin", args=[club_night.slug]))
    assert "Series 1:</strong> 2 tables not confirmed" in page
    assert f"Table {four.number}: 5 of 8 deals" in page
    finish(four)
    finish(three)
    page = html(marta_client, reverse("scoring:results_admin", args=[club_night.slug]))
    assert "ready to release" in page


def test_an_assistant_is_sent_to_the_door_and_the_sheets(club_night, django_user_model):
    helper = django_user_model.objects.create_user("helper")
    club_night.assistants.add(helper)
    client = Client()
    client.force_login(helper)
    _, nxt = steps(client, club_night)
    assert "Score sheets of series 1" in nxt and "Release" not in nxt
    assert f'href="{reverse("tournament:series", args=[club_night.slug, 1])}"' not in nxt
