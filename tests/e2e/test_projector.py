"""Issue 24 point 4 in Chromium: the projector fills 1920×1080 and 1280×720 without a scroll
bar, every slide's content inside its box; the slides rotate on the organizer's timer, the
keys move and pause them, T switches the theme, the pointer hides when the mouse rests, and
an update of the room keeps the slide on screen."""

import pytest
from playwright.sync_api import expect

from scoring.release import services as release
from tests.e2e.conftest import screenshot
from tests.factories import play
from tournament.demo import build_demo_congress
from tournament.models import SheetStatus

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"1920": {"width": 1920, "height": 1080}, "1280": {"width": 1280, "height": 720}}
EVERY_SLIDE = "slides=standings&slides=series&slides=seats&slides=progress&slides=prizes"
DARK_BACKGROUND = "rgb(11, 15, 20)"
LIGHT_BACKGROUND = "rgb(255, 255, 255)"


def _hall():
    """The demo congress with series 1 and 2 released, series 3 being played and the public
    shown provisional standings: every slide but the prizes has something to show."""
    tournament = build_demo_congress(with_deals=True)
    for number in (1, 2):
        release.release_series(tournament.series.get(number=number), None)
    tournament.provisional_public = True
    tournament.save()
    return tournament


def _open(browser, live_server, size: str, query: str):
    context = browser.new_context(base_url=live_server.url, viewport=SIZES[size])
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"/t/demo-congress/projector/?{query}")
    return context, page


def _shown(page) -> str:
    return page.evaluate("document.querySelector('[data-slide]:not([hidden])').dataset.slide")


# how far the slide on screen reaches past its box, below and to the right (px)
SPILL = """(() => {
  const body = document.querySelector('[data-slide]:not([hidden]) .projector-body');
  const box = body.getBoundingClientRect();
  let bottom = 0, right = 0;
  body.querySelectorAll('*').forEach(e => {
    const r = e.getBoundingClientRect();
    bottom = Math.max(bottom, r.bottom); right = Math.max(right, r.right); });
  return [bottom - box.bottom, right - box.right];
})()"""


@pytest.mark.parametrize("size", list(SIZES))
def test_every_slide_fits_the_screen(browser, live_server, size):
    _hall()
    context, page = _open(browser, live_server, size, EVERY_SLIDE + "&seconds=600")
    count = page.locator("[data-slide]").count()
    assert count >= 5  # the standings twice, two slides of names, the progress
    seen = []
    for _ in range(count):
        seen.append(_shown(page))
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
        below, beside = page.evaluate(SPILL)
        assert below <= 0 and beside <= 0, (seen[-1], below, beside)
        screenshot(page, f"projector-{seen[-1]}-{size}")
        page.keyboard.press("ArrowRight")
    assert len(set(seen)) == count and _shown(page) == seen[0]  # round and back to the first
    assert {"standings-0-0", "series-3-0", "seats-3-0", "progress-3"} <= set(seen)
    context.close()


def test_the_slides_rotate_on_the_timer_and_the_keys_move_and_pause_them(browser, live_server):
    _hall()
    context, page = _open(browser, live_server, "1280", EVERY_SLIDE + "&seconds=3")
    first = _shown(page)
    expect(page.locator("[data-slide]:not([hidden])")).not_to_have_attribute(
        "data-slide", first, timeout=8_000)
    second = _shown(page)
    expect(page.locator("[data-count]")).to_have_text("2 / 5")
    page.keyboard.press("ArrowLeft")
    assert _shown(page) == first
    page.keyboard.press("ArrowRight")
    assert _shown(page) == second
    page.keyboard.press(" ")  # paused: the note shows, and the slide stays past its time
    expect(page.locator("[data-paused]")).to_be_visible()
    page.wait_for_timeout(4_000)
    assert _shown(page) == second
    page.keyboard.press(" ")
    expect(page.locator("[data-paused]")).to_be_hidden()
    # the mouse rests: the pointer hides
    page.mouse.move(200, 200)
    expect(page.locator("body.projector-idle")).to_have_count(0)
    expect(page.locator("body.projector-idle")).to_have_count(1, timeout=6_000)
    context.close()


def test_the_theme_is_the_organizers_and_t_switches_it(browser, live_server):
    _hall()
    background = "getComputedStyle(document.body).backgroundColor"
    context, page = _open(browser, live_server, "1920", "theme=light")
    assert page.evaluate(background) == LIGHT_BACKGROUND
    page.keyboard.press("t")
    assert page.evaluate(background) == DARK_BACKGROUND
    page.goto("/t/demo-congress/projector/")  # the default: dark
    assert page.evaluate(background) == DARK_BACKGROUND
    context.close()


def test_full_screen_hides_its_button(browser, live_server):
    _hall()
    context, page = _open(browser, live_server, "1920", "")
    button = page.locator("[data-fullscreen]")
    expect(button).to_be_visible()
    button.click()
    expect(button).to_be_hidden()
    assert page.evaluate("Boolean(document.fullscreenElement)")
    context.close()


def test_an_update_of_the_room_keeps_the_slide_on_screen(browser, live_server, settings):
    settings.LIVE_EVERY = 0.5
    hall = _hall()
    context, page = _open(browser, live_server, "1920", EVERY_SLIDE + "&seconds=600")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # the first slide of names
    shown = _shown(page)
    assert shown == "seats-3-0"
    page.evaluate("document.addEventListener('live:updated',"
                  " () => { document.body.dataset.updated = 'yes'; })")
    progress = page.locator(".projector-big strong")
    before = progress.text_content()
    table = hall.series.get(number=3).tables.exclude(
        sheet_status=SheetStatus.CONFIRMED).order_by("number").first()
    for _ in range(12):  # a dozen deals move the series' share by a percent or more
        play(table)
    # a busy machine may answer a poll "being made" (503, Retry-After 3 s) once or twice
    expect(page.locator("body[data-updated]")).to_have_count(1, timeout=15_000)
    assert _shown(page) == shown
    assert page.locator("[data-slide]:not([hidden])").count() == 1
    assert progress.text_content() != before  # the hidden progress slide is the new one
    context.close()
