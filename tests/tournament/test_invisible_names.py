"""Issue 18 point 25: a name made only of invisible characters, or carrying a direction
control that turns the text around, is refused on every name field, with the field named."""


import pytest
from django.urls import reverse

from scoring.models import Team
from scoring.refusals import ScoringError
from scoring.teams.services import add_team
from tests.factories import add_entry, enter
from tests.sheets import u
from tournament.models import Club, Entry, Tournament
from tournament.names import visibility_problem
from tournament.refusals import Refusal
from tournament.registration.clubs import add_club
from tournament.registration.importing import parse_players_csv
from tournament.registration.services import RegistrationError, register_player
from tournament.sheets.services import table_info

ZWSP, RLO = "\u200b", "\u202e"
INVISIBLE = [ZWSP, ZWSP * 3, "\u200c\u200d", "\u2060\ufeff", "\u3164", "\u2800"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_names_are_named_as_such(name):
    assert "made only of invisible characters (U+" in visibility_problem(name)


@pytest.mark.parametrize("name", ["Max\u202eMüller", "\u202dAnna", "Otto\u2067x\u2069"])
def test_direction_controls_are_refused_anywhere(name):
    assert "contains the direction control U+" in visibility_problem(name)


@pytest.mark.parametrize("name", ["Müller-Lüdenscheidt", "O’Brien", "אבי\u200f", "a\u200bb",
                                  "Jürgen", "♣♠♥♦"])
def test_real_names_pass(name):
    assert visibility_problem(name) is None


pytestmark_db = pytest.mark.django_db


@pytestmark_db
@pytest.mark.parametrize(("field", "kwargs"), [
    ("first_name", {"first_name": ZWSP, "last_name": "Becker"}),
    ("last_name", {"first_name": "Anna", "last_name": f"Be{RLO}cker"}),
    ("club", {"first_name": "Anna", "last_name": "Becker", "club_name": "\u3164"}),
])
def test_a_player_is_refused_with_the_field_named(tournament, field, kwargs):
    with pytest.raises(RegistrationError) as refused:
        register_player(tournament, **kwargs)
    assert refused.value.field == field
    label = {"first_name": "first name", "last_name": "last name", "club": "club name"}[field]
    assert refused.value.message.startswith(f"The {label} ")
    assert not Entry.objects.exists() and not Club.objects.exists()


@pytestmark_db
def test_the_player_form_shows_the_reason_on_the_field(organizer_client, tournament):
    response = organizer_client.post(
        reverse("tournament:player_add", args=[tournament.slug]),
        {"first_name": ZWSP, "last_name": "Becker", "number": 1})
    assert response.status_code == 200
    assert "The first name is made only of invisible characters (U+200B)" in \
        response.content.decode()
    assert not Entry.objects.exists()


@pytestmark_db
def test_csv_rows_with_invisible_or_reversed_names_are_bad_rows(tournament):
    text = f"first,last,club\n{ZWSP},Becker,\nAnna,X{RLO}Y,\nOtto,Schulz,{ZWSP}\n"
    messages = parse_players_csv(text, tournament).error_messages
    assert messages[0].startswith("Row 2: first name is made only of invisible characters")
    assert messages[1].startswith("Row 3: last name contains the direction control U+202E")
    assert messages[2].startswith("Row 4: club name is made only of invisible characters")


@pytestmark_db
def test_a_club_is_refused(tournament):
    with pytest.raises(Refusal) as refused:
        add_club(f"SC {RLO}Pik 7", tournament=tournament)
    assert refused.value.field == "name" and "direction control" in refused.value.message
    assert not Club.objects.exists()


@pytestmark_db
def test_a_team_is_refused(tournament):
    add_entry(tournament, 1, "Anna", "Becker")
    add_entry(tournament, 2, "Carl", "Brandt")
    with pytest.raises(ScoringError) as refused:
        add_team(tournament, ZWSP, [1, 2], None)
    assert refused.value.field == "name"
    assert str(refused.value).startswith("The team name is made only of invisible")
    assert not Team.objects.exists()


@pytestmark_db
def test_a_tournament_is_refused(organizer_client):
    response = organizer_client.post(reverse("tournament:create"), {
        "name": f"{ZWSP}{ZWSP}", "slug": "zw", "start_date": "2027-03-06",
        "rule_set": "nasl-1908", "scoring_system": "league", "series_count": 1,
        "deals_per_player": 12, "table_policy": "prefer_four"})
    assert response.status_code == 200
    assert "The name is made only of invisible characters" in response.content.decode()
    assert not Tournament.objects.filter(slug="zw").exists()


@pytestmark_db
def test_the_submitters_name_at_the_table_is_refused(client, three):
    enter(three, table_info(three).deal_count)
    client.post(u("sheet_submit", three.token), {"name": f"Anna{RLO}"})
    three.refresh_from_db()
    assert three.submitted_by == ""


@pytestmark_db
def test_a_tournament_name_with_an_override_is_refused_on_edit(organizer_client, tournament):
    response = organizer_client.post(reverse("tournament:edit", args=[tournament.slug]), {
        "name": f"Club{RLO} Night", "slug": tournament.slug, "start_date": "2027-05-01",
        "rule_set": "nasl-1908", "scoring_system": "league", "series_count": 1,
        "deals_per_player": 12, "table_policy": "prefer_four"})
    assert "The name contains the direction control U+202E" in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).name == "Club Night"
