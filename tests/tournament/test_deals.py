"""Deal entry through the form and the services: every game, every refusal, corrections,
versions, penalties, submit and confirm."""

import datetime
import itertools

import pytest
from django.contrib.auth import get_user_model

from engine import evaluate
from tests.factories import add_entry
from tournament.models import (
    AuditEntry,
    Deal,
    SeatingMethod,
    SeriesStatus,
    SheetStatus,
    Tournament,
)
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm

pytestmark = pytest.mark.django_db
_slugs = itertools.count()


def make_table(players=3, rule_set="nasl-1908", options=None, blind_check=False,
               deals_per_player=12):
    tournament = Tournament.objects.create(
        name="Club night", slug=f"deals-{next(_slugs)}", start_date=datetime.date(2027, 5, 1),
        rule_set=rule_set, options=options or {}, blind_check=blind_check,
        deals_per_player=deals_per_player, series_count=1,
    )
    series = plans.ensure_series(tournament)[0]
    for n in range(1, players + 1):
        add_entry(tournament, n, ["Anna", "Bert", "Carl", "Dora"][n - 1], "Sommer")
    plans.seat_series(series, SeatingMethod.DRAW, "t", user=None)
    plans.publish(series, user=None)
    return series.tables.get()


def enter(table, data, actor="Anna Sommer"):
    """Fill in the form for the next deal and save it; returns the form and the deal."""
    info = deals.table_info(table)
    table.refresh_from_db()
    number = table.deals.count() + 1
    form = DealForm(info, number, {**data, "version": table.sheet_version})
    if not form.is_valid():
        return form, None
    return form, deals.add_deal(table, form.input, table.sheet_version, actor)


def declarer_for(table, number=None):
    """A seat that plays the next deal (at a four-table not the dealer)."""
    info = deals.table_info(table)
    number = number or table.deals.count() + 1
    return next(p.position for p in info.players if info.size == 3 or
                p.position != info.dealer(number))


NASL_GAMES = [
    # (form data without the declarer, engine record for the same deal)
    ({"game": "call", "trump": "clubs", "matadors": 2, "card_points": 70},
     {"game": "call", "trump": "clubs", "matadors": 2, "card_points": 70}),
    ({"game": "tourne", "trump": "hearts", "matadors": 1, "without": "on", "card_points": 64,
      "passt_nicht": "on"},
     {"game": "tourne", "trump": "hearts", "matadors": -1, "card_points": 64,
      "passt_nicht": True}),
    ({"game": "grand_tourne", "matadors": 2, "card_points": 40},
     {"game": "grand_tourne", "matadors": 2, "card_points": 40}),
    ({"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95, "tricks": 8,
      "schneider_announced": "on"},
     {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95, "tricks": 8,
      "schneider_announced": True}),
    ({"game": "grand", "matadors": 3, "card_points": 120, "tricks": 10},
     {"game": "grand", "matadors": 3, "card_points": 120, "tricks": 10}),
    ({"game": "guckser", "matadors": 1, "card_points": 50},
     {"game": "guckser", "matadors": 1, "card_points": 50}),
    ({"game": "grand_ouvert", "matadors": 4, "card_points": 120, "tricks": 10},
     {"game": "grand_ouvert", "matadors": 4, "card_points": 120, "tricks": 10}),
    ({"game": "null", "tricks": 0}, {"game": "null", "tricks": 0}),
    ({"game": "null_ouvert", "tricks": 2}, {"game": "null_ouvert", "tricks": 2}),
    ({"game": "revolution", "tricks": 0}, {"game": "revolution", "tricks": 0}),
    ({"game": "solo", "trump": "spades", "matadors": 2, "card_points": 75, "bid": 40},
     {"game": "solo", "trump": "spades", "matadors": 2, "card_points": 75, "bid": 40}),
    ({"game": "solo", "trump": "clubs", "matadors": 1, "conceded": "on"},
     {"game": "solo", "trump": "clubs", "matadors": 1, "conceded": True}),
]
NASL_OPTIONS = {"call": True, "revolution": True}


