"""The room moves by itself (issue 24): a phone follows the public's provisional standings and
the director watches the board; another phone confirms a table through its link; both pages
show it within seconds, without a reload."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import ScoringSettings
from tests.e2e.conftest import fits, screenshot
from tests.factories import club_night, enter, table_of_size
from tournament.sheets import services as sheets
from tournament.sheets.services import table_info

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def submitted_table(organizer):
    """A club night in play, shown to the public as it plays; its three-table entered every
    deal and submitted; only confirmed sheets count."""
    night = club_night(organizer, deals_per_player=1)
    night.provisional_public = True
    night.save()
    ScoringSettings.objects.create(tournament=night, count_unconfirmed=False)
    three = table_of_size(night, 3)
    info = table_info(three)
    enter(three, info.deal_count)
    sheets.submit_sheet(three, info.players[0].name, session="phone-1")
    return night, three, info


def test_standings_and_board_follow_a_confirmation(browser, live_server, organizer_user,
                                                  client, settings):
    settings.LIVE_EVERY = 0.5  # the pages ask every half second (data-live-every)
    night, three, info = submitted_table(organizer_user)
    scorer = three.seats.filter(points__gt=0).select_related("entry").first()
    assert scorer is not None

    follower = browser.new_context(base_url=live_server.url, **PHONE).new_page()
    follower.goto(f"/t/{night.slug}/standings/")
    expect(follower.locator(".provisional-public")).to_contain_text("series 1 is being played")
    expect(follower.locator("[data-live-stamp]")).to_contain_text("updated")
    row = follower.locator("table.standings tbody tr", has_text=scorer.entry.last_name)
    expect(row).to_have_count(0)  # his sheet is not confirmed yet: nobody is ranked
    follower.evaluate("window.stillThisPage = true")  # gone with any navigation

    client.force_login(organizer_user)
    director_context = browser.new_context(base_url=live_server.url,
                                           viewport={"width": 1280, "height": 900})
    director_context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                                   "url": live_server.url}])
    director = director_context.new_page()
    director.goto(f"/organize/{night.slug}/series/1/board/")
    board_row = director.locator(f'tr[data-table="{three.number}"]')
    expect(board_row).to_contain_text("submitted")
    director.evaluate("window.stillThisPage = true")

    # another player confirms the table on his own phone, through the table's link
    confirmer = browser.new_context(base_url=live_server.url, **PHONE).new_page()
    confirmer.goto(f"/s/{three.token}/")
    confirmer.fill("#id_confirm_name", info.players[2].name)
    confirmer.get_by_role("button", name="Confirm the sheet").click()
    expect(confirmer.locator(".sheet-progress")).to_contain_text("Confirmed by")

    # within seconds, with no reload: his points counted, the board's row confirmed
    expect(row.locator("td").nth(4)).to_have_text(str(scorer.points), timeout=5_000)
    assert follower.evaluate("window.stillThisPage") is True
    expect(follower.locator("[data-live-stamp]")).to_contain_text("updated")
    expect(board_row).to_have_class(re.compile(r"\bboard-confirmed\b"), timeout=5_000)
    expect(board_row).to_contain_text("confirmed")
    expect(director.locator(".board-legend")).to_contain_text("confirmed: 1")
    assert director.evaluate("window.stillThisPage") is True

    fits(follower)
    screenshot(follower, "live-standings-phone")
    screenshot(director, "live-board-desktop")
    director.set_viewport_size({"width": 390, "height": 844})
    fits(director)
    screenshot(director, "live-board-phone")
    for page in (follower, director, confirmer):
        page.context.close()


def test_the_stamp_says_when_the_connection_is_gone(browser, live_server, settings):
    settings.LIVE_EVERY = 0.5
    night = club_night(None, deals_per_player=1)
    context = browser.new_context(base_url=live_server.url, **PHONE)
    follower = context.new_page()
    follower.goto(f"/t/{night.slug}/standings/")
    stamp = follower.locator("[data-live-stamp]")
    expect(stamp).to_contain_text("updated")
    context.set_offline(True)
    expect(stamp).to_contain_text("no connection", timeout=5_000)
    expect(stamp).to_have_class(re.compile(r"\blive-stale\b"))
    context.set_offline(False)
    expect(stamp).not_to_contain_text("no connection", timeout=10_000)
    context.close()
