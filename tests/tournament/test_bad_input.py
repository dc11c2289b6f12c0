"""Hostile and out-of-range input on the registration and sheet pages: a clear refusal naming the
field and the rule, or (for display parameters) the default; never a server error."""

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournament.models import Deal, Entry, KeepApart, Player, SeatingMethod, Tournament
from tournament.registration.services import register_player
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.services import DealInput, table_info

pytestmark = pytest.mark.django_db

INT_MAX = 2147483647
HUGE = "9" * 400
HUGER = "9" * 4400  # beyond Python's int() digit limit


def url(name, tournament, *args):
    return reverse(f"tournament:{name}", args=[tournament.slug, *args])


@pytest.fixture
def field(tournament):
    for number, (first, last) in enumerate([("Anna", "Becker"), ("Otto", "Schulz"),
                                            ("Max", "Müller")], start=1):
        register_player(tournament, first_name=first, last_name=last, number=number)
    return tournament


@pytest.mark.parametrize("per_page", ["-1", "0", HUGE, HUGER, "abc", "2.5"])
@pytest.mark.parametrize("page", ["players", "clubs"])
def test_a_bad_page_size_falls_back_to_the_default(organizer_client, field, page, per_page):
    response = organizer_client.get(url(page, field), {"per_page": per_page})
    assert response.status_code == 200
    assert response.context["table"].paginator.per_page == 50


def test_a_large_page_size_is_capped(organizer_client, field):
    response = organizer_client.get(url("players", field), {"per_page": "100000"})
    assert response.context["table"].paginator.per_page == 500
    response = organizer_client.get(url("players", field), {"per_page": "2"})
    assert response.context["table"].paginator.per_page == 2


@pytest.mark.parametrize("page", ["-1", HUGE, HUGER, "x"])
def test_a_bad_page_number_shows_a_page(organizer_client, field, page):
    assert organizer_client.get(url("players", field), {"page": page}).status_code == 200
    assert organizer_client.get(url("audit", field), {"page": page}).status_code == 200


@pytest.mark.parametrize("q", ["²", "٣x", HUGE, HUGER, str(INT_MAX + 1), "\x00", "1\x00"])
@pytest.mark.parametrize("page", ["players", "door"])
def test_a_search_for_any_text_finds_nothing_or_something(organizer_client, field, page, q):
    response = organizer_client.get(url(page, field), {"q": q})
    assert response.status_code == 200


@pytest.mark.parametrize("page", ["players", "door"])
def test_a_search_of_100_kb_finds_nothing(organizer_client, field, page):
    response = organizer_client.get(url(page, field), {"q": "a" * 100_000})
    assert response.status_code == 200
    assert "Becker" not in response.content.decode()


def test_a_search_by_number_still_finds_the_number(organizer_client, field):
    page = organizer_client.get(url("players", field), {"q": "2"}).content.decode()
    assert "Schulz, Otto" in page and "Becker, Anna" not in page


@pytest.mark.parametrize("pair", ["abc", "²", HUGE, "-1", ""])
def test_deleting_a_keep_apart_pair_that_is_no_number_is_not_found(organizer_client, field,
                                                                   pair):
    KeepApart.objects.create(tournament=field, first=field.entries.get(number=1),
                             second=field.entries.get(number=2))
    response = organizer_client.post(url("keep_apart", field),
                                     {"action": "delete", "pair": pair})
    assert response.status_code == 404
    assert KeepApart.objects.count() == 1


@pytest.mark.parametrize("number", [str(INT_MAX + 1), HUGE])
def test_keep_apart_numbers_beyond_the_database_are_refused(organizer_client, field, number):
    page = organizer_client.post(url("keep_apart", field),
                                 {"first": "1", "second": number}).content.decode()
    assert f"less than or equal to {INT_MAX}" in page
    assert not KeepApart.objects.exists()


