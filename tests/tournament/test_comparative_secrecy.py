"""The table link is no window into the deck (issue 18, point 14).

The QR code of a table's link lies on the table, so anyone may post to it during the bidding.
Rule (docs/access.md, docs/rules-decisions.md): nothing a table link answers before a deal is
saved depends on the cards of a deck. The matadors are counted from the cards only when the
deal is saved (a recorded, audited deal); the preview answers without them.
"""

import datetime
import json

import pytest
from django.urls import reverse

import engine
from tests.factories import add_entry
from tests.tournament.test_comparative import grand_seat
from tournament.comparative import services
from tournament.models import AuditEntry, SeatingMethod, Tournament
from tournament.seating import services as plans
from tournament.sheets.loaders import table_info

pytestmark = pytest.mark.django_db


@pytest.fixture
def playing(organizer):
    """Nine players at three three-tables, twelve decks, series 1 published."""
    tournament = Tournament.objects.create(name="Secret Decks", slug="secret-decks",
                                           public=True, start_date=datetime.date(2027, 9, 11),
                                           series_count=1)
    tournament.organizers.add(organizer)
    (series,) = plans.ensure_series(tournament)
    for n in range(1, 10):
        add_entry(tournament, n, f"P{n}", "Dup")
    deal_set = services.make_comparative(tournament, table_size=3, decks=12, seed="peek",
                                         user=organizer)
    plans.seat_series(series, SeatingMethod.DRAW, "room", user=None)
    plans.publish(series, user=None)
    return deal_set, series


def _cards(info, seat, number=1, trump=None):
    deck = services.engine_deck(info.deck(number))
    return engine.deck_matadors(deck, engine.Letter(services.letter_of(seat)), trump)


def _preview(client, table, info, **fields):
    data = {"number": 1, "deck": info.deck(1).number, "version": table.sheet_version,
            "entry": "new", **fields}
    return client.post(reverse("tournament:deal_preview", args=[table.token]), data)


def test_the_old_leak_a_grand_preview_no_longer_answers_the_matadors(client, playing):
    """``POST /s/<token>/preview/ game=grand declarer=2`` answered ``"matadors": 3``."""
    _, series = playing
    table = series.tables.get(number=1)
    info = table_info(table)
    for declarer in (1, 2, 3):
        cards = _cards(info, declarer)
        response = _preview(client, table, info, game="grand", declarer=declarer)
        answer = response.json()
        assert "matadors" not in answer
        words = f"{'with' if cards > 0 else 'without'} {abs(cards)}"
        assert words not in response.content.decode()
        # with card points the preview answers, but still without the cards
        answer = _preview(client, table, info, game="grand", declarer=declarer,
                          card_points=70).json()
        assert answer["ok"], answer
        assert answer["value"] is None and answer["totals"] is None
        assert "matadors" not in answer and words not in answer["text"]
        assert f"cards of deck {info.deck(1).number}" in answer["pending"]


def test_every_preview_answer_is_the_same_whatever_the_cards(client, playing):
    """Two declarers, every trump: the answers differ only in what was typed, never in what
    the cards hold (the preview does not read them)."""
    _, series = playing
    table = series.tables.get(number=1)
    info = table_info(table)
    for game, trump in (("grand", None), ("suit", "clubs"), ("suit", "diamonds")):
        extra = {"trump": trump} if trump else {}
        answers = {json.dumps(_preview(client, table, info, game=game, declarer=seat,
                                       card_points=61, **extra).json(), sort_keys=True)
                   for seat in (1, 2, 3)}
        assert len(answers) == 1, answers  # the seat typed changes nothing the cards decide


def test_a_typed_count_is_never_compared_with_the_cards_before_saving(client, playing):
    """A count the cards contradict was refused by the preview with the true count in the
    message: an oracle. The form no longer takes matadors at a comparative table."""
    _, series = playing
    table = series.tables.get(number=1)
    info = table_info(table)
    answers = set()
    for typed in range(1, 5):
        for without in ("", "on"):
            answer = _preview(client, table, info, game="grand", declarer=2, card_points=70,
                              matadors=typed, without=without).json()
            assert answer["ok"] and answer["value"] is None, answer
            answers.add(json.dumps(answer, sort_keys=True))
    assert len(answers) == 1  # the right count and seven wrong ones: the same answer


def test_a_saved_deal_takes_its_matadors_from_the_cards_and_is_audited(client, playing):
    _, series = playing
    table = series.tables.get(number=1)
    info = table_info(table)
    seat = grand_seat(info, 1)
    cards = _cards(info, seat)
    response = client.post(reverse("tournament:deal_add", args=[table.token]), {
        "number": 1, "deck": info.deck(1).number, "version": table.sheet_version,
        "entry": "new", "game": "grand", "declarer": seat, "card_points": 70,
        "matadors": abs(cards) % 4 + 1})  # a typed count is not asked, and not used
    assert response.status_code == 302
    deal = table.deals.get(number=1)
    assert deal.record["matadors"] == cards
    assert AuditEntry.objects.filter(action="deal_entered").count() == 1
    words = f"{'with' if cards > 0 else 'without'} {abs(cards)}"
    page = client.get(reverse("tournament:sheet", args=[table.token])).content.decode()
    assert f"Grand {words}" in page  # told once the deal is on the sheet


def test_the_form_at_a_comparative_table_asks_no_matadors(client, playing):
    _, series = playing
    table = series.tables.get(number=1)
    page = client.get(reverse("tournament:sheet", args=[table.token])).content.decode()
    assert 'name="card_points"' in page and 'name="matadors"' not in page
