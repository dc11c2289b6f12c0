"""A stored deal's scoring columns (game, trump, matadors, won, card points, Passt Nicht, each
seat's Points) agree with its record: when add_deal and correct_deal store it, when migration
0009 fills them for older deals, and ``manage.py check_deals`` reports any that do not."""

import importlib
import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import F

from tests.tournament.test_deals import declarer_for, enter, make_table
from tournament.models import Deal, Table
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm
from tournament.sheets.rows import stale_foot
from tournament.sheets.sheet import scoring_columns

pytestmark = pytest.mark.django_db

BLANK = {"game": "", "trump": "", "matadors": 0, "won": None, "card_points": None,
         "passt_nicht": False, "points_1": 0, "points_2": 0, "points_3": 0, "points_4": 0}


def expected_columns(deal: Deal) -> dict:
    return scoring_columns(deal.record, deal.outcome, deal.value, deal.declarer,
                           deal.contra_by, deal.revoked_by)


def stored_columns(deal: Deal) -> dict:
    return {column: getattr(deal, column) for column in BLANK}


def varied_table():
    """A three-table with a won Solo, a lost Tourné without 1 with Passt Nicht, a lost Null,
    a Ramsch with Jungfer, a Contra and an opponent's revoke: every column set somewhere."""
    table = make_table(options={"contra": True})
    for data in (
        {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95},
        {"game": "tourne", "trump": "spades", "matadors": 1, "without": "on",
         "card_points": 55, "passt_nicht": "on"},
        {"game": "null", "tricks": 1},
        {"game": "ramsch", "loser": 2, "jungfer": "on"},
        {"game": "solo", "trump": "clubs", "matadors": 2, "card_points": 50, "contra": "on",
         "contra_by": "opponent"},
        {"game": "grand", "matadors": 1, "card_points": 80, "revoke": "opponent",
         "revoked_by": "opponent"},
    ):
        if "loser" not in data:
            data = {**data, "declarer": declarer_for(table)}
        opponent = next(s for s in (1, 2, 3) if s != data.get("declarer"))
        data = {k: opponent if v == "opponent" and k.endswith("_by") else v
                for k, v in data.items()}
        form, deal = enter(table, data)
        assert deal is not None, form.errors
    return table


def test_deals_stored_by_add_deal_and_correct_deal_have_the_columns_of_their_record():
    table = varied_table()
    stored = list(table.deals.order_by("number"))
    assert len(stored) == 6
    for deal in stored:
        assert stored_columns(deal) == expected_columns(deal), deal.description
    # the columns really vary: a lost game, Passt Nicht, a charge beside the declarer's
    assert {d.won for d in stored} == {True, False, None}
    assert any(d.passt_nicht for d in stored) and any(d.matadors < 0 for d in stored)
    contra = stored[4]
    assert contra.points_1 + contra.points_2 + contra.points_3 != contra.value

    first = stored[0]
    info = deals.table_info(table)
    form = DealForm(info, 1, {"game": "null", "declarer": first.declarer, "tricks": 0,
                              "version": first.version})
    assert form.is_valid(), form.errors
    corrected = deals.correct_deal(table, 1, form.input, first.version, "Bert Sommer")
    corrected.refresh_from_db()
    assert corrected.game == "null" and corrected.trump == "" and corrected.won is True
    assert stored_columns(corrected) == expected_columns(corrected)


@pytest.mark.feet_may_differ  # the foot is stale as the hand-edited deal left it
def test_check_deals_reports_a_column_that_differs_from_the_record():
    table = varied_table()
    slug = table.series.tournament.slug
    call_command("check_deals", tournament=slug, stdout=io.StringIO())  # all agree
    deal = table.deals.get(number=5)
    Deal.objects.filter(pk=deal.pk).update(points_2=F("points_2") + 7, trump="")
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 stored deal"):
        call_command("check_deals", tournament=slug, stdout=out)
    line = out.getvalue()
    assert f"table {table.number}: Deal 5:" in line
    assert "points_2" in line and "trump" in line and "points_1" not in line


def test_the_migrations_backfill_gives_the_columns_scoring_columns_gives():
    table = varied_table()
    Deal.objects.filter(table=table).update(**BLANK)
    assert all(stored_columns(d) == BLANK for d in table.deals.all())
    migration = importlib.import_module("tournament.migrations.0009_deal_scoring_columns")
    migration.fill_scoring_columns(apps, None)
    for deal in table.deals.order_by("number"):
        assert stored_columns(deal) == expected_columns(deal), deal.description
        assert stored_columns(deal) != BLANK or deal.value == 0


def test_check_deals_reports_a_foot_that_differs_from_the_deals_and_mends_it():
    table = varied_table()
    slug = table.series.tournament.slug
    Table.objects.filter(pk=table.pk).update(points_2=F("points_2") + 7, won_1=0)
    out = io.StringIO()
    with pytest.raises(CommandError, match="0 stored deal value.*; 1 sheet foot"):
        call_command("check_deals", tournament=slug, stdout=out)
    assert f"table {table.number}: the sheet's foot is not what its deals add up" in (
        out.getvalue())
    call_command("check_deals", tournament=slug, mend_feet=True, stdout=io.StringIO())
    call_command("check_deals", tournament=slug, stdout=io.StringIO())  # all agree again
    assert not stale_foot(table)