@pytest.mark.parametrize("number", [str(INT_MAX + 1), HUGE])
def test_a_participant_number_beyond_the_database_is_refused(organizer_client, field, number):
    page = organizer_client.post(url("player_add", field), {
        "first_name": "Eva", "last_name": "Engel", "number": number}).content.decode()
    assert f"less than or equal to {INT_MAX}" in page
    assert not Player.objects.filter(last_name="Engel").exists()
    page = organizer_client.post(url("entry_edit", field, 1), {
        "first_name": "Anna", "last_name": "Becker", "number": number}).content.decode()
    assert f"less than or equal to {INT_MAX}" in page
    assert field.entries.filter(number=1).exists()


@pytest.mark.parametrize("number", [str(INT_MAX + 1), HUGE, "2147483647999"])
def test_the_import_preview_marks_a_number_beyond_the_database_bad(organizer_client, field,
                                                                   number):
    text = f"first,last,number\nEva,Engel,{number}\nKarl,Krause,9\n"
    page = organizer_client.post(url("player_import", field),
                                 {"text": text, "preview": "1"}).content.decode()
    assert f"Row 2: number is larger than {INT_MAX}" in page
    assert "Krause, Karl" in page
    response = organizer_client.post(url("player_import", field),
                                     {"csv_text": text, "confirm": "1", "skip_bad": "on"})
    assert response.status_code == 302
    assert field.entries.filter(number=9).exists()
    assert not Player.objects.filter(last_name="Engel").exists()


