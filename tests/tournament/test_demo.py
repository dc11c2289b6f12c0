"""The demo congress that `make run` loads."""

import pytest
from django.core.management import call_command

import engine
from tournament.models import Seat, SeriesStatus, SheetStatus, Tournament
from tournament.sheets import services as deals

pytestmark = pytest.mark.django_db


def test_demo_congress_is_seated_and_published(capsys):
    call_command("demo_congress")
    tournament = Tournament.objects.get(slug="demo-congress")
    assert tournament.entries.count() == 62
    assert tournament.entries.filter(checked_in=True).count() == 59
    assert tournament.entries.values("club").distinct().count() == 8
    statuses = [s.status for s in tournament.series.order_by("number")]
    assert statuses == [SeriesStatus.CONFIRMED, SeriesStatus.CONFIRMED, SeriesStatus.PLAYING]
    for series in tournament.series.all():
        assert Seat.objects.filter(series=series).count() == 59
        assert sorted({t.seats.count() for t in series.tables.all()}) == [3, 4]
    # re-seating keeps repeat opponents at zero for a congress of this size
    assert [s.repeat_pairs for s in tournament.series.order_by("number")] == [0, 0, 0]
    assert "demo-congress" in capsys.readouterr().out


def test_demo_sheets_are_complete_and_consistent():
    call_command("demo_congress")
    tournament = Tournament.objects.get(slug="demo-congress")
    first = tournament.series.get(number=1)
    for table in first.tables.all():
        sheet = deals.load_sheet(deals.table_info(table))
        assert sheet.complete, sheet.problems
        assert table.sheet_status == SheetStatus.CONFIRMED
    call_command("check_deals", "--tournament", "demo-congress")  # the engine agrees
    third = tournament.series.get(number=3)
    table = third.tables.first()
    sheet = deals.load_sheet(deals.table_info(table))
    assert 0 < sheet.played < sheet.deal_count and not sheet.problems


def test_demo_congress_is_idempotent_and_can_be_reset():
    call_command("demo_congress")
    first_id = Tournament.objects.get(slug="demo-congress").id
    call_command("demo_congress")
    assert Tournament.objects.filter(slug="demo-congress").count() == 1
    call_command("demo_congress", "--reset")
    assert Tournament.objects.get(slug="demo-congress").id != first_id


def test_the_comparative_demo_is_played_released_and_true_to_its_cards():
    from tournament.comparative import services as comparative
    from tournament.demo import build_comparative_demo
    from tournament.models import Deal

    tournament = build_comparative_demo()
    (series,) = tournament.series.all()
    assert series.status == SeriesStatus.RELEASED
    assert series.tables.count() == 6 and series.decks.count() == 12
    for table in series.tables.all():
        info = deals.table_info(table)
        sheet = deals.load_sheet(info)
        assert sheet.complete, sheet.problems
        assert sorted(table.deals.values_list("deck__number", flat=True)) == list(range(1, 13))
    grand = Deal.objects.filter(table__series=series, record__game="grand").first()
    deck = comparative.engine_deck(grand.deck)
    letter = comparative.letter_of(grand.declarer)
    assert grand.record["matadors"] == engine.deck_matadors(deck, engine.Letter(letter), None)


def test_check_deals_finds_a_stored_value_the_rules_do_not_give(capsys):
    from django.core.management.base import CommandError

    from tournament.models import Deal

    call_command("demo_congress")
    deal = Deal.objects.filter(table__series__tournament__slug="demo-congress").first()
    Deal.objects.filter(pk=deal.pk).update(value=deal.value + 1)  # as a broken import might
    with pytest.raises(CommandError, match="1 stored deal value"):
        call_command("check_deals", "--tournament", "demo-congress")
    out = capsys.readouterr().out
    assert f"table {deal.table.number}: Deal {deal.number}: stored {deal.value + 1}" in out
