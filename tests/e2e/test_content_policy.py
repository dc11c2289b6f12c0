"""Issue 18 point 25: the Content-Security-Policy holds and the pages that use a script still
work under it (every browser test also fails on any violation, tests/e2e/conftest.py)."""

from playwright.sync_api import expect

from tests.e2e.conftest import POLICY_VIOLATIONS, VIEWPORTS, screenshot
from tournament.demo import build_demo_congress


def test_an_inline_script_would_be_refused(page, live_server):
    """The guard itself: a script written into a page is refused and reported."""
    page.goto("/login/")
    page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.ran = 1'; document.body.appendChild(s); }""")
    assert page.evaluate("window.ran") is None
    assert any("Content Security Policy" in v for v in POLICY_VIOLATIONS)
    POLICY_VIOLATIONS.clear()


def test_the_pages_with_scripts_work_under_the_policy(organizer_page, organizer_user, browser,
                                                       live_server):
    tournament = build_demo_congress(with_deals=True)
    tournament.organizers.add(organizer_user)
    organizer_page.goto("/organize/new/")
    # the rule set's options follow the choice (static/js/rule_set_options.js)
    isko = organizer_page.locator('.option-group[data-rule-set="hertefeld"]')
    organizer_page.select_option("#id_rule_set", "hertefeld")
    expect(isko).to_be_visible()
    organizer_page.select_option("#id_rule_set", "nasl-1908")
    expect(isko).to_be_hidden()
    # a filter select sends its form (static/js/autosubmit.js)
    organizer_page.goto(f"/organize/{tournament.slug}/series/1/sheets/")
    organizer_page.select_option("select[name=status]", index=1)
    organizer_page.wait_for_url("**status=*")
    # "where do I sit?" narrows as one types (static/js/where_filter.js)
    context = browser.new_context(base_url=live_server.url, viewport=VIEWPORTS["phone"])
    phone = context.new_page()
    phone.goto(f"/t/{tournament.slug}/series/1/players/")
    rows = phone.locator("#where li:visible")
    before = rows.count()
    phone.fill("#where-filter", phone.locator("#where li .who").first.inner_text()[:4])
    expect(rows).not_to_have_count(before)
    screenshot(phone, "content-policy-where-phone")
    context.close()
