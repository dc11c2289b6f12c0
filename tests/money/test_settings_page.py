"""The Money page (issue 22, points 1 and 4): a preset applied as it is, every rule by hand,
refusals on the field they name, the lock once a deal is recorded, and who may see it."""

from __future__ import annotations

import datetime
import html
import random
import re
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from money.describe import describe
from money.models import MoneySettings
from money.presets import PRESETS
from money.services import PRESET_KEYS, SETTLEMENT_PRESET, locked, money_settings, save_money
from tournament.demo import build_demo_congress, play_demo_series
from tournament.models import AuditAction, AuditEntry, Tournament

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9"}


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("kassenwart", password="x")


@pytest.fixture
def tournament(organizer):
    tournament = Tournament.objects.create(name="Preisskat", slug="preisskat",
                                           start_date=datetime.date(2027, 3, 6))
    tournament.organizers.add(organizer)
    return tournament


@pytest.fixture
def client_of(organizer):
    client = Client()
    client.force_login(organizer)
    return client


def page(tournament) -> str:
    return reverse("money:settings", args=[tournament.slug])


def text_of(response) -> str:
    """The page's text as read: tags gone, entities said, spaces single."""
    body = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(body).replace("\u00a0", " "))


def money_entries(tournament) -> int:
    return AuditEntry.objects.filter(tournament=tournament,
                                     action=AuditAction.MONEY_RULES_CHANGED).count()


def post_rules(client, tournament, headers=ENGLISH, follow=False, **fields):
    data = {"action": "rules", "currency": "EUR", "prizes_shares": "equal",
            "series_prizes_shares": "equal", **fields}
    return client.post(page(tournament), data, follow=follow, **headers)


# -- the page and its presets -------------------------------------------------------------------


def test_the_organizer_sees_the_page_with_the_door_and_the_links(client_of, tournament,
                                                                  organizer):
    save_money(tournament, organizer, rules=PRESETS["prizes_from_entry_fees"],
               preset="prizes_from_entry_fees", currency="USD")
    response = client_of.get(page(tournament), **ENGLISH)
    assert response.status_code == 200
    content = response.content.decode()
    said = text_of(response)
    assert "As preset “Entry fees paid out as prizes”:" in said
    # what the door takes: the entry fee, from arrival_fees
    door = said.split("What the door takes on arrival")[1].split("Payout sheet")[0]
    assert "Entry fee $15.00" in door
    assert f'href="{reverse("money:payouts", args=[tournament.slug])}"' in content
    assert f'href="{reverse("money:cash_book", args=[tournament.slug])}"' in content
    # every preset can be applied, every field has its label
    assert content.count('name="action" value="preset"') == len(PRESET_KEYS)
    for name in ("entry_fee", "lost_from_1", "lost_amount_1", "passed_from_three",
                 "rank_4_4", "lost_game_fee__jackpot", "prizes_count", "settlement_rate",
                 "currency"):
        assert f'for="id_{name}"' in content, name


def test_each_preset_is_described_with_its_amounts(client_of, tournament, monkeypatch):
    said = text_of(client_of.get(page(tournament), **ENGLISH))
    currency = money_settings(tournament).currency
    assert currency == "USD"  # an English site's tournament without a language
    for key in PRESETS:
        assert describe(PRESETS[key], currency, "en") in said, key
    assert ("Entry fee $15.00, paid out in full as prizes; lost games $0.50 (1st–3rd), $1.00 "
            "from the 4th, to the organizer; prizes: one a table") in said
    assert "lost games $0.50 (1st–5th), $1.00 from the 6th, to the organizer" in said
    assert ("Table-rank obolus by place at the table $0.50 / $1.00 / $1.50 / $2.00 "
            "(three-table: $0.50 / $1.00 / $1.50)") in said
    assert "prizes: every 4th player" in said
    assert ("The players of each table settle among themselves at 0.25 cents a point; "
            "no fees.") in said
    # built from the rules: a changed amount is described as it now is
    monkeypatch.setitem(PRESETS["prizes_from_entry_fees"], "entry_fee", 2000)
    said = text_of(client_of.get(page(tournament), **ENGLISH))
    assert "Entry fee $20.00, paid out in full as prizes" in said


def test_a_german_page_describes_in_euros_with_a_comma(client_of, organizer):
    german = Tournament.objects.create(name="Vereinsabend", slug="vereinsabend",
                                       start_date=datetime.date(2027, 3, 6), language="de")
    german.organizers.add(organizer)
    said = text_of(client_of.get(page(german), **GERMAN))
    presets = said.split("Alle Regeln von Hand")[0]  # the page in German
    assert describe(PRESETS["prizes_from_entry_fees"], "EUR", "de").replace(
        "\u00a0", " ") in presets
    assert "15,00 €" in presets and "0,50 €" in presets and "$" not in presets


