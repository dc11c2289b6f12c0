"""Issue 18, point 4: the prize list follows the scoring. Under Seeger-Fabian it is the places
by score and the organizer's own prizes; the League Prize Schedule belongs to League scoring
(or is switched on); a schedule names only games of the tournament's rule set."""

import datetime

import pytest
from django.urls import reverse

from engine import GameKind, ScoringSystem, get_rule_set, rule_sets
from scoring import cache, refusals
from scoring.awards import services as awards
from scoring.awards.page import prize_page
from scoring.models import CustomPrize, ScoringSettings
from scoring.prizes import LEAGUE_SCHEDULE, PrizeKind
from scoring.ranking import schedule
from scoring.results import services as results
from scoring.settings import services as results_settings
from tests.factories import add_entry
from tournament.models import SeatingMethod, Tournament
from tournament.permissions import Visitor
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm

LEAGUE, SF = ScoringSystem.LEAGUE, ScoringSystem.SEEGER_FABIAN


def test_league_scoring_keeps_the_league_schedule():
    assert schedule(LEAGUE, get_rule_set("nasl-1908")) == LEAGUE_SCHEDULE


@pytest.mark.parametrize("key", list(rule_sets()))
def test_a_schedule_names_only_games_of_its_rule_set(key):
    rules = get_rule_set(key)
    names = {g.name for g in rules.games}
    for spec in schedule(LEAGUE, rules):
        if spec.kind in (PrizeKind.SOLO_AGAINST, PrizeKind.TOURNE_AGAINST):
            assert set(spec.label.split(" or ")) <= names, spec
            assert spec.title == f"{spec.label} won against the most matadors"
    has_tourne = any(g.key in ("tourne", "grand_tourne") for g in rules.games)
    kinds = [s.kind for s in schedule(LEAGUE, rules)]
    assert (PrizeKind.TOURNE_AGAINST in kinds) == has_tourne
    assert [s.number for s in schedule(LEAGUE, rules)] == list(range(1, len(kinds) + 1))


def test_isko_has_neither_solo_nor_tourne_in_its_schedule():
    specs = schedule(LEAGUE, get_rule_set("isko"))
    assert [s.title for s in specs] == [
        "Most Games", "Most Points", "Suit game or Grand won against the most matadors",
        "Second most Games", "Second most Points", "Highest game won"]
    assert not any(g.kind is GameKind.SUIT and g.name == "Solo"
                   for g in get_rule_set("isko").games)


def test_seeger_fabian_gives_places_and_the_league_schedule_only_when_switched_on():
    isko = get_rule_set("isko")
    places = schedule(SF, isko, places=3)
    assert [(s.number, s.title, s.kind, s.place) for s in places] == [
        (1, "1st place", PrizeKind.PLACE, 1), (2, "2nd place", PrizeKind.PLACE, 2),
        (3, "3rd place", PrizeKind.PLACE, 3)]
    both = schedule(SF, isko, places=2, with_league=True)
    assert [s.number for s in both] == list(range(1, 9))
    assert [s.title for s in both[2:4]] == ["Most Games", "Most Points"]
    assert [s.title for s in schedule(SF, isko, places=12)][10:] == ["11th place",
                                                                     "12th place"]


def _play(table, seats, number, player, record):
    info = deals.table_info(table)
    form = DealForm(info, number, {**record, "declarer": seats[player],
                                   "version": table.sheet_version})
    assert form.is_valid(), form.errors
    deals.add_deal(table, form.input, table.sheet_version, "x")
    table.refresh_from_db()


@pytest.fixture
def preisskat(db):
    """An ISkO Preisskat scored by Seeger-Fabian. Anna wins a Grand with 1 (48 + 50), Bert
    loses one (−96 − 50; Anna and Carl +40), Carl wins Diamonds with 1 twice (2 × (18 + 50)):
    Carl 176, Anna 138, Bert −146; by League Games Carl leads too, by Points Anna."""
    tournament = Tournament.objects.create(
        name="Preisskat", slug="preisskat", public=True, rule_set="isko",
        scoring_system="seeger-fabian", start_date=datetime.date(2027, 9, 4))
    series = plans.ensure_series(tournament)[0]
    for n, first in enumerate(["Anna", "Bert", "Carl"], start=1):
        add_entry(tournament, n, first, "Preis")
    plans.seat_series(series, SeatingMethod.DRAW, "preis", user=None)
    plans.publish(series, user=None)
    table = series.tables.get()
    seats = {s.entry.number: s.position for s in table.seats.select_related("entry")}
    grand = {"game": "grand", "matadors": 1}
    diamonds = {"game": "suit", "trump": "diamonds", "matadors": 1, "card_points": 70}
    _play(table, seats, 1, 1, {**grand, "card_points": 70})
    _play(table, seats, 2, 2, {**grand, "card_points": 40})
    _play(table, seats, 3, 3, diamonds)
    _play(table, seats, 4, 3, diamonds)
    return tournament


