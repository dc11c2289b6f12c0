"""Where deleting and inserting a deal (issue 18.5, 18.6) meet a substitute and a sheet ended
early (18.2): the substitute's first deal and the early end follow the deals they belong to,
and a misdeal dealt by a substitute is his."""

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Substitutes
from scoring.results.loaders import load_results
from scoring.results.scope import Scope
from scoring.settings.services import scoring_settings
from tests.factories import SOLO_WON, club_night, play, table_of_size
from tests.sheets import u
from tournament.models import Entry, Substitution
from tournament.sheets import absence, edits
from tournament.sheets import services as deals
from tournament.sheets.confirmation import SheetError, submit_sheet
from tournament.sheets.forms import PenaltyForm
from tournament.sheets.page import display_rows
from tournament.sheets.services import DealInput, table_info

pytestmark = pytest.mark.django_db

# the four-table's deals 1..5 are dealt by seats 2, 3, 4, 1, 2; these declarers stay valid
# when deal 1 is deleted and when a deal is inserted before deal 2
DECLARERS = (1, 1, 2, 3, 4)


@pytest.fixture
def boss(django_user_model):
    return django_user_model.objects.create_user("boss")


@pytest.fixture
def four(boss):
    table = table_of_size(club_night(boss), 4)
    for declarer in DECLARERS:
        play(table, SOLO_WON, declarer)
    return table


def hans(table):
    return Entry.objects.get(tournament=table.series.tournament, first_name="Hans")


def substitute_from(table, boss, from_deal, seat=4):
    absence.seat_substitute(table, seat, from_deal, hans(table).number, boss)
    table.refresh_from_db()


def test_a_deleted_deal_moves_the_substitutes_first_deal_with_its_deal(four, boss):
    substitute_from(four, boss, 5)  # Hans declared deal 5 from seat 4
    assert table_info(four).name_at(4, 5) == "Hans Ziegler"
    edits.delete_deal(four, 1, boss)
    assert Substitution.objects.get(table=four).from_deal == 4
    info = table_info(four)
    assert info.name_at(4, 4) == "Hans Ziegler"  # the deal he declared, now deal 4
    assert info.name_at(4, 3) != "Hans Ziegler"


def test_an_inserted_deal_moves_the_substitutes_first_deal_with_its_deal(four, boss):
    substitute_from(four, boss, 5)
    data = DealInput(dict(SOLO_WON), declarer=1)  # the new deal 2, dealt by 3
    edits.insert_deal(four, 2, data, four.sheet_version, "test", user=boss)
    assert Substitution.objects.get(table=four).from_deal == 6
    assert table_info(four).name_at(4, 6) == "Hans Ziegler"


def test_a_deleted_deal_moves_the_early_end_so_the_sheet_stays_complete(four, boss):
    absence.end_sheet(four, 5, boss, reason="fell ill")
    four.refresh_from_db()
    edits.delete_deal(four, 1, boss)
    four.refresh_from_db()
    assert four.ended_after == 4
    assert deals.load_sheet(table_info(four)).problems == ()


def test_a_forgotten_deal_is_inserted_on_a_sheet_ended_early(four, boss):
    absence.end_sheet(four, 5, boss, reason="fell ill")
    four.refresh_from_db()
    data = DealInput(dict(SOLO_WON), declarer=1)
    edits.insert_deal(four, 2, data, four.sheet_version, "test", user=boss)
    four.refresh_from_db()
    assert four.deals.count() == 6 and four.ended_after == 6
    assert deals.load_sheet(table_info(four)).problems == ()


def test_a_misdeal_dealt_by_the_substitute_is_his(four, boss):
    tournament = four.series.tournament
    substitute_from(four, boss, 3)  # deal 3 is dealt by seat 4: Hans
    deals.add_penalty(four, 4, "misdeal", None, "", four.sheet_version, "test", user=boss,
                      deal=3)
    settings = scoring_settings(tournament)
    settings.substitutes = Substitutes.EACH_OWN
    settings.save()
    penalties = load_results(Scope(tournament, substitutes=Substitutes.EACH_OWN)).penalties
    assert [p.entry for p in penalties] == [hans(four).id]


# --- who is named: the substitute in the seat he plays ------------------------------------------

@pytest.fixture
def substituted(four, boss):
    substitute_from(four, boss, 3)  # Hans plays seat 4 from deal 3 (dealt by seat 4) on
    return four