def test_the_import_refuses_a_cell_over_the_csv_field_limit_by_row(organizer_client, field):
    big = "x" * (128 * 1024 + 10)
    text = f"first,last\nEva,Engel\nKarl,{big}\nZoe,Zander\n"
    response = organizer_client.post(url("player_import", field), {"text": text, "preview": "1"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Row 3: a cell is longer than 131072 characters" in page
    assert "Engel, Eva" in page and "Zander, Zoe" in page


def test_the_import_refuses_a_header_over_the_csv_field_limit(organizer_client, field):
    text = "first," + "x" * (128 * 1024 + 10) + "\nEva,Engel\n"
    page = organizer_client.post(url("player_import", field),
                                 {"text": text, "preview": "1"}).content.decode()
    assert "Row 1: a cell is longer than 131072 characters" in page


def test_the_import_strips_nul_and_control_characters_from_names(organizer_client, field):
    upload = SimpleUploadedFile("p.csv", b"first,last,club\nE\x00va,En\x01gel,Pik\x00 7\n",
                                "text/csv")
    preview = organizer_client.post(url("player_import", field), {"file": upload})
    assert preview.status_code == 200
    text = preview.context["confirm"].initial["csv_text"]
    assert "\x00" not in text
    organizer_client.post(url("player_import", field), {"csv_text": text, "confirm": "1"})
    entry = Entry.objects.get(last_name="Engel")
    assert (entry.first_name, entry.club.name) == ("Eva", "Pik 7")


@pytest.mark.parametrize("target", [
    "http://evil.example/", "//evil", "/\\evil", "javascript:alert(1)", "https://testserver/x",
    "/" + "a" * 5000, "/ok\nLocation: http://evil", "/ok\x00", "", "players",
])
@pytest.mark.parametrize("view", ["entry_check_in", "entry_withdraw"])
def test_check_in_and_withdraw_go_back_only_to_a_path(organizer_client, field, view, target):
    response = organizer_client.post(url(view, field, 1), {"next": target, "sure": "1"})
    assert response.status_code == 302
    assert response["Location"] == url("players", field)


@pytest.mark.parametrize("view", ["entry_check_in", "entry_withdraw"])
def test_check_in_goes_back_to_a_path_of_the_site(organizer_client, field, view):
    back = url("door", field) + "?q=Anna"
    response = organizer_client.post(url(view, field, 1), {"next": back, "sure": "1"})
    assert response["Location"] == back


@pytest.mark.parametrize("path", [
    f"/organize/club-night/players/{INT_MAX + 1}/",
    f"/organize/club-night/players/{HUGE}/",
    f"/organize/club-night/series/{HUGE}/",
    f"/t/club-night/series/{HUGE}/tables/",
    f"/t/club-night/series/1/table/{HUGE}/",
    f"/t/club-night/player/{HUGE}/",
    f"/t/club-night/standings/series/{HUGE}/",
    "/s/%00/",
    "/s/" + "a" * 5000 + "/",
])
def test_numbers_in_addresses_beyond_the_database_are_not_found(organizer_client, field, path):
    field.public = True
    field.save()
    assert organizer_client.get(path).status_code == 404


# --- the table link: the scorekeeper's name ----------------------------------------------


@pytest.fixture
def table(organizer):
    tournament = Tournament.objects.create(name="Sheets", slug="sheets-bad-input",
                                           start_date=datetime.date(2027, 5, 1),
                                           deals_per_player=2, series_count=1)
    tournament.organizers.add(organizer)
    for n in range(1, 5):
        Entry.objects.create(tournament=tournament, number=n, checked_in=True,
                             first_name=f"P{n}", last_name="X",
                             player=Player.objects.create(first_name=f"P{n}", last_name="X"))
    (series,) = plans.ensure_series(tournament)
    plans.seat_series(series, SeatingMethod.DRAW, "bad", user=None)
    plans.publish(series, user=None)
    return series.tables.get()


def _solo(table, **extra):
    table.refresh_from_db()
    info = table_info(table)
    declarer = next(p.position for p in info.players if p.position != info.dealer(1))
    data = {"game": "solo", "declarer": declarer, "trump": "hearts", "matadors": 1,
            "card_points": 95, "version": table.sheet_version}
    data.update(extra)
    return data


def test_a_nul_in_the_scorekeepers_name_is_stripped(client, table):
    response = client.post(reverse("tournament:deal_add", args=[table.token]),
                           _solo(table, scorekeeper="An\x00na\x07"))
    assert response.status_code == 302
    assert Deal.objects.get(table=table).entered_by == "Anna"
    assert client.session[f"scorekeeper:{table.token}"] == "Anna"
    response = client.post(reverse("tournament:penalty_add", args=[table.token]), {
        "seat": 1, "reason": "other", "points": 5, "version": table.sheet_version + 1,
        "scorekeeper": "\x00\x00"})
    assert response.status_code < 500


def test_a_session_holding_a_bad_name_heals(client, table):
    session = client.session
    session[f"scorekeeper:{table.token}"] = "Bad\x00Name\x1b"
    session.save()
    client.cookies["sessionid"] = session.session_key
    page = client.get(reverse("tournament:sheet", args=[table.token]))
    assert page.status_code == 200 and "\x00" not in page.content.decode()
    client.post(reverse("tournament:deal_add", args=[table.token]), _solo(table))
    assert Deal.objects.get(table=table).entered_by == "BadName"


def _complete(table):
    info = table_info(table)
    for number in range(1, info.deal_count + 1):
        table.refresh_from_db()
        declarer = next(p.position for p in info.players if p.position != info.dealer(number))
        deals.add_deal(table, DealInput({"game": "solo", "trump": "hearts", "matadors": 1,
                                         "card_points": 95}, declarer=declarer),
                       table.sheet_version, "test")


def test_submit_and_confirm_names_lose_nul_and_control_characters(client, table):
    _complete(table)
    response = client.post(reverse("tournament:sheet_submit", args=[table.token]),
                           {"name": "P1\x00 X\x01"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.submitted_by == "P1 X"
    other_phone = Client()
    other_phone.get(reverse("tournament:sheet", args=[table.token]))
    response = other_phone.post(reverse("tournament:sheet_confirm", args=[table.token]),
                                {"name": "P\x002 X\x1b"}, follow=True)
    assert response.status_code == 200, response.content.decode()
    table.refresh_from_db()
    assert table.confirmed_by == "P2 X"



@pytest.mark.parametrize("sort", ["../../etc/passwd", "0..0", "-", "action", "player__email"])
def test_a_sort_by_no_column_is_ignored(organizer_client, field, sort):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        response = organizer_client.get(url("players", field), {"sort": sort})
    assert response.status_code == 200
    assert list(response.context["table"].order_by) == ["number"]
    page = organizer_client.get(url("players", field), {"sort": "-number"}).content.decode()
    assert page.index("Müller, Max") < page.index("Becker, Anna")
