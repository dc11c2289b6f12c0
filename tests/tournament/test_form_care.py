"""Issue 18 point 23: forms keep what was typed and say each thing once."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Team
from tests.factories import add_entry, enter
from tests.sheets import u
from tournament.models import SheetStatus, Tournament
from tournament.sheets import services as deals
from tournament.sheets.services import table_info

pytestmark = pytest.mark.django_db


def _submitted(client, table):
    enter(table, table_info(table).deal_count)
    client.post(u("sheet_submit", table.token), {"name": table_info(table).players[0].name})
    table.refresh_from_db()
    assert table.sheet_status == SheetStatus.SUBMITTED


def test_a_blind_check_mismatch_keeps_the_typed_name_and_totals(client, club_night, three):
    club_night.blind_check = True
    club_night.save()
    _submitted(client, three)
    totals = deals.load_sheet(table_info(three)).totals
    confirmer = table_info(three).players[1].name
    typed = {"name": confirmer, **{f"total_{i + 1}": t + 10 + i for i, t in enumerate(totals)}}
    response = Client().post(u("sheet_confirm", three.token), typed)
    assert response.status_code == 200
    html = response.content.decode()
    assert "do not match the sheet" in html
    assert f'value="{confirmer}"' in html
    for i, total in enumerate(totals):
        assert f'name="total_{i + 1}" value="{total + 10 + i}"' in html
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.SUBMITTED


def _add_team(client, tournament, members):
    return client.post(reverse("scoring:add_team", args=[tournament.slug]),
                       {"team-name": "Kreuz", "team-members": members}, follow=True)


@pytest.mark.parametrize(("members", "reason"), [
    ("1, x", "Write participant numbers (1 to"),
    ("1, 2, 3", "A tandem has 2 different players, a team 4."),
    ("1, 99", "No player of this tournament has the number 99."),
])
def test_the_team_form_says_each_refusal_once_and_keeps_the_input(client, club_night, marta,
                                                                  members, reason):
    client.force_login(marta)
    html = _add_team(client, club_night, members).content.decode()
    assert html.count(reason) == 1
    assert "Members: Members" not in html
    assert f'value="{members}"' in html and 'value="Kreuz"' in html
    assert not Team.objects.exists()


def test_a_team_member_who_did_not_play_is_warned(client, club_night, marta):
    client.force_login(marta)
    add_entry(club_night, 8, "Paul", "Late")  # registered after the draw: no seat
    html = _add_team(client, club_night, "1, 8").content.decode()
    assert "Team Kreuz registered." in html
    assert "8 Paul Late has not played: no seat in any series" in html
    assert "1 Anna Becker" not in html.split("Team Kreuz registered.")[1].split("</ul>")[0]
    assert Team.objects.get().members.count() == 2


def test_no_warning_before_the_first_draw(client, tournament, organizer):
    client.force_login(organizer)
    add_entry(tournament, 1, "Anna", "Becker")
    add_entry(tournament, 2, "Carl", "Brandt")
    html = _add_team(client, tournament, "1, 2").content.decode()
    assert "Team Kreuz registered." in html and "has not played" not in html


def test_a_new_tournament_is_public_and_on_the_sites_clock(client, organizer, settings):
    settings.TIME_ZONE = "America/Chicago"
    client.force_login(organizer)
    html = client.get(reverse("tournament:create")).content.decode()
    assert 'name="public" checked' in html or re.search(r'name="public"[^>]* checked', html)
    assert "Not public: its pages answer “not found” to everyone but its organizers" in html
    # the site's zone is chosen, and stands first among a short list before every zone
    assert re.search(r'<option value="America/Chicago" selected>', html)
    common = html.index('<optgroup label="Common">')
    every = html.index('<optgroup label="Every zone">')
    assert common < html.index('value="Europe/Berlin"') < every < html.index(
        'value="Africa/Abidjan"')
    assert html.index('value="America/Chicago"') < html.index('value="America/New_York"')


def test_a_tournament_posted_without_a_zone_takes_the_sites(client, organizer, settings):
    settings.TIME_ZONE = "Europe/Berlin"
    client.force_login(organizer)
    response = client.post(reverse("tournament:create"), {
        "name": "Preisskat", "start_date": "2027-03-06", "rule_set": "isko",
        "scoring_system": "seeger-fabian", "series_count": 2, "deals_per_player": 12,
        "table_policy": "prefer_four", "public": "on"})
    assert response.status_code == 302
    created = Tournament.objects.get(name="Preisskat")
    assert created.time_zone == "Europe/Berlin" and created.public
