"""Deleting a deal and inserting a forgotten one (issue 18.5), the misdeal tied to its deal's
dealer (18.6) and a correction's preview of the totals (18.21).

The club night's four-table deals 8 deals; the first is dealt by seat 2, the deal passes to
the left, so deals 1..8 are dealt by seats 2, 3, 4, 1, 2, 3, 4, 1, and the dealer sits out."""

import pytest
from django.urls import reverse

from engine import dealer_seat, get_rule_set
from tests.sheets import u
from tournament.models import AuditEntry, Deal, Penalty
from tournament.sheets import edits
from tournament.sheets import services as deals
from tournament.sheets.services import DealInput, SheetError, table_info

NASL = get_rule_set("nasl-1908")
SOLO = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}  # +30


def dealer(number):
    return dealer_seat(number, 4, NASL)


def solo(table, declarer):
    table.refresh_from_db()
    return deals.add_deal(table, DealInput(dict(SOLO), declarer=declarer),
                          table.sheet_version, "Anna Becker")


def ramsch(table, loser):
    table.refresh_from_db()
    return deals.add_deal(table, DealInput({"game": "ramsch", "loser": loser}),
                          table.sheet_version, "Anna Becker")


@pytest.fixture
def five_deals(four):
    """Deals 1–5; deal 3 is declared by seat 3 and deal 5 lost as a Ramsch by seat 1, the
    dealers of deals 2 and 4: both become impossible when deal 2 is deleted."""
    assert [dealer(n) for n in range(1, 6)] == [2, 3, 4, 1, 2]
    solo(four, 1)
    solo(four, 1)
    solo(four, 3)  # deal 3, dealt by 4
    solo(four, 2)  # deal 4, dealt by 1: as deal 3 (dealt by 4) it stays valid
    ramsch(four, 1)  # deal 5, dealt by 2
    four.refresh_from_db()
    return four


def numbers(table):
    return list(table.deals.order_by("number").values_list("number", "dealer", "declarer"))


def test_the_plan_names_the_later_deals_that_change_dealer_and_those_made_invalid(five_deals):
    plan = edits.plan_delete(table_info(five_deals), 2)
    assert [(m.old, m.new, m.dealer_before, m.dealer_after) for m in plan.moved] == [
        (3, 2, 4, 3), (4, 3, 1, 4), (5, 4, 2, 1)]
    assert [(f.old, f.new, f.field) for f in plan.faults] == [(3, 2, "declarer"),
                                                              (5, 4, "loser")]
    declarer, loser = plan.faults
    assert declarer.choices == (1, 2, 4) and loser.choices == (2, 3, 4)
    assert "who sits out: choose its declarer" in declarer.message
    assert "choose its Ramsch loser" in loser.message


def test_a_delete_that_leaves_invalid_deals_is_refused_unless_mended_in_the_same_step(
        five_deals, marta):
    before = numbers(five_deals)
    with pytest.raises(SheetError, match="would leave 2 deal\\(s\\) invalid"):
        edits.delete_deal(five_deals, 2, marta)
    with pytest.raises(SheetError, match="invalid"):  # half mended is not mended
        edits.delete_deal(five_deals, 2, marta, fixes={3: {"declarer": 2}})
    assert numbers(five_deals) == before
    assert not AuditEntry.objects.filter(action="deal_deleted").exists()

    edits.delete_deal(five_deals, 2, marta, fixes={3: {"declarer": 2}, 5: {"loser": 3}})
    assert numbers(five_deals) == [(1, 2, 1), (2, 3, 2), (3, 4, 2), (4, 1, None)]
    assert Deal.objects.get(table=five_deals, number=4).record["loser"] == 3
    sheet = deals.load_sheet(table_info(five_deals))
    assert sheet.problems == () and sheet.totals == (30, 60, -20, 0)
    assert edits.sheet_faults(table_info(five_deals)) == []
    deleted = AuditEntry.objects.get(action="deal_deleted")
    assert deleted.before["number"] == 2
    assert deleted.after["later_deals"] == "deals 3–5 are now 2–4"
    mended = AuditEntry.objects.filter(action="deal_corrected").order_by("id")
    assert [(e.before["declarer"], e.after["declarer"]) for e in mended] == [(3, 2),
                                                                              (None, None)]
    assert mended[1].before["record"]["loser"] == 1 and mended[1].after["record"]["loser"] == 3


