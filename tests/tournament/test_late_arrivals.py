"""Issue 18, point 1: a player checked in after his series was drawn gets a seat at a table
with room (a three-table becomes a four-table) until that table's first deal; Publish refuses
while checked-in players have no seat, or records "they sit out this series"; re-draws keep the
links of the tables that keep their number."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import add_entry, enter, new_tournament, register, seat
from tournament.comparative.services import make_comparative
from tournament.models import (
    AuditEntry,
    RetiredLink,
    Seat,
    SeatingMethod,
    Series,
    SeriesStatus,
    Table,
    TablePolicy,
    Tournament,
)
from tournament.seating import arrivals, loaders
from tournament.seating import services as plans
from tournament.seating.services import PlanError

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(marta):
    """Eleven players drawn at two four-tables and one three-table (a draft); player 12
    arrives late."""
    tournament = new_tournament("late-night", marta, deals_per_player=2, series_count=2,
                                public=True)
    register(tournament, [f"First{n} Last{n:02d}" for n in range(1, 12)])
    series = seat(tournament.series.get(number=1), "late", user=marta, publish=False)
    register(tournament, ["Hans Spät"])  # checked in after the draw
    return series


def three_table(series):
    return next(t for t in series.tables.order_by("number") if t.seats.count() == 3)


def url(name, series):
    return reverse(f"tournament:{name}", args=[series.tournament.slug, series.number])


def test_a_late_arrival_is_named_and_publish_refuses_him_missing(night, marta):
    assert [e.number for e in plans.unseated(night)] == [12]
    problem = plans.plan_problems(night)[-1]
    assert "12 Hans Spät" in problem
    with pytest.raises(PlanError, match="no seat: 12 Hans Spät"):
        plans.publish(night, marta)
    night.refresh_from_db()
    assert night.status == SeriesStatus.DRAFT


def test_he_takes_the_free_seat_of_a_three_table_in_the_draft(night, marta):
    table = three_table(night)
    token = table.token
    assert arrivals.seat_late_arrival(night, 12, table.number, marta) == 4
    table.refresh_from_db()
    assert table.token == token  # the link stays
    assert list(table.seats.order_by("position").values_list("entry__number", flat=True))[-1] \
        == 12
    entry = AuditEntry.objects.get(action="late_arrival_seated")
    assert entry.subject == f"series 1 table {table.number}"
    assert entry.after["player"] == 12 and entry.after["seat"] == 4
    plans.publish(night, marta)
    night.refresh_from_db()
    assert night.status == SeriesStatus.SEATED


def test_after_publication_until_the_tables_first_deal(night, marta):
    plans.sit_out(night, [12], marta)
    plans.publish(night, marta)
    fours = [t for t in night.tables.all() if t.seats.count() == 4]
    enter(fours[0], 1)  # play has started in the series, not at the three-table
    table = three_table(night)
    version = table.sheet_version
    with pytest.raises(PlanError, match="has 4 players and a table seats 4") as full:
        arrivals.seat_late_arrival(night, 12, fours[1].number, marta)
    assert full.value.field == "table"
    assert arrivals.tables_with_room(night) == [table.number]
    arrivals.seat_late_arrival(night, 12, table.number, marta)
    table.refresh_from_db()
    assert table.seats.count() == 4
    assert table.sheet_version == version + 1  # a form opened for three is refused as stale
    assert loaders.sitting_out(night) == []  # seated now: he no longer sits out


def test_never_at_a_table_that_has_started(night, marta):
    plans.sit_out(night, [12], marta)
    plans.publish(night, marta)
    table = three_table(night)
    enter(table, 1)
    with pytest.raises(PlanError, match="has started play") as started:
        arrivals.seat_late_arrival(night, 12, table.number, marta)
    assert started.value.field == "table"
    assert arrivals.tables_with_room(night) == []
    assert not Seat.objects.filter(series=night, entry__number=12).exists()


def test_refusals_name_the_player_and_the_rule(night, marta):
    table = three_table(night)
    add_entry(night.tournament, 13, "Nora", "Nicht", checked_in=False)
    with pytest.raises(PlanError, match="Player 13 .* is not checked in") as absent:
        arrivals.seat_late_arrival(night, 13, table.number, marta)
    assert absent.value.field == "number"
    with pytest.raises(PlanError, match="Player 1 already sits at table"):
        arrivals.seat_late_arrival(night, 1, table.number, marta)
    with pytest.raises(PlanError, match="has no table 9"):
        arrivals.seat_late_arrival(night, 12, 9, marta)


def test_a_three_tables_only_tournament_keeps_its_tables_of_three(night, marta):
    night.tournament.table_policy = TablePolicy.THREE_ONLY
    night.tournament.save()
    with pytest.raises(PlanError, match="three-tables only"):
        arrivals.seat_late_arrival(night, 12, three_table(night).number, marta)


def test_a_comparative_three_table_stays_a_three_table(marta):
    tournament = Tournament.objects.create(name="Duplicate", slug="dup-late",
                                           start_date=datetime.date(2027, 5, 1), series_count=1)
    for n in range(1, 7):
        add_entry(tournament, n, f"F{n}", f"L{n}")
    (series,) = plans.ensure_series(tournament)
    make_comparative(tournament, table_size=3, decks=6, seed="dup", user=None)
    plans.seat_series(series, SeatingMethod.DRAW, "dup", user=None)
    add_entry(tournament, 7, "Spät", "Dran")
    with pytest.raises(PlanError, match="comparative decks are dealt for three-tables"):
        arrivals.seat_late_arrival(series, 7, 1, marta)


def test_sits_out_is_an_explicit_recorded_choice_at_publish(night, marta):
    plans.publish(night, marta, sit_out_unseated=True)
    night.refresh_from_db()
    assert night.status == SeriesStatus.SEATED
    assert [e.number for e in loaders.sitting_out(night)] == [12]
    assert plans.unseated(night) == []
    recorded = AuditEntry.objects.get(action="sits_out")
    assert recorded.after == {"players": [12], "names": "12 Hans Spät"}


def test_only_a_checked_in_player_without_a_seat_sits_out(night, marta):
    add_entry(night.tournament, 13, "Nora", "Nicht", checked_in=False)
    with pytest.raises(PlanError, match="Player 13 .* is not checked in"):
        plans.sit_out(night, [13], marta)
    with pytest.raises(PlanError, match="Player 1 has a seat in series 1"):
        plans.sit_out(night, [1], marta)
    with pytest.raises(PlanError, match="No player has number 99"):
        plans.sit_out(night, [99], marta)
    assert loaders.sitting_out(night) == []
    assert not AuditEntry.objects.filter(action="sits_out").exists()


def test_a_redraw_keeps_the_links_of_tables_that_keep_their_number(night, marta):
    before = dict(night.tables.values_list("number", "token"))
    plans.seat_series(night, SeatingMethod.DRAW, "again", user=marta)  # 12 players: 3 tables
    assert dict(night.tables.values_list("number", "token")) == before
    assert sorted(e for t in loaders.tables_of(night) for e in t) == sorted(
        night.tournament.entries.values_list("id", flat=True))


def test_a_table_a_redraw_removes_leaves_a_retired_link(night, marta):
    night.tournament.table_policy = TablePolicy.THREE_ONLY
    night.tournament.save()
    plans.seat_series(night, SeatingMethod.DRAW, "four tables", user=marta)  # 12 → 4 tables
    tokens = dict(night.tables.values_list("number", "token"))
    night.tournament.entries.filter(number__in=[10, 11, 12]).update(checked_in=False)
    plans.seat_series(night, SeatingMethod.DRAW, "three tables", user=marta)  # 9 → 3 tables
    assert dict(night.tables.values_list("number", "token")) == {
        n: tokens[n] for n in (1, 2, 3)}
    retired = RetiredLink.objects.get()
    assert (retired.token, retired.series_number, retired.table_number) == (tokens[4], 1, 4)
    assert not Table.objects.filter(token=tokens[4]).exists()


# --- through the organizer's page ---------------------------------------------------------------

def test_move_seats_a_late_arrival_instead_of_saying_he_has_no_seat(night, marta_client):
    table = three_table(night)
    page = marta_client.post(url("series_move", night), {"number": 12, "table": table.number},
                             follow=True).content.decode()
    assert "has no seat" not in page
    assert f"Player 12 is seated at table {table.number}" in page
    assert Seat.objects.get(series=night, entry__number=12).table == table


def test_the_series_page_offers_the_tables_with_room_and_the_sit_out_choice(night,
                                                                          marta_client):
    table = three_table(night)
    page = marta_client.get(url("series", night)).content.decode()
    assert 'id="late-arrivals"' in page
    assert f'<option value="{table.number}">Table {table.number}</option>' in page
    assert "12 Hans Spät sits out this series" in page
    refused = marta_client.post(url("series_publish", night), follow=True).content.decode()
    assert "no seat: 12 Hans Spät" in refused
    night.refresh_from_db()
    assert night.status == SeriesStatus.DRAFT

    marta_client.post(url("series_publish", night), {"sit_out": "1"})
    night.refresh_from_db()
    assert night.status == SeriesStatus.SEATED
    page = marta_client.get(url("series", night)).content.decode()
    assert "Sitting out this series (recorded): 12 Hans Spät" in page


def test_seat_late_through_the_page(night, marta_client):
    table = three_table(night)
    response = marta_client.post(url("series_seat_late", night),
                                 {"number": 12, "table": table.number}, follow=True)
    assert "keeps its link" in response.content.decode()
    bad = marta_client.post(url("series_seat_late", night), {"number": 12, "table": 99},
                            follow=True).content.decode()
    assert "already sits at table" in bad


def test_the_door_says_a_late_arrival_needs_a_seat(night, marta_client):
    add_entry(night.tournament, 13, "Nora", "Nicht", checked_in=False)
    check_in = reverse("tournament:entry_check_in", args=[night.tournament.slug, 13])
    page = marta_client.post(check_in, {"checked_in": "1"}, follow=True).content.decode()
    assert "13 Nora Nicht is checked in. Series 1 is drawn without them" in page
    assert "seats them as a late arrival on the series page" in page
    plans.sit_out(night, [12, 13], None)  # recorded: the door has nothing more to say
    marta_client.post(check_in, {"checked_in": "0"})
    page = marta_client.post(check_in, {"checked_in": "1"}, follow=True).content.decode()
    assert "13 Nora Nicht is checked in." in page and "drawn without them" not in page


def test_with_every_table_full_the_page_says_what_is_left(marta, marta_client):
    tournament = Tournament.objects.create(name="Full House", slug="full-house",
                                           start_date=datetime.date(2027, 5, 1), series_count=1)
    tournament.organizers.add(marta)
    for n in range(1, 13):
        add_entry(tournament, n, f"F{n}", f"L{n}")
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "full", user=marta)  # three four-tables
    plans.publish(series, marta)
    add_entry(tournament, 13, "Hans", "Spät")
    assert arrivals.tables_with_room(series) == []
    page = marta_client.get(url("series", series)).content.decode()
    assert "No table can take a late arrival now" in page
    assert "Put the series back to draft and re-draw" in page
    assert "13 Hans Spät sits out this series" in page
    assert "Seat the late arrival" not in page


def test_a_finished_series_asks_for_no_seat(night, marta):
    """A player checked in for series 2 is no late arrival of the finished series 1."""
    plans.publish(night, marta, sit_out_unseated=True)
    add_entry(night.tournament, 13, "Nora", "Neu")  # checked in for series 2
    Series.objects.filter(pk=night.pk).update(status=SeriesStatus.RELEASED)
    night.refresh_from_db()
    assert plans.unseated(night) == []
    assert not any("no seat" in p for p in plans.plan_problems(night))
    with pytest.raises(PlanError, match="Series 1 is finished"):
        plans.sit_out(night, [13], marta)