@pytest.mark.parametrize("key", PRESET_KEYS)
def test_a_preset_is_stored_as_it_is(client_of, tournament, organizer, key):
    save_money(tournament, organizer, rules={}, currency="CHF")
    before = money_entries(tournament)
    response = client_of.post(page(tournament), {"action": "preset", "preset": key})
    assert response.status_code in (302, 303) and response.url == page(tournament)
    stored = MoneySettings.objects.get(tournament=tournament)
    if key == SETTLEMENT_PRESET:
        assert (stored.rules, stored.settle_at_rate) == ({}, True)
    else:
        assert (stored.rules, stored.settle_at_rate) == (PRESETS[key], False)
    assert stored.preset == key
    assert stored.currency == "CHF"  # kept
    assert money_entries(tournament) == before + 1
    said = text_of(client_of.get(response.url, **ENGLISH))
    assert "Money rules saved" in said


def test_an_unknown_preset_is_refused_on_its_field(client_of, tournament):
    response = client_of.post(page(tournament), {"action": "preset", "preset": "munich"},
                              **ENGLISH)
    assert response.status_code == 200
    assert response.context["preset_form"].errors["preset"]
    assert "Preset: Select a valid choice" in text_of(response)
    assert not MoneySettings.objects.filter(tournament=tournament).exists()
    assert money_entries(tournament) == 0


# -- every rule by hand -------------------------------------------------------------------------

EVERY_RULE = {
    "entry_fee": "15", "series_fee": "5.00", "list_fee": "2", "missed_series_fee": "3.00",
    "lost_from_1": "1", "lost_amount_1": "0.50", "lost_from_2": "4", "lost_amount_2": "1",
    "lost_from_3": "10", "lost_amount_3": "1.50",
    "passed_from_three": "4", "passed_from_four": "5", "passed_amount": "0.50",
    "rank_3_1": "0.50", "rank_3_2": "1", "rank_3_3": "1.50",
    "rank_4_1": "0.50", "rank_4_2": "1", "rank_4_3": "1.50", "rank_4_4": "2",
    "entry_fee__prizes": "100", "series_fee__series_prizes": "100",
    "lost_game_fee__prizes": "50", "lost_game_fee__jackpot": "25",
    "table_rank_fee__table": "100",
    "prizes_places": "fraction", "prizes_count": "1/4", "prizes_shares": "weights",
    "prizes_weights": "40, 25 15", "prizes_unit": "1",
    "series_prizes_places": "tables", "series_prizes_shares": "linear",
    "series_prizes_unit": "0.50",
    "table_winner": "on", "settle_at_rate": "on", "settlement_rate": "0.5", "currency": "CHF",
}
EVERY_RULE_STORED = {
    "entry_fee": 1500, "series_fee": 500, "list_fee": 200, "missed_series_fee": 300,
    "lost_game_fee": [[1, 50], [4, 100], [10, 150]],
    "passed_deal_fee": {"from_three": 4, "from_four": 5, "cents": 50},
    "table_rank_fee": {"three": [50, 100, 150], "four": [50, 100, 150, 200]},
    "destinations": {"entry_fee": {"prizes": 100}, "series_fee": {"series_prizes": 100},
                     "lost_game_fee": {"prizes": 50, "jackpot": 25, "organizer": 25},
                     "table_rank_fee": {"table": 100}},
    "prizes": {"places": {"fraction": "1/4"}, "shares": [40, 25, 15], "unit": 100},
    "series_prizes": {"places": {"tables": True}, "shares": "linear", "unit": 50},
    "table": "winner",
}