@pytest.mark.feet_may_differ  # the deal rows as an old delete left them, the foot unmended
def test_a_ramsch_lost_by_the_sitting_out_dealer_is_flagged_on_the_sheet(four):
    solo(four, 1)
    ramsch(four, 1)
    # as an old delete left it: deal 2 (dealt by 3) renumbered to 1, dealt by 2, who sits out
    Deal.objects.filter(table=four, number=1).delete()
    Deal.objects.filter(table=four, number=2).update(number=1, dealer=2)
    Deal.objects.filter(table=four, number=1).update(record={"game": "ramsch", "loser": 2},
                                                     points_1=0, points_2=-20)
    info = table_info(four)
    assert "Deal 1: the dealer sits out at a four-table and cannot lose the Ramsch." in (
        deals.load_sheet(info).problems)
    assert any("Loser: the dealer sits out" in p for p in edits.sheet_faults(info))


def test_deleting_asks_first_and_mends_in_the_same_step(marta_client, five_deals, club_night):
    url = u("deal_delete", club_night.slug, 1, five_deals.number, 2)
    asked = marta_client.post(url)
    html = asked.content.decode()
    assert asked.status_code == 200 and five_deals.deals.count() == 5
    assert "Delete deal 2?" in html and "3 of them change dealer" in html
    assert 'name="fix-3-declarer"' in html and 'name="fix-5-loser"' in html
    assert reverse("tournament:deal_edit", args=[five_deals.token, 2]) in html  # Cancel
    # "yes" without the seats: asked again, nothing deleted
    again = marta_client.post(url, {"sure": "1", "fix-3-declarer": "2"})
    assert again.status_code == 200 and five_deals.deals.count() == 5
    assert "Choose a seat" in again.content.decode()
    done = marta_client.post(url, {"sure": "1", "fix-3-declarer": "2", "fix-5-loser": "3"})
    assert done.status_code == 302 and five_deals.deals.count() == 4
    assert numbers(five_deals)[1] == (2, 3, 2)


def test_deleting_the_last_deal_asks_and_says_nothing_else_changes(marta_client, five_deals,
                                                                    club_night):
    url = u("deal_delete", club_night.slug, 1, five_deals.number, 5)
    assert "no other deal changes" in marta_client.post(url).content.decode()
    assert marta_client.post(url, {"sure": "1"}).status_code == 302
    assert five_deals.deals.count() == 4


def test_a_forgotten_deal_is_inserted_and_the_later_deals_move_down(client, five_deals):
    # before deal 4: deals 4 and 5 become 5 and 6, dealt by 2 and 3; the Ramsch lost by 1
    # stays valid, deal 4 (declared by 2) would be declared by the dealer who sits out
    url = u("deal_insert", five_deals.token, 4)
    html = client.get(url).content.decode()
    assert "Insert a forgotten deal before deal 4" in html
    assert 'name="fix-4-declarer"' in html and "dealt by 1" in html
    posted = {"game": "grand", "declarer": "2", "matadors": "1", "card_points": "70",
              "version": five_deals.sheet_version, "number": "4", "entry": "insert",
              "scorekeeper": "Anna Becker"}
    refused = client.post(url, posted)
    assert refused.status_code == 200 and five_deals.deals.count() == 5
    done = client.post(url, {**posted, "fix-4-declarer": "3"})
    assert done.status_code == 302 and five_deals.deals.count() == 6
    assert numbers(five_deals)[3:] == [(4, 1, 2), (5, 2, 3), (6, 3, None)]
    assert Deal.objects.get(table=five_deals, number=4).record["game"] == "grand"
    inserted = AuditEntry.objects.get(action="deal_inserted")
    assert inserted.actor == "Anna Becker" and inserted.after["later_deals"] == (
        "deals 4–5 are now 5–6")
    assert deals.load_sheet(table_info(five_deals)).problems == ()


