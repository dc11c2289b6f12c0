"""Issue 12, point 7: extra prizes choose their games by name from the tournament's rule set
(a typed "grnd" is refused, naming the field); prizes and teams are edited and deleted by the
organizer, confirmed first and audited; the help speaks plain words."""

import datetime
import re

import pytest
from django.urls import reverse

from scoring import refusals
from scoring.awards import loaders as award_loaders
from scoring.awards import services as awards
from scoring.forms import CustomPrizeForm, countable_games
from scoring.models import CustomPrize, Team
from tests.factories import add_entry
from tournament.models import AuditAction, AuditEntry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(django_user_model):
    boss = django_user_model.objects.create_user("boss")
    tournament = Tournament.objects.create(name="Grand Cup", slug="grand-cup",
                                           start_date=datetime.date(2027, 5, 1))
    tournament.organizers.add(boss)
    for n in range(1, 7):
        add_entry(tournament, n, f"P{n}", "Cup")
    return tournament, boss


def url(name, tournament, *args):
    return reverse(f"scoring:{name}", args=[tournament.slug, *args])


def prize_post(**changes):
    data = {"prize-number": "8", "prize-title": "Most Grands", "prize-kind": "COUNT_WON",
            "prize-place": "1", "prize-games": ["grand", "grand_ouvert"], "prize-label": ""}
    data.update({f"prize-{k}": v for k, v in changes.items()})
    return data


def test_the_form_offers_the_rule_sets_games_by_name(cup):
    tournament, _ = cup
    choices = dict(CustomPrizeForm(tournament=tournament).fields["games"].choices)
    assert choices["grand"] == "Grand" and choices["grand_ouvert"] == "Grand Ouvert"
    assert "passed" not in choices and "ramsch" not in choices
    tournament.rule_set = "hertefeld"
    assert dict(countable_games(tournament.rules))["grand"] == "Grando"


def test_a_typed_game_key_is_refused_naming_the_field(cup, client):
    tournament, boss = cup
    client.force_login(boss)
    form = CustomPrizeForm(prize_post(games=["grnd"]), prefix="prize", tournament=tournament)
    assert not form.is_valid()
    assert form.errors["games"] == ["“grnd” is not a game of this tournament's rules; tick "
                                    "games from the list."]
    response = client.post(url("add_prize", tournament), prize_post(games=["grnd"]),
                           follow=True)
    assert ("Games that count: “grnd” is not a game of this tournament&#x27;s rules"
            in response.content.decode())
    assert not CustomPrize.objects.exists()


def test_most_games_of_a_kind_needs_a_game(cup):
    tournament, _ = cup
    form = CustomPrizeForm(prize_post(games=[]), prefix="prize", tournament=tournament)
    assert not form.is_valid()
    assert "Tick at least one game" in form.errors["games"][0]


def test_the_service_refuses_an_unknown_key_too(cup):
    tournament, boss = cup
    prize = CustomPrize(number=8, title="Most Grands", kind="COUNT_WON", games="grnd")
    with pytest.raises(refusals.ScoringError) as refused:
        awards.add_custom_prize(tournament, prize, boss)
    assert refused.value.field == "games"


def test_a_chosen_grand_counts_and_gets_a_label(cup, client):
    tournament, boss = cup
    client.force_login(boss)
    client.post(url("add_prize", tournament), prize_post())
    prize = CustomPrize.objects.get()
    assert prize.games == "grand,grand_ouvert"
    assert prize.label == "Grand or Grand Ouvert games"
    spec = next(s for s in award_loaders.prize_specs(tournament) if s.number == 8)
    assert spec.games == {"grand", "grand_ouvert"}


def test_the_help_speaks_plain_words(cup, client):
    tournament, boss = cup
    client.force_login(boss)
    page = client.get(url("results_admin", tournament)).content.decode()
    assert "COUNT_WON" not in page.replace('value="COUNT_WON"', "")
    assert "Games that count" in page and "Grand Ouvert" in page


