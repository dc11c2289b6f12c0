"""Issue 18, point 9: the Seeger-Fabian foot under the web sheet and on the player page, the
same numbers as the PDF's foot and the standings (one function computes them)."""

import re

import pytest
from django.urls import reverse

from engine import SeegerFabianFoot, seeger_fabian_foot
from printing import score_sheets
from scoring.results import services as results
from tests.factories import SOLO_LOST, SOLO_WON, club_night, play, table_of_size
from tournament.sheets.services import load_sheet, table_info
from tournament.sheets.sheet import seeger_fabian_feet

pytestmark = pytest.mark.django_db


@pytest.fixture
def sf_night(django_user_model):
    boss = django_user_model.objects.create_user("boss")
    tournament = club_night(boss, scoring="seeger-fabian")
    three = table_of_size(tournament, 3)
    for record, seat in ((SOLO_WON, 2), (SOLO_LOST, 3), (SOLO_WON, 1), (SOLO_LOST, 1)):
        play(three, record, seat)
    return tournament, three, boss


def test_the_formula_is_one_function():
    foot = seeger_fabian_foot(points=60, won=2, lost=1, others_lost=3, table_size=4)
    assert foot == SeegerFabianFoot(60, 2, 1, 3, 90)
    assert (foot.won_bonus, foot.lost_malus, foot.score) == (100, -50, 60 + 100 - 50 + 90)


def foot_cells(html):
    """The foot's lines as the page shows them: label -> the numbers of its cells."""
    block = html[html.index('id="sf-foot"'):]
    block = block[:block.index("</table>")]
    lines = {}
    for label, cells in re.findall(r'<th scope="row">([^<]+)</th>(.*?)</tr>', block, re.S):
        lines[label] = [int(n) for n in re.findall(r'<td class="num[^"]*">(?:<strong>)?([+-]?\d+)',
                                                      cells)]
    return lines


def test_the_phone_sheet_shows_the_foot_the_pdf_and_the_standings_add_up(client, sf_night):
    tournament, three, _ = sf_night
    info = table_info(three)
    sheet = load_sheet(info)
    feet = seeger_fabian_feet(sheet)
    # seat 1: +30 -20 = 10, won 1 lost 1, seat 3 lost one: +40; seat 2: 30 + 50 + 80
    assert [f.score for f in feet] == [10 + 50 - 50 + 40, 30 + 50 + 80, -20 - 50 + 40]
    html = client.get(reverse("tournament:sheet", args=[three.token])).content.decode()
    lines = foot_cells(html)
    assert lines["Points"] == list(sheet.totals)
    assert lines["Won × 50"] == [50, 50, 0]
    assert lines["Lost × 50"] == [-50, 0, -50]
    assert lines["Others lost × 40"] == [40, 80, 40]
    assert lines["Score"] == [f.score for f in feet]
    # the PDF's foot is the same
    assert score_sheets.foot(sheet).scores == tuple(f.score for f in feet)
    # and so are the standings
    comp = results.compute(tournament)
    score_of = {s.entry: s.score for s in comp.standings}
    entries = dict(three.seats.values_list("position", "entry_id"))
    assert [score_of[entries[seat]] for seat in (1, 2, 3)] == [f.score for f in feet]


def test_a_league_sheet_has_no_foot(client, django_user_model):
    tournament = club_night(django_user_model.objects.create_user("boss"))
    three = table_of_size(tournament, 3)
    play(three, SOLO_WON)
    assert 'id="sf-foot"' not in client.get(
        reverse("tournament:sheet", args=[three.token])).content.decode()


def test_the_player_page_shows_his_foot(client, sf_night):
    tournament, three, boss = sf_night
    client.force_login(boss)
    seat_2 = three.seats.get(position=2).entry
    html = client.get(reverse("scoring:player", args=[tournament.slug, seat_2.number])
                      ).content.decode()
    lines = foot_cells(html)
    assert lines["Points"] == [30]
    assert lines["Won × 50"] == [50]
    assert lines["Others lost × 40/30"] == [80]
    assert lines["Score"] == [160]
    standing = next(s for s in results.compute(tournament).standings if s.entry == seat_2.id)
    assert standing.score == 160