def test_insert_is_refused_on_a_full_sheet(four):
    for number in range(1, 9):
        solo(four, 2 if dealer(number) == 1 else 1)
    four.refresh_from_db()
    with pytest.raises(SheetError, match="one too many"):
        edits.insert_deal(four, 2, DealInput(dict(SOLO), declarer=1), four.sheet_version,
                          "x")


def test_an_insert_checks_the_whole_sheet_and_saves_nothing_when_refused(four):
    solo(four, 1)
    solo(four, 1)
    four.refresh_from_db()
    # the inserted deal 2 is dealt by 3 who sits out: refused on its field, nothing moved
    with pytest.raises(Exception, match="dealer sits out"):
        edits.insert_deal(four, 2, DealInput(dict(SOLO), declarer=3), four.sheet_version,
                          "x")
    assert numbers(four) == [(1, 2, 1), (2, 3, 1)]


# --- the misdeal and its dealer (18.6) -----------------------------------------------------------

def test_a_misdeal_is_charged_to_the_dealer_of_its_deal(four):
    solo(four, 1)
    four.refresh_from_db()
    with pytest.raises(Exception, match="deal 2 is dealt by 3"):
        deals.add_penalty(four, 1, "misdeal", None, "", four.sheet_version, "x")
    penalty = deals.add_penalty(four, 3, "misdeal", None, "", four.sheet_version, "x")
    assert (penalty.deal, penalty.after_deal, penalty.seat) == (2, 1, 3)
    four.refresh_from_db()
    earlier = deals.add_penalty(four, 2, "misdeal", None, "", four.sheet_version, "x", deal=1)
    assert (earlier.deal, earlier.after_deal) == (1, 0)
    assert "Penalty: misdeal (charged to the dealer) at deal 2" in [
        r.text for r in deals.load_sheet(table_info(four)).rows]


def test_a_misdeal_follows_its_deal_and_its_new_dealer_when_a_deal_is_deleted(four, marta):
    solo(four, 1)
    solo(four, 1)
    four.refresh_from_db()
    deals.add_penalty(four, 4, "misdeal", None, "", four.sheet_version, "x")  # deal 3
    plan = edits.plan_delete(table_info(four), 1)
    assert [(p.deal_before, p.deal_after, p.seat_before, p.seat_after)
            for p in plan.penalties] == [(3, 2, 4, 3)]
    edits.delete_deal(four, 1, marta)
    penalty = Penalty.objects.get(table=four)
    assert (penalty.deal, penalty.after_deal, penalty.seat) == (2, 1, 3)
    assert deals.load_sheet(table_info(four)).problems == ()


def test_the_misdeal_field_through_the_page(client, four):
    solo(four, 1)
    four.refresh_from_db()
    response = client.post(u("penalty_add", four.token), {
        "seat": 1, "reason": "misdeal", "deal": 2, "version": four.sheet_version})
    assert response.status_code == 200
    assert "deal 2 is dealt by 3" in response.content.decode()
    assert not Penalty.objects.exists()


# --- the preview of a correction (18.21) ---------------------------------------------------------

def test_a_corrections_preview_gives_the_totals_after_it_and_at_the_end(client, four):
    solo(four, 1)
    solo(four, 1)
    solo(four, 2)
    response = client.post(u("deal_preview", four.token), {
        "game": "grand", "declarer": 1, "matadors": 1, "card_points": 70, "number": 1,
        "version": 0})
    data = response.json()
    assert data["ok"] and data["value"] == 40
    assert data["totals_after"] == [40, 0, 0, 0]  # after deal 1
    assert data["totals"] == [70, 30, 0, 0]  # at the end of the sheet
    html = client.get(u("deal_edit", four.token, 1)).content.decode()
    assert "after deal 1" in html and "at the end of the sheet" in html
    new = client.get(u("sheet", four.token)).content.decode()
    assert "New totals" in new and "at the end of the sheet" not in new


