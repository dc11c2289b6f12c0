"""Comparative Skat at the table, in the browser on a desktop and a 390×844 phone (issue 18,
point 8): the director follows the dashboard's deck steps before play, a scorekeeper sees the
seat letters ("Seat 1 · N") and enters a deal whose matadors the cards give on saving, and the
public finds the comparative standings and the travellers from the tournament's page, each
letter's score on the screen."""

import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import fits, screenshot
from tests.factories import add_entries
from tournament.comparative import services as comparative
from tournament.models import SeatingMethod, Series, SeriesStatus, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm
from tournament.sheets.loaders import table_info
from tournament.versions import changed

pytestmark = pytest.mark.django_db(transaction=True)


def four_tables(organizer):
    """Eight players at two four-tables play eight decks; published, nothing played."""
    tournament = Tournament.objects.create(name="Four Decks Evening", slug="four-decks-evening",
                                           start_date=datetime.date(2027, 9, 11), public=True,
                                           series_count=1)
    tournament.organizers.add(organizer)
    (series,) = plans.ensure_series(tournament)
    add_entries(tournament, 8)
    comparative.make_comparative(tournament, table_size=4, decks=8, seed="four-evening",
                                 user=organizer)
    plans.seat_series(series, SeatingMethod.DRAW, "four-evening", user=None)
    plans.publish(series, user=None)
    return tournament, series


def declarer_of(info, number):
    """The first seat that plays deal ``number`` (the dealer sits out)."""
    return next(p.position for p in info.players if p.position != info.dealer(number))


def play_the_rest(table):
    """Every deal not entered yet: a Heart Solo, won or lost by turns."""
    for number in range(table.deals.count() + 1, 9):
        table.refresh_from_db()
        info = table_info(table)
        form = DealForm(info, number, {
            "game": "solo", "trump": "hearts", "declarer": declarer_of(info, number),
            "card_points": 70 if (number + table.number) % 3 else 40,
            "deck": info.deck(number).number, "version": table.sheet_version})
        assert form.is_valid(), form.errors
        deals.add_deal(table, form.input, table.sheet_version, "setup")


def test_a_comparative_evening_at_the_table(browser, live_server, organizer_user,
                                            organizer_page, viewport):
    tournament, series = four_tables(organizer_user)
    name = "desktop" if viewport["width"] > 400 else "phone"
    slug = tournament.slug

    # the director: the dashboard's Next leads through the deck steps before play
    organizer_page.set_viewport_size(viewport)
    organizer_page.goto(f"/organize/{slug}/")
    steps = organizer_page.locator("section.next-steps")
    expect(steps).to_contain_text("Before play, prepare the decks")
    labels = [steps.locator("a").nth(i).inner_text() for i in range(4)]
    assert labels == ["Hand records of series 1", "Deck labels (PDF)", "Movement chart",
                      "Score sheets of series 1"]
    fits(organizer_page)
    screenshot(organizer_page, f"comparative-deck-steps-{name}")
    steps.get_by_role("link", name="Hand records of series 1").click()
    expect(organizer_page.locator("body")).to_contain_text("Deck 8")
    organizer_page.go_back()
    steps.get_by_role("link", name="Movement chart").click()
    expect(organizer_page.locator("body")).to_contain_text("Round")

    # the scorekeeper of table 1: the seats by letter, the matadors from the cards on saving
    table = series.tables.get(number=1)
    info = table_info(table)
    phone = browser.new_context(base_url=live_server.url, viewport=viewport)
    page = phone.new_page()
    page.goto(f"/s/{table.token}/")
    players = page.locator(".sheet-players li")
    for i, letter in enumerate("NESW"):
        expect(players.nth(i)).to_contain_text(f"Seat {i + 1} · {letter}")
    dealer = info.dealer(1)
    expect(page.locator("#entry h2")).to_contain_text(
        f"dealer: Seat {dealer} · {'NESW'[dealer - 1]}")
    seat = declarer_of(info, 1)
    page.select_option("#id_game", "solo")
    expect(page.locator("#id_declarer option")).to_contain_text(
        [f"Seat {p.position} · {'NESW'[p.position - 1]} {p.name}"
         for p in info.players if p.position != dealer])
    page.select_option("#id_declarer", str(seat))
    page.select_option("#id_trump", "hearts")
    page.fill("#id_card_points", "70")
    expect(page.locator(".preview-text")).to_contain_text("come from the cards of deck")
    expect(page.locator("#id_matadors")).to_have_count(0)
    fits(page)
    screenshot(page, f"comparative-seat-letters-{name}")
    page.get_by_role("button", name="Save deal").click()
    expect(page.locator(".messages")).to_contain_text("Deal 1: Heart Solo with")

    # the evening is played and released
    for t in series.tables.order_by("number"):
        play_the_rest(t)
    Series.objects.filter(pk=series.pk).update(status=SeriesStatus.RELEASED)
    changed(tournament.pk)

    # the public: from the tournament's page to the standings and a traveller
    page.goto(f"/t/{slug}/")
    page.get_by_role("link", name="Comparative standings").click()
    expect(page.locator("h1")).to_contain_text("Comparative standings")
    page.go_back()
    page.get_by_role("link", name="travellers", exact=True).click()
    expect(page.locator("h1")).to_contain_text("Series 1, deck 1")
    lines = page.locator("table.traveller tbody tr")
    expect(lines).to_have_count(2)
    fits(page)
    width = viewport["width"]
    scores = page.locator("table.traveller td.score")
    expect(scores).to_have_count(6)  # three letters at two tables: the dealer sat out
    for i in range(6):
        box = scores.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, (i, box)
        assert scores.nth(i).locator("strong").is_visible()
    screenshot(page, f"comparative-traveller-{name}")
    phone.close()