@pytest.mark.parametrize(("form_data", "record"), NASL_GAMES,
                         ids=[f"{r['game']}-{i}" for i, (_, r) in enumerate(NASL_GAMES)])
def test_every_nasl_game_through_the_form(form_data, record):
    table = make_table(options=NASL_OPTIONS)
    seat = declarer_for(table)
    form, deal = enter(table, {**form_data, "declarer": seat})
    assert deal is not None, form.errors
    expected = evaluate(record, "nasl-1908", NASL_OPTIONS)
    assert deal.value == expected["value"]
    assert deal.record == record
    sheet = deals.load_sheet(deals.table_info(table))
    assert sheet.totals[seat - 1] == expected["value"]
    assert sum(sheet.totals) == expected["value"]  # only the declarer's total moved


def test_contra_moves_the_announcers_total():
    table = make_table(options={"contra": True})
    seat = declarer_for(table)
    other = next(s for s in (1, 2, 3) if s != seat)
    form, deal = enter(table, {"game": "solo", "declarer": seat, "trump": "hearts",
                               "matadors": 1, "card_points": 50, "contra": "on",
                               "contra_by": other})
    assert deal.value == -40
    totals = deals.load_sheet(deals.table_info(table)).totals
    assert (totals[seat - 1], totals[other - 1]) == (-40, 20)


@pytest.mark.parametrize(("flags", "charge"), [({}, -20), ({"jungfer": "on"}, -30),
                                               ({"all_tricks": "on"}, -50)])
def test_ramsch_charges_the_loser(flags, charge):
    table = make_table()
    form, deal = enter(table, {"game": "ramsch", "loser": 2, **flags})
    assert deal.value == charge and deal.declarer is None
    assert deals.load_sheet(deals.table_info(table)).totals == (0, charge, 0)


def test_passed_deal_counts_as_a_deal_and_scores_nothing():
    table = make_table(options={"ramsch": False})
    form, deal = enter(table, {"game": "passed"})
    sheet = deals.load_sheet(deals.table_info(table))
    assert deal.value == 0 and sheet.played == 1 and sheet.totals == (0, 0, 0)


ISKO_GAMES = [
    ({"game": "suit", "trump": "diamonds", "matadors": 1, "card_points": 61},
     {"game": "suit", "trump": "diamonds", "matadors": 1, "card_points": 61}),
    ({"game": "suit", "trump": "clubs", "matadors": 2, "hand": "on", "card_points": 20},
     {"game": "suit", "trump": "clubs", "matadors": 2, "hand": True, "card_points": 20}),
    ({"game": "grand", "matadors": 4, "ouvert": "on", "card_points": 120, "tricks": 10},
     {"game": "grand", "matadors": 4, "ouvert": True, "card_points": 120, "tricks": 10}),
    ({"game": "grand", "matadors": 1, "hand": "on", "schneider_announced": "on",
      "card_points": 95, "tricks": 8},
     {"game": "grand", "matadors": 1, "hand": True, "schneider_announced": True,
      "card_points": 95, "tricks": 8}),
    ({"game": "null", "tricks": 0}, {"game": "null", "tricks": 0}),
    ({"game": "null", "hand": "on", "tricks": 1}, {"game": "null", "hand": True, "tricks": 1}),
    ({"game": "null", "ouvert": "on", "tricks": 0},
     {"game": "null", "ouvert": True, "tricks": 0}),
    ({"game": "null", "hand": "on", "ouvert": "on", "tricks": 0, "bid": 59},
     {"game": "null", "hand": True, "ouvert": True, "tricks": 0, "bid": 59}),
    ({"game": "suit", "trump": "hearts", "matadors": 1, "card_points": 80, "bid": 30},
     {"game": "suit", "trump": "hearts", "matadors": 1, "card_points": 80, "bid": 30}),
]