def test_an_inserted_deals_preview(client, four):
    solo(four, 1)
    solo(four, 1)
    four.refresh_from_db()
    data = client.post(u("deal_preview", four.token), {
        "game": "grand", "declarer": 4, "matadors": 1, "card_points": 70, "number": 2,
        "entry": "insert", "version": four.sheet_version}).json()
    assert data["ok"] and data["totals_after"] == [30, 0, 0, 40]
    assert data["totals"] == [60, 0, 0, 40]


# --- the submit name (18.24) ---------------------------------------------------------------------

def test_the_submit_name_is_asked_for_and_never_made_up(client, three):
    from tests.factories import enter
    from tests.sheets import solo_post

    # an old page posts the made-up name: it names nobody and is not kept for the device
    client.post(u("deal_add", three.token),
                solo_post(three, 1, scorekeeper=f"scorekeeper of table {three.number}"))
    assert Deal.objects.get(table=three).entered_by == ""
    enter(three, table_info(three).deal_count - 1)
    page = client.get(u("sheet", three.token)).content.decode()
    assert "Submit the sheet" in page and "scorekeeper of table" not in page
    assert 'id="id_submit_name" name="name" list="table-players" required maxlength="120" ' \
           'value=""' in page
    refused = client.post(u("sheet_submit", three.token),
                          {"name": f"Scorekeeper of table {three.number}"})
    assert refused.status_code == 200
    assert "enter your own name" in refused.content.decode()
    with pytest.raises(SheetError, match="enter your own name"):
        deals.submit_sheet(three, "scorekeeper")
    three.refresh_from_db()
    assert three.sheet_status == "open"
    name = table_info(three).players[0].name
    client.post(u("sheet_submit", three.token), {"name": name})
    assert AuditEntry.objects.get(action="sheet_submitted").actor == name
    assert not AuditEntry.objects.filter(actor__icontains="scorekeeper").exists()
    three.refresh_from_db()
    assert three.submitted_by == name


# --- penalties (18.6) ----------------------------------------------------------------------------

def _submitted(client, table):
    from tests.factories import enter

    enter(table, table_info(table).deal_count)
    name = table_info(table).players[0].name
    client.post(u("sheet_submit", table.token), {"name": name})
    table.refresh_from_db()
    assert table.is_submitted
    return name


def test_a_penalty_the_table_recorded_is_removed_only_after_a_question(client, three):
    three.refresh_from_db()
    penalty = deals.add_penalty(three, 2, "skat_held", None, "", three.sheet_version,
                                "Carl Brandt")
    url = u("penalty_delete", three.token, penalty.pk)
    asked = client.post(url)
    html = asked.content.decode()
    assert asked.status_code == 200 and Penalty.objects.filter(pk=penalty.pk).exists()
    assert "Remove the penalty of" in html and "entered by Carl Brandt" in html
    assert f'href="{u("sheet", three.token)}"' in html  # Cancel: back to the sheet
    client.post(url, {"sure": "1"})
    assert not Penalty.objects.filter(pk=penalty.pk).exists()
    assert AuditEntry.objects.filter(action="penalty_deleted").count() == 1