def test_every_rule_by_hand_round_trips(client_of, tournament):
    response = post_rules(client_of, tournament, **EVERY_RULE)
    assert response.status_code == 302, response.context and response.context["form"].errors
    stored = MoneySettings.objects.get(tournament=tournament)
    assert stored.rules == EVERY_RULE_STORED
    assert (stored.preset, stored.currency, stored.settle_at_rate) == ("", "CHF", True)
    tournament.refresh_from_db()
    assert tournament.settlement_rate == Decimal("0.5")
    rate_change = AuditEntry.objects.get(tournament=tournament,
                                         action=AuditAction.TOURNAMENT_EDITED)
    assert (rate_change.before, rate_change.after) == ({"settlement_rate": "0.25"},
                                                       {"settlement_rate": "0.5"})
    assert money_entries(tournament) == 1

    # the page shows the values again, and posting them back stores the very same rules
    again = client_of.get(page(tournament), **ENGLISH)
    said = text_of(again)
    assert "Own rules:" in said
    form = again.context["form"]
    shown = {name: form[name].value() for name in form.fields}
    assert shown["entry_fee"] == "15.00" and shown["lost_amount_3"] == "1.50"
    assert shown["prizes_count"] == "1/4" and shown["prizes_weights"] == "40, 25, 15"
    assert shown["series_prizes_unit"] == "0.50" and shown["lost_game_fee__jackpot"] == 25
    assert shown["settlement_rate"] == Decimal("0.5") and shown["currency"] == "CHF"
    content = again.content.decode()
    assert 'value="15.00"' in content and 'value="40, 25, 15"' in content
    assert "Organizer: 25 %" in said  # the organizer's share of the lost-game money, shown
    posted = {name: ("on" if value is True else "" if value in (None, False) else str(value))
              for name, value in shown.items()}
    posted = {name: value for name, value in posted.items() if value != ""}
    assert post_rules(client_of, tournament, **posted).status_code == 302
    assert MoneySettings.objects.get(tournament=tournament).rules == EVERY_RULE_STORED


def test_rules_typed_as_a_preset_are_that_preset(client_of, tournament):
    post_rules(client_of, tournament, entry_fee="15", lost_from_1="1", lost_amount_1="0.5",
               lost_from_2="4", lost_amount_2="1", entry_fee__prizes="100",
               prizes_places="tables", prizes_shares="linear", prizes_unit="1")
    stored = MoneySettings.objects.get(tournament=tournament)
    assert stored.rules == PRESETS["prizes_from_entry_fees"]
    assert stored.preset == "prizes_from_entry_fees"


@pytest.mark.parametrize(("headers", "typed", "shown"), [
    (GERMAN, "1,50", "1,50"), (GERMAN, "1.50", "1,50"), (GERMAN, "2", "2,00"),
    (ENGLISH, "1.50", "1.50"), (ENGLISH, "1,50", "1.50"),
])
def test_amounts_are_read_and_shown_in_the_pages_language(client_of, tournament, headers,
                                                          typed, shown):
    assert post_rules(client_of, tournament, headers, entry_fee=typed).status_code == 302
    cents = MoneySettings.objects.get(tournament=tournament).rules["entry_fee"]
    assert cents == (200 if typed == "2" else 150)
    form = client_of.get(page(tournament), **headers).context["form"]
    assert form["entry_fee"].value() == shown


@pytest.mark.parametrize(("fields", "field", "words"), [
    ({"lost_amount_1": "1", "lost_from_1": "1", "lost_game_fee__prizes": "80",
      "lost_game_fee__jackpot": "30"}, "lost_game_fee__prizes",
     "Lost-game money: the percentages sum to 110; at most 100"),
    ({"lost_from_1": "4", "lost_amount_1": "1", "lost_from_2": "2", "lost_amount_2": "2"},
     "lost_from_2", "Each tier starts at a later lost game than the tier above it"),
    ({"entry_fee": "10", "entry_fee__prizes": "100", "prizes_places": "fraction",
      "prizes_count": "5/4"}, "prizes_count", "Give a fraction between 0 and 1"),
    ({"entry_fee": "zehn"}, "entry_fee", "Enter an amount such as 1.50, at most 100,000.00."),
    ({"prizes_places": "every", "prizes_count": "four"}, "prizes_count",
     "Give a whole number of at least 1"),
    ({"prizes_places": "top", "prizes_count": "3", "prizes_shares": "weights",
      "prizes_weights": "40, x"}, "prizes_weights", "Give whole numbers as weights"),
    ({"passed_from_three": "4", "passed_from_four": "5"}, "passed_amount",
     "Give what each passed deal costs each player."),
    # what str.isdigit takes and int refuses, and thousands of digits: a message, never a 500
    ({"entry_fee": "²"}, "entry_fee", "Enter an amount such as 1.50"),
    ({"entry_fee": "9" * 5000}, "entry_fee", "Enter an amount such as 1.50"),
    ({"entry_fee": "100000.01"}, "entry_fee", "at most 100,000.00"),
    ({"prizes_places": "every", "prizes_count": "²"}, "prizes_count",
     "Give a whole number of at least 1"),
    ({"prizes_places": "fraction", "prizes_count": "1" * 5000}, "prizes_count",
     "at most 20 characters"),
    ({"prizes_places": "top", "prizes_count": "3", "prizes_shares": "weights",
      "prizes_weights": "40, ²"}, "prizes_weights", "Give whole numbers as weights"),
])
def test_refusals_name_the_field_and_store_nothing(client_of, tournament, organizer, fields,
                                                   field, words):
    save_money(tournament, organizer, rules=PRESETS["season_day"], preset="season_day")
    before = money_entries(tournament)
    response = post_rules(client_of, tournament, **fields)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert words in errors[field][0]
    assert words in text_of(response)
    stored = MoneySettings.objects.get(tournament=tournament)
    assert (stored.rules, stored.preset) == (PRESETS["season_day"], "season_day")
    assert money_entries(tournament) == before


