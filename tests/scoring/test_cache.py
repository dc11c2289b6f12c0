"""Computed results are kept per tournament and are stale the moment anything that counts
changes: the next request shows the change."""

import pytest

from scoring.awards import services as awards
from scoring.forms import SettingsForm
from scoring.release import services as releases
from scoring.results import services as result_services
from scoring.settings import services as results_settings
from tests.scoring.test_views import tied_tournament
from tournament.models import SeriesStatus
from tournament.sheets import services as sheets
from tournament.versions import changed, version

pytestmark = pytest.mark.django_db


def points_of(comp, entry):
    return next(s.points for s in comp.standings if s.entry == entry)


def test_the_second_request_reads_only_the_version(played_demo, django_assert_num_queries):
    tournament, _ = played_demo
    first = result_services.compute(tournament)
    awards.prizes(first)
    with django_assert_num_queries(1):  # the latest audit entry
        again = result_services.compute(tournament)
        assert awards.prizes(again) == awards.prizes(first)
    assert again.standings == first.standings and again.tournament is tournament


def test_a_penalty_shows_on_the_next_request(played_demo):
    tournament, boss = played_demo
    table = tournament.series.get(number=3).tables.first()
    seat = table.seats.get(position=1)
    before = points_of(result_services.compute(tournament), seat.entry_id)
    sheets.add_penalty(table, 1, "other", 30, "", table.sheet_version, "boss", boss)
    assert points_of(result_services.compute(tournament), seat.entry_id) == before - 30


def test_a_release_and_a_setting_show_on_the_next_request(played_demo):
    tournament, boss = played_demo
    assert result_services.compute(tournament, released_only=True).counted == ()
    releases.release_series(tournament.series.get(number=1), boss)
    assert result_services.compute(tournament, released_only=True).counted == (1,)
    assert result_services.compute(tournament).provisional  # series 3 is being played
    settings = results_settings.scoring_settings(tournament)
    form = SettingsForm({"count_unconfirmed": False, "one_prize_per_player": True,
                         "club_best": ""}, instance=settings)
    assert form.is_valid(), form.errors
    results_settings.save_settings(tournament, form, boss)
    assert not result_services.compute(tournament).provisional


def test_a_lot_shows_on_the_prize_list_at_once(django_user_model):
    tournament, boss = tied_tournament(), django_user_model.objects.create_user("lot")
    tournament.organizers.add(boss)
    tied = next(p for p in awards.prizes(result_services.compute(tournament)) if p.tie)
    winner = result_services.compute(tournament).player(tied.candidates[0]).number
    awards.record_lot(tournament, tied.number, winner, boss)
    now = next(p for p in awards.prizes(result_services.compute(tournament))
               if p.number == tied.number)
    assert now.by_lot and now.winners == (tied.candidates[0],)


def test_a_committed_change_draws_a_new_version(played_demo):
    """A transaction that wrote its audit entry before a later one may commit after it: the
    latest id alone would not change then, so each commit also draws a new token."""
    tournament, _ = played_demo
    before = version(tournament)
    assert version(tournament) == before
    changed(tournament.pk)
    assert version(tournament) != before


def test_changes_of_one_series_reach_its_page(played_demo, django_capture_on_commit_callbacks):
    tournament, boss = played_demo
    series = tournament.series.get(number=1)
    result_services.compute(tournament, series=1, released_only=True)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        releases.release_series(series, boss)
    assert callbacks  # the commit told the cache
    assert result_services.compute(tournament, series=1, released_only=True).counted == (1,)
    assert series.__class__.objects.get(pk=series.pk).status == SeriesStatus.RELEASED


def test_an_admin_edit_reaches_the_cached_results(played_demo, rf,
                                                  django_capture_on_commit_callbacks):
    """The admin writes no audit entry; it tells the cache itself."""
    from django.contrib import admin

    from tournament.models import Entry

    tournament, _ = played_demo
    entry = Entry.objects.get(pk=result_services.compute(tournament).standings[0].entry)
    entry.first_name = "Renamed"
    with django_capture_on_commit_callbacks(execute=True):
        admin.site._registry[Entry].save_model(rf.post("/"), entry, None, True)
    assert result_services.compute(tournament).player(entry.pk).name.startswith("Renamed ")