def test_a_prize_is_edited_and_audited(cup, client):
    tournament, boss = cup
    client.force_login(boss)
    client.post(url("add_prize", tournament), prize_post())
    page = client.get(url("edit_prize", tournament, 8)).content.decode()
    checked = set(re.findall(r'name="games" value="(\w+)"[^>]* checked', page))
    assert checked == {"grand", "grand_ouvert"}
    response = client.post(url("edit_prize", tournament, 8),
                           {k.removeprefix("prize-"): v
                            for k, v in prize_post(title="Grand master", number="9",
                                                   games=["grand"], label="Grands").items()})
    assert response.status_code == 302
    prize = CustomPrize.objects.get()
    assert (prize.number, prize.title, prize.games, prize.label) == (9, "Grand master",
                                                                     "grand", "Grands")
    audit = AuditEntry.objects.get(action=AuditAction.PRIZE_EDITED)
    assert audit.before["title"] == "Most Grands" and audit.after["number"] == 9


def test_editing_a_prize_refuses_a_league_number_on_its_field(cup, client):
    tournament, boss = cup
    client.force_login(boss)
    client.post(url("add_prize", tournament), prize_post())
    response = client.post(url("edit_prize", tournament, 8),
                           {k.removeprefix("prize-"): v
                            for k, v in prize_post(number="3").items()})
    assert response.status_code == 200
    assert "Numbers 1 to 7 are the League" in response.content.decode()
    assert CustomPrize.objects.get().number == 8


def test_a_prize_is_deleted_only_once_confirmed(cup, client):
    tournament, boss = cup
    client.force_login(boss)
    client.post(url("add_prize", tournament), prize_post())
    page = client.get(url("delete_prize", tournament, 8)).content.decode()
    assert "Delete prize 8. Most Grands?" in page
    assert CustomPrize.objects.exists()
    response = client.post(url("delete_prize", tournament, 8))
    assert response.status_code == 302 and not CustomPrize.objects.exists()
    assert AuditEntry.objects.get(action=AuditAction.PRIZE_DELETED).before["games"] == \
        "grand,grand_ouvert"


def test_a_team_is_edited_deleted_and_audited(cup, client):
    tournament, boss = cup
    client.force_login(boss)
    client.post(url("add_team", tournament), {"team-name": "Kreuz", "team-members": "1, 2"})
    team = Team.objects.get()
    assert 'value="1, 2"' in client.get(url("edit_team", tournament, team.pk)).content.decode()
    refused = client.post(url("edit_team", tournament, team.pk),
                          {"name": "Kreuz", "members": "1, 99"})
    assert "No player of this tournament has the number 99." in refused.content.decode()
    client.post(url("edit_team", tournament, team.pk),
                {"name": "Kreuz As", "members": "3, 4, 5, 6"})
    team.refresh_from_db()
    assert team.name == "Kreuz As"
    assert sorted(team.members.values_list("number", flat=True)) == [3, 4, 5, 6]
    edited = AuditEntry.objects.get(action=AuditAction.TEAM_EDITED)
    assert edited.before == {"name": "Kreuz", "members": [1, 2]}
    assert "Delete the team Kreuz As?" in client.get(
        url("delete_team", tournament, team.pk)).content.decode()
    client.post(url("delete_team", tournament, team.pk))
    assert not Team.objects.exists()
    assert AuditEntry.objects.filter(action=AuditAction.TEAM_DELETED).count() == 1


def test_another_tournaments_prize_is_not_found(cup, client, django_user_model):
    tournament, boss = cup
    other = Tournament.objects.create(name="Other", slug="other",
                                      start_date=datetime.date(2027, 5, 1))
    other.organizers.add(boss)
    CustomPrize.objects.create(tournament=other, number=8, title="x", kind="MOST_GAMES")
    client.force_login(boss)
    assert client.post(url("delete_prize", tournament, 8)).status_code == 404
    assert CustomPrize.objects.count() == 1
