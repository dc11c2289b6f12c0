"""Issue 18 point 25: the creator keeps his tournament, and the Staff page tells nobody which
user names exist."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db

PASSWORD = "Schneider-Schwarz-9"


def staff_url(tournament):
    return reverse("tournament:staff", args=[tournament.slug])


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def created(django_user_model):
    """Karl creates a tournament through the form and makes Kurt co-organizer."""
    karl = django_user_model.objects.create_user("karl", password=PASSWORD)
    client = logged_in(karl)
    client.post(reverse("tournament:create"), {
        "name": "Karl Open", "slug": "karl-open", "start_date": "2027-09-01",
        "rule_set": "nasl-1908", "scoring_system": "league", "series_count": 1,
        "deals_per_player": 12, "table_policy": "prefer_four"})
    tournament = Tournament.objects.get(slug="karl-open")
    client.post(staff_url(tournament), {"username": "kurt", "role": "organizer",
                                        "password": PASSWORD + "k"})
    kurt = django_user_model.objects.get(username="kurt")
    return tournament, karl, kurt


def test_the_creator_is_recorded(created):
    tournament, karl, _ = created
    assert tournament.created_by == karl
    assert "organizer (created it)" in logged_in(karl).get(staff_url(tournament)).content.decode()


def test_a_co_organizer_cannot_remove_or_demote_the_creator(created):
    tournament, karl, kurt = created
    client = logged_in(kurt)
    page = client.get(staff_url(tournament)).content.decode()
    assert "(created it)" in page
    assert reverse("tournament:staff_remove", args=[tournament.slug, karl.pk]) not in page
    response = client.post(reverse("tournament:staff_remove", args=[tournament.slug, karl.pk]),
                           follow=True)
    assert "karl created Karl Open: only they can leave it" in response.content.decode()
    response = client.post(staff_url(tournament), {"username": "karl", "role": "assistant"})
    assert "karl created Karl Open" in response.content.decode()
    assert tournament.organizers.filter(pk=karl.pk).exists()
    assert not tournament.assistants.filter(pk=karl.pk).exists()
    # the creator may still remove the co-organizer
    logged_in(karl).post(reverse("tournament:staff_remove", args=[tournament.slug, kurt.pk]))
    assert not tournament.organizers.filter(pk=kurt.pk).exists()


def test_removing_someone_not_of_the_staff_names_nobody(created, django_user_model):
    tournament, karl, _ = created
    stranger = django_user_model.objects.create_user("secret-stranger", password=PASSWORD)
    response = logged_in(karl).post(
        reverse("tournament:staff_remove", args=[tournament.slug, stranger.pk]), follow=True)
    assert response.status_code == 404
    assert "secret-stranger" not in response.content.decode()
    assert not AuditEntry.objects.filter(subject="secret-stranger").exists()


def test_a_name_typed_without_a_password_answers_alike_whether_it_exists(created,
                                                                         django_user_model):
    tournament, karl, _ = created
    django_user_model.objects.create_user("existing-elsewhere", password=PASSWORD)
    client = logged_in(karl)

    def answer(name):
        page = client.post(staff_url(tournament), {"username": name, "role": "assistant"})
        text = page.content.decode()
        main = text[text.index("<main"):text.index("</main>")]
        return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", main.replace(name, "NAME"))

    assert answer("existing-elsewhere") == answer("never-existed")
    assert not tournament.assistants.exists()


def test_a_colleague_is_added_by_name_alone(created, django_user_model):
    tournament, karl, kurt = created
    other = Tournament.objects.create(name="Karl Cup", slug="karl-cup",
                                      start_date="2027-10-01", created_by=karl)
    other.organizers.add(karl)
    logged_in(karl).post(staff_url(other), {"username": "KURT", "role": "assistant"})
    assert other.assistants.filter(pk=kurt.pk).exists()


def test_an_existing_account_joins_with_its_own_password_only(created, django_user_model):
    tournament, karl, _ = created
    eva = django_user_model.objects.create_user("eva", password=PASSWORD + "e")
    client = logged_in(karl)
    page = client.post(staff_url(tournament), {"username": "eva", "role": "assistant",
                                               "password": "wrong-Guess-123"})
    assert "is taken and this is not its password" in page.content.decode()
    assert not tournament.assistants.filter(pk=eva.pk).exists()
    client.post(staff_url(tournament), {"username": "eva", "role": "assistant",
                                        "password": PASSWORD + "e"})
    assert tournament.assistants.filter(pk=eva.pk).exists()
    eva.refresh_from_db()
    assert eva.check_password(PASSWORD + "e")  # unchanged


def test_password_guesses_on_the_staff_page_count_like_failed_logins(created,
                                                                     django_user_model):
    """Five wrong passwords for one name lock it as the login page would: the Staff page is
    no way round the login throttle."""
    tournament, karl, _ = created
    django_user_model.objects.create_user("eva", password=PASSWORD + "e")
    client = logged_in(karl)
    for guess in range(6):
        client.post(staff_url(tournament), {"username": "eva", "role": "assistant",
                                            "password": f"Guess-{guess}-abc"})
    client.post(staff_url(tournament), {"username": "eva", "role": "assistant",
                                        "password": PASSWORD + "e"})
    assert not tournament.assistants.exists()


def test_the_migration_names_the_creator_of_existing_tournaments(django_user_model):
    from importlib import import_module

    from django.apps import apps

    from tournament.models import AuditAction

    creators = import_module("tournament.migrations.0013_tournament_creator").creators
    anna = django_user_model.objects.create_user("anna", password=PASSWORD)
    bert = django_user_model.objects.create_user("bert", password=PASSWORD)
    logged = Tournament.objects.create(name="Logged", slug="logged", start_date="2027-01-01")
    logged.organizers.add(bert, anna)
    AuditEntry.objects.create(tournament=logged, user=anna,
                              action=AuditAction.TOURNAMENT_CREATED, subject="Logged")
    unlogged = Tournament.objects.create(name="Old", slug="old", start_date="2027-01-01")
    unlogged.organizers.add(bert)
    unlogged.organizers.add(anna)
    creators(apps, None)
    logged.refresh_from_db()
    unlogged.refresh_from_db()
    assert logged.created_by == anna and unlogged.created_by == bert