@pytest.mark.parametrize(("form_data", "record"), ISKO_GAMES)
def test_every_isko_game_through_the_form(form_data, record):
    table = make_table(players=4, rule_set="isko")
    seat = declarer_for(table)
    form, deal = enter(table, {**form_data, "declarer": seat})
    assert deal is not None, form.errors
    assert deal.value == evaluate(record, "isko")["value"]
    assert deal.record == record


def test_isko_passed_deal():
    table = make_table(rule_set="isko")
    assert enter(table, {"game": "passed"})[1].value == 0


REFUSALS = [
    ({"game": "grand", "matadors": 5, "card_points": 70}, "matadors", "1 to 4 matadors"),
    ({"game": "solo", "matadors": 1, "card_points": 70}, "trump", "needs its trump suit"),
    ({"game": "solo", "trump": "clubs", "matadors": 1, "card_points": 100, "tricks": 10},
     "tricks", "120 card points"),
    ({"game": "solo", "trump": "clubs", "matadors": 1}, "card_points", "card points"),
    ({"game": "solo", "trump": "clubs", "matadors": 1, "card_points": 120}, "tricks",
     "decide Schwarz"),
    ({"game": "null", "tricks": 0, "bid": 24}, "bid", "worth 20"),
    ({"game": "solo", "trump": "clubs", "matadors": 1, "card_points": 70, "bid": 11}, "bid",
     "no game"),
    ({"game": "null"}, "tricks", "no trick"),
    ({"game": "solo", "trump": "clubs", "card_points": 70}, "matadors", "enter them"),
    ({"game": "ramsch"}, "loser", "who lost"),
    ({"game": "ramsch", "loser": 2, "card_points": 30}, None, None),  # not shown: ignored
]


@pytest.mark.parametrize(("data", "field", "words"), REFUSALS)
def test_refusals_land_on_their_field_and_save_nothing(data, field, words):
    table = make_table()
    seat = declarer_for(table)
    form, deal = enter(table, {**data, "declarer": seat})
    if field is None:
        assert deal is not None  # card points are not a field of a plain Ramsch
        return
    assert deal is None
    assert field in form.errors, form.errors
    assert words in " ".join(form.errors[field])
    assert not Deal.objects.exists() and table.sheet_version == 0


def test_declarer_missing_and_four_table_dealer_refused():
    table = make_table(players=4)
    info = deals.table_info(table)
    form, deal = enter(table, {"game": "grand", "matadors": 1, "card_points": 70})
    assert "declarer" in form.errors
    dealer = info.dealer(1)
    form = DealForm(info, 1, {"game": "grand", "declarer": dealer, "matadors": 1,
                              "card_points": 70, "version": 0})
    assert not form.is_valid() and "declarer" in form.errors  # not even a choice


def test_contra_needs_an_opponent():
    table = make_table(options={"contra": True})
    seat = declarer_for(table)
    form, deal = enter(table, {"game": "solo", "declarer": seat, "trump": "hearts",
                               "matadors": 1, "card_points": 70, "contra": "on",
                               "contra_by": seat})
    assert deal is None and "contra_by" in form.errors


def test_corrections_recompute_later_totals_and_keep_the_old_version():
    table = make_table()
    enter(table, {"game": "solo", "declarer": 1, "trump": "hearts", "matadors": 1,
                  "card_points": 70})
    enter(table, {"game": "grand", "declarer": 1, "matadors": 1, "card_points": 70})
    info = deals.table_info(table)
    assert deals.load_sheet(info).totals == (60, 0, 0)
    first = table.deals.get(number=1)
    form = DealForm(info, 1, {"game": "solo", "declarer": 1, "trump": "clubs", "matadors": 1,
                              "card_points": 70, "version": first.version})
    assert form.is_valid()
    deals.correct_deal(table, 1, form.input, first.version, "Bert Sommer")
    sheet = deals.load_sheet(info)
    assert [r.totals for r in sheet.rows] == [(24, 0, 0), (64, 0, 0)]
    audit = AuditEntry.objects.get(action="deal_corrected")
    assert audit.before["value"] == 20 and audit.after["value"] == 24
    assert audit.actor == "Bert Sommer"
    with pytest.raises(deals.StaleSheet):  # a second device with the old version
        deals.correct_deal(table, 1, form.input, first.version, "Carl Sommer")
    assert table.deals.get(number=1).value == 24


