"""Issue 8, who may see and change what: a tournament's players are its own, organizers and
assistants are per tournament, a table link is only its table, released results never change
silently, scoring settings lock, and no table is left without the players its sheet needs."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from scoring.release import services as releases
from tests.factories import add_entry, confirm_series, enter, release
from tests.sheets import u
from tournament.models import (
    AuditEntry,
    Club,
    Entry,
    Penalty,
    Seat,
    SeatingMethod,
    SeriesStatus,
    SheetStatus,
    Tournament,
)
from tournament.registration import attendance
from tournament.registration import services as registration
from tournament.seating import loaders
from tournament.seating import services as plans
from tournament.sheets import services as deals

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def bea(django_user_model):
    """The organizer of another tournament."""
    return django_user_model.objects.create_user("bea", password="Karo-Bube-1908")


@pytest.fixture
def beas_cup(bea):
    cup = Tournament.objects.create(name="Bea's Cup", slug="beas-cup",
                                    start_date=datetime.date(2027, 8, 1))
    cup.organizers.add(bea)
    return cup


@pytest.fixture
def assistant(django_user_model, club_night):
    user = django_user_model.objects.create_user("ida", password="Herz-Sieben-1908")
    club_night.assistants.add(user)
    return user




# --- 1. a tournament's players are its own ------------------------------------------------


def test_another_organizer_sees_nothing_of_my_players(organizer_client, tournament, bea,
                                                      beas_cup):
    pik = Club.objects.create(name="SC Pik 7")
    registration.register_player(tournament, first_name="Lina", last_name="Schäfer",
                                 club_name="SC Pik 7", email="lina@club.example")
    bea_client = logged_in(bea)
    response = bea_client.post(reverse("tournament:player_add", args=[beas_cup.slug]), {
        "first_name": "Lina", "last_name": "Schäfer", "club": "", "new_club": "SC Pik 7"},
        follow=True)
    page = response.content.decode()
    assert "Registered Lina Schäfer as number 1" in page
    assert "known from your other tournaments" not in page
    edit = bea_client.get(reverse("tournament:entry_edit", args=[beas_cup.slug, 1]))
    assert "lina@club.example" not in edit.content.decode()
    bea_client.post(reverse("tournament:entry_edit", args=[beas_cup.slug, 1]), {
        "first_name": "Lina", "last_name": "Schäfer-Roth", "club": pik.pk, "number": 1})
    mine = tournament.entries.get()
    assert (mine.name, mine.email) == ("Lina Schäfer", "lina@club.example")
    assert beas_cup.entries.get().player_id != mine.player_id
    assert not AuditEntry.objects.filter(tournament=tournament, action="entry_edited").exists()


def test_a_later_change_of_club_does_not_rewrite_history(organizer, tournament,
                                                         other_tournament):
    spring = registration.register_player(tournament, first_name="Max", last_name="Müller",
                                          club_name="SC Pik 7", user=organizer)
    autumn = registration.register_player(other_tournament, first_name="Max",
                                          last_name="Müller", club_name="SC Pik 7",
                                          user=organizer, person=spring.player_id)
    autumn = registration.update_entry(autumn, first_name="Max", last_name="Müller",
                              club_name="Kreuz Bube", user=organizer)
    spring.refresh_from_db()
    assert spring.club.name == "SC Pik 7" and autumn.club.name == "Kreuz Bube"
    assert spring.player_id == autumn.player_id  # still one person over the season


def test_club_lists_show_only_the_organizers_clubs(organizer_client, tournament, bea,
                                                   beas_cup):
    registration.register_player(beas_cup, first_name="Otto", last_name="Fremd",
                                 club_name="Beas Geheimclub", user=bea)
    registration.register_player(tournament, first_name="Anna", last_name="Becker",
                                 club_name="Herz Dame")
    for name in ("clubs", "door", "player_add"):
        page = organizer_client.get(reverse(f"tournament:{name}",
                                            args=[tournament.slug])).content.decode()
        assert "Herz Dame" in page, name
        assert "Beas Geheimclub" not in page, name


def test_a_namesake_warning_names_only_this_tournaments_players(organizer_client, tournament,
                                                                bea, beas_cup):
    registration.register_player(beas_cup, first_name="Max", last_name="Müller",
                                 club_name="Kreuz Bube", user=bea)
    response = organizer_client.post(reverse("tournament:player_add", args=[tournament.slug]),
                                     {"first_name": "Max", "last_name": "Müller",
                                      "new_club": "SC Pik 7"}, follow=True)
    page = response.content.decode()
    assert "Registered Max Müller" in page and "Kreuz Bube" not in page


# --- 2. organizers are per tournament; assistants ------------------------------------------


def test_an_assistant_works_the_door_and_the_sheets_but_nothing_else(assistant, club_night,
                                                                     three):
    client = logged_in(assistant)
    slug = club_night.slug
    assert client.get(reverse("tournament:dashboard", args=[slug])).status_code == 200
    assert client.get(reverse("tournament:door", args=[slug])).status_code == 200
    assert client.get(u("series_sheets", slug, 1)).status_code == 200
    response = client.post(reverse("tournament:entry_check_in", args=[slug, 1]),
                           {"checked_in": "0", "next": reverse("tournament:door", args=[slug])})
    assert response.status_code == 302
    assert not club_night.entries.get(number=1).checked_in
    for url in (reverse("tournament:edit", args=[slug]),
                reverse("tournament:series", args=[slug, 1]),
                reverse("tournament:staff", args=[slug]),
                reverse("scoring:results_admin", args=[slug]),
                reverse("tournament:audit", args=[slug])):
        assert client.get(url).status_code == 403, url
    assert client.post(reverse("scoring:release", args=[slug, 1])).status_code == 403
    assert client.post(reverse("tournament:series_publish", args=[slug, 1])).status_code == 403
    # on a sheet the assistant enters and confirms under his own name
    enter(three, deals.table_info(three).deal_count)
    deals.submit_sheet(three, "Anna Becker", session="phone-1")
    client.post(u("sheet_confirm", three.token), {"name": ""})
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED and three.confirmed_by == "ida"
    assert "Confirmed by ida" in client.get(u("sheet", three.token)).content.decode()
    assert client.post(u("sheet_reopen", slug, 1, three.number)).status_code == 403


def test_an_organizer_adds_a_co_organizer_and_an_assistant(organizer_client, tournament,
                                                           django_user_model, organizer):
    address = reverse("tournament:staff", args=[tournament.slug])
    page = organizer_client.post(address, {"username": "kurt", "role": "assistant",
                                           "password": "kurt"}).content.decode()
    assert "too short" in page or "too similar" in page  # Django's password validators
    assert not django_user_model.objects.filter(username="kurt").exists()
    organizer_client.post(address, {"username": "kurt", "role": "assistant",
                                    "password": "Schneider-Schwarz-9"})
    kurt = django_user_model.objects.get(username="kurt")
    assert kurt.check_password("Schneider-Schwarz-9") and not kurt.is_superuser
    assert tournament.assistants.filter(pk=kurt.pk).exists()
    page = organizer_client.post(address, {"username": "nobody-yet", "role": "organizer"})
    assert "give it a password" in page.content.decode()
    organizer_client.post(address, {"username": "kurt", "role": "organizer"})
    assert tournament.organizers.filter(pk=kurt.pk).exists()
    assert not tournament.assistants.filter(pk=kurt.pk).exists()
    assert AuditEntry.objects.filter(tournament=tournament, action="staff_added").count() == 2
    # the last organizer stays
    organizer_client.post(reverse("tournament:staff_remove", args=[tournament.slug, kurt.pk]))
    response = logged_in(organizer).post(
        reverse("tournament:staff_remove", args=[tournament.slug, organizer.pk]), follow=True)
    assert "the only organizer" in response.content.decode()
    assert tournament.organizers.filter(pk=organizer.pk).exists()


def test_the_organize_list_shows_only_my_tournaments(organizer_client, tournament, beas_cup):
    page = organizer_client.get(reverse("tournament:list")).content.decode()
    assert tournament.name in page and "Bea&#x27;s Cup" not in page and "Bea's Cup" not in page


def test_a_new_tournament_is_created_by_an_ordinary_account(bea):
    client = logged_in(bea)
    response = client.post(reverse("tournament:create"), {
        "name": "Bea Open", "slug": "", "start_date": "2027-09-01", "rule_set": "nasl-1908",
        "scoring_system": "league", "series_count": 2, "deals_per_player": 12,
        "table_policy": "prefer_four"})
    assert response.status_code == 302
    created = Tournament.objects.get(slug="bea-open")
    assert created.organizers.filter(pk=bea.pk).exists()


# --- 3. a table link is the table, not the tournament director ----------------------------


def test_an_organizers_penalty_is_removed_only_by_an_organizer(client, marta_client, three):
    three.refresh_from_db()
    marta_client.post(u("penalty_add", three.token), {
        "seat": 2, "reason": "misdeal", "note": "", "version": three.sheet_version})
    penalty = Penalty.objects.get(table=three)
    assert penalty.by_organizer
    page = client.get(u("sheet", three.token)).content.decode()
    assert f"penalty/{penalty.pk}/delete" not in page
    response = client.post(u("penalty_delete", three.token, penalty.pk), follow=True)
    assert "only an organizer can remove it" in response.content.decode()
    assert Penalty.objects.filter(pk=penalty.pk).exists()
    marta_client.post(u("penalty_delete", three.token, penalty.pk), {"sure": "1"})
    assert not Penalty.objects.filter(pk=penalty.pk).exists()


def test_the_table_may_remove_its_own_penalty(client, three):
    three.refresh_from_db()
    client.post(u("penalty_add", three.token), {  # seat 2 deals deal 1
        "seat": 2, "reason": "misdeal", "note": "", "version": three.sheet_version})
    penalty = Penalty.objects.get(table=three)
    assert not penalty.by_organizer
    client.post(u("penalty_delete", three.token, penalty.pk), {"sure": "1"})
    assert not Penalty.objects.filter(pk=penalty.pk).exists()


def test_the_audit_tells_the_submitting_and_the_confirming_device_apart(client, three):
    info = deals.table_info(three)
    enter(three, info.deal_count)
    client.post(u("sheet_submit", three.token), {"name": info.players[0].name})
    Client().post(u("sheet_confirm", three.token), {"name": info.players[1].name})
    submitted = AuditEntry.objects.get(action="sheet_submitted")
    confirmed = AuditEntry.objects.get(action="sheet_confirmed")
    assert submitted.session and confirmed.session
    assert submitted.session != confirmed.session
    assert confirmed.after["submitted_from"] == submitted.session


def test_the_blind_check_is_switched_on_the_tournaments_page(organizer_client, tournament):
    address = reverse("tournament:edit", args=[tournament.slug])
    assert "Blind check of score sheets" in organizer_client.get(address).content.decode()
    organizer_client.post(address, {
        "name": tournament.name, "slug": tournament.slug, "start_date": "2027-05-01",
        "rule_set": "nasl-1908", "scoring_system": "league", "series_count": 3,
        "deals_per_player": 12, "table_policy": "prefer_four", "blind_check": "on"})
    tournament.refresh_from_db()
    assert tournament.blind_check


# --- 4. released results never change silently -------------------------------------------


@pytest.fixture
def released(club_night, four, three):
    series = confirm_series(club_night.series.get(number=1))
    assert series.status == SeriesStatus.CONFIRMED
    release(series)
    assert series.status == SeriesStatus.RELEASED
    for table in (four, three):
        table.refresh_from_db()
    return series


def test_reopening_a_released_sheet_asks_and_the_public_is_told(client, marta_client, marta,
                                                                 club_night, released, three):
    reopen = u("sheet_reopen", club_night.slug, 1, three.number)
    page = marta_client.get(u("sheet", three.token)).content.decode()
    assert 'name="released_ok"' not in page  # one confirmation: the question (issue 18.20)
    asked = marta_client.post(reopen).content.decode()
    assert "Reopen the sheet of table" in asked and "a correction is in progress" in asked
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED  # asked, nothing changed
    with pytest.raises(deals.SheetError, match="confirm to go on"):
        deals.reopen_sheet(three, marta)
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED

    marta_client.post(reopen, {"sure": "1"})
    released.refresh_from_db()
    assert released.status == SeriesStatus.CORRECTING
    public = client.get(reverse("scoring:standings", args=[club_night.slug])).content.decode()
    assert "Series 1: a correction is in progress" in public
    assert "shown again, corrected, when the series is released again" in public

    info = deals.table_info(three)
    deals.submit_sheet(three, info.players[0].name, session="phone-1")
    deals.confirm_sheet(three, info.players[1].name, session="phone-2")
    released.refresh_from_db()
    assert released.status == SeriesStatus.RELEASED  # released again, not fallen back
    public = client.get(reverse("scoring:standings", args=[club_night.slug])).content.decode()
    assert "correction is in progress" not in public


def test_an_organizer_cannot_change_a_released_sheet_without_reopening(marta, released, three):
    with pytest.raises(deals.SheetError, match="released; reopen this sheet first"):
        enter_correction(three, marta)
    three.refresh_from_db()
    assert three.sheet_status == SheetStatus.CONFIRMED


def enter_correction(table, user):
    deal = table.deals.get(number=1)
    deals.correct_deal(table, 1, deals.DealInput({**deal.record, "card_points": 60},
                                                 declarer=deal.declarer),
                       deal.version, user.get_username(), user)


def test_every_series_status_change_is_in_the_audit_log(club_night, released, marta, three):
    deals.reopen_sheet(three, marta, released_ok=True)
    releases.release_series(released, marta, release=False)
    actions = list(AuditEntry.objects.filter(tournament=club_night, subject="series 1")
                   .order_by("id").values_list("action", "before", "after"))
    statuses = [(b["status"], a["status"]) for _, b, a in actions if b and "status" in b]
    assert statuses == [("draft", "seated"), ("seated", "playing"), ("playing", "confirmed"),
                        ("confirmed", "released"), ("released", "correcting"),
                        ("correcting", "playing")]


# --- 5. settings that decide scores lock once a deal is recorded ----------------------------


def test_scoring_settings_lock_once_a_deal_is_recorded(marta_client, club_night, four):
    address = reverse("tournament:edit", args=[club_night.slug])
    assert "Locked" not in marta_client.get(address).content.decode()
    enter(four, 1)
    page = marta_client.get(address).content.decode()
    assert "Locked: deals are recorded" in page
    marta_client.post(address, {
        "name": "Club Night renamed", "slug": club_night.slug, "start_date": "2027-05-01",
        "rule_set": "isko", "scoring_system": "seeger-fabian", "series_count": 1,
        "deals_per_player": 3, "table_policy": "prefer_four", "public": "on",
        "opt__nasl-1908__contra": "on"})
    club_night.refresh_from_db()
    assert club_night.name == "Club Night renamed"  # the rest still saves
    assert (club_night.rule_set, club_night.scoring_system, club_night.deals_per_player,
            club_night.options) == ("nasl-1908", "league", 2, {})


# --- 6. no table is left without the players its sheet needs ------------------------------


def test_moving_the_third_player_off_a_published_table_is_refused(tournament):
    for n in range(1, 7):
        add_entry(tournament, n, f"P{n}", "Six")
    tournament.table_policy = "three_only"
    tournament.save()
    series = plans.ensure_series(tournament)[0]
    plans.seat_series(series, SeatingMethod.DRAW, "six", user=None)
    first, second = series.tables.order_by("number")
    number = first.seats.first().entry.number
    plans.publish(series, user=None)
    with pytest.raises(plans.PlanError, match="Table 1 would keep only 2 players"):
        plans.move_player(series, number, second.number, user=None)
    assert first.seats.count() == 3 and second.seats.count() == 3


def test_withdrawing_a_seated_player_during_the_series_is_refused(marta_client, club_night,
                                                                  three):
    entry = three.seats.first().entry
    response = marta_client.post(
        reverse("tournament:entry_withdraw", args=[club_night.slug, entry.number]),
        {"withdrawn": "1"}, follow=True)
    assert f"sits at table {three.number} of series 1" in response.content.decode()
    entry.refresh_from_db()
    assert not entry.withdrawn and three.seats.count() == 3
    assert marta_client.get(u("sheet", three.token)).status_code == 200


def test_withdrawing_from_a_draft_plan_frees_the_seat(organizer, tournament):
    for n in range(1, 8):
        add_entry(tournament, n, f"P{n}", "Draft")
    series = plans.ensure_series(tournament)[0]
    plans.seat_series(series, SeatingMethod.DRAW, "draft", user=None)
    entry = Entry.objects.get(tournament=tournament, number=1)
    attendance.withdraw(entry, organizer)
    assert not Seat.objects.filter(entry=entry).exists()
    assert sum(len(t) for t in loaders.tables_of(series)) == 6
    assert AuditEntry.objects.filter(action="seat_removed").exists()


def test_a_table_with_two_players_shows_its_problem_not_a_server_error(client, marta_client,
                                                                       club_night, three):
    Seat.objects.filter(table=three, position=3).delete()  # as an old bug could leave it
    for who in (client, marta_client):
        response = who.get(u("sheet", three.token))
        assert response.status_code == 200
        assert "has 2 players; a score sheet needs 3 or 4" in response.content.decode()
    three.refresh_from_db()
    response = client.post(u("deal_add", three.token), {"game": "passed",
                                                        "version": three.sheet_version})
    assert response.status_code in (200, 302)
    assert not three.deals.exists()


def test_the_door_asks_too_before_linking_a_known_person(organizer_client, organizer,
                                                         tournament, other_tournament):
    known = registration.register_player(other_tournament, first_name="Eva", last_name="Engel",
                                         club_name="Herz Dame", user=organizer)
    door = reverse("tournament:door", args=[tournament.slug])
    data = {"first_name": "Eva", "last_name": "Engel", "club": "Herz Dame"}
    page = organizer_client.post(door, data).content.decode()
    assert "Same person?" in page and "Eva Engel of Herz Dame, number 1 in Autumn Cup" in page
    assert not tournament.entries.exists()
    organizer_client.post(door, {**data, "person": known.player_id})
    entry = tournament.entries.get()
    assert entry.player_id == known.player_id and entry.checked_in


def test_an_assistant_never_links_to_persons_of_tournaments_he_only_assists(
        django_user_model, tournament, organizer):
    """Alice organizes her own club night and assists Bob's: neither her registrations nor the
    door of Bob's tournament look into the other."""
    alice = django_user_model.objects.create_user("alice", password="Pik-Dame-19080")
    own = Tournament.objects.create(name="Alice Night", slug="alice-night",
                                    start_date=datetime.date(2027, 2, 1))
    own.organizers.add(alice)
    tournament.assistants.add(alice)
    registration.register_player(tournament, first_name="Hans", last_name="Muller",
                                 user=organizer)
    found = registration.find_duplicates(own, "Hans", "Muller", user=alice)
    assert found.known == []  # Bob's Hans is not Alice's business
    registration.register_player(own, first_name="Hans", last_name="Muller", user=alice)
    at_the_door = registration.find_duplicates(tournament, "Hans", "Muller", "x", user=alice)
    assert at_the_door.known == []  # an assistant links nobody
