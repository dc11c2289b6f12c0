"""The home page, the admin login and the create_organizer command."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils.html import escape

from engine import rule_sets


@pytest.mark.django_db
def test_home_lists_the_rule_sets(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Skat congress" in html
    assert "nasl-1908" in html
    nasl = next(r for r in rule_sets() if r.key == "nasl-1908")
    assert escape(nasl.name) in html
    assert "North American Skat League" in html
    assert reverse("admin:login") in html  # the "Organizer login" link in the nav


@pytest.mark.django_db
def test_admin_login_page(client):
    response = client.get(reverse("admin:login"))
    assert response.status_code == 200


@pytest.mark.django_db
def test_create_organizer_can_log_in_and_is_idempotent(client, settings):
    settings.DEBUG = True
    out = StringIO()
    call_command("create_organizer", stdout=out)
    assert (
        "Organizer login: http://127.0.0.1:8000/admin/  user: organizer  password: organizer"
        in out.getvalue()
    )
    call_command("create_organizer", stdout=StringIO())

    users = get_user_model().objects.filter(username="organizer")
    assert users.count() == 1
    user = users.get()
    assert user.is_superuser and user.is_staff

    assert client.login(username="organizer", password="organizer")
    assert client.get(reverse("admin:index")).status_code == 200


@pytest.mark.django_db
def test_create_organizer_updates_the_password(client, settings):
    settings.DEBUG = True
    call_command("create_organizer", stdout=StringIO())
    call_command("create_organizer", "--password", "s3cret-Skat-1908", stdout=StringIO())
    assert get_user_model().objects.filter(username="organizer").count() == 1
    assert not client.login(username="organizer", password="organizer")
    assert client.login(username="organizer", password="s3cret-Skat-1908")


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
