"""Issue 12 in a browser: the organizer's forms speak only when something is wrong, in red."""

import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import fits, screenshot
from tournament.audit import record_change
from tournament.models import AuditAction, AuditEntry, Tournament
from tournament.registration.services import register_player

pytestmark = pytest.mark.django_db(transaction=True)

RED = "rgb(183, 28, 28)"  # #b71c1c, the site's error colour


def test_keep_apart_is_quiet_until_a_pair_is_refused(organizer_page, organizer_user, viewport):
    organizer_page.set_viewport_size(viewport)
    tournament = Tournament.objects.create(name="Quiet Cup", slug="quiet-cup",
                                           start_date=datetime.date(2027, 5, 1))
    tournament.organizers.add(organizer_user)
    for number, (first, last) in enumerate([("Anna", "Becker"), ("Otto", "Schulz")], start=1):
        register_player(tournament, first_name=first, last_name=last, number=number)
    page = organizer_page
    page.goto("/organize/quiet-cup/keep-apart/")
    expect(page.get_by_text("This field is required.")).to_have_count(0)

    page.fill("#id_first", "1")
    page.fill("#id_second", "2")
    page.get_by_role("button", name="Keep apart").click()
    expect(page.locator(".messages")).to_contain_text("are kept apart")
    expect(page.get_by_text("This field is required.")).to_have_count(0)

    page.fill("#id_first", "1")
    page.fill("#id_second", "1")
    page.get_by_role("button", name="Keep apart").click()
    refusal = page.get_by_text("Choose two different players.")
    expect(refusal).to_be_visible()
    expect(refusal).to_have_css("color", RED)
    screenshot(page, "keep-apart-refused")


def test_a_tournament_without_series_is_refused_on_its_field(organizer_page, viewport):
    organizer_page.set_viewport_size(viewport)
    page = organizer_page
    page.goto("/organize/new/")
    page.fill("#id_name", "No Series Cup")
    page.fill("#id_start_date", "2027-04-03")
    page.select_option("#id_rule_set", "nasl-1908")
    page.fill("#id_series_count", "0")
    page.evaluate("document.querySelector('form').noValidate = true")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("A tournament has at least one series.")).to_be_visible()
    expect(page.get_by_text("at_least_one_series")).to_have_count(0)
    page.check("#id_opt__nasl-1908__point_ramsch")
    page.uncheck("#id_opt__nasl-1908__ramsch")
    page.fill("#id_series_count", "1")
    page.evaluate("document.querySelector('form').noValidate = true")
    page.get_by_role("button", name="Save").click()
    wide = page.locator("ul.errors li", has_text="point_ramsch needs ramsch=on")
    expect(wide).to_have_css("color", RED)


def test_the_audit_log_shows_what_changed_and_filters(organizer_page, organizer_user, viewport):
    """...in the tournament's own time zone (issue 12, point 15)."""
    organizer_page.set_viewport_size(viewport)
    tournament = Tournament.objects.create(name="Log Cup", slug="log-cup",
                                           start_date=datetime.date(2027, 5, 1),
                                           time_zone="America/Chicago")
    tournament.organizers.add(organizer_user)
    record_change(tournament, organizer_user, AuditAction.DEAL_CORRECTED,
                  "series 1 table 2 deal 3", series=1, table=2, deal=3,
                  before={"value": 30, "record": {"game": "solo", "card_points": 95}},
                  after={"value": -20, "record": {"game": "solo", "card_points": 10}})
    record_change(tournament, organizer_user, AuditAction.SERIES_PUBLISHED, "series 1",
                  series=1)
    record_change(tournament, organizer_user, AuditAction.SERIES_PUBLISHED, "series 2",
                  series=2)
    noon = datetime.datetime(2027, 7, 1, 12, 0, 5, tzinfo=datetime.UTC)
    AuditEntry.objects.filter(tournament=tournament, subject="series 2").update(at=noon)
    page = organizer_page
    page.goto("/organize/log-cup/audit/")
    expect(page.locator("table.audit")).to_contain_text("card points: 95 → 10")
    expect(page.locator("table.audit tbody tr")).to_have_count(3)
    page.select_option("#id_action", "series_published")
    page.fill("#id_series", "2")
    page.get_by_role("button", name="Show").click()
    expect(page.locator("table.audit tbody tr")).to_have_count(1)
    expect(page.locator("table.audit tbody")).to_contain_text("series 2")
    expect(page.locator("table.audit tbody")).to_contain_text("2027-07-01 07:00:05")  # CDT
    fits(page)
    screenshot(page, "audit-log-filtered")
