"""Issue 18, point 2: a table that cannot finish. The director seats a substitute from a deal
on, or ends the sheet early; the sheet can then be submitted and confirmed and the series
released. Each change is audited and shown on the sheet."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import SOLO_WON, club_night, play, table_of_size
from tournament import lifecycle
from tournament.models import AuditAction, AuditEntry, Entry, SeriesStatus, Substitution
from tournament.registration.attendance import withdrawal_refused
from tournament.sheets import absence
from tournament.sheets import services as deals
from tournament.sheets.confirmation import SheetError
from tournament.sheets.forms import DealForm
from tournament.sheets.services import DealInput, table_info

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_user("boss")


@pytest.fixture
def night(boss):
    return club_night(boss)


@pytest.fixture
def boss_client(boss):
    client = Client()
    client.force_login(boss)
    return client


def org_url(name, table, *args):
    return reverse(f"tournament:{name}", args=[table.series.tournament.slug,
                                               table.series.number, table.number, *args])


def sheet_html(client, table):
    return client.get(reverse("tournament:sheet", args=[table.token])).content.decode()


def test_a_substitute_plays_the_seat_from_a_deal_on(night, boss, boss_client, client):
    four = table_of_size(night, 4)
    for _ in range(2):
        play(four, SOLO_WON)
    hans = Entry.objects.get(tournament=night, first_name="Hans")
    carl = four.seats.get(position=2).entry
    response = boss_client.post(org_url("substitute_add", four), {
        "seat": 2, "from_deal": 3, "substitute": hans.number, "reason": "fell ill"})
    assert response.status_code == 302
    sub = Substitution.objects.get(table=four)
    assert (sub.seat, sub.from_deal, sub.substitute, sub.replaced) == (2, 3, hans, carl)
    entry = AuditEntry.objects.get(action=AuditAction.SUBSTITUTE_SEATED)
    assert entry.after["substitute"] == hans.number and entry.after["from_deal"] == 3
    assert entry.user == boss
    # deal 3 played by the substitute in seat 2: the sheet names him on that row
    four.refresh_from_db()
    deals.add_deal(four, DealInput(dict(SOLO_WON), declarer=2), four.sheet_version, "test")
    html = sheet_html(client, four)
    words = f"From deal 3 Hans Ziegler (#{hans.number}) plays seat 2 in place of {carl.name}."
    assert html.count(words) == 2  # under the players and above deal 3's row
    assert "Hans Ziegler</td>" in html  # deal 3's declarer
    assert f"{carl.first_name}/Hans" in html  # the seat's column names both
    assert info_names(four) == (carl.name, "Hans Ziegler")
    # the entry form of a later deal offers him by name
    assert (2, "2 Hans Ziegler") in DealForm(table_info(four), 6).fields["declarer"].choices
    assert (2, f"2 {carl.name}") in DealForm(table_info(four), 2).fields["declarer"].choices


def info_names(table):
    info = table_info(table)
    return info.name_at(2, 2), info.name_at(2, 3)


@pytest.mark.parametrize(("data", "field", "words"), [
    ({"seat": 4, "from_deal": 3}, "seat", "Seat: choose a seat of table"),
    ({"seat": 2, "from_deal": 9}, "from_deal", "From deal: a deal of this sheet, 1 to 8."),
    ({"seat": 2, "from_deal": 3, "substitute": 99}, "substitute", "no player of this tournament"),
    ({"seat": 2, "from_deal": 3, "substitute": "seated"}, "substitute", "sits at table"),
])
def test_a_wrong_substitution_is_refused_naming_the_field(night, boss, data, field, words):
    three = table_of_size(night, 3)
    four = table_of_size(night, 4)
    target = three if data["seat"] == 4 else four
    substitute = data.get("substitute", 8)
    if substitute == "seated":
        substitute = three.seats.get(position=1).entry.number
    with pytest.raises(SheetError) as refused:
        absence.seat_substitute(target, data["seat"], data["from_deal"], substitute, boss)
    assert refused.value.field == field
    assert words in str(refused.value)
    assert not Substitution.objects.exists()
    assert not AuditEntry.objects.filter(action=AuditAction.SUBSTITUTE_SEATED).exists()


def test_only_an_organizer_seats_a_substitute_or_ends_a_sheet(night, django_user_model):
    four = table_of_size(night, 4)
    helper = django_user_model.objects.create_user("helper")
    night.assistants.add(helper)
    with pytest.raises(SheetError, match="Only an organizer"):
        absence.seat_substitute(four, 2, 1, 8, helper)
    with pytest.raises(SheetError, match="Only an organizer"):
        absence.end_sheet(four, 0, helper)
    assistant = Client()
    assistant.force_login(helper)
    assert assistant.post(org_url("sheet_end", four), {"after_deal": 0}).status_code == 403
    four.refresh_from_db()
    assert four.ended_after is None


def test_a_sheet_ended_early_is_submitted_confirmed_and_the_series_released(
        night, boss, boss_client, client):
    four, three = table_of_size(night, 4), table_of_size(night, 3)
    for _ in range(3):
        play(four, SOLO_WON)
    with pytest.raises(SheetError, match="5 deal"):
        deals.submit_sheet(four, "Anna")
    # ending before the deals entered is refused, naming them
    with pytest.raises(SheetError, match="deals 3–3 are entered") as refused:
        absence.end_sheet(four, 2, boss)
    assert refused.value.field == "after_deal"
    boss_client.post(org_url("sheet_end", four), {"after_deal": 3, "reason": "illness"})
    four.refresh_from_db()
    assert (four.ended_after, four.ended_by) == (3, "boss")
    audit = AuditEntry.objects.get(action=AuditAction.SHEET_ENDED_EARLY)
    assert audit.after == {"ended_after": 3, "scheduled": 8, "reason": "illness"}
    html = sheet_html(client, four)
    assert "Ended after deal 3 of 8 by boss (illness): deals 4–8 are not played." in html
    assert "3 of 3" in html and "Submit the sheet" in html
    with pytest.raises(SheetError, match="All 3 deals"):
        play(four, SOLO_WON)
    deals.submit_sheet(four, "Anna", session="a")
    deals.confirm_sheet(four, "boss", user=boss)
    for _ in range(6):
        play(three, SOLO_WON)
    check = lifecycle.release_check(night.series.get(number=1))
    assert "Table" in " ".join(check.blockers) and "all 6 deals in" in " ".join(check.blockers)
    deals.submit_sheet(three, "Ida", session="b")
    deals.confirm_sheet(three, "boss", user=boss)
    series = night.series.get(number=1)
    assert series.status == SeriesStatus.CONFIRMED
    assert lifecycle.release_check(series).ready


def test_the_release_check_counts_an_ended_sheet_to_its_end(night, boss):
    four = table_of_size(night, 4)
    play(four, SOLO_WON)
    absence.end_sheet(four, 2, boss)
    (blocker,) = [b for b in lifecycle.release_check(night.series.get(number=1)).blockers
                  if b.startswith(f"Table {four.number}")]
    assert blocker == f"Table {four.number}: 1 of 2 deals"


def test_undoing_the_end_and_removing_a_substitute_are_audited(night, boss):
    four = table_of_size(night, 4)
    absence.end_sheet(four, 0, boss)
    absence.undo_end(four, boss)
    four.refresh_from_db()
    assert four.ended_after is None
    sub = absence.seat_substitute(four, 3, 1, 8, boss)
    absence.remove_substitute(four, sub.pk, boss)
    assert not Substitution.objects.exists()
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {AuditAction.SHEET_END_UNDONE, AuditAction.SUBSTITUTE_REMOVED} <= actions


def test_a_refused_withdrawal_points_to_the_ways_out(night):
    four = table_of_size(night, 4)
    play(four, SOLO_WON)
    refused = withdrawal_refused(four.seats.get(position=1).entry)
    assert refused is not None
    assert "seats a substitute or ends the sheet early" in str(refused)
