"""The foot each table keeps of its sheet (tournament/sheets/foot.py): added up again in the
transaction of every change to the sheet, read by the standings and the prizes instead of the
deals, added up for the deals stored before it by its migration."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection

from scoring.cache import forget_recent
from scoring.results import services as results
from tests.factories import club_night, play, table_of_size
from tests.feet import stale_feet
from tournament.models import Deal, Seat, Table
from tournament.models.tables import SheetFoot
from tournament.sheets import edits
from tournament.sheets import services as sheets
from tournament.sheets.foot import DEAL_COLUMNS, FOOT_COLUMNS, GAMES_COLUMN, Foot, foot_of
from tournament.sheets.services import DealInput

pytestmark = pytest.mark.django_db

SOLO_WON = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}
SOLO_LOST = {"game": "solo", "trump": "clubs", "matadors": 2, "card_points": 40}
WITHOUT_TWO = {"game": "solo", "trump": "spades", "matadors": -2, "card_points": 80}
GRAND_WITHOUT = {"game": "grand", "matadors": -1, "card_points": 70}


def kept(table: Table) -> Foot:
    row = Table.objects.filter(pk=table.pk).values_list(*FOOT_COLUMNS, GAMES_COLUMN).get()
    return Foot.from_columns(row[:-1], row[-1])


def added(table: Table) -> Foot:
    return foot_of(Deal.objects.filter(table=table).values_list(*DEAL_COLUMNS))


@pytest.fixture
def three(organizer):
    return table_of_size(club_night(organizer), 3)


@pytest.fixture
def organizer():
    return get_user_model().objects.create_user("marta", password="x" * 12)


def test_the_table_keeps_every_column_of_the_foot():
    assert {f.name for f in SheetFoot._meta.get_fields()} == {*FOOT_COLUMNS, GAMES_COLUMN}


def test_every_change_to_the_sheet_adds_its_foot_up_again(three, organizer):
    for record, declarer in ((SOLO_WON, 1), (SOLO_LOST, 2), (WITHOUT_TWO, 3),
                             (GRAND_WITHOUT, 1)):
        play(three, record, declarer)
        assert kept(three) == added(three)
    foot = kept(three)
    assert (foot.deals, foot.won, foot.lost) == (4, (2, 0, 1, 0), (0, 1, 0, 0))
    # without 2 ranks above a Grand without 1 for prize 3; seat 2 won nothing
    assert foot.solo[2] > foot.solo[0] > 0 and foot.solo[1] is None and foot.highest[0] > 0
    deal = three.deals.get(number=2)
    sheets.correct_deal(three, 2, DealInput(dict(SOLO_WON), declarer=2), deal.version, "test")
    assert kept(three) == added(three) and kept(three).won == (2, 1, 1, 0)
    three.refresh_from_db()
    edits.insert_deal(three, 1, DealInput(dict(SOLO_LOST), declarer=3), three.sheet_version,
                      "test")
    assert kept(three) == added(three) and kept(three).deals == 5
    edits.delete_deal(three, 4, organizer)
    assert kept(three) == added(three) and kept(three).deals == 4


def test_the_standings_read_the_foot_not_the_deals(three):
    play(three, SOLO_WON, 1)
    before = {s.entry: s.points for s in results.compute(three.series.tournament).standings}
    # a deal changed behind the site's back: the standings keep to the foot
    Deal.objects.filter(table=three).update(points_1=999)
    cache.clear()
    forget_recent()
    after = {s.entry: s.points for s in results.compute(three.series.tournament).standings}
    assert after == before and 999 not in after.values()
    Deal.objects.filter(table=three).update(points_1=30)  # as it was: the foot adds up


def test_the_migration_adds_up_the_foot_of_every_sheet_played_before_it(three):
    for record, declarer in ((SOLO_WON, 1), (WITHOUT_TWO, 2), (GRAND_WITHOUT, 3)):
        play(three, record, declarer)
    Table.objects.update(**Foot().columns())  # as the new columns began
    assert stale_feet()
    migration = importlib.import_module("tournament.migrations.0018_sheet_foot")
    migration.add_up_every_foot(apps, None)
    assert stale_feet() == [] and kept(three).deals == 3
    Seat.objects.update(points=0, won=0, lost=0, others_lost=0, bonus=0, highest=None)
    assert stale_feet()
    seats = importlib.import_module("tournament.migrations.0019_seat_feet")
    seats.feet_to_every_seat(apps, Editor())
    assert stale_feet() == []
    assert sorted(three.seats.values_list("won", flat=True)) == [1, 1, 1]  # one game each


class Editor:
    """What the migration asks of its schema editor: to run a statement."""

    def execute(self, sql, params=()):
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