def test_deals_of_a_series_in_play_leave_the_publics_results_cached(
        played_demo, django_capture_on_commit_callbacks, django_assert_max_num_queries):
    """The public counts released series only: a deal at a table of series 3 (in play)
    changes the staff's results, not the public's, which stay cached for the whole room."""
    tournament, boss = played_demo
    releases.release_series(tournament.series.get(number=1), boss)
    public, staff = version(tournament, public=True), version(tournament)
    table = tournament.series.get(number=3).tables.first()
    with django_capture_on_commit_callbacks(execute=True):
        sheets.add_penalty(table, 1, "other", 30, "", table.sheet_version, "boss", boss)
    assert version(tournament, public=True) == public and version(tournament) != staff
    result_services.compute(tournament, released_only=True)
    with django_assert_max_num_queries(3):  # a correcting series? the latest change, the token
        result_services.compute(tournament, released_only=True)


def test_a_correction_of_a_released_series_reaches_the_public_when_released_again(
        played_demo, django_capture_on_commit_callbacks):
    """Issue 18.20: the public counts no series under correction (neither the results known to
    be wrong nor the half-corrected ones); the corrected results once released again."""
    tournament, boss = played_demo
    series = tournament.series.get(number=1)
    releases.release_series(series, boss)
    table = series.tables.first()
    seat = table.seats.get(position=2)
    before = points_of(result_services.compute(tournament, released_only=True), seat.entry_id)
    with django_capture_on_commit_callbacks(execute=True):
        sheets.reopen_sheet(table, boss, released_ok=True)
    result_services.compute(tournament, released_only=True)  # kept while the sheet is reopened
    table.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        sheets.add_penalty(table, 2, "other", 20, "", table.sheet_version, "boss", boss)
    public = result_services.compute(tournament, released_only=True)
    assert 1 not in public.counted and seat.entry_id not in {s.entry for s in public.standings}
    table.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        sheets.submit_sheet(table, "Anna", session="phone-1")
        sheets.confirm_sheet(table, "Boss", boss, session="phone-2")
    series.refresh_from_db()
    assert series.status == "released"
    after = points_of(result_services.compute(tournament, released_only=True), seat.entry_id)
    assert after == before - 20


def test_what_a_caller_gets_is_his_own():
    """The process keeps one copy for every request: a caller that trims his list or his
    players changes nobody else's page."""
    tournament = tied_tournament()
    first = awards.prizes(result_services.compute(tournament))
    count = len(first)
    first.pop()
    comp = result_services.compute(tournament)
    entry = comp.standings[0].entry
    comp.players.pop(entry)
    again = result_services.compute(tournament)
    assert len(awards.prizes(again)) == count and again.player(entry).name != "?"


def test_an_entry_the_admin_moves_leaves_both_tournaments_fresh(
        rf, django_capture_on_commit_callbacks):
    from django.contrib import admin

    from tests.factories import add_entry
    from tournament.models import Tournament

    first = tied_tournament()
    late = add_entry(first, 9, "Dora", "Late")
    assert late.pk in result_services.compute(first).did_not_play
    other = Tournament.objects.create(name="Other", slug="other", start_date=first.start_date)
    late.tournament = other
    with django_capture_on_commit_callbacks(execute=True):
        admin.site._registry[type(late)].save_model(rf.post("/"), late, None, True)
    assert late.pk not in result_services.compute(first).did_not_play


def test_a_table_whose_seats_were_removed_is_no_table_of_the_prizes(played_demo):
    from tournament.models import Deal, Seat

    tournament, _ = played_demo
    top = Deal.objects.filter(table__series__tournament=tournament, won=True).order_by(
        "-value").first()
    Seat.objects.filter(table_id=top.table_id).delete()
    changed(tournament.pk)  # a raw delete, as the admin's would be told
    cited = f"(series {top.table.series.number}, table {top.table.number}, deal {top.number})"
    prizes = awards.prizes(result_services.compute(tournament))  # no KeyError
    assert prizes and not any(cited in reason for p in prizes for reason in p.reasons)


@pytest.mark.django_db(transaction=True)  # the release commits, as on the site
def test_a_release_computes_the_publics_results_before_anyone_asks(
        played_demo, django_assert_max_num_queries):
    tournament, boss = played_demo
    releases.release_series(tournament.series.get(number=1), boss)
    with django_assert_max_num_queries(3):  # a correcting series? the latest change, the token
        comp = result_services.compute(tournament, released_only=True)
        awards.prizes(comp)
    assert comp.counted == (1,)