def test_a_refusal_of_the_ledger_is_put_on_the_field_it_names(tournament):
    """The places of read_rules' refusals, each on its field (the second tier sits in the
    form's third row here: an empty row between them)."""
    from money.forms import MoneyRulesForm

    form = MoneyRulesForm({"lost_from_1": "4", "lost_amount_1": "1", "lost_from_3": "2",
                           "lost_amount_3": "1", "currency": "EUR"},
                          tournament=tournament, settings=money_settings(tournament),
                          language="en")
    assert not form.is_valid() and list(form.errors) == ["lost_from_3"]
    places = {"rules.entry_fee": "entry_fee",
              "rules.lost_game_fee[1][1]": "lost_amount_3",
              "rules.passed_deal_fee.from_four": "passed_from_four",
              "rules.passed_deal_fee.cents": "passed_amount",
              "rules.table_rank_fee.four[3]": "rank_4_4",
              "rules.destinations.lost_game_fee": "lost_game_fee__prizes",
              "rules.destinations.list_fee.jackpot": "list_fee__jackpot",
              "rules.prizes.places.fraction": "prizes_count",
              "rules.series_prizes.shares[2]": "series_prizes_weights",
              "rules.series_prizes.unit": "series_prizes_unit",
              "rules.table": "table_winner",
              "document": None}
    assert {place: form.field_of(place) for place in places} == places


# -- locked once a deal is recorded -------------------------------------------------------------


@pytest.fixture
def played(organizer):
    """The demo congress with the Preisskat preset and one deal or so at each table."""
    congress = build_demo_congress(reset=True, with_deals=False)
    congress.organizers.add(organizer)
    save_money(congress, organizer, rules=PRESETS["prizes_from_entry_fees"],
               preset="prizes_from_entry_fees", currency="EUR")
    play_demo_series(congress.series.get(number=1), random.Random(1), share=0.05)
    assert locked(congress)
    return congress


def test_locked_after_a_deal_only_the_currency_changes(client_of, played):
    before = money_entries(played)
    rate = Tournament.objects.get(pk=played.pk).settlement_rate

    response = client_of.get(page(played), **ENGLISH)
    content = response.content.decode()
    assert 'name="action" value="preset"' not in content  # the presets' buttons are gone
    assert "Locked: deals are recorded" in text_of(response)
    form = response.context["form"]
    assert all(f.disabled for name, f in form.fields.items() if name != "currency")
    assert not form.fields["currency"].disabled

    refused = client_of.post(page(played), {"action": "preset", "preset": "season_day"},
                             follow=True, **ENGLISH)
    assert "The money rules are locked" in text_of(refused)
    response = post_rules(client_of, played, entry_fee="99", settle_at_rate="on",
                          settlement_rate="3", currency="EUR")
    assert response.status_code == 302
    stored = MoneySettings.objects.get(tournament=played)
    assert (stored.rules, stored.preset, stored.currency, stored.settle_at_rate) == (
        PRESETS["prizes_from_entry_fees"], "prizes_from_entry_fees", "EUR", False)
    assert money_entries(played) == before

    # the currency may still change; the rules and the rate stay
    response = post_rules(client_of, played, entry_fee="99", settlement_rate="3",
                          currency="CHF", follow=True)
    assert "Currency saved." in text_of(response)
    stored = MoneySettings.objects.get(tournament=played)
    assert (stored.rules, stored.currency) == (PRESETS["prizes_from_entry_fees"], "CHF")
    assert Tournament.objects.get(pk=played.pk).settlement_rate == rate
    assert money_entries(played) == before + 1


# -- who may see it -----------------------------------------------------------------------------


def test_an_assistant_and_a_stranger_get_no_page(tournament, django_user_model):
    assistant = django_user_model.objects.create_user("door", password="x")
    tournament.assistants.add(assistant)
    stranger = django_user_model.objects.create_user("guest", password="x")
    for user in (assistant, stranger):
        client = Client()
        client.force_login(user)
        assert client.get(page(tournament)).status_code == 403
        assert client.post(page(tournament), {"action": "preset",
                                              "preset": "season_day"}).status_code == 403
    anonymous = Client().get(page(tournament))
    assert anonymous.status_code == 302 and "login" in anonymous.url
    assert not MoneySettings.objects.filter(tournament=tournament).exists()