def test_a_stale_add_is_refused_and_the_number_exists_once():
    table = make_table()
    info = deals.table_info(table)
    form = DealForm(info, 1, {"game": "grand", "declarer": 1, "matadors": 1,
                              "card_points": 70, "version": 0})
    assert form.is_valid()
    deals.add_deal(table, form.input, 0, "phone A")
    with pytest.raises(deals.StaleSheet, match="another device"):
        deals.add_deal(table, form.input, 0, "phone B")
    assert table.deals.count() == 1


def test_first_deal_starts_the_series_and_draft_series_take_no_deals():
    table = make_table()
    series = table.series
    enter(table, {"game": "grand", "declarer": 1, "matadors": 1, "card_points": 70})
    series.refresh_from_db()
    assert series.status == SeriesStatus.PLAYING
    with pytest.raises(plans.PlanError, match="started"):
        plans.swap_players(series, 1, 2, user=None)
    series.status = SeriesStatus.DRAFT
    series.save()
    info = deals.table_info(table)
    form = DealForm(info, 2, {"game": "grand", "declarer": 2, "matadors": 1,
                              "card_points": 70, "version": 1})
    assert form.is_valid()
    with pytest.raises(deals.SheetError, match="not published"):
        deals.add_deal(table, form.input, 1, "x")


def test_penalty_entry_and_the_organizer_only_delete():
    table = make_table()
    enter(table, {"game": "grand", "declarer": 1, "matadors": 1, "card_points": 70})
    enter(table, {"game": "grand", "declarer": 2, "matadors": 1, "card_points": 70})
    table.refresh_from_db()
    deals.add_penalty(table, 3, "skat_looked", None, "", table.sheet_version, "Anna Sommer")
    info = deals.table_info(table)
    sheet = deals.load_sheet(info)
    assert sheet.totals == (40, 40, -10) and sheet.rows[-1].kind == "penalty"
    stranger = get_user_model().objects.create_user("stranger")
    with pytest.raises(deals.SheetError, match="Only an organizer"):
        deals.delete_deal(table, 1, stranger)
    boss = get_user_model().objects.create_user("boss")
    table.series.tournament.organizers.add(boss)
    deals.delete_deal(table, 1, boss)
    sheet = deals.load_sheet(info)
    assert [r.number for r in sheet.rows if r.kind == "deal"] == [1]
    assert sheet.totals == (0, 40, -10) and not sheet.problems  # renumbered, dealer redone
    assert AuditEntry.objects.filter(action="deal_deleted").exists()


def fill(table, count):
    for number in range(1, count + 1):
        seat = declarer_for(table, number)
        enter(table, {"game": "grand", "declarer": seat, "matadors": 1, "card_points": 70})


def test_submit_and_confirm_by_another_player():
    table = make_table(deals_per_player=1)  # 3 deals
    fill(table, 2)
    with pytest.raises(deals.SheetError, match="1 deal"):
        deals.submit_sheet(table, "Anna Sommer")
    enter(table, {"game": "grand", "declarer": 1, "matadors": 1, "card_points": 70})
    deals.submit_sheet(table, "Anna Sommer")
    table.refresh_from_db()
    assert table.sheet_status == SheetStatus.SUBMITTED
    with pytest.raises(deals.SheetError, match="cannot confirm it too"):
        deals.confirm_sheet(table, "anna sommer")
    with pytest.raises(deals.SheetError, match="name of a player"):
        deals.confirm_sheet(table, "Somebody Else")
    deals.confirm_sheet(table, "Bert Sommer")
    table.refresh_from_db()
    assert table.sheet_status == SheetStatus.CONFIRMED and table.confirmed_by == "Bert Sommer"
    assert table.series.status == SeriesStatus.CONFIRMED  # its only table is confirmed
    form = DealForm(deals.table_info(table), 3, {"game": "grand", "declarer": 1,
                                                 "matadors": 2, "card_points": 70,
                                                 "version": 1})
    assert form.is_valid()
    with pytest.raises(deals.SheetError, match="confirmed"):
        deals.correct_deal(table, 3, form.input, 1, "Anna Sommer")


