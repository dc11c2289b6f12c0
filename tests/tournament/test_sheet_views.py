"""Score-sheet pages through the test client: the table's link, deal entry, preview, correction,
penalties, submit and confirm, and the organizer's pages."""

import json

import pytest
from django.test import Client

from tests.factories import enter, playing_seat
from tests.sheets import solo_post, u
from tournament.demo import build_demo_congress
from tournament.models import (
    AuditEntry,
    Deal,
    Penalty,
    SheetStatus,
)
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.services import DealInput, table_info

pytestmark = pytest.mark.django_db


def test_the_token_opens_its_own_sheet_and_a_random_token_is_404(client, four, three):
    page = client.get(u("sheet", four.token))
    assert page.status_code == 200
    html = page.content.decode()
    assert f"Table {four.number}" in html and "0 of 8" in html
    for name in [p.name for p in table_info(four).players]:
        assert name in html
    assert 'data-games="' in html and "autofocus" in html
    assert client.get(u("sheet", "no-such-token-at-all")).status_code == 404
    other = client.get(u("sheet", three.token)).content.decode()
    assert "0 of 6" in other


def test_a_posted_deal_appears_with_the_engines_value_and_running_totals(client, four):
    declarer = playing_seat(four, 1)
    response = client.post(u("deal_add", four.token), solo_post(four, 1, declarer))
    assert response.status_code == 302 and response.url == u("sheet", four.token)
    deal = Deal.objects.get(table=four, number=1)
    assert deal.value == 30 and deal.declarer == declarer
    assert deal.entered_by == ""  # no name given, none made up (issue 18.24)
    page = client.get(response.url).content.decode()
    assert "Deal 1: Heart Solo with 1, Schneider, won: +30" in page
    assert "1 of 8" in page
    assert "<strong>30</strong>" in page  # the declarer's moved total, bold

    # a second deal by the same declarer: his running total becomes 60
    client.post(u("deal_add", four.token), solo_post(four, 2, declarer, scorekeeper="Anna"))
    table = deals.load_sheet(table_info(four))
    assert table.totals[declarer - 1] == 60
    assert Deal.objects.get(table=four, number=2).entered_by == "Anna"
    assert "<strong>60</strong>" in client.get(u("sheet", four.token)).content.decode()
    # the name is remembered for this table's link
    client.post(u("deal_add", four.token), solo_post(four, 3))
    assert Deal.objects.get(table=four, number=3).entered_by == "Anna"


