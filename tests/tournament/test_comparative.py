"""Comparative Skat in the site: a tournament made comparative deals its decks, the room's
movement says which decks each table plays, and hand records stay hidden until release."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

import engine
from tests.factories import add_entry
from tournament.comparative import services
from tournament.comparative.page import hand_records
from tournament.models import AuditEntry, Deck, SeatingMethod, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm
from tournament.sheets.loaders import table_info

pytestmark = pytest.mark.django_db


@pytest.fixture
def duplicate(organizer):
    """Eighteen players, six three-tables, twelve decks per series."""
    tournament = Tournament.objects.create(name="Duplicate Night", slug="duplicate", public=True,
                                           start_date=datetime.date(2027, 9, 11),
                                           series_count=2)
    tournament.organizers.add(organizer)
    plans.ensure_series(tournament)
    for n in range(1, 19):
        add_entry(tournament, n, f"P{n}", "Dup")
    return tournament


def test_a_tournament_becomes_comparative_and_deals_each_series(duplicate, organizer):
    deal_set = services.make_comparative(duplicate, table_size=3, decks=12, seed="southwell",
                                         user=organizer)
    duplicate.refresh_from_db()
    assert duplicate.deals_at(3) == 12 and duplicate.table_policy == "three_only"
    first, second = duplicate.series.order_by("number")
    assert first.decks.count() == second.decks.count() == 12
    expected = engine.deal_set("southwell/series-1", 12, 3)
    stored = first.decks.get(number=5)
    assert (stored.dealer, stored.hands, stored.skat) == (
        str(expected[4].dealer), expected[4].as_json()["hands"], expected[4].as_json()["skat"])
    assert first.decks.get(number=1).hands != second.decks.get(number=1).hands
    assert AuditEntry.objects.get(action="comparative_set").after == {
        "table_size": 3, "decks": 12, "seed": "southwell"}
    assert deal_set.tournament == duplicate


@pytest.mark.parametrize(("size", "decks", "field"), [(3, 13, "decks"), (4, 6, "decks"),
                                                      (5, 12, "table_size"), (3, 0, "decks")])
def test_counts_that_cannot_work_are_refused_by_field(duplicate, organizer, size, decks, field):
    with pytest.raises(services.ComparativeError) as refused:
        services.make_comparative(duplicate, table_size=size, decks=decks, seed="x",
                                  user=organizer)
    assert refused.value.field == field
    assert not Deck.objects.exists()


def test_the_room_plays_every_deck_once_per_table(duplicate, organizer):
    deal_set = services.make_comparative(duplicate, table_size=3, decks=12, seed="s",
                                         user=organizer)
    series = duplicate.series.get(number=1)
    plans.seat_series(series, SeatingMethod.DRAW, "room", user=None)
    room = services.room_movement(series, deal_set)
    assert [line.table for line in room] == [1, 2, 3, 4, 5, 6]
    for line in room:
        assert sorted(d for decks in line.rounds for d in decks) == list(range(1, 13))
    for r in range(6):
        in_round = [d for line in room for d in line.rounds[r]]
        assert len(in_round) == len(set(in_round)) == 12  # no deck at two tables at once
    assert services.deck_of_deal(series, deal_set, 1, 1) == room[0].rounds[0][0]


def test_the_movement_chart_and_the_hand_records(organizer_client, duplicate, organizer):
    client = Client()  # the public
    services.make_comparative(duplicate, table_size=3, decks=12, seed="s", user=organizer)
    series = duplicate.series.get(number=1)
    plans.seat_series(series, SeatingMethod.DRAW, "room", user=None)
    plans.publish(series, user=None)
    chart = client.get(reverse("tournament:movement", args=[duplicate.slug, 1]))
    assert chart.status_code == 200 and "Round 6" in chart.content.decode()
    hands = reverse("tournament:hands", args=[duplicate.slug, 1])
    assert client.get(hands).status_code == 404  # not before the results are released
    page = organizer_client.get(hands).content.decode()
    assert "Deck 12" in page and 'class="suit-red">♥' in page and 'class="suit-black">♣' in page
    record = hand_records(series)[0]
    cards = sum(len(s.ranks.split()) for h in record.hands for s in h.jacks + h.suits)
    assert cards == 30 and sum(len(s.ranks.split()) for s in record.skat) == 2


def test_a_tournament_with_deals_does_not_become_comparative(duplicate, organizer):
    from tests.factories import enter

    series = duplicate.series.get(number=1)
    plans.seat_series(series, SeatingMethod.DRAW, "room", user=None)
    plans.publish(series, user=None)
    enter(series.tables.first(), 1)
    with pytest.raises(services.ComparativeError, match="before its first deal"):
        services.make_comparative(duplicate, table_size=3, decks=12, seed="s", user=organizer)


@pytest.fixture
def playing(duplicate, organizer):
    """Series 1 of the duplicate night seated, published and ready for its first deals."""
    deal_set = services.make_comparative(duplicate, table_size=3, decks=12, seed="play",
                                         user=organizer)
    series = duplicate.series.get(number=1)
    plans.seat_series(series, SeatingMethod.DRAW, "room", user=None)
    plans.publish(series, user=None)
    return deal_set, series


def _grand(info, declarer, **extra):
    data = {"game": "grand", "declarer": declarer, "card_points": 70,
            "version": info.table.sheet_version, "deck": info.deck(1).number}
    data.update(extra)
    return DealForm(info, 1, data)


def test_a_comparative_table_plays_its_movements_decks_with_their_dealers(playing):
    deal_set, series = playing
    room = services.room_movement(series, deal_set)
    for line in room[:2]:
        table = series.tables.get(number=line.table)
        info = table_info(table)
        assert [d.number for d in info.decks] == [n for r in line.rounds for n in r]
        first = info.deck(1)
        assert info.dealer(1) == services.seat_of(first.dealer)


def test_the_matadors_come_from_the_cards(playing):
    deal_set, series = playing
    table = series.tables.get(number=1)
    info = table_info(table)
    deck = info.deck(1)
    declarer = next(p.position for p in info.players)
    letter = services.letter_of(declarer)
    expected = engine.deck_matadors(services.engine_deck(deck), engine.Letter(letter), None)
    form = _grand(info, declarer)
    assert form.is_valid(), form.errors
    assert form.input.record["matadors"] == expected == form.matadors_from_cards
    wrong = abs(expected) % 4 + 1  # not asked at a comparative table: a typed count is unused
    form = _grand(info, declarer, matadors=wrong, without=expected < 0)
    assert form.is_valid() and form.input.record["matadors"] == expected
    form = _grand(info, declarer, deck=deck.number % 12 + 1)
    assert not form.is_valid() and f"plays deck {deck.number}" in form.errors["deck"][0]


def test_a_saved_deal_records_its_deck(playing):
    deal_set, series = playing
    table = series.tables.get(number=1)
    info = table_info(table)
    declarer = next(p.position for p in info.players)
    form = _grand(info, declarer)
    assert form.is_valid(), form.errors
    deal = deals.add_deal(table, form.input, table.sheet_version, "test")
    assert deal.deck == info.deck(1) and deal.dealer == info.dealer(1)


def test_the_live_preview_answers_without_the_cards(client, playing):
    """Issue 18, point 14: the matadors (and so the value) are the cards' only on saving."""
    deal_set, series = playing
    table = series.tables.get(number=1)
    info = table_info(table)
    declarer = next(p.position for p in info.players)
    response = client.post(reverse("tournament:deal_preview", args=[table.token]), {
        "number": 1, "game": "grand", "declarer": declarer, "card_points": 70,
        "deck": info.deck(1).number, "version": table.sheet_version})
    result = response.json()
    assert result["ok"] and "matadors" not in result and result["value"] is None
    assert result["text"] == "Grand"
    page = client.get(reverse("tournament:sheet", args=[table.token])).content.decode()
    assert f"Deal 1 · deck {info.deck(1).number}" in page


