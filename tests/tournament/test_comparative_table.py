"""Comparative Skat at the table (issue 18, point 8): the seat letters the decks' hands are
marked by are on the table card, the sheet and the deal form ("Seat 1 · N"); the card names the
decks the table starts with; the dashboard leads through the deck steps before play; the
public tournament page links the comparative standings and travellers."""

import datetime
import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import add_entries, enter
from tournament.comparative import services
from tournament.models import SeatingMethod, Series, SeriesStatus, Tournament
from tournament.seating import services as plans
from tournament.sheets.loaders import table_info

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(organizer):
    """Eight players at two four-tables, eight decks, series 1 published, nothing played."""
    tournament = Tournament.objects.create(name="Four Decks", slug="four-decks", public=True,
                                           start_date=datetime.date(2027, 9, 11),
                                           series_count=1)
    tournament.organizers.add(organizer)
    (series,) = plans.ensure_series(tournament)
    add_entries(tournament, 8)
    deal_set = services.make_comparative(tournament, table_size=4, decks=8, seed="letters",
                                         user=organizer)
    plans.seat_series(series, SeatingMethod.DRAW, "letters", user=None)
    plans.publish(series, user=None)
    return tournament, series, deal_set


def test_the_sheet_and_the_form_name_each_seat_by_its_letter(client, evening):
    tournament, series, _ = evening
    table = series.tables.get(number=1)
    info = table_info(table)
    page = client.get(reverse("tournament:sheet", args=[table.token])).content.decode()
    for player, letter in zip(info.players, "NESW", strict=True):
        assert f"Seat {player.position} · {letter}" in page
        # the declarer's choices (the dealer sits out and is no choice)
        if player.position != info.dealer(1):
            assert f">Seat {player.position} · {letter} {player.name}</option>" in page
    dealer = info.dealer(1)
    assert f"dealer: Seat {dealer} · {'NESW'[dealer - 1]} {info.name(dealer)}" in page


def test_a_table_that_plays_no_decks_shows_no_letters(client, club_night):
    table = club_night.series.get(number=1).tables.get(number=1)
    page = client.get(reverse("tournament:sheet", args=[table.token])).content.decode()
    assert "Seat 1 · N" not in page and "· E " not in page


def _pdf_text(response) -> list[str]:
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    return [page.extract_text() for page in reader.pages]


def test_the_table_card_has_the_letters_and_the_decks_the_table_starts_with(
        organizer_client, evening):
    tournament, series, deal_set = evening
    response = organizer_client.get(reverse("printing:table_cards_pdf",
                                            args=[tournament.slug, 1]))
    assert response.status_code == 200
    pages = _pdf_text(response)
    room = services.room_movement(series, deal_set)
    assert len(pages) == len(room) == 2
    for text, line in zip(pages, room, strict=True):
        info = table_info(series.tables.get(number=line.table))
        for player, letter in zip(info.players, "NESW", strict=True):
            assert f"Seat {player.position} · {letter}" in text
        first = ", ".join(str(d) for d in line.rounds[0])
        assert f"Decks to start with: {first}" in text, text


def test_the_printed_sheet_names_the_seats_by_letter_and_each_deals_deck(
        organizer_client, evening):
    tournament, series, _ = evening
    table = series.tables.get(number=2)
    info = table_info(table)
    response = organizer_client.get(reverse("printing:sheet_pdf",
                                            args=[tournament.slug, 1, table.number]))
    assert response.status_code == 200
    (text,) = _pdf_text(response)
    for player, letter in zip(info.players, "NESW", strict=True):
        assert f"Seat {player.position} · {letter}: {player.name}" in text
    assert f"{info.name(info.dealer(1))} · deck {info.deck(1).number}" in text


def _next(organizer_client, tournament) -> str:
    page = organizer_client.get(reverse("tournament:dashboard", args=[tournament.slug]))
    return page.content.decode().split('aria-label="Next"')[1].split("</section>")[0]


def test_the_dashboard_leads_through_the_deck_steps_before_play(organizer_client, evening):
    tournament, series, _ = evening
    steps = _next(organizer_client, tournament)
    hands = reverse("tournament:hands", args=[tournament.slug, 1])
    labels = reverse("printing:deck_labels_pdf", args=[tournament.slug, 1])
    chart = reverse("tournament:movement", args=[tournament.slug, 1])
    sheets = reverse("tournament:series_sheets", args=[tournament.slug, 1])
    for address in (hands, labels, chart, sheets):
        assert f'href="{address}"' in steps
    # in the order the director works: deal the decks, label the boxes, put up the chart
    assert (steps.index(hands) < steps.index(labels) < steps.index(chart)
            < steps.index(sheets))
    assert "Before play, prepare the decks" in steps
    enter(series.tables.get(number=1), 1)
    steps = _next(organizer_client, tournament)
    assert hands not in steps and f'href="{sheets}"' in steps


def test_a_club_night_has_no_deck_steps(organizer_client, organizer, club_night):
    club_night.organizers.add(organizer)
    steps = _next(organizer_client, club_night)
    assert "hands" not in steps and "deck" not in steps.lower()


def test_the_public_tournament_page_links_the_comparative_standings_and_travellers(
        evening):
    tournament, series, deal_set = evening
    client = Client()
    address = reverse("tournament:public", args=[tournament.slug])
    page = client.get(address).content.decode()
    assert reverse("scoring:comparative", args=[tournament.slug]) in page
    first_deck = reverse("scoring:comparative_deck", args=[tournament.slug, 1, 1])
    assert first_deck not in page  # nothing released: no travellers to read yet
    Series.objects.filter(pk=series.pk).update(status=SeriesStatus.RELEASED)
    from tournament.versions import changed

    changed(tournament.pk)
    page = client.get(address).content.decode()
    assert first_deck in page
    assert reverse("printing:travellers_pdf", args=[tournament.slug, 1]) in page
