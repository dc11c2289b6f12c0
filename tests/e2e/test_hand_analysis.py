"""Issue 25 in the browser: the comparative demo's decks analysed with open cards, a traveller
line read with its "of a possible", the hand records with each hand's games, and a planted
impossible result flagged on the organizer's checks before release and marked checked."""

import re

import pytest
from playwright.sync_api import expect

from engine import Letter
from engine.decks import deck_matadors
from tests.e2e.conftest import fits, screenshot
from tests.factories import add_entries, new_tournament
from tournament.comparative.analysis import analyse_deck, analyses
from tournament.comparative.services import engine_deck, make_comparative
from tournament.demo import COMPARATIVE_SLUG, build_comparative_demo
from tournament.models import Deal, DeckAnalysis, SeatingMethod, Series, SeriesStatus
from tournament.seating import services as plans
from tournament.sheets import services as sheets
from tournament.sheets.seated import table_info
from tournament.sheets.services import DealInput

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_public_reads_a_traveller_line_beside_what_the_cards_allowed(page, viewport):
    tournament = build_comparative_demo()
    series = tournament.series.get()
    assert DeckAnalysis.objects.filter(deck__series=series).count() == series.decks.count() == 12
    page.set_viewport_size(viewport)
    page.goto(f"/t/{COMPARATIVE_SLUG}/comparative/series/1/deck/1/")
    notes = page.locator(".traveller .open-note")
    expect(notes.first).to_contain_text(re.compile(r"made \d+ of a possible \d+|the best "
                                                   r"defence|the cards allowed it"))
    line = page.locator(".traveller tbody tr").filter(has_text="of a possible").first
    expect(line).to_be_visible()
    made, possible = map(int, re.search(r"made (\d+) of a possible (\d+)",
                                        line.inner_text()).groups())
    assert made <= possible
    expect(page.locator(".open-best")).to_contain_text("With open cards:")
    fits(page)
    screenshot(page, f"traveller-open-cards-{viewport['width']}")
    page.goto(f"/t/{COMPARATIVE_SLUG}/series/1/hands/")
    tables = page.locator("table.open-cards")
    expect(tables).to_have_count(12)
    expect(tables.first.locator("tbody tr")).to_have_count(3)
    expect(page.locator(".open-cards td.best")).to_have_count(36)
    fits(page)
    screenshot(page, f"hand-records-open-cards-{viewport['width']}")


def test_a_planted_impossible_result_is_flagged_before_release(organizer_user, organizer_page):
    tournament = new_tournament("planted-night", organizer_user, rule_set="isko", public=True,
                                series_count=1)
    add_entries(tournament, 9)
    series = tournament.series.get()
    make_comparative(tournament, table_size=3, decks=3, seed="planted-night", user=None)
    for deck in series.decks.all():
        analyse_deck(deck)
    letters = analyses(series.decks.all(), tournament.rules)
    plans.seat_series(series, SeatingMethod.DRAW, "planted-night", user=None)
    plans.publish(series, user=None)
    planted = None
    for table in series.tables.order_by("number"):
        info = table_info(table)
        for number in range(1, 4):
            deck = info.deck(number)
            grand = {str(a.letter): a for a in letters[deck.pk]}["N"].game("grand")
            points = grand.card_points
            if planted is None and table.number == 2:
                # more than any play of these cards gives the declarer, or fewer
                points = grand.cards.most + 1 if grand.cards.most < 120 else (
                    grand.cards.fewest - 1)
                planted = (table.number, number)
            table.refresh_from_db()
            sheets.add_deal(table, DealInput(
                {"game": "grand", "hand": True, "card_points": points,
                 "matadors": deck_matadors(engine_deck(deck), Letter.N, None)}, declarer=1),
                table.sheet_version, "test")
    assert Deal.objects.filter(table__series=series).count() == 9
    # every sheet confirmed: the series waits for its release, and the checks are counted
    Series.objects.filter(pk=series.pk).update(status=SeriesStatus.CONFIRMED)
    page = organizer_page
    page.goto(f"/organize/{tournament.slug}/results/")
    page.get_by_role("link", name="1 flag to check").click()
    flag = page.locator("table.flags tbody tr")
    expect(flag).to_have_count(1)
    expect(flag).to_contain_text(f"Table {planted[0]}, deal {planted[1]}")
    expect(flag).to_contain_text("under any play")
    screenshot(page, "release-checks")
    flag.get_by_role("button", name="Mark checked").click()
    expect(page.locator("table.flags.checked tbody tr")).to_have_count(1)
    expect(page.get_by_role("heading", name="0 flags to check")).to_be_visible()