def _winners(tournament):
    comp = results.compute(tournament)
    return [(p.number, p.title, [comp.player(e).name for e in p.winners], p.reason)
            for p in awards.prizes(comp)]


@pytest.mark.django_db
def test_the_preisskat_prize_list_is_its_places_by_score(preisskat):
    assert _winners(preisskat) == [
        (1, "1st place", ["Carl Preis"], "Seeger-Fabian score 176 (won 2, lost 0)"),
        (2, "2nd place", ["Anna Preis"], "Seeger-Fabian score 138 (won 1, lost 0)"),
        (3, "3rd place", ["Bert Preis"], "Seeger-Fabian score −146 (won 0, lost 1)"
         .replace("−", "-"))]


@pytest.mark.django_db
def test_the_league_schedule_after_the_places_when_switched_on(preisskat):
    ScoringSettings.objects.create(tournament=preisskat, prize_places=1, league_schedule=True)
    cache.forget_recent()
    titles = [(n, t, w) for n, t, w, _ in _winners(preisskat)]
    assert titles[:3] == [(1, "1st place", ["Carl Preis"]), (2, "Most Games", ["Anna Preis"]),
                          (3, "Most Points", ["Bert Preis"])]
    assert [t for _, t, _ in titles][3:] == [
        "Suit game or Grand won against the most matadors", "Second most Games",
        "Second most Points", "Highest game won"]


@pytest.mark.django_db
def test_the_prize_page_says_places_and_gives_no_league_prize(client, preisskat):
    html = client.get(reverse("scoring:prizes", args=[preisskat.slug])).content.decode()
    # nothing released: the public sees the lead only; the organizer's view has the prizes
    page = prize_page(Visitor(preisskat, staff=True))
    assert page.lead == "The places by Seeger-Fabian score over the whole tournament."
    assert page.lead.replace("'", "&#x27;") in html
    titles = [row.prize.title for row in page.prizes]
    assert titles == ["1st place", "2nd place", "3rd place"]
    CustomPrize.objects.create(tournament=preisskat, number=4, title="Booby",
                               kind="LOWEST_POINTS")
    page = prize_page(Visitor(preisskat, staff=True))
    assert page.lead == ("The places by Seeger-Fabian score over the whole tournament and the "
                         "tournament's own prizes.")


@pytest.mark.django_db
def test_the_settings_form_offers_places_only_under_seeger_fabian(client, preisskat,
                                                                  django_user_model):
    boss = django_user_model.objects.create_user("boss-places")
    preisskat.organizers.add(boss)
    client.force_login(boss)
    page = reverse("scoring:results_admin", args=[preisskat.slug])
    assert "Places with a prize" in client.get(page).content.decode()
    CustomPrize.objects.create(tournament=preisskat, number=4, title="Best lady",
                               kind="MOST_POINTS")
    response = client.post(page, {"settings-prize_places": "4",
                                  "settings-count_unconfirmed": "on"})
    assert response.context["form"].errors["prize_places"] == [
        "Places with a prize: the schedule would take numbers 1 to 4, and prize 4 “Best lady” "
        "is one of the tournament's own; give fewer places or renumber that prize first."]
    assert results_settings.scoring_settings(preisskat).prize_places == 3
    client.post(page, {"settings-prize_places": "3", "settings-count_unconfirmed": "on",
                       "settings-league_schedule": "on"})
    # 3 + 6 would take prize 4
    assert results_settings.scoring_settings(preisskat).prize_places == 3
    client.post(page, {"settings-prize_places": "2", "settings-count_unconfirmed": "on"})
    assert results_settings.scoring_settings(preisskat).prize_places == 2
    league = Tournament.objects.create(name="League", slug="league-night",
                                       start_date=datetime.date(2027, 9, 4))
    league.organizers.add(boss)
    html = client.get(reverse("scoring:results_admin", args=[league.slug])).content.decode()
    assert "Places with a prize" not in html


@pytest.mark.django_db
def test_no_tourne_prize_under_isko(client, preisskat, django_user_model):
    boss = django_user_model.objects.create_user("boss-tourne")
    preisskat.organizers.add(boss)
    with pytest.raises(refusals.ScoringError, match="has no Tourné"):
        awards.add_custom_prize(preisskat, CustomPrize(number=8, title="Tourné",
                                                         kind="TOURNE_AGAINST"), boss)
    with pytest.raises(refusals.ScoringError, match="Numbers 1 to 3 are the schedule's"):
        awards.add_custom_prize(preisskat, CustomPrize(number=3, title="Extra",
                                                         kind="MOST_GAMES"), boss)
    client.force_login(boss)
    html = client.get(reverse("scoring:results_admin", args=[preisskat.slug])).content.decode()
    assert "Tourné won against the most matadors" not in html
    assert "Solo won against the most matadors" in html  # the kind's label, as before
