"""A season made and its rules set by the club's organizers: a preset fills the fields, each
rule one by one, refusals naming the field, one audit entry per change and none when nothing
changed, the quarter's days."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from seasons.models import Season
from seasons.presets import PRESETS
from seasons.season_forms import SeasonForm, _field_of, quarter_days
from tournament.models import AuditAction, AuditEntry

NEW = {"name": "Jahreswertung 2027", "slug": "", "first_day": "2027-01-01",
       "last_day": "2027-12-31", "unit": "series", "value": "average", "min_played": "25",
       "zero_up_to": "", "drop_worst_at": "", "best": "", "penalty_over": "30",
       "penalty_base": "16", "penalty_power": "2", "guests": "after", "preset": ""}


def _create(club):
    return reverse("seasons:season_create", args=[club.pk])


def test_a_season_is_made_rule_by_rule(club_client, club):
    response = club_client.post(_create(club), NEW)
    season = Season.objects.get(club=club)
    assert response.status_code == 302
    assert response.url == reverse("seasons:ranking", args=[club.pk, "jahreswertung-2027"])
    assert season.slug == "jahreswertung-2027"
    assert season.rules == {"value": "average", "min_played": 25,
                            "absence_penalty": {"over": 30, "base": 16, "power": 2}}
    assert season.preset == ""
    entry = AuditEntry.objects.get(action=AuditAction.SEASON_CREATED)
    assert entry.before is None and entry.after["rules"] == season.rules
    page = club_client.get(response.url).content.decode()
    assert ("Average per series, ranked from 25 series; beyond 30 missed series "
            "(missed − 16)² points off") in page


def test_a_preset_fills_the_fields_and_is_kept_when_saved_unchanged(club_client, club):
    response = club_client.post(_create(club), {**NEW, "choose": "total_dropping_the_worst"})
    assert response.status_code == 200 and not Season.objects.exists()
    form = response.context["form"]
    assert form["drop_worst_at"].value() == "30, 35, 40, 45, 50"
    assert form["min_played"].value() == 25 and form["value"].value() == "total"
    assert form["name"].value() == NEW["name"]  # what was typed stays
    assert form["preset"].value() == "total_dropping_the_worst"
    data = {k: ("" if v is None else v) for k, v in
            ((f.name, f.value()) for f in form)}
    club_client.post(_create(club), data)
    season = Season.objects.get()
    assert season.rules == PRESETS["total_dropping_the_worst"].rules
    assert season.preset == "total_dropping_the_worst"
    # a rule changed after choosing: the preset's name is no longer the season's
    club_client.post(reverse("seasons:season_edit", args=[club.pk, season.slug]),
                     {**data, "drop_worst_at": "30, 40"})
    season.refresh_from_db()
    assert season.rules["drop_worst_at"] == [30, 40] and season.preset == ""


@pytest.mark.parametrize(("field", "typed", "words"), [
    ("drop_worst_at", "30, x5", "“x5” is not a number of results played"),
    ("penalty_power", "7", "Penalty power"),
    ("zero_up_to", "24", "apply to an average only"),
    ("best", "0", "Only the best"),
    ("last_day", "2026-12-31", "The last day is before the first day."),
])
def test_each_refusal_names_its_field(club_client, club, field, typed, words):
    data = {**NEW, field: typed}
    if field == "zero_up_to":
        data["value"] = "total"
    response = club_client.post(_create(club), data)
    assert response.status_code == 200 and not Season.objects.exists()
    assert response.context["form"].errors[field]
    assert words in response.content.decode()


def test_a_penalty_needs_all_three(club_client, club):
    response = club_client.post(_create(club), {**NEW, "penalty_base": ""})
    assert "penalty_base" in response.context["form"].errors
    assert not Season.objects.exists()


def test_the_rules_reader_refusal_lands_on_its_field(club):
    assert SeasonForm(NEW, club=club).is_valid()
    assert _field_of("rules.drop_worst_at[0]") == "drop_worst_at"
    assert _field_of("rules.absence_penalty.power") == "penalty_power"


def test_an_unchanged_save_writes_no_audit_entry(club_client, club):
    club_client.post(_create(club), NEW)
    season = Season.objects.get()
    edit = reverse("seasons:season_edit", args=[club.pk, season.slug])
    form = club_client.get(edit).context["form"]
    data = {f.name: ("" if f.value() is None else f.value()) for f in form}
    club_client.post(edit, data)
    assert AuditEntry.objects.filter(action=AuditAction.SEASON_CHANGED).count() == 0
    club_client.post(edit, {**data, "min_played": "20"})
    entry = AuditEntry.objects.get(action=AuditAction.SEASON_CHANGED)
    assert entry.before["rules"]["min_played"] == 25
    assert entry.after["rules"]["min_played"] == 20


def test_a_quarter_and_the_year_are_two_seasons(club_client, club):
    club_client.post(_create(club), NEW)
    response = club_client.post(_create(club), {**NEW, "name": "", "quarter": "2"})
    form = response.context["form"]
    assert form["first_day"].value() == "2027-04-01"
    assert form["last_day"].value() == "2027-06-30"
    assert form["name"].value() == "Q2 2027"
    data = {f.name: ("" if f.value() is None else f.value()) for f in form}
    club_client.post(_create(club), data)
    assert Season.objects.filter(club=club).count() == 2
    assert quarter_days(2027, 4) == (datetime.date(2027, 10, 1), datetime.date(2027, 12, 31))


def test_a_taken_slug_is_refused_and_a_made_one_is_numbered(club_client, club):
    club_client.post(_create(club), NEW)
    club_client.post(_create(club), NEW)
    assert sorted(Season.objects.values_list("slug", flat=True)) == [
        "jahreswertung-2027", "jahreswertung-2027-2"]
    response = club_client.post(_create(club), {**NEW, "slug": "jahreswertung-2027"})
    assert "slug" in response.context["form"].errors


def test_no_json_is_typed_and_presets_are_described(club_client, club):
    text = club_client.get(_create(club)).content.decode()
    assert "<textarea" not in text
    assert "Total of the evenings, only the best 8 evenings count" in text
    assert text.count('name="choose"') == len(PRESETS)


def test_a_slug_taken_between_the_check_and_the_save_is_a_message(club_client, club,
                                                                   monkeypatch):
    """Two organizers save at once: the form's check passed for both, the save under the
    club's lock finds the address taken and says so on the field, never a 500."""
    club_client.post(_create(club), {**NEW, "slug": "jahr"})
    monkeypatch.setattr(SeasonForm, "_taken", lambda form, slug: False)
    response = club_client.post(_create(club), {**NEW, "name": "Zweite", "slug": "jahr"})
    assert response.status_code == 200
    assert "short name" in " ".join(response.context["form"].errors["slug"])
    assert list(Season.objects.values_list("name", flat=True)) == ["Jahreswertung 2027"]
