"""The home page, the admin login and the create_organizer command."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse


@pytest.mark.django_db
def test_home_introduces_the_site_and_offers_the_login(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Skat congress" in html
    assert reverse("login") in html  # the "Organizer login" link in the nav
    assert "nasl-1908" not in html  # rule sets are chosen on the tournament's form


@pytest.mark.django_db
def test_the_site_has_its_own_login_page_and_logout(client, django_user_model):
    response = client.get(reverse("login"))
    assert response.status_code == 200 and "Organizer login" in response.content.decode()
    django_user_model.objects.create_user("marta", password="Grand-Hand-1908")
    response = client.post(reverse("login"), {"username": "marta",
                                              "password": "Grand-Hand-1908"})
    assert response.status_code == 302 and response.url == reverse("tournament:list")
    page = client.get(reverse("tournament:list")).content.decode()
    assert "Log out marta" in page and reverse("logout") in page
    assert "admin:index" not in page and reverse("admin:index") not in page
    client.post(reverse("logout"))
    assert client.get(reverse("tournament:list")).status_code == 302


@pytest.mark.django_db
def test_failed_logins_are_throttled(client, django_user_model):
    django_user_model.objects.create_user("marta", password="Grand-Hand-1908")
    for _ in range(4):
        response = client.post(reverse("login"), {"username": "marta", "password": "guess"})
        assert response.status_code == 200
        assert "Please enter a correct username and password" in response.content.decode()
    response = client.post(reverse("login"), {"username": "marta", "password": "guess"})
    assert response.status_code == 429  # the fifth failure locks
    response = client.post(reverse("login"), {"username": "marta",
                                              "password": "Grand-Hand-1908"})
    assert response.status_code == 429  # even the right password waits now
    assert "Too many wrong passwords" in response.content.decode()
    assert "_auth_user_id" not in client.session


def login(client, username, password):
    return client.post(reverse("login"), {"username": username, "password": password})


@pytest.mark.django_db
def test_create_organizer_makes_an_ordinary_account_and_is_idempotent(client, settings):
    settings.DEBUG = True
    out = StringIO()
    call_command("create_organizer", stdout=out)
    assert ("Organizer login: http://127.0.0.1:8000/login/  user: organizer  password: "
            "grand-ouvert-1908") in out.getvalue()
    call_command("create_organizer", stdout=StringIO())

    users = get_user_model().objects.filter(username="organizer")
    assert users.count() == 1
    user = users.get()
    assert not user.is_superuser and not user.is_staff

    assert login(client, "organizer", "grand-ouvert-1908").status_code == 302
    assert client.get(reverse("tournament:list")).status_code == 200
    assert client.get(reverse("admin:index")).status_code == 302  # no admin for organizers


@pytest.mark.django_db
def test_create_organizer_superuser_is_the_site_administrator(client, settings):
    settings.DEBUG = True
    call_command("create_organizer", "--username", "admin", "--superuser", stdout=StringIO())
    user = get_user_model().objects.get(username="admin")
    assert user.is_superuser and user.is_staff


@pytest.mark.django_db
def test_create_organizer_updates_the_password(client, settings):
    settings.DEBUG = True
    call_command("create_organizer", stdout=StringIO())
    call_command("create_organizer", "--password", "s3cret-Skat-1908", stdout=StringIO())
    assert get_user_model().objects.filter(username="organizer").count() == 1
    assert get_user_model().objects.get().check_password("s3cret-Skat-1908")


@pytest.mark.django_db
@pytest.mark.parametrize("password", ["organizer", "12345678", "short"])
def test_create_organizer_refuses_weak_passwords(settings, password):
    settings.DEBUG = True
    with pytest.raises(CommandError, match="The password is refused"):
        call_command("create_organizer", "--password", password, stdout=StringIO())
    assert not get_user_model().objects.filter(username="organizer").exists()


@pytest.mark.django_db
def test_create_organizer_refuses_default_password_without_debug(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError):
        call_command("create_organizer", stdout=StringIO())
    assert not get_user_model().objects.filter(username="organizer").exists()


@pytest.mark.django_db
def test_create_organizer_accepts_password_without_debug(settings):
    settings.DEBUG = False
    out = StringIO()
    call_command("create_organizer", "--username", "chief", "--password", "x-9Long-pw", stdout=out)
    assert get_user_model().objects.get(username="chief").check_password("x-9Long-pw")
    assert "x-9Long-pw" not in out.getvalue()