def test_organizer_override_and_blind_check():
    table = make_table(deals_per_player=1, blind_check=True)
    fill(table, 3)
    boss = get_user_model().objects.create_user("boss")
    table.series.tournament.organizers.add(boss)
    deals.submit_sheet(table, "boss", user=boss)
    with pytest.raises(deals.SheetError, match="cannot confirm"):
        deals.confirm_sheet(table, "boss", user=boss)
    totals = list(deals.load_sheet(deals.table_info(table)).totals)
    with pytest.raises(deals.SheetError, match="do not match"):
        deals.confirm_sheet(table, "Bert Sommer", totals=[t + 1 for t in totals])
    deals.confirm_sheet(table, "boss", user=boss, override=True)
    table.refresh_from_db()
    assert table.confirmation_override is True
    assert AuditEntry.objects.filter(action="sheet_confirmed_override").exists()


def test_blind_check_with_the_right_totals():
    table = make_table(deals_per_player=1, blind_check=True)
    fill(table, 3)
    deals.submit_sheet(table, "Anna Sommer")
    totals = list(deals.load_sheet(deals.table_info(table)).totals)
    deals.confirm_sheet(table, "Carl Sommer", totals=totals)
    table.refresh_from_db()
    assert table.blind_checked and table.sheet_status == SheetStatus.CONFIRMED


def test_a_change_to_a_submitted_sheet_reopens_it():
    table = make_table(deals_per_player=1)
    fill(table, 3)
    deals.submit_sheet(table, "Anna Sommer")
    deal = table.deals.get(number=2)
    form = DealForm(deals.table_info(table), 2, {"game": "grand", "declarer": deal.declarer,
                                                 "matadors": 2, "card_points": 70,
                                                 "version": deal.version})
    assert form.is_valid()
    deals.correct_deal(table, 2, form.input, deal.version, "Anna Sommer")
    table.refresh_from_db()
    assert table.sheet_status == SheetStatus.OPEN and table.submitted_by == ""


def test_a_failed_save_leaves_no_trace(monkeypatch):
    table = make_table()
    info = deals.table_info(table)
    form = DealForm(info, 1, {"game": "grand", "declarer": 1, "matadors": 1,
                              "card_points": 70, "version": 0})
    assert form.is_valid()

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(deals, "record_change", broken)
    with pytest.raises(RuntimeError):
        deals.add_deal(table, form.input, 0, "x")
    table.refresh_from_db()
    assert not Deal.objects.exists() and table.sheet_version == 0
    assert table.series.status == SeriesStatus.SEATED


def test_a_value_left_in_a_hidden_field_does_not_block_the_save():
    table = make_table()
    form, deal = enter(table, {"game": "null", "declarer": 1, "tricks": 0, "matadors": "abc",
                               "card_points": 999})
    assert deal is not None and deal.record == {"game": "null", "tricks": 0}


def test_blind_totals_are_not_required_for_an_organizer_override():
    from tournament.sheets.forms import ConfirmForm

    form = ConfirmForm({"name": "boss", "override": "on"}, seats=3, blind=True)
    assert form.is_valid() and form.totals() is None
    typed = ConfirmForm({"name": "Bert", "total_1": 5, "total_2": 0, "total_3": -5},
                        seats=3, blind=True)
    assert typed.is_valid() and typed.totals() == [5, 0, -5]
