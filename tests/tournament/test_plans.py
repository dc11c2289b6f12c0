"""Seating a series in the database: draw, re-seat, swap, move, publish, audit."""

import datetime

import pytest

from tests.factories import add_entry
from tournament.models import (
    AuditEntry,
    Club,
    KeepApart,
    Seat,
    SeatingMethod,
    SeriesStatus,
    Tournament,
)
from tournament.seating import charts, loaders
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db


def make_tournament(players=12, checked_in=None, **fields):
    tournament = Tournament.objects.create(
        name="Club night", slug=f"club-night-{players}", start_date=datetime.date(2027, 3, 6),
        **fields,
    )
    plans.ensure_series(tournament)
    club = Club.objects.create(name=f"Pik As {players}")
    for n in range(1, players + 1):
        add_entry(tournament, n, f"P{n}", f"Player{n:03d}", club=club,
                  checked_in=n <= (checked_in if checked_in is not None else players))
    return tournament


def series(tournament, number=1):
    return tournament.series.get(number=number)


def test_draw_seats_every_checked_in_player_once_in_tables_of_3_and_4():
    tournament = make_tournament(players=14, checked_in=13)
    plan = plans.seat_series(series(tournament), SeatingMethod.DRAW, "abc", user=None)
    seats = Seat.objects.filter(series__tournament=tournament)
    assert seats.count() == 13
    assert sorted(len(t) for t in plan.tables) == [3, 3, 3, 4]
    assert not seats.filter(entry__number=14).exists()  # not checked in
    assert series(tournament).seed == "abc"


def test_the_same_seed_gives_the_same_plan_and_redraw_replaces_the_draft():
    tournament = make_tournament(players=20)
    s = series(tournament)
    plans.seat_series(s, SeatingMethod.DRAW, "seed-1", user=None)
    first = plans.snapshot(s)
    plans.seat_series(s, SeatingMethod.DRAW, "seed-2", user=None)
    assert plans.snapshot(s) != first
    plans.seat_series(s, SeatingMethod.DRAW, "seed-1", user=None)
    assert plans.snapshot(s) == first
    assert Seat.objects.filter(series=s).count() == 20


def test_an_empty_seed_draws_a_new_one_and_records_it():
    tournament = make_tournament(players=9)
    plan = plans.seat_series(series(tournament), SeatingMethod.DRAW, "", user=None)
    assert plan.seed and series(tournament).seed == plan.seed


def test_reseat_avoids_pairs_of_earlier_series():
    tournament = make_tournament(players=24)
    for number in (1, 2, 3):
        method = SeatingMethod.DRAW if number == 1 else SeatingMethod.RESEAT
        plans.seat_series(series(tournament, number), method, f"s{number}", user=None)
    met_before_3 = plans.met_pairs(tournament, 3)
    third = plans.seating.pairs_of(
        [[e for e in t] for t in loaders.members_by_table(series(tournament, 3)).values()])
    assert series(tournament, 3).repeat_pairs == len(third & met_before_3) == 0


def test_keep_apart_pairs_are_honoured():
    tournament = make_tournament(players=12)
    entries = list(tournament.entries.order_by("number"))
    for a, b in [(0, 1), (2, 3), (4, 5)]:
        KeepApart.objects.create(tournament=tournament, first=entries[a], second=entries[b])
    for seed in ("a", "b", "c", "d"):
        plans.seat_series(series(tournament), SeatingMethod.DRAW, seed, user=None)
        assert series(tournament).apart_violations == 0


def test_too_few_players_gives_the_seating_message():
    tournament = make_tournament(players=5)
    with pytest.raises(plans.PlanError) as error:
        plans.seat_series(series(tournament), SeatingMethod.DRAW, "x", user=None)
    assert "5 players" in str(error.value)
    assert not Seat.objects.exists()


def test_swap_and_move_are_audited_and_keep_one_seat_each():
    tournament = make_tournament(players=10)
    s = series(tournament)
    plans.seat_series(s, SeatingMethod.DRAW, "swap", user=None)
    layout = plans.snapshot(s)
    a, b = layout[0][0], layout[1][0]
    plans.swap_players(s, a, b, user=None)
    swapped = plans.snapshot(s)
    assert swapped[0][0] == b and swapped[1][0] == a
    assert AuditEntry.objects.filter(action="players_swapped").count() == 1
    # table 1 has 4 players (10 = 4 + 3 + 3): move one of them to a three-table
    mover = swapped[0][1]
    plans.move_player(s, mover, 2, user=None)
    moved = plans.snapshot(s)
    assert mover in moved[1] and mover not in moved[0]
    assert sorted(len(t) for t in moved) == [3, 3, 4]
    assert Seat.objects.filter(series=s).count() == 10
    entry = AuditEntry.objects.get(action="player_moved")
    assert entry.before["table"] == 1 and entry.after["table"] == 2


def test_moving_to_a_full_table_is_refused_and_changes_nothing():
    tournament = make_tournament(players=8)  # two four-tables
    s = series(tournament)
    plans.seat_series(s, SeatingMethod.DRAW, "full", user=None)
    before = plans.snapshot(s)
    with pytest.raises(plans.PlanError, match="full"):
        plans.move_player(s, before[0][0], 2, user=None)
    assert plans.snapshot(s) == before


def test_publish_then_no_redraw_but_corrections_until_play():
    tournament = make_tournament(players=9)
    s = series(tournament)
    plans.seat_series(s, SeatingMethod.DRAW, "pub", user=None)
    plans.publish(s, user=None)
    s.refresh_from_db()
    assert s.status == SeriesStatus.SEATED and s.seated_at is not None
    with pytest.raises(plans.PlanError, match="only a draft"):
        plans.seat_series(s, SeatingMethod.DRAW, "other", user=None)
    layout = plans.snapshot(s)
    plans.swap_players(s, layout[0][0], layout[1][0], user=None)  # still allowed
    s.status = SeriesStatus.PLAYING
    s.save()
    with pytest.raises(plans.PlanError, match="started"):
        plans.swap_players(s, layout[0][0], layout[1][0], user=None)


def test_publish_refuses_a_table_of_two():
    tournament = make_tournament(players=7)  # 4 + 3
    s = series(tournament)
    plans.seat_series(s, SeatingMethod.DRAW, "two", user=None)
    layout = plans.snapshot(s)
    three = next(t for t in layout if len(t) == 3)
    four_table = 1 + next(i for i, t in enumerate(layout) if len(t) == 4)
    Seat.objects.filter(series=s, entry__number=three[0]).delete()  # someone left the room
    problems = plans.plan_problems(s)
    assert any("2 players" in p for p in problems)
    with pytest.raises(plans.PlanError, match="seats 3 or 4"):
        plans.publish(s, user=None)
    assert four_table in (1, 2)


def test_chart_by_player_is_alphabetical_with_table_and_seat():
    tournament = make_tournament(players=9)
    s = series(tournament)
    plans.seat_series(s, SeatingMethod.DRAW, "chart", user=None)
    rows = charts.chart_by_player(s)
    assert [r.sort_name for r in rows] == sorted(r.sort_name for r in rows)
    assert {(r.table, r.position) for r in rows} == {
        (t, p) for t, seats in charts.chart_by_table(s) for p in range(1, len(seats) + 1)}


def test_chart_queries_do_not_grow_with_players(django_assert_max_num_queries):
    tournament = make_tournament(players=60)
    s = series(tournament)
    plans.seat_series(s, SeatingMethod.DRAW, "q", user=None)
    with django_assert_max_num_queries(1):
        charts.chart_by_table(s)
