"""Issue 23 in a browser: a club organizer makes the next evening from the last, checks in
three members and a guest at the door, seats series 1 by the season ranking, the table enters
its deals through the sheet's forms, the organizer releases the series, and the season ranking
moves; a member's season page shows the result dropped at his third series and the chart."""

import datetime
import re

import pytest
from playwright.sync_api import expect

from seasons.models import Member, Season
from seasons.services import season_ranking
from tests.e2e.conftest import fits, screenshot
from tests.seasons.conftest import club_evening
from tournament.models import Club, Player, SheetStatus, Tournament
from tournament.sheets.loaders import table_info

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAST = ("Becker", "Brandt", "Fischer", "Koch")
# one deal each: a Grand won, two Heart Solos lost, a Grand lost (values −48, −40, …)
DEALS = [({"game": "grand", "matadors": "1", "card_points": "80"}),
         ({"game": "solo", "trump": "hearts", "matadors": "1", "card_points": "40"}),
         ({"game": "solo", "trump": "hearts", "matadors": "1", "card_points": "35"}),
         ({"game": "grand", "matadors": "1", "card_points": "50"})]


def enter_deal(page, deal: dict, seat: int) -> None:
    page.select_option("#id_game", deal["game"])
    page.select_option("#id_declarer", str(seat))
    if "trump" in deal:
        page.select_option("#id_trump", deal["trump"])
    page.fill("#id_matadors", deal["matadors"])
    page.fill("#id_card_points", deal["card_points"])
    page.get_by_role("button", name="Save deal").click()


def test_the_next_evening_played_and_released_moves_the_season(organizer_page, organizer_user,
                                                              browser, live_server):
    club = Club.objects.create(name="SC Kreuz Bube")
    club.organizers.add(organizer_user)
    members = [Player.objects.create(first_name=f, last_name=last)
               for f, last in zip(("Anna", "Carl", "Emma", "Franz"), LAST, strict=True)]
    Member.objects.bulk_create([Member(club=club, player=p,
                                       joined_on=datetime.date(2026, 1, 1)) for p in members])
    first_day = datetime.date(2027, 1, 7)
    for week in range(2):
        club_evening(club, first_day + datetime.timedelta(days=7 * week), members,
                     seed=f"e2e-{week}", deals_per_player=1, organizer=organizer_user)
    # the third series played is the first with a result dropped
    season = Season.objects.create(club=club, name="Jahr 2027", slug="2027",
                                   first_day=datetime.date(2027, 1, 1),
                                   last_day=datetime.date(2027, 12, 31),
                                   rules={"value": "total", "drop_worst_at": [3]})
    before = season_ranking(season, public=True)
    assert {r.played for r in before.rows} == {2}
    page = organizer_page

    # the club's page: the next evening from the last, in one click
    page.goto(f"/organize/clubs/{club.pk}/")
    page.locator("main a.big-button", has_text="Next evening").click()
    page.get_by_role("button", name="Create the evening").click()
    evening = Tournament.objects.filter(club=club).order_by("-start_date").first()
    assert evening.start_date == first_day + datetime.timedelta(days=14)
    assert evening.entries.count() == 4 and not evening.entries.filter(checked_in=True)
    expect(page).to_have_url(re.compile(rf"/organize/{evening.slug}/door/"))

    # the door: three members come (Franz Koch stays home) and a guest is registered
    for last in LAST[:3]:
        page.fill("#id_q", last)
        page.get_by_role("button", name="Find").click()
        page.locator("tr", has_text=last).get_by_role("button", name="Check in").click()
        expect(page.locator(".messages")).to_contain_text("checked in")
    quick = page.locator("form.quick-add")
    quick.locator("input[name=first_name]").fill("Gerd")
    quick.locator("input[name=last_name]").fill("Gast")
    quick.get_by_role("button", name="Register and check in").click()
    expect(page.locator(".messages")).to_contain_text("Gerd Gast")
    assert evening.entries.filter(checked_in=True).count() == 4

    # series 1 seated by the season ranking, then published
    page.goto(f"/organize/{evening.slug}/series/1/")
    page.get_by_role("link", name="Seat by the season ranking").click()
    page.get_by_role("button", name="Seat the series").click()
    page.goto(f"/organize/{evening.slug}/series/1/")
    page.get_by_role("button", name="Publish series 1").click()
    table = evening.series.get(number=1).tables.get()
    assert table.seats.count() == 4

    # the table's phone enters its four deals through the forms
    info = table_info(table)
    names = {p.position: p.name for p in info.players}
    phone = browser.new_context(base_url=live_server.url, **PHONE)
    sheet = phone.new_page()
    sheet.goto(f"/s/{table.token}/")
    sheet.fill("input[name=scorekeeper]", names[1])
    for number, deal in enumerate(DEALS, start=1):
        seat = next(p.position for p in info.players if p.position != info.dealer(number))
        enter_deal(sheet, deal, seat)
        expect(sheet.locator(".messages")).to_contain_text(f"Deal {number}:")
    sheet.fill("#id_submit_name", names[1])
    sheet.get_by_role("button", name="Submit the sheet").click()
    second = browser.new_context(base_url=live_server.url, **PHONE).new_page()
    second.goto(f"/s/{table.token}/")
    second.fill("#id_confirm_name", names[2])
    second.get_by_role("button", name="Confirm the sheet").click()
    expect(second.locator(".sheet-progress")).to_contain_text(f"Confirmed by {names[2]}")
    table.refresh_from_db()
    assert table.sheet_status == SheetStatus.CONFIRMED
    second.context.close()
    phone.close()

    # the organizer releases the series
    page.goto(f"/organize/{evening.slug}/")
    page.locator(".next-steps").get_by_role("link", name="Release series 1").click()
    page.get_by_role("button", name="Release").first.click()
    page.get_by_role("button", name="Release series 1").click()

    # the season ranking moved: three members have three series, one dropped; the guest is
    # listed after the ranked, Franz Koch missed one
    after = season_ranking(season, public=True)
    played = {after.person(r.player).name: r.played for r in after.rows}
    assert played == {"Anna Becker": 3, "Carl Brandt": 3, "Emma Fischer": 3,
                      "Franz Koch": 2, "Gerd Gast": 1}
    assert after.rows[-1].guest and after.rows[-1].rank is None
    public = browser.new_context(base_url=live_server.url, **PHONE).new_page()
    public.goto(f"/club/{club.pk}/{season.slug}/")
    rows = public.locator("table tbody tr")
    expect(rows).to_have_count(5)
    expect(rows.last).to_contain_text("Gerd Gast")
    fits(public)
    screenshot(public, "season-ranking-phone")

    # Anna's season: the worst of her three series is dropped, and the chart shows it
    anna = after.row_of(members[0].pk)
    assert len(anna.dropped) == 1
    public.get_by_role("link", name="Anna Becker").click()
    expect(public.locator("h1")).to_contain_text("Anna Becker")
    expect(public.locator("svg.season-chart")).to_have_count(1)
    expect(public.locator("svg.season-chart")).to_contain_text("dropped")
    expect(public.get_by_text("dropped").first).to_be_visible()
    fits(public)
    screenshot(public, "season-player-phone")
    public.context.close()