def test_the_penalty_form_and_its_message_name_the_substitute_in_his_seat(client, substituted):
    choices = dict(PenaltyForm(table_info(substituted)).fields["seat"].choices)
    assert choices[4] == "4 Hans Ziegler"
    response = client.post(u("penalty_add", substituted.token), {
        "seat": 4, "reason": "other", "points": 15, "version": substituted.sheet_version},
        follow=True)
    assert "Penalty for Hans Ziegler" in response.content.decode()


def test_the_deal_page_names_the_substitute_who_dealt(client, substituted):
    response = client.get(u("deal_edit", substituted.token, 3))
    assert response.context["dealer"] == "Hans Ziegler"


def test_the_delete_question_names_the_substitute_as_a_new_dealer(boss, substituted):
    organizer = Client()
    organizer.force_login(boss)
    tournament = substituted.series.tournament
    asked = organizer.post(u("deal_delete", tournament.slug, 1, substituted.number, 1))
    rows = {r["old"]: r for r in asked.context["rows"]}
    assert rows[4]["after"] == "4 Hans Ziegler"  # deal 4 becomes deal 3, dealt by seat 4


def test_a_sheet_is_not_ended_before_a_substitutes_first_deal(four, boss):
    substitute_from(four, boss, 7)  # Hans is to take seat 4 from deal 7
    with pytest.raises(SheetError, match="from deal 7") as refused:
        absence.end_sheet(four, 5, boss)
    assert refused.value.field == "after_deal"
    four.refresh_from_db()
    assert four.ended_after is None
    absence.end_sheet(four, 7, boss)  # he played deal 7 then: the end may follow it
    four.refresh_from_db()
    assert four.ended_after == 7


def test_the_insert_page_of_a_sheet_ended_early_offers_the_form(client, four, boss):
    absence.end_sheet(four, 5, boss)
    html = client.get(u("deal_insert", four.token, 2)).content.decode()
    assert "one too many" not in html
    assert 'id="insert-form"' in html
    assert "the sheet then ends after deal 6" in html


def test_a_substitute_seated_on_a_submitted_sheet_says_why_the_submission_went(
        client, boss):
    table = table_of_size(club_night(boss), 4)
    for _ in range(8):
        play(table, SOLO_WON)
    submit_sheet(table, "Anna Becker")
    table.refresh_from_db()
    substitute_from(table, boss, 5)
    assert table.sheet_status == "open"
    assert table.withdrawal["because"] == "a substitute seated in seat 4 from deal 5"
    html = client.get(u("sheet", table.token)).content.decode()
    assert "was withdrawn at" in html and "a substitute seated in seat 4 from deal 5" in html


def test_the_penalty_removal_question_names_the_substitute(client, substituted):
    penalty = deals.add_penalty(substituted, 4, "other", 15, "", substituted.sheet_version,
                                "Anna Becker")
    html = client.post(u("penalty_delete", substituted.token, penalty.pk)).content.decode()
    assert "Remove the penalty of Hans Ziegler?" in html
    assert "for 4 Hans Ziegler, entered by Anna Becker" in html
    assert "Franz Koch" not in html


def test_a_deal_inserted_before_the_substitutes_first_deal_was_the_replaced_players(
        client, substituted):
    seated = substituted.seats.get(position=4).entry.name
    # the forgotten deal 3 is dealt by seat 4, before Hans sat down
    asked = client.get(u("deal_insert", substituted.token, 3))
    assert asked.context["dealer"] == f"4 {seated}"
    data = DealInput(dict(SOLO_WON), declarer=1)
    edits.insert_deal(substituted, 3, data, substituted.sheet_version, "test")
    info = table_info(substituted)
    assert (info.name_at(4, 3), info.name_at(4, 4)) == (seated, "Hans Ziegler")


def test_the_sheet_names_the_substitute_on_his_penalty_row(boss, substituted):
    deals.add_penalty(substituted, 4, "other", 15, "", substituted.sheet_version, "test")
    info = table_info(substituted)
    (row,) = [r for r in display_rows(info, deals.load_sheet(info)) if r.row.kind == "penalty"]
    assert row.declarer_name == "Hans Ziegler"
    organizer = Client()
    organizer.force_login(boss)
    pdf = organizer.get(reverse("printing:sheet_pdf", args=[
        substituted.series.tournament.slug, 1, substituted.number]))
    reader = PdfReader(io.BytesIO(b"".join(pdf.streaming_content)))
    text = "".join(page.extract_text() for page in reader.pages)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Penalty:"))
    assert lines[at - 1] == "Hans Ziegler"  # the name cell of the penalty's row
