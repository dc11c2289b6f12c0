"""Issue 12, point 6 in a browser, on a desktop and a 390×844 phone: a name typed without its
umlauts finds Krüger and Müller at the door, in the player list and in "Where do I sit?", and
the door warns of a namesake instead of adding the player again."""

import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tournament.models import Club, SeatingMethod, Tournament
from tournament.names import name_key
from tournament.registration.services import register_player
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
NAMES = [("Hans", "Krüger", "SC Grün"), ("Eva", "Müller", "SC Grün"), ("Otto", "Miller", ""),
         ("Lena", "Strauß", "Pik 7"), ("Rosa", "Schäfer", "Pik 7"), ("Carl", "Böhm", "")]


@pytest.fixture
def evening(db, organizer_user):
    tournament = Tournament.objects.create(name="Umlaut Night", slug="umlaut-night",
                                           start_date=datetime.date(2027, 5, 1), public=True,
                                           series_count=1, deals_per_player=2)
    tournament.organizers.add(organizer_user)
    for first, last, club in NAMES:
        register_player(tournament, first_name=first, last_name=last, club_name=club,
                        check_in=True)
    register_player(tournament, first_name="Jörg", last_name="Köhler")  # late, at the door
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "umlauts", user=None)
    plans.publish(series, user=None)
    return tournament


def _page(browser, live_server, client, user, kind):
    client.force_login(user)
    context = browser.new_context(base_url=live_server.url, **VIEWPORTS[kind])
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    return context, context.new_page()


def _fits(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, f"the page is {width}px wide"


@pytest.mark.parametrize("kind", VIEWPORTS)
def test_a_name_typed_without_umlauts_is_found_everywhere(browser, live_server, client,
                                                          organizer_user, evening, kind):
    context, page = _page(browser, live_server, client, organizer_user, kind)
    # the door: "kruger" and "krueger" find Krüger; "kohler" finds Köhler, ready to check in
    for typed in ("kruger", "krueger"):
        page.goto("/organize/umlaut-night/door/")
        page.fill("#id_q", typed)
        page.get_by_role("button", name="Find").click()
        expect(page.locator("tr", has_text="Krüger, Hans").filter(
            has_text="already checked in")).to_be_visible()
    page.fill("#id_q", "kohler")
    page.get_by_role("button", name="Find").click()
    page.locator("tr", has_text="Köhler, Jörg").get_by_role("button", name="Check in").first \
        .click()
    expect(page.locator(".messages")).to_contain_text("Köhler")
    screenshot(page, f"names-door-{kind}")
    _fits(page)

    # the door again: "Eva Muller" of another club is a namesake, not a second Eva Müller
    page.fill("#id_first_name", "Eva")
    page.fill("#id_last_name", "Muller")
    page.fill("#id_club", "Kreuz Bube")
    page.get_by_role("button", name="Register and check in").click()
    expect(page.get_by_text("A player of the same name is already registered")).to_be_visible()
    expect(page.get_by_text("Eva Müller of SC Grün")).to_be_visible()
    assert evening.entries.count() == len(NAMES) + 1
    # and the same player typed again at the same club is refused
    page.fill("#id_first_name", "hans")
    page.fill("#id_last_name", "Krueger")
    page.fill("#id_club", "sc gruen")
    page.get_by_role("button", name="Register and check in").click()
    expect(page.get_by_text("Hans Krüger of SC Grün is already registered as number 1"))\
        .to_be_visible()
    assert evening.entries.count() == len(NAMES) + 1
    screenshot(page, f"names-door-namesake-{kind}")

    # the player list's filter
    page.goto("/organize/umlaut-night/players/")
    page.fill("#id_q", "mueller")
    page.get_by_role("button", name="Filter").click()
    expect(page.locator("table").get_by_text("Müller")).to_be_visible()
    expect(page.locator("table").get_by_text("Miller")).to_have_count(0)
    _fits(page)

    # "Where do I sit?", as a player on the public page types
    page.goto("/t/umlaut-night/series/1/players/")
    rows = page.locator("#where li")
    expect(rows).to_have_count(len(NAMES))
    page.fill("#where-filter", "krueger")
    expect(rows.filter(visible=True)).to_have_count(1)
    expect(rows.filter(visible=True)).to_contain_text("Krüger, Hans")
    page.fill("#where-filter", "strauss lena")
    expect(rows.filter(visible=True)).to_contain_text("Strauß, Lena")
    page.fill("#where-filter", "schafer")
    expect(rows.filter(visible=True)).to_contain_text("Schäfer, Rosa")
    page.fill("#where-filter", "")
    expect(rows.filter(visible=True)).to_have_count(len(NAMES))
    page.fill("#where-filter", "bohm")
    screenshot(page, f"names-where-{kind}")
    _fits(page)
    context.close()


def test_the_page_script_folds_names_as_the_server_does(page, evening):
    page.goto("/t/umlaut-night/series/1/players/")
    samples = ["Krüger", "KRUEGER", "kruger", "Müller-Lüdenscheidt", "Strauß", "O'Brien",
               "Øster", "José Ñúñez", "Schaefer", "Goethe", "Muuee", "Ærø", "  a  --  b ",
               "Łukasz Żółć", "Ça va", "Zoë", "Groß Weiß"]
    in_page = page.evaluate("names => names.map(nameKey)", samples)
    assert in_page == [name_key(s) for s in samples]
    assert Club.objects.filter(name_key="sc grun").count() == 1
