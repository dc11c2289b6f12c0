"""Issue 21 point 4: a deal entered through the API by a table's link, as the sheet's form
enters it, under an Idempotency-Key."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from api.models import DealRequest
from tests.api.conftest import deal_body, post_deal
from tests.factories import SOLO_WON, club_night, finish, playing_seat, table_of_size
from tests.sheets import solo_post
from tournament.models import AuditAction, AuditEntry, Deal, SheetStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(marta):
    return club_night(marta, slug="entry-night")


@pytest.fixture
def four(night):
    return table_of_size(night, 4)


def test_a_deal_is_stored_and_answered_with_the_sheet_after_it(four, client):
    before = four.sheet_version
    answer = post_deal(client, four, deal_body(four, scorekeeper="Anna"))
    assert answer.status_code == 201, answer.content
    body = answer.json()
    deal = Deal.objects.get(table=four, number=1)
    assert body["deal"]["number"] == 1
    assert body["deal"]["record"] == deal.record == SOLO_WON
    assert body["deal"]["outcome"] == deal.outcome and body["deal"]["value"] == 30
    assert body["deal"]["dealer"] == deal.dealer  # derived from the deal's number
    assert body["deal"]["points"][str(deal.declarer)] == 30
    assert body["sheet_version"] == before + 1 and body["next_deal"] == 2
    assert sorted(body["totals"]) == [0, 0, 0, 30]
    entry = AuditEntry.objects.get(action=AuditAction.DEAL_ENTERED)
    assert entry.actor == "Anna" and entry.deal == 1 and entry.session.startswith("api-")


def test_a_logged_in_organizers_deal_is_audited_by_his_account(four, client, marta):
    # his phone's outbox sends through the link's API: the audit log names him, as the form
    client.force_login(marta)
    answer = post_deal(client, four, deal_body(four, scorekeeper="Anna"))
    assert answer.status_code == 201, answer.content
    entry = AuditEntry.objects.get(action=AuditAction.DEAL_ENTERED)
    assert entry.actor == marta.get_username()


def test_the_same_key_twice_stores_one_deal_and_answers_the_same(four, client):
    body = deal_body(four)
    first = post_deal(client, four, body, key="phone-7-deal-1")
    again = post_deal(client, four, body, key="phone-7-deal-1")
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert Deal.objects.filter(table=four).count() == 1
    assert DealRequest.objects.filter(table=four, key="phone-7-deal-1").count() == 1


def test_the_same_key_with_another_deal_is_refused(four, client):
    post_deal(client, four, deal_body(four), key="k1")
    other = post_deal(client, four, deal_body(four, number=1, sheet_version=0,
                                              record={**SOLO_WON, "card_points": 40}), key="k1")
    assert other.status_code == 422
    assert other.json()["rule"] == "key_reused"
    assert "Idempotency-Key" in other.json()["errors"]
    assert Deal.objects.filter(table=four).count() == 1


def test_a_stale_sheet_version_is_a_conflict_with_the_current_version(four, client):
    body = deal_body(four)
    post_deal(client, four, body)  # another phone was quicker with deal 1
    four.refresh_from_db()
    stale = post_deal(client, four, body)  # a new key: a new attempt, from the old sheet
    assert stale.status_code == 409
    assert stale.json()["sheet_version"] == four.sheet_version
    assert stale.json()["next_deal"] == 2
    assert "changed on another device" in stale.json()["detail"]
    assert Deal.objects.filter(table=four).count() == 1


def test_the_engines_refusal_names_the_field_and_its_rule(four, client):
    answer = post_deal(client, four, deal_body(four, record={**SOLO_WON, "card_points": 121}))
    assert answer.status_code == 422
    found = answer.json()
    assert list(found["errors"]) == ["card_points"]
    assert found["rule"]
    assert found["errors"]["card_points"][0].startswith("Card points:")
    assert not Deal.objects.filter(table=four).exists()


def test_the_refusal_speaks_the_requests_language(four, client):
    answer = post_deal(client, four, deal_body(four, record={**SOLO_WON, "card_points": 121}),
                       HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 422
    assert answer.json()["errors"]["card_points"][0].startswith("Augen:")


def test_a_seat_that_may_not_declare_is_refused_on_its_field(four, client):
    body = deal_body(four)
    body["declarer"] = four.deals.count() or 9  # no seat 9
    assert post_deal(client, four, body).status_code == 422
    body["declarer"] = None
    answer = post_deal(client, four, body)
    assert answer.status_code == 422 and list(answer.json()["errors"]) == ["declarer"]


def test_a_confirmed_sheet_is_a_conflict_saying_why(night, client):
    three = finish(table_of_size(night, 3))
    assert three.sheet_status == SheetStatus.CONFIRMED
    answer = post_deal(client, three, deal_body(three, number=7))
    assert answer.status_code == 409
    assert "confirmed" in answer.json()["detail"]


def test_the_key_is_required_and_the_body_checked(four, client):
    url = reverse("api:deal_entry", args=[four.token])
    missing = client.post(url, deal_body(four), content_type="application/json")
    assert missing.status_code == 422 and "Idempotency-Key" in missing.json()["errors"]
    for broken in ({}, {"number": "x"}, {**deal_body(four), "record": {"game": ["solo"]}},
                   {**deal_body(four), "record": {f"k{n}": 1 for n in range(40)}}):
        answer = client.post(url, broken, content_type="application/json",
                             HTTP_IDEMPOTENCY_KEY="k")
        assert answer.status_code == 422, broken
    assert not Deal.objects.filter(table=four).exists()


def test_a_guessed_token_opens_nothing(four, client):
    answer = client.post("/api/tables/guessed-token/deals", deal_body(four),
                         content_type="application/json", HTTP_IDEMPOTENCY_KEY="k")
    assert answer.status_code == 404 and "No table has this link" in answer.json()["detail"]
    assert client.get("/api/tables/bad%00token/deals").status_code == 404


def test_the_link_reads_its_sheet_with_what_to_send_next(four, client):
    post_deal(client, four, deal_body(four))
    four.refresh_from_db()
    sheet = client.get(reverse("api:link_sheet", args=[four.token])).json()
    assert sheet["sheet_version"] == four.sheet_version
    assert sheet["next_deal"] == 2 and len(sheet["deals"]) == 1
    assert len(sheet["seats"]) == 4 and all(s["name"] for s in sheet["seats"])


def _world(slug, marta):
    night = club_night(marta, slug=slug)  # the same seed: the same seats
    return table_of_size(night, 4)


def test_an_api_deal_leaves_what_the_forms_deal_leaves(marta):
    """The audit entry, the sheet's version and state, its foot: as the page's form."""
    by_form, by_api = _world("form-night", marta), _world("api-night", marta)
    seat = playing_seat(by_form, 1)
    assert seat == playing_seat(by_api, 1)
    phone = Client()
    phone.get(reverse("tournament:sheet", args=[by_form.token]))
    posted = phone.post(reverse("tournament:deal_add", args=[by_form.token]),
                        {**solo_post(by_form, 1, declarer=seat), "number": 1,
                         "scorekeeper": "Anna"})
    assert posted.status_code == 302
    answer = post_deal(Client(), by_api, deal_body(by_api, declarer=seat, scorekeeper="Anna"))
    assert answer.status_code == 201
    form_entry, api_entry = (AuditEntry.objects.get(action=AuditAction.DEAL_ENTERED,
                                                    tournament=t.series.tournament)
                             for t in (by_form, by_api))
    same = ("action", "subject", "series", "table", "deal", "before", "after", "actor")
    assert ({f: getattr(form_entry, f) for f in same}
            == {f: getattr(api_entry, f) for f in same})
    for table in (by_form, by_api):
        table.refresh_from_db()
    kept = ("sheet_version", "sheet_status", "points_1", "points_2", "points_3", "points_4",
            "won_1", "won_2", "won_3", "won_4", "deals_played")
    assert ({f: getattr(by_form, f) for f in kept} == {f: getattr(by_api, f) for f in kept})
    assert (list(AuditEntry.objects.filter(tournament=by_form.series.tournament)
                 .values_list("action", flat=True))
            == list(AuditEntry.objects.filter(tournament=by_api.series.tournament)
                    .values_list("action", flat=True)))


@pytest.fixture
def comparative_table(marta):
    """A comparative evening's first three-table, seated and published."""
    from tests.factories import add_entries, new_tournament, seat
    from tournament.comparative.services import make_comparative

    evening = new_tournament("api-comparative", marta, series_count=1)
    add_entries(evening, 6)
    make_comparative(evening, table_size=3, decks=6, seed="api", user=None)
    series = seat(evening.series.get(number=1), "api")
    return series.tables.order_by("number").first()


