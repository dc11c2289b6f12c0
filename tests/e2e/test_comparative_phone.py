"""The comparative pages on a 390 px phone: nothing wider than the screen but the tables' own
scrolling containers."""

import pytest

from tests.scoring.test_comparative_pages import build, number_of, release

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def test_the_comparative_pages_fit_a_phone(browser, live_server):
    tournament, series = build(slug="phone-night")
    release(series)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    slug = tournament.slug
    for path in (f"/t/{slug}/comparative/", f"/t/{slug}/comparative/series/1/deck/1/",
                 f"/t/{slug}/player/{number_of(series, 1, 1)}/"):
        page.goto(path)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
    context.close()