def test_every_decks_path_visits_every_table_once(playing):
    deal_set, series = playing
    room = services.room_movement(series, deal_set)
    paths = services.deck_paths(room)
    assert [p.deck for p in paths] == list(range(1, 13))
    for path in paths:
        assert sorted(path.tables) == [1, 2, 3, 4, 5, 6]
        for round_number, table in enumerate(path.tables, start=1):
            line = next(line for line in room if line.table == table)
            assert path.deck in line.rounds[round_number - 1]


def test_the_settings_page_says_what_to_do_with_players_left_over(organizer_client, duplicate,
                                                                 organizer):
    services.make_comparative(duplicate, table_size=4, decks=8, seed="s", user=organizer)
    address = reverse("tournament:comparative", args=[duplicate.slug])
    page = organizer_client.get(address).content.decode()
    assert "18 players checked in: 4 4-tables, 2 left over" in page
    assert "bye" in page  # the options are sentences, byes always among them
    chart = organizer_client.get(reverse("tournament:movement", args=[duplicate.slug, 1]))
    assert chart.status_code == 200


def test_the_decks_decide_the_series_length_on_the_edit_page(organizer_client, duplicate,
                                                             organizer):
    services.make_comparative(duplicate, table_size=3, decks=12, seed="s", user=organizer)
    address = reverse("tournament:edit", args=[duplicate.slug])
    assert "Set by the comparative set" in organizer_client.get(address).content.decode()
    organizer_client.post(address, {
        "name": duplicate.name, "slug": duplicate.slug, "start_date": "2027-09-11",
        "rule_set": "nasl-1908", "scoring_system": "league", "series_count": 2,
        "deals_per_player": 9, "table_policy": "prefer_four", "public": "on"})
    duplicate.refresh_from_db()
    assert (duplicate.deals_per_player, duplicate.table_policy) == (4, "three_only")


