"""Issue 12, points 7 and 8 in a browser, on a desktop and a 390×844 phone: an extra prize
for Grands chosen by name (and counted), prizes and teams edited and deleted after a
confirmation; clubs offered as one types and a club typed twice merged into the right one."""

import datetime

import pytest
from playwright.sync_api import expect

from scoring.models import CustomPrize, Team
from tests.e2e.conftest import screenshot
from tests.e2e.test_name_keys import VIEWPORTS, _fits, _page
from tests.factories import add_entry
from tests.scoring.test_views import tied_tournament
from tournament.models import AuditAction, AuditEntry, Club, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("kind", VIEWPORTS)
def test_a_grand_prize_is_chosen_by_name_edited_and_deleted(browser, live_server, client,
                                                            organizer_user, kind):
    tournament = tied_tournament()  # Anna and Bert each won a Grand
    tournament.organizers.add(organizer_user)
    context, page = _page(browser, live_server, client, organizer_user, kind)
    page.goto("/organize/tie-night/results/")
    expect(page.get_by_text("COUNT_WON")).to_have_count(0)
    page.fill("#id_prize-number", "8")
    page.fill("#id_prize-title", "Most Grands")
    page.select_option("#id_prize-kind", label="Most games of a kind won")
    page.get_by_label("Grand", exact=True).check()
    screenshot(page, f"prize-form-{kind}")
    _fits(page)
    page.get_by_role("button", name="Add the prize").click()
    expect(page.locator(".messages")).to_contain_text("Prize 8 added.")
    assert CustomPrize.objects.get().games == "grand"

    page.goto("/t/tie-night/prizes/")
    prize = page.locator(".prize", has_text="Most Grands")
    expect(prize).to_contain_text("Anna")
    expect(prize).not_to_contain_text("were won")  # the trap: "No Grands were won"
    screenshot(page, f"prize-counted-{kind}")

    # edit: a second game and a name of its own
    page.goto("/organize/tie-night/results/")
    page.locator(".custom-prizes li", has_text="Most Grands").get_by_role(
        "link", name="edit or delete").click()
    page.get_by_label("Grand Ouvert").check()
    page.fill("#id_title", "Grand master")
    page.fill("#id_label", "Grands")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".custom-prizes")).to_contain_text("8. Grand master")
    assert CustomPrize.objects.get().games == "grand,grand_ouvert"

    # delete, after a confirmation
    page.get_by_role("link", name="edit or delete").last.click()
    page.get_by_role("link", name="Delete…").click()
    expect(page.get_by_role("heading", name="Delete prize 8. Grand master?")).to_be_visible()
    assert CustomPrize.objects.exists()
    _fits(page)
    page.get_by_role("button", name="Yes, delete").click()
    expect(page.locator(".messages")).to_contain_text("deleted")
    assert not CustomPrize.objects.exists()
    assert AuditEntry.objects.filter(action__in=[AuditAction.PRIZE_EDITED,
                                                 AuditAction.PRIZE_DELETED]).count() == 2
    context.close()


@pytest.mark.parametrize("kind", VIEWPORTS)
def test_a_team_is_edited_and_deleted(browser, live_server, client, organizer_user, kind):
    tournament = tied_tournament()
    tournament.organizers.add(organizer_user)
    context, page = _page(browser, live_server, client, organizer_user, kind)
    page.goto("/organize/tie-night/results/")
    page.fill("#id_team-name", "Kreuz")
    page.fill("#id_team-members", "1, 2")
    page.get_by_role("button", name="Register").click()
    page.locator(".teams li", has_text="Kreuz").get_by_role("link",
                                                          name="edit or delete").click()
    page.fill("#id_members", "1, 9")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("No player of this tournament has the number 9.")).to_be_visible()
    page.fill("#id_name", "Kreuz As")
    page.fill("#id_members", "2, 3")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".teams")).to_contain_text("Kreuz As: 2 Bert Tie, 3 Carl Tie")
    page.get_by_role("link", name="edit or delete").click()
    page.get_by_role("link", name="Delete…").click()
    screenshot(page, f"team-delete-confirm-{kind}")
    _fits(page)
    page.get_by_role("button", name="Yes, delete the team Kreuz As").click()
    expect(page.locator(".teams")).to_contain_text("none registered")
    assert not Team.objects.exists()
    context.close()


@pytest.mark.parametrize("kind", VIEWPORTS)
def test_a_club_typed_twice_is_merged(browser, live_server, client, organizer_user, kind):
    tournament = Tournament.objects.create(name="Club Cup", slug="club-cup",
                                           start_date=datetime.date(2027, 5, 1))
    tournament.organizers.add(organizer_user)
    right = Club.objects.create(name="SC Grün", created_by=organizer_user)
    wrong = Club.objects.create(name="SC Gruen Weiss", created_by=organizer_user)
    add_entry(tournament, 1, "Hans", "Krüger", club=right)
    add_entry(tournament, 2, "Otto", "Schulz", club=wrong)
    context, page = _page(browser, live_server, client, organizer_user, kind)

    # the add-player form offers the clubs; "sc gruen" is SC Grün, not a new club
    page.goto("/organize/club-cup/players/add/")
    options = page.locator("datalist#club-names option")
    expect(options).to_have_count(2)
    assert page.get_attribute("#id_new_club", "list") == "club-names"
    page.fill("#id_first_name", "Lena")
    page.fill("#id_last_name", "Berg")
    page.fill("#id_new_club", "sc gruen")
    page.get_by_role("button", name="Register").click()
    expect(page.locator(".messages")).to_contain_text("Registered Lena Berg")
    assert tournament.entries.get(number=3).club == right and Club.objects.count() == 2

    # merge the typo into SC Grün
    page.goto("/organize/club-cup/clubs/")
    _fits(page)
    page.locator("tr", has_text="SC Gruen Weiss").get_by_role("link",
                                                               name="Merge or delete").click()
    page.select_option("#id_into", label="SC Grün")
    page.get_by_role("button", name="Merge…").click()
    expect(page.get_by_role("heading", name="Merge SC Gruen Weiss into SC Grün?")).to_be_visible()
    screenshot(page, f"club-merge-confirm-{kind}")
    _fits(page)
    assert Club.objects.count() == 2  # asked, not done
    page.get_by_role("button", name="Yes, merge into SC Grün").click()
    expect(page.locator(".messages")).to_contain_text("Merged SC Gruen Weiss into SC Grün: "
                                                      "1 player moved.")
    expect(page.locator("table.clubs")).not_to_contain_text("Weiss")
    assert list(Club.objects.all()) == [right] and right.entries.count() == 3
    screenshot(page, f"club-merged-{kind}")

    # an unused club is deleted after a confirmation
    page.fill("#id_name", "Pik Sieben")
    page.get_by_role("button", name="Add club").click()
    page.locator("tr", has_text="Pik Sieben").get_by_role("link",
                                                           name="Merge or delete").click()
    page.get_by_role("button", name="Delete…").click()
    page.get_by_role("button", name="Yes, delete Pik Sieben").click()
    expect(page.locator(".messages")).to_contain_text("Deleted the club Pik Sieben.")
    assert list(Club.objects.all()) == [right]
    context.close()
