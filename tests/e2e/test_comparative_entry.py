"""A comparative evening in the browser: the same deck entered at two tables from their phones,
the matadors taken from the cards, both lines in the deck's traveller, the standings moving."""

import datetime
import re

import pytest
from playwright.sync_api import expect

import engine
from tests.e2e.conftest import screenshot
from tests.factories import add_entry
from tournament.comparative import services as comparative
from tournament.models import SeatingMethod, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm
from tournament.sheets.loaders import table_info

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def evening(organizer):
    """Six players at two three-tables play six decks: table 1 starts with decks 1-3, table 2
    with decks 4-6, and after the first round the decks change tables."""
    tournament = Tournament.objects.create(name="Duplicate Evening", slug="duplicate-evening",
                                           start_date=datetime.date(2027, 9, 11), public=True,
                                           series_count=1)
    tournament.organizers.add(organizer)
    (series,) = plans.ensure_series(tournament)
    for n, name in enumerate(["Anna Becker", "Carl Brandt", "Emma Fischer", "Franz Koch",
                              "Ida Lange", "Otto Meyer"], start=1):
        add_entry(tournament, n, *name.split())
    comparative.make_comparative(tournament, table_size=3, decks=6, seed="evening",
                                 user=organizer)
    plans.seat_series(series, SeatingMethod.DRAW, "evening", user=None)
    plans.publish(series, user=None)
    return tournament, series


def grand_by(info, number):
    """The first seat that may declare deal ``number``: a Grand with 70 card points."""
    return next(p.position for p in info.players if info.size == 3
                or p.position != info.dealer(number))


def play_first_round(table):
    """Table 2's first round (decks 4-6), entered through the form as a phone would."""
    for number in range(1, 4):
        table.refresh_from_db()
        info = table_info(table)
        form = DealForm(info, number, {"game": "grand", "declarer": grand_by(info, number),
                                       "card_points": 70, "deck": info.deck(number).number,
                                       "version": table.sheet_version})
        assert form.is_valid(), form.errors
        deals.add_deal(table, form.input, table.sheet_version, "setup")


def enter_grand(page, table, number):
    """Open the table's link, enter a Grand with 70 (the form asks no matadors); the preview
    names none, the saved deal has the cards'; return the deck."""
    table.refresh_from_db()
    info = table_info(table)
    deck = info.deck(number)
    page.goto(f"/s/{table.token}/")
    expect(page.locator("#entry h2")).to_contain_text(f"Deal {number} · deck {deck.number}")
    expect(page.locator("#id_deck")).to_have_value(str(deck.number))
    seat = grand_by(info, number)
    page.select_option("#id_game", "grand")
    page.select_option("#id_declarer", str(seat))
    page.fill("#id_card_points", "70")
    cards = engine.deck_matadors(comparative.engine_deck(deck),
                                 engine.Letter(comparative.letter_of(seat)), None)
    words = f"{'with' if cards > 0 else 'without'} {abs(cards)}"
    # the preview tells nothing of the cards (point 14 of issue 18): the save does
    expect(page.locator(".preview-text")).to_contain_text(
        f"come from the cards of deck {deck.number} when the deal is saved")
    expect(page.locator(".preview-text")).not_to_contain_text(words)
    expect(page.locator("#id_matadors")).to_have_count(0)
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator(".messages")).to_contain_text(f"Deal {number}: Grand {words}")
    return deck


def test_the_same_deck_at_two_tables(browser, live_server, organizer_user, organizer_page):
    tournament, series = evening(organizer_user)
    first, second = series.tables.order_by("number")
    play_first_round(second)
    standings = f"/t/{tournament.slug}/comparative/series/1/"
    organizer_page.goto(standings)
    expect(organizer_page.locator("body")).to_contain_text("No decks compared yet.")

    phone = browser.new_context(base_url=live_server.url, **PHONE)
    deck = enter_grand(phone.new_page(), first, 1)
    assert deck.number == 1
    screenshot(phone.pages[0], "comparative-entry-table-1")
    again = enter_grand(phone.new_page(), second, 4)  # the same deck, a round later
    assert again.number == deck.number
    phone.close()

    organizer_page.goto(f"/t/{tournament.slug}/comparative/series/1/deck/{deck.number}/")
    lines = organizer_page.locator("table.traveller tbody tr")
    expect(lines).to_have_count(2)
    expect(lines.nth(0).locator("td").first).to_have_text(str(first.number))
    expect(lines.nth(1).locator("td").first).to_have_text(str(second.number))
    screenshot(organizer_page, "comparative-traveller")

    organizer_page.goto(standings)
    expect(organizer_page.locator("body")).not_to_contain_text("No decks compared yet.")
    rows = organizer_page.locator("table tbody tr")
    expect(rows.first).to_contain_text(re.compile(r"\d+\.\d\d"))
    screenshot(organizer_page, "comparative-standings")