def test_the_preview_never_shows_a_deal_not_played_yet(client, playing):
    deal_set, series = playing
    table = series.tables.get(number=1)
    info = table_info(table)
    response = client.post(reverse("tournament:deal_preview", args=[table.token]), {
        "number": 7, "game": "grand", "declarer": 1, "card_points": 70,
        "deck": info.deck(7).number, "version": table.sheet_version}).json()
    assert not response["ok"] and "not played yet" in response["non_field"][0]
    assert "matadors" not in response


def test_a_comparative_deal_is_corrected_not_deleted(marta_client, playing, organizer):
    deal_set, series = playing
    table = series.tables.get(number=1)
    for number in (1, 2):
        table.refresh_from_db()
        info = table_info(table)
        form = DealForm(info, number, {"game": "grand", "declarer": grand_seat(info, number),
                                       "card_points": 70, "deck": info.deck(number).number,
                                       "version": table.sheet_version})
        assert form.is_valid(), form.errors
        deals.add_deal(table, form.input, table.sheet_version, "test")
    decks = list(table.deals.order_by("number").values_list("deck__number", flat=True))
    with pytest.raises(deals.SheetError, match="Correct the deal instead"):
        deals.delete_deal(table, 1, organizer)
    table.refresh_from_db()
    with pytest.raises(deals.SheetError, match="never inserted"):  # issue 18.5
        deals.insert_deal(table, 1, form.input, table.sheet_version, "test")
    page = marta_client.get(reverse("tournament:deal_edit", args=[table.token, 1]))
    assert "Insert a forgotten deal" not in page.content.decode()
    assert list(table.deals.order_by("number").values_list("deck__number", flat=True)) == decks


def grand_seat(info, number):
    return next(p.position for p in info.players if p.position != info.dealer(number)
                or info.size == 3)


def test_a_series_added_later_gets_its_decks(duplicate, organizer):
    services.make_comparative(duplicate, table_size=3, decks=12, seed="s", user=organizer)
    duplicate.series_count = 3
    duplicate.save()
    plans.ensure_series(duplicate)
    assert duplicate.series.get(number=3).decks.count() == 12


def test_a_room_of_mixed_table_sizes_is_refused_with_the_reason(duplicate, organizer):
    deal_set = services.make_comparative(duplicate, table_size=3, decks=12, seed="s",
                                         user=organizer)
    duplicate.table_policy = "prefer_four"
    duplicate.save()
    series = duplicate.series.get(number=1)
    plans.seat_series(series, SeatingMethod.DRAW, "mixed", user=None)  # 4 + 4 + 4 + 3 + 3
    with pytest.raises(services.ComparativeError, match="a comparison needs one table size"):
        services.room_movement(series, deal_set)
