"""Issue 21 point 3: the API's reads answer each caller what his pages show him: anonymous
callers the released series of public tournaments, a token or a login of the staff every
series, nobody a private tournament but its staff."""

from __future__ import annotations

import pytest

from api import tokens
from tests.api.conftest import bearer, get
from tests.factories import add_entries, new_tournament
from tournament.models import Entry, Tournament

pytestmark = pytest.mark.django_db

NIGHT = "/tournaments/api-night"


def test_anonymous_callers_never_see_an_unreleased_series(two_series, client, marta_token):
    standings = get(client, f"{NIGHT}/standings").json()
    assert standings["counted"] == [1] and not standings["provisional"]
    assert get(client, f"{NIGHT}/series/2/standings").json()["items"] == []
    assert get(client, f"{NIGHT}/prizes").json()["counted"] == [1]
    assert get(client, f"{NIGHT}/clubs").json()["counted"] == [1]
    series = {s["number"]: s for s in get(client, NIGHT).json()["series"]}
    assert not series[2]["results_visible"] and not series[2]["counted"]
    assert get(client, f"{NIGHT}/series/2").json()["results_visible"] is False
    assert get(client, f"{NIGHT}/series/2/tables/1").status_code == 404
    assert get(client, f"{NIGHT}/series/1/tables/1").status_code == 200
    for number in range(1, 8):
        rows = get(client, f"{NIGHT}/players/{number}").json()["items"]
        assert {row["series"] for row in rows} <= {1}
    # the organizer's token sees series 2 in every one of them
    staff = bearer(marta_token)
    assert get(client, f"{NIGHT}/standings", **staff).json()["counted"] == [1, 2]
    assert get(client, f"{NIGHT}/series/2/standings", **staff).json()["items"] != []
    assert get(client, f"{NIGHT}/series/2/tables/1", **staff).json()["deals"] != []
    assert any(row["series"] == 2 for number in range(1, 8)
               for row in get(client, f"{NIGHT}/players/{number}", **staff).json()["items"])


def test_the_public_reads_the_published_names_the_staff_the_full_ones(two_series, client,
                                                                      marta_token):
    Entry.objects.filter(tournament=two_series, number=1).update(
        publication="pseudonym", pseudonym="Kreuz Bube")
    Entry.objects.filter(tournament=two_series, number=2).update(publication="initial")
    public = {r["number"]: r["name"] for r in get(client, f"{NIGHT}/standings").json()["items"]}
    staff = {r["number"]: r["name"] for r in get(client, f"{NIGHT}/standings",
                                                  **bearer(marta_token)).json()["items"]}
    assert public[1] == "Kreuz Bube" and public[2] == "Carl B."
    assert staff[1] == "Anna Becker" and staff[2] == "Carl Brandt"
    assert get(client, f"{NIGHT}/players/1").json()["name"] == "Kreuz Bube"
    seats = {s["number"]: s["name"] for table in (1, 2) for s in
             get(client, f"{NIGHT}/series/1/tables/{table}").json()["seats"]}
    assert seats[1] == "Kreuz Bube" and seats[2] == "Carl B."


def test_a_token_reads_its_accounts_private_tournaments_and_no_others(
        two_series, marta, client, marta_token, django_user_model):
    Tournament.objects.filter(pk=two_series.pk).update(public=False)
    bea = django_user_model.objects.create_user("bea", password="Karo-Bube-1908")
    cup = new_tournament("beas-cup", bea, name="Bea's Cup")
    add_entries(cup, 3)
    bea_token = tokens.create_token(bea, "cup site").secret
    assert get(client, NIGHT).status_code == 404
    assert get(client, NIGHT, **bearer(marta_token)).status_code == 200
    refused = get(client, NIGHT, **bearer(bea_token))
    assert refused.status_code == 404 and "api-night" in refused.json()["detail"]
    assert get(client, "/tournaments/beas-cup", **bearer(marta_token)).status_code == 404
    listed = {t["slug"] for t in get(client, "/tournaments", **bearer(marta_token)).json()[
        "items"]}
    assert listed == {"api-night"}
    assert get(client, "/tournaments").json()["items"] == []
    # an assistant's token reads it as his login does; a superuser's reads everything
    ida = django_user_model.objects.create_user("ida", password="Herz-Sieben-1908")
    two_series.assistants.add(ida)
    ida_token = tokens.create_token(ida, "door").secret
    assert get(client, f"{NIGHT}/standings", **bearer(ida_token)).json()["counted"] == [1, 2]
    root = django_user_model.objects.create_superuser("root", password="Grand-Ouvert-1908")
    root_token = tokens.create_token(root, "admin").secret
    assert get(client, "/tournaments/beas-cup", **bearer(root_token)).status_code == 200


def test_a_login_reads_as_a_token_does(two_series, marta, client):
    Tournament.objects.filter(pk=two_series.pk).update(public=False)
    client.force_login(marta)
    assert get(client, f"{NIGHT}/standings").json()["counted"] == [1, 2]


def test_what_is_not_found_is_named(two_series, client):
    assert "nowhere" in get(client, "/tournaments/nowhere").json()["detail"]
    assert "series 9" in get(client, f"{NIGHT}/series/9/standings").json()["detail"]
    assert "number 99" in get(client, f"{NIGHT}/players/99").json()["detail"]
    assert "table 42" in get(client, f"{NIGHT}/series/1/tables/42").json()["detail"]
    assert "comparatively" in get(client, f"{NIGHT}/comparative").json()["detail"]
    bad = get(client, f"{NIGHT}/standings?page=0")
    assert bad.status_code == 422 and "page" in bad.json()["errors"]


def test_lists_are_paged_and_the_anonymous_page_is_capped(marta, client, marta_token):
    cup = new_tournament("big-list", marta, public=True)
    for n in range(1, 4):
        new_tournament(f"cup-{n}", marta, public=True)
    assert cup.public
    first = get(client, "/tournaments?page=1&page_size=3").json()
    second = get(client, "/tournaments?page=2&page_size=3").json()
    assert first["count"] == 4 and first["pages"] == 2 and len(first["items"]) == 3
    assert len(second["items"]) == 1
    assert {t["slug"] for t in first["items"] + second["items"]} == {
        "big-list", "cup-1", "cup-2", "cup-3"}
    assert get(client, "/tournaments?page_size=500").json()["page_size"] == 150
    assert get(client, "/tournaments?page_size=500",
               **bearer(marta_token)).json()["page_size"] == 500
    assert get(client, "/tournaments?page_size=501").status_code == 422