def test_a_penalty_on_a_submitted_sheet_asks_and_the_page_says_the_submission_is_withdrawn(
        client, three):
    name = _submitted(client, three)
    posted = {"seat": 2, "reason": "skat_held", "note": "", "version": three.sheet_version}
    asked = client.post(u("penalty_add", three.token), posted)
    assert asked.status_code == 200
    assert f"{name} submitted this sheet. Entering a penalty withdraws" in (
        asked.content.decode())
    three.refresh_from_db()
    assert three.is_submitted and not Penalty.objects.exists()
    client.post(u("penalty_add", three.token), {**posted, "sure": "1"})
    three.refresh_from_db()
    assert three.is_open and Penalty.objects.count() == 1
    page = client.get(u("sheet", three.token)).content.decode()
    assert f"The submission by {name} was withdrawn at" in page
    assert "a penalty entered" in page and "submitted and confirmed again" in page
    reopened = AuditEntry.objects.get(action="sheet_reopened")
    assert reopened.before["submitted_by"] == name


def test_a_correction_of_a_submitted_sheet_is_announced_and_then_shown(client, three):
    name = _submitted(client, three)
    edit = client.get(u("deal_edit", three.token, 2)).content.decode()
    assert f"{name} submitted this sheet: saving a correction withdraws" in edit
    from tests.sheets import solo_post

    client.post(u("deal_edit", three.token, 2), {
        **solo_post(three, 2), "version": Deal.objects.get(table=three, number=2).version,
        "card_points": 70})
    page = client.get(u("sheet", three.token)).content.decode()
    assert f"The submission by {name} was withdrawn" in page and "deal 2 corrected" in page
    # submitted again: the notice goes
    client.post(u("sheet_submit", three.token), {"name": name})
    three.refresh_from_db()
    assert "was withdrawn" not in client.get(u("sheet", three.token)).content.decode()


# --- reopening a released sheet (18.20) ----------------------------------------------------------

def test_a_correction_is_public_only_when_the_series_is_released_again(
        client, marta_client, marta, club_night, four, three):
    from scoring.release import services as release
    from scoring.results import services as results
    from tests.factories import finish

    finish(four)
    finish(three)
    series = club_night.series.get(number=1)
    release.release_series(series, user=None)
    standings = reverse("scoring:standings", args=[club_night.slug])
    table_page = reverse("tournament:table", args=[club_night.slug, 1, three.number])
    assert "+30" in client.get(table_page).content.decode()
    # the public's standings are now kept (tournament/crowd.py): the reopening must reach them
    assert "a correction is in progress" not in client.get(standings).content.decode()

    reopen = u("sheet_reopen", club_night.slug, 1, three.number)
    sheet = marta_client.get(u("sheet", three.token)).content.decode()
    assert 'name="released_ok"' not in sheet and 'type="checkbox"' not in sheet.split(
        "org-actions")[1].split("</div>")[0]
    asked = marta_client.post(reopen).content.decode()  # the one confirmation
    assert "show no results of series 1" in asked
    assert f'class="button secondary" href="{u("sheet", three.token)}"' in asked
    marta_client.post(reopen, {"sure": "1"})
    series.refresh_from_db()
    assert series.status == "correcting"

    # the organizer corrects deal 1 (+30 becomes a lost Grand, -40): the public sees none of it
    deal = three.deals.get(number=1)
    marta_client.post(u("deal_edit", three.token, 1), {
        "game": "grand", "declarer": deal.declarer, "matadors": 1, "card_points": 40,
        "version": deal.version})
    assert three.deals.get(number=1).value == -40
    public = client.get(standings).content.decode()
    assert "Series 1: a correction is in progress" in public
    assert "shown again, corrected, when the series is released again" in public
    page = client.get(table_page).content.decode()
    assert 'class="sheet"' not in page and "is shown again when the series is released" in page
    pdf = reverse("printing:public_sheet_pdf", args=[club_night.slug, 1, three.number])
    assert client.get(pdf).status_code == 404
    assert results.compute(club_night, released_only=True).counted == ()

    three.refresh_from_db()
    finish(three)  # confirmed again: released again, the corrected results public
    series.refresh_from_db()
    assert series.status == "released"
    assert "correction is in progress" not in client.get(standings).content.decode()
    assert "Grand" in client.get(table_page).content.decode()
    assert results.compute(club_night, released_only=True).counted == (1,)
