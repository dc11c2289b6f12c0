"""Issue 18, points 4 and 7 in a browser, on a desktop and a 390×844 phone: namesakes carry
their number in the standings and team list; a Seeger-Fabian Preisskat's prize list is its
places by score."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.e2e.test_name_keys import VIEWPORTS, _fits
from tests.scoring.test_namesakes import namesakes  # noqa: F401 (a fixture)
from tests.scoring.test_prizes_by_scoring import preisskat  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def _public(browser, live_server, kind):
    context = browser.new_context(base_url=live_server.url, **VIEWPORTS[kind])
    context.set_default_timeout(15_000)
    return context, context.new_page()


@pytest.mark.parametrize("kind", VIEWPORTS)
def test_namesakes_show_their_number_on_every_width(browser, live_server, namesakes,  # noqa: F811
                                                     kind):
    context, page = _public(browser, live_server, kind)
    page.goto("/t/namesakes/standings/")
    for label in ("Müller, Jürgen (no. 1)", "Müller, Jürgen (no. 2)"):
        expect(page.get_by_role("link", name=label, exact=True)).to_be_visible()
    if kind == "phone":  # the number column is hidden there; the name still tells them apart
        expect(page.locator("th", has_text="No.")).to_be_hidden()
    screenshot(page, f"namesakes-standings-{kind}")
    _fits(page)
    page.goto("/t/namesakes/team-standings/")
    expect(page.get_by_text("Jürgen Müller (no. 1), Jürgen Müller (no. 2)")).to_be_visible()
    _fits(page)
    context.close()


@pytest.mark.parametrize("kind", VIEWPORTS)
def test_a_preisskat_prize_list_is_its_places(browser, live_server, client, organizer_user,
                                              preisskat, kind):  # noqa: F811
    preisskat.organizers.add(organizer_user)
    client.force_login(organizer_user)
    context = browser.new_context(base_url=live_server.url, **VIEWPORTS[kind])
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    page = context.new_page()
    page.goto("/t/preisskat/prizes/")
    expect(page.locator("#prize-1")).to_contain_text("1st place")
    expect(page.locator("#prize-1")).to_contain_text("Carl Preis")
    expect(page.locator("#prize-1")).to_contain_text("Seeger-Fabian score 176 (won 2, lost 0)")
    expect(page.get_by_text("Most Games")).to_have_count(0)
    expect(page.get_by_text("Tourné")).to_have_count(0)
    screenshot(page, f"preisskat-prizes-{kind}")
    _fits(page)
    context.close()
