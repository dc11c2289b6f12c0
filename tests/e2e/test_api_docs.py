"""Issue 21 point 3: the API's browsable docs (/api/docs) render in a real browser under the
site's Content-Security-Policy, from the site's own files, and "Try it out" reads the API."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.factories import club_night

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_api_docs_render_under_the_content_security_policy(page, live_server):
    club_night(slug="docs-night")
    hosts = set()
    page.on("request", lambda request: hosts.add(request.url.split("/")[2]))
    answer = page.goto("/api/docs")
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Skat congress API")
    standings = page.locator("#operations-results-standings")
    expect(standings).to_be_visible()
    expect(page.locator(".opblock")).to_have_count(16)  # with a club's season (issue 23)
    # "Try it out": the docs call the API from the page (connect-src 'self')
    page.locator("#operations-tournaments-tournaments .opblock-summary").click()
    page.get_by_role("button", name="Try it out").click()
    page.get_by_role("button", name="Execute").click()
    expect(page.locator(".responses-wrapper .live-responses-table")).to_contain_text(
        "docs-night")
    assert hosts == {live_server.url.split("/")[2]}  # nothing from another host
    screenshot(page, "api-docs")
