"""Ask before what cannot be undone quietly (issue 12.10): withdrawing a player, reopening a
sheet, releasing results and taking a release back each show a page that names what will
happen; a request without the confirmation changes nothing."""

import pytest
from django.urls import reverse

from scoring.release import services as releases
from tests.factories import finish
from tests.sheets import u
from tournament.models import AuditEntry, SeriesStatus, SheetStatus
from tournament.seating import services as plans


def test_withdrawing_a_player_asks_first(marta_client, club_night):
    plans.unpublish(club_night.series.get(number=1), user=None)  # nobody is under way
    entry = club_night.entries.get(number=1)
    withdraw = reverse("tournament:entry_withdraw", args=[club_night.slug, entry.number])
    audit = AuditEntry.objects.count()
    page = marta_client.post(withdraw, {"withdrawn": "1"})
    html = page.content.decode()
    assert page.status_code == 200
    assert f"Withdraw {entry.name}?" in html and "check-in is undone" in html
    assert 'name="sure" value="1"' in html and 'name="withdrawn" value="1"' in html
    entry.refresh_from_db()
    assert not entry.withdrawn and AuditEntry.objects.count() == audit
    marta_client.post(withdraw, {"withdrawn": "1", "sure": "1"})
    entry.refresh_from_db()
    assert entry.withdrawn
    # reinstating asks nothing: it undoes itself
    marta_client.post(withdraw, {"withdrawn": "0"})
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_a_seated_player_is_refused_at_once_not_asked(marta_client, club_night, three):
    entry = three.seats.first().entry
    response = marta_client.post(
        reverse("tournament:entry_withdraw", args=[club_night.slug, entry.number]),
        {"withdrawn": "1"}, follow=True)
    html = response.content.decode()
    assert f"sits at table {three.number} of series 1" in html
    assert f"Withdraw {entry.name}?" not in html


def test_reopening_a_sheet_asks_first(marta_client, club_night, three):
    finish(three)
    reopen = u("sheet_reopen", club_night.slug, 1, three.number)
    html = marta_client.post(reopen).content.decode()
    assert f"Reopen the sheet of table {three.number}?" in html
    assert "its confirmation is void" in html
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED
    marta_client.post(reopen, {"sure": "1"})
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.OPEN


@pytest.mark.parametrize("undo", [False, True])
def test_releasing_and_taking_a_release_back_ask_first(marta_client, club_night, four, three,
                                                       undo):
    for table in (four, three):
        finish(table)
    series = club_night.series.get(number=1)
    if undo:
        releases.release_series(series, None)
    before = SeriesStatus.RELEASED if undo else SeriesStatus.CONFIRMED
    release = reverse("scoring:release", args=[club_night.slug, 1])
    data = {"undo": "1"} if undo else {}
    html = marta_client.post(release, data).content.decode()
    question = ("Withdraw the release of series 1?" if undo else
                "Release the results of series 1?")
    assert question in html and "public pages" in html
    series.refresh_from_db()
    assert series.status == before
    marta_client.post(release, {**data, "sure": "1"})
    series.refresh_from_db()
    assert series.status == (SeriesStatus.CONFIRMED if undo else SeriesStatus.RELEASED)