def test_at_a_comparative_table_the_matadors_come_from_the_decks_cards(comparative_table,
                                                                      client):
    from tournament.comparative import services as comparative
    from tournament.sheets.loaders import table_info

    table = comparative_table
    info = table_info(table)
    deck = info.deck(1)
    record = {"game": "grand", "card_points": 80}
    body = deal_body(table, record=record, deck=deck.number + 1)
    wrong_deck = post_deal(client, table, body)
    assert wrong_deck.status_code == 422 and list(wrong_deck.json()["errors"]) == ["deck"]
    from engine import Letter, deck_matadors

    cards = deck_matadors(comparative.engine_deck(deck),
                          Letter(comparative.letter_of(body["declarer"])), None)
    typed = post_deal(client, table, {**body, "deck": deck.number,
                                      "record": {**record, "matadors": cards + 1}})
    assert typed.status_code == 422 and list(typed.json()["errors"]) == ["matadors"]
    stored = post_deal(client, table, {**body, "deck": deck.number})
    assert stored.status_code == 201, stored.content
    assert stored.json()["deal"]["record"]["matadors"] == cards
    assert Deal.objects.get(table=table).record["matadors"] == cards


def test_hostile_records_are_refused_never_a_server_error(four, client):
    for record in ({"game": "solo", "trump": "hearts", "matadors": 10**30, "card_points": 95},
                   {"game": "solo", "trump": "nowhere", "matadors": 1, "card_points": 95},
                   {"game": 7}, {"game": True}, {"game": "x" * 40}, {},
                   {**SOLO_WON, "unknown": 1}, {**SOLO_WON, "card_points": -1}):
        answer = post_deal(client, four, deal_body(four, record=record))
        assert answer.status_code == 422, (record, answer.content)
        assert answer.json()["detail"]
    assert not Deal.objects.filter(table=four).exists()


def test_a_conflict_says_what_the_sheet_holds_at_the_deals_number(four, client):
    """The 409's rule: the same deal stored before, another deal there, the version moved
    with the number still free, or a deal missing before it."""
    first = deal_body(four, scorekeeper="Anna")
    assert post_deal(client, four, first).status_code == 201
    again = post_deal(client, four, first)  # the same deal, a new key: its answer was lost
    assert again.status_code == 409 and again.json()["rule"] == "same_deal"
    other = post_deal(client, four, {**first, "record": {**SOLO_WON, "card_points": 70}})
    assert other.status_code == 409 and other.json()["rule"] == "taken"
    stale = post_deal(client, four, {**deal_body(four), "sheet_version": 0})
    assert stale.status_code == 409 and stale.json()["rule"] == "stale"
    ahead = post_deal(client, four, deal_body(four, number=4))
    assert ahead.status_code == 409 and ahead.json()["rule"] == "gap"