def test_an_invalid_deal_is_refused_on_its_field_and_nothing_is_saved(client, four):
    data = solo_post(four, 1, game="grand", matadors=5)
    response = client.post(u("deal_add", four.token), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Matadors: a Grand is played with or without 1 to 4 matadors, not 5." in html
    # the message sits in the matadors field's wrapper
    wrapper = html.index('data-field="matadors"')
    assert html.index("not 5.", wrapper) < html.index("data-field=", wrapper + 1)
    assert not Deal.objects.filter(table=four).exists()


def test_the_preview_returns_value_and_totals_or_errors_by_field(client, four):
    enter(four, 1)
    declarer = Deal.objects.get(table=four, number=1).declarer
    response = client.post(u("deal_preview", four.token), solo_post(four, 2, declarer,
                                                                    number=2))
    result = json.loads(response.content)
    assert result["ok"] is True and result["value"] == 30
    assert result["text"] == "Heart Solo with 1, Schneider, won"
    assert result["totals"][declarer - 1] == 60 and sum(result["totals"]) == 60
    assert Deal.objects.filter(table=four).count() == 1  # nothing saved

    bad = json.loads(client.post(u("deal_preview", four.token),
                                 solo_post(four, 2, game="grand", matadors=5)).content)
    assert bad["ok"] is False
    assert bad["errors"]["matadors"] == [
        "Matadors: a Grand is played with or without 1 to 4 matadors, not 5."]
    assert client.get(u("deal_preview", four.token)).status_code == 405


def test_a_correction_changes_later_totals_and_is_audited(client, four):
    enter(four, 3)
    first = Deal.objects.get(table=four, number=1)
    edit = client.get(u("deal_edit", four.token, 1)).content.decode()
    assert 'value="95"' in edit and "audit log" in edit
    assert "Delete deal" not in edit  # only organizers delete
    data = solo_post(four, 1, first.declarer, version=first.version, card_points=40, number=1)
    response = client.post(u("deal_edit", four.token, 1), data)
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.value == -20 and first.version == 2  # Heart Solo with 1, lost: -(1+1) x 10
    sheet = deals.load_sheet(table_info(four))
    later = [r for r in sheet.rows if r.number == 3][0]
    assert first.declarer == 1  # seat 1 declared deals 1..3: 30, 60, 90 before
    assert later.totals[0] == -20 + 30 + 30
    page = client.get(u("sheet", four.token)).content.decode()
    assert "<strong>40</strong>" in page and "<strong>90</strong>" not in page
    assert sum(sheet.totals) == -20 + 30 + 30
    entry = AuditEntry.objects.get(action="deal_corrected")
    assert entry.before["value"] == 30 and entry.after["value"] == -20
    assert entry.before["record"]["card_points"] == 95


def test_the_edit_form_is_prefilled_with_matadors_and_seats(client, four):
    info = table_info(four)
    declarer = playing_seat(four, 1)
    deals.add_deal(four, DealInput({"game": "grand", "matadors": -2, "card_points": 70},
                                   declarer=declarer), 0, "test")
    html = client.get(u("deal_edit", four.token, 1)).content.decode()
    assert '<option value="grand" selected>' in html
    assert 'name="matadors" value="2"' in html
    assert 'name="without" id="id_without" checked' in html
    assert f'<option value="{declarer}" selected>{declarer} {info.name(declarer)}' in html


def test_a_stale_add_is_refused_and_nothing_saved(client, four):
    old = solo_post(four, 1)
    enter(four, 1)  # another device saved deal 1 meanwhile
    response = client.post(u("deal_add", four.token), old, follow=True)
    assert "changed on another device: your entry was not saved" in response.content.decode()
    assert Deal.objects.filter(table=four).count() == 1

    deal = Deal.objects.get(table=four, number=1)
    stale_edit = solo_post(four, 1, deal.declarer, version=deal.version + 5, card_points=10)
    response = client.post(u("deal_edit", four.token, 1), stale_edit, follow=True)
    assert "your correction was not saved" in response.content.decode()
    deal.refresh_from_db()
    assert deal.record["card_points"] == 95


def test_the_token_reaches_only_its_own_table(client, four, three):
    enter(three, 2)
    deals.add_penalty(three, 1, "misdeal", None, "", three.sheet_version, "test")
    penalty = Penalty.objects.get(table=three)
    assert client.get(u("deal_edit", four.token, 1)).status_code == 404
    assert client.post(u("penalty_delete", four.token, penalty.pk)).status_code == 404
    assert Penalty.objects.filter(pk=penalty.pk).exists()
    assert client.get(u("deal_edit", three.token, 1)).status_code == 200
    response = client.post(u("penalty_delete", three.token, penalty.pk), {"sure": "1"})
    assert response.status_code == 302 and not Penalty.objects.filter(pk=penalty.pk).exists()


def test_a_penalty_through_the_page(client, four):
    four.refresh_from_db()
    response = client.post(u("penalty_add", four.token),
                           {"seat": 3, "reason": "skat_held", "note": "looked",
                            "version": four.sheet_version}, follow=True)
    html = response.content.decode()
    penalty = Penalty.objects.get(table=four)
    assert penalty.points == 25 and penalty.seat == 3
    assert 'class="penalty"' in html and "Penalty: Skat cards held" in html
    assert deals.load_sheet(table_info(four)).totals[2] == -25


def test_deleting_is_403_for_the_token_holder_and_works_for_an_organizer(
        client, marta_client, club_night, four, django_user_model):
    enter(four, 3)
    series = four.series
    url = u("deal_delete", club_night.slug, series.number, four.number, 2)
    response = client.post(url)  # a link holder is nobody: off to the login page
    assert response.status_code == 302 and "login" in response.url
    client.force_login(django_user_model.objects.create_user("not-an-organizer"))
    assert client.post(url).status_code == 403
    assert Deal.objects.filter(table=four).count() == 3
    third = Deal.objects.get(table=four, number=3)
    asked = marta_client.post(url)  # the organizer is asked first (issue 18.5)
    assert asked.status_code == 200 and "Delete deal 2?" in asked.content.decode()
    assert Deal.objects.filter(table=four).count() == 3
    response = marta_client.post(url, {"sure": "1"})
    assert response.status_code == 302 and response.url == u("sheet", four.token)
    assert list(Deal.objects.filter(table=four).values_list("number", flat=True)) == [1, 2]
    third.refresh_from_db()
    assert third.number == 2
    assert AuditEntry.objects.filter(action="deal_deleted").exists()
    # the organizer sees the delete button on the edit page
    assert "Delete deal 1" in marta_client.get(u("deal_edit", four.token, 1)).content.decode()


def test_submit_before_complete_is_refused(client, three):
    enter(three, 5)
    assert "Submit the sheet" not in client.get(u("sheet", three.token)).content.decode()
    response = client.post(u("sheet_submit", three.token), {"name": "Anna Becker"}, follow=True)
    assert "cannot be submitted yet: 1 deal(s) are missing" in response.content.decode()
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.OPEN


def _submitted(client, table):
    enter(table, table_info(table).deal_count)
    submitter = table_info(table).players[0].name
    client.post(u("sheet_submit", table.token), {"name": submitter})
    table.refresh_from_db()
    assert table.sheet_status == SheetStatus.SUBMITTED
    return submitter


def test_the_submitter_cannot_confirm_another_player_can(client, three):
    page = client.get(u("sheet", three.token))
    submitter = _submitted(client, three)
    response = client.post(u("sheet_confirm", three.token), {"name": submitter}, follow=True)
    assert "cannot confirm it too" in response.content.decode()
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.SUBMITTED
    assert page.status_code == 200

    other = table_info(three).players[1].name
    # the same phone typing another player's name is still the submitter's phone
    response = client.post(u("sheet_confirm", three.token), {"name": other}, follow=True)
    assert "submitted from this device" in response.content.decode()
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.SUBMITTED

    client = Client()  # the second player's own phone
    response = client.post(u("sheet_confirm", three.token), {"name": other}, follow=True)
    html = response.content.decode()
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED and three.confirmed_by == other
    assert f"Confirmed by {other}" in html
    assert 'class="deal-form' not in html and "Penalty</summary>" not in html
    # a confirmed sheet takes no more corrections from the link
    response = client.post(u("deal_edit", three.token, 1), solo_post(three, 1), follow=True)
    assert "only an organizer can change it" in response.content.decode()


def test_an_organizer_can_override_and_it_is_logged(marta_client, client, three):
    _submitted(marta_client, three)  # the organizer's own phone submitted
    submitter = three.submitted_by
    assert "confirm my own submission" in marta_client.get(
        u("sheet", three.token)).content.decode()
    assert "Organizer override" not in client.get(u("sheet", three.token)).content.decode()
    marta_client.post(u("sheet_confirm", three.token), {"name": submitter, "override": "on"})
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED and three.confirmation_override
    assert AuditEntry.objects.filter(action="sheet_confirmed_override").exists()
    # the organizer still sees the entry form, and can reopen
    html = marta_client.get(u("sheet", three.token)).content.decode()
    assert "Reopen the sheet" in html
    marta_client.post(u("sheet_reopen", three.series.tournament.slug, 1, three.number),
                      {"sure": "1"})
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.OPEN
    assert client.post(u("sheet_reopen", three.series.tournament.slug, 1,
                         three.number)).status_code == 302  # to the login page
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.OPEN


def test_no_own_submission_to_override_when_somebody_else_submitted(marta_client, client,
                                                                     three):
    """Issue 12.15: "confirm my own submission" is offered only to whoever submitted; the
    organizer confirms another player's submission plainly."""
    _submitted(client, three)
    html = marta_client.get(u("sheet", three.token)).content.decode()
    assert "Confirm the sheet" in html or 'name="name"' in html
    assert "confirm my own submission" not in html and 'name="override"' not in html
    marta_client.post(u("sheet_confirm", three.token), {"name": ""})
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED and not three.confirmation_override


def test_blind_check_hides_totals_and_refuses_wrong_ones(client, club_night, three):
    club_night.blind_check = True
    club_night.save()
    _submitted(client, three)
    totals = deals.load_sheet(table_info(three)).totals
    html = client.get(u("sheet", three.token)).content.decode()
    assert "Totals after" not in html and "<strong>" + str(max(totals)) + "</strong>" not in html
    assert 'name="total_1"' in html
    other = table_info(three).players[1].name
    client = Client()  # the confirmer's phone
    wrong = {"name": other, **{f"total_{i + 1}": t + 10 for i, t in enumerate(totals)}}
    response = client.post(u("sheet_confirm", three.token), wrong, follow=True)
    assert "do not match the sheet" in response.content.decode()
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.SUBMITTED
    right = {"name": other, **{f"total_{i + 1}": t for i, t in enumerate(totals)}}
    response = client.post(u("sheet_confirm", three.token), right, follow=True)
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED and three.blind_checked
    assert "Totals after 6 deals" in response.content.decode()


def test_series_sheets_lists_every_table_with_progress(marta_client, club_night, four, three):
    enter(four, 3)
    html = marta_client.get(u("series_sheets", club_night.slug, 1)).content.decode()
    assert "3 of 8" in html and "0 of 6" in html
    assert u("sheet", four.token) in html and u("sheet", three.token) in html
    response = marta_client.get(u("organizer_sheet", club_night.slug, 1, four.number))
    assert response.status_code == 302 and response.url == u("sheet", four.token)
    table_page = marta_client.get(u("table", club_night.slug, 1, four.number)).content.decode()
    assert u("organizer_sheet", club_night.slug, 1, four.number) in table_page


def test_anonymous_users_get_no_entry_page_without_a_token(client, club_night, four):
    slug = club_night.slug
    for url in (u("series_sheets", slug, 1), u("organizer_sheet", slug, 1, four.number)):
        response = client.get(url)
        assert response.status_code == 302 and "login" in response.url
    public = client.get(u("table", slug, 1, four.number)).content.decode()
    assert four.token not in public and "deal-form" not in public
    assert u("organizer_sheet", slug, 1, four.number) not in public
    assert client.post(u("deal_add", "guessed-token"), {"game": "solo"}).status_code == 404
    response = client.post(u("sheet_reopen", slug, 1, four.number))
    assert response.status_code == 302 and "login" in response.url


def test_a_draft_series_has_no_sheet_for_the_link(client, marta_client, club_night):
    series = club_night.series.get(number=1)
    plans.unpublish(series, user=None)
    table = series.tables.first()
    assert client.get(u("sheet", table.token)).status_code == 404
    html = marta_client.get(u("sheet", table.token)).content.decode()
    assert "not published yet" in html and "deal-form" not in html


def test_the_demo_congress_sheets_render_for_three_and_four_tables(client):
    tournament = build_demo_congress()
    tables = list(tournament.series.get(number=1).tables.all())
    sizes = set()
    for table in tables[:1] + tables[-1:]:
        info = table_info(table)
        sizes.add(info.size)
        html = client.get(u("sheet", table.token)).content.decode()
        assert f"{deals.load_sheet(info).progress}</strong> deals" in html
        assert all(p.name in html for p in info.players)
    assert sizes == {3, 4}


def _sits_out_next(table):
    """A seat that declares deal 1 but deals (and sits out) deal 2 at a four-table."""
    info = table_info(table)
    dealer = info.dealer(2)
    assert dealer != info.dealer(1)
    return dealer


def test_a_deal_number_taken_on_another_device_says_the_sheet_changed(client, four):
    old = solo_post(four, 1, _sits_out_next(four), number=1)
    enter(four, 1)  # another device saved deal 1 meanwhile; deal 2's dealer sits out
    response = client.post(u("deal_add", four.token), old, follow=True)
    html = response.content.decode()
    assert "changed on another device: your entry was not saved" in html
    assert "not one of the available choices" not in html
    assert Deal.objects.filter(table=four).count() == 1


def test_the_preview_of_a_deal_taken_on_another_device_says_the_sheet_changed(client, four):
    old = solo_post(four, 1, _sits_out_next(four), number=1, entry="new")
    enter(four, 1)
    result = client.post(u("deal_preview", four.token), old).json()
    assert not result["ok"]
    assert any("changed on another device" in line for line in result["non_field"])
    assert "not one of the available choices" not in json.dumps(result)


def test_a_table_typed_on_the_sheets_list_opens_its_sheet(marta_client, club_night, four):
    address = u("series_sheets", club_night.slug, 1)
    opened = marta_client.get(address, {"table": four.number})
    assert opened.status_code == 302 and opened.url == u("sheet", four.token)
    for typed in ("9999", "abc", "-3"):
        page = marta_client.get(address, {"table": typed})
        assert page.status_code == 200
        assert f"Series 1 has no table {typed}." in page.content.decode()
