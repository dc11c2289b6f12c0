"""Issue 12, point 9: a form speaks only when something is wrong, in the site's words, and its
form-wide errors look like errors."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tournament.models import KeepApart, Tournament
from tournament.registration.services import register_player

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
REQUIRED = "This field is required."


@pytest.fixture
def field(tournament):
    for number, (first, last) in enumerate([("Anna", "Becker"), ("Otto", "Schulz")], start=1):
        register_player(tournament, first_name=first, last_name=last, number=number)
    return tournament


def test_the_keep_apart_page_is_quiet_on_a_plain_load_and_after_an_add(organizer_client, field):
    page = reverse("tournament:keep_apart", args=[field.slug])
    assert REQUIRED not in organizer_client.get(page).content.decode()
    response = organizer_client.post(page, {"action": "add", "first": "1", "second": "2"},
                                     follow=True)
    html = response.content.decode()
    assert "are kept apart" in html and REQUIRED not in html
    assert KeepApart.objects.count() == 1
    # an empty add still says what is missing
    html = organizer_client.post(page, {"action": "add"}).content.decode()
    assert REQUIRED in html


def test_a_refused_pair_is_shown_as_an_error(organizer_client, field):
    page = reverse("tournament:keep_apart", args=[field.slug])
    html = organizer_client.post(page, {"action": "add", "first": "1",
                                        "second": "1"}).content.decode()
    assert "Choose two different players." in html


def _tournament_post(**changes):
    data = {"name": "Odd", "start_date": "2027-10-02", "rule_set": "nasl-1908",
            "scoring_system": "league", "series_count": 1, "deals_per_player": 12,
            "table_policy": "prefer_four"}
    return {**data, **changes}


def test_a_tournament_without_series_is_refused_in_the_sites_words(marta_client):
    response = marta_client.post(reverse("tournament:create"), _tournament_post(series_count=0))
    html = response.content.decode()
    assert response.status_code == 200
    assert "A tournament has at least one series." in html
    assert "at_least_one_series" not in html and "is violated" not in html
    assert response.context["form"].errors["series_count"] == [
        "A tournament has at least one series."]
    assert not Tournament.objects.filter(name="Odd").exists()


def test_form_wide_errors_are_styled_as_errors(marta_client):
    response = marta_client.post(reverse("tournament:create"),
                                 _tournament_post(**{"opt__nasl-1908__point_ramsch": "on"}))
    html = response.content.decode()
    match = re.search(r'<ul class="errors"[^>]*>\s*<li>[^<]*point_ramsch needs ramsch=on', html)
    assert match, html
    css = (ROOT / "static/css/site.css").read_text()
    assert re.search(r"ul\.errors\s*{[^}]*color: #b71c1c", css)


def test_no_template_renders_non_field_errors_as_django_s_plain_list():
    raw = re.compile(r"{{\s*\w+\.non_field_errors\s*}}")
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "templates").rglob("*.html")
                 if raw.search(p.read_text())]
    assert offenders == []
