"""Browser tests: Playwright drives Debian's Chromium (/usr/bin/chromium) against a live server.

They never skip: a machine without Chromium fails here with the command that installs it
(`make test` installs it itself).
"""

import os
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-results"
# Playwright's sync API runs an event loop in this thread; the ORM calls of the test body
# are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `apt-get install chromium` (make test does).")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"],
        )
        _report_policy_violations(browser)
        yield browser
        browser.close()


# What the browser refused under the site's Content-Security-Policy, in any test's pages.
POLICY_VIOLATIONS: list[str] = []


def _report_policy_violations(browser) -> None:
    """Every context the tests open reports the scripts and styles the policy refused."""
    new_context = browser.new_context

    def watched(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.on("console", lambda message: POLICY_VIOLATIONS.append(
            f"{message.text} ({message.location.get('url', '')})")
            if "Content Security Policy" in message.text else None)
        return context

    browser.new_context = watched


@pytest.fixture(autouse=True)
def _no_policy_violations():
    """No page of a browser test breaks the Content-Security-Policy (issue 18 point 25)."""
    POLICY_VIOLATIONS.clear()
    yield
    assert not POLICY_VIOLATIONS, POLICY_VIOLATIONS


@pytest.fixture
def organizer_user(django_user_model):
    return django_user_model.objects.create_user("marta", password="secret-marta",
                                                 is_staff=True)


def _context(browser, live_server, viewport):
    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    context.set_default_timeout(15_000)
    return context


@pytest.fixture
def page(browser, live_server):
    context = _context(browser, live_server, {"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def organizer_page(browser, live_server, organizer_user, client):
    """A page whose browser is logged in as the organizer (session cookie from the client)."""
    client.force_login(organizer_user)
    context = _context(browser, live_server, {"width": 1280, "height": 900})
    cookie = client.cookies["sessionid"]
    context.add_cookies([{"name": "sessionid", "value": cookie.value,
                          "url": live_server.url}])
    page = context.new_page()
    yield page
    context.close()


def screenshot(page, name: str) -> Path:
    """Keep a picture of what the test saw (test-results/, not committed)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request):
    """Run the test on a desktop and on a 390×844 phone (``page.set_viewport_size``)."""
    return VIEWPORTS[request.param]


def fits(page) -> None:
    """The page needs no sideways scrolling at its viewport's width."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url
