"""The client's address behind proxies, as the login throttle (and every per-address limit)
reads it: counted from the right of X-Forwarded-For, as many entries as DJANGO_PROXY_COUNT says.

The headers are the ones a real nginx sends with `proxy_set_header X-Forwarded-For
$proxy_add_x_forwarded_for;`: whatever the client sent, then the address nginx saw, and
REMOTE_ADDR is nginx's own."""

import pytest
from django.test import Client, override_settings

from config.client import client_address

NGINX = "127.0.0.1"


def nginx_headers(client_ip: str, client_sent: str = "") -> dict:
    forwarded = f"{client_sent}, {client_ip}" if client_sent else client_ip
    return {"REMOTE_ADDR": NGINX, "HTTP_X_FORWARDED_FOR": forwarded}


class Meta:
    def __init__(self, meta: dict) -> None:
        self.META = meta


@pytest.mark.parametrize(("proxies", "meta", "expected"), [
    (0, {"REMOTE_ADDR": "203.0.113.5"}, "203.0.113.5"),
    # without proxies a client's own header is never believed
    (0, {"REMOTE_ADDR": "203.0.113.5", "HTTP_X_FORWARDED_FOR": "10.9.9.9"}, "203.0.113.5"),
    # one nginx, a client that sent nothing: the one entry nginx wrote
    (1, nginx_headers("203.0.113.5"), "203.0.113.5"),
    # one nginx, a client that sent its own header: the right-most entry, the one nginx wrote
    (1, nginx_headers("203.0.113.5", "1.1.1.1, 2.2.2.2"), "203.0.113.5"),
    # two proxies (a load balancer, then nginx): the second from the right
    (2, {"REMOTE_ADDR": NGINX, "HTTP_X_FORWARDED_FOR": "6.6.6.6, 203.0.113.5, 10.0.0.2"},
     "203.0.113.5"),
    (1, {"REMOTE_ADDR": NGINX, "HTTP_X_FORWARDED_FOR": " 2001:db8::1 "}, "2001:db8::1"),
    # fewer entries than proxies, or garbage where the address should be: the direct peer
    (2, nginx_headers("203.0.113.5"), NGINX),
    (1, {"REMOTE_ADDR": NGINX, "HTTP_X_FORWARDED_FOR": "1.1.1.1, not-an-address"}, NGINX),
    (1, {"REMOTE_ADDR": NGINX}, NGINX),
])
def test_the_address_is_read_from_the_right(settings, proxies, meta, expected):
    settings.PROXY_COUNT = proxies
    assert client_address(Meta(meta)) == expected


@pytest.fixture
def users(django_user_model):
    return [django_user_model.objects.create_user(f"user{n}", password=f"right-{n}")
            for n in range(11)]


def login(client: Client, username: str, password: str, **meta) -> int:
    response = client.post("/login/", {"username": username, "password": password}, **meta)
    return response.status_code


@override_settings(PROXY_COUNT=1)
@pytest.mark.django_db
def test_one_visitors_failures_behind_nginx_lock_out_nobody_else(users):
    client = Client()
    for attempt in range(6):
        login(client, f"user{attempt}", "wrong", **nginx_headers("203.0.113.5"))
    # another visitor, whose address nginx reports as another, still logs in
    assert login(Client(), "user10", "right-10", **nginx_headers("198.51.100.7")) == 302


@override_settings(PROXY_COUNT=1)
@pytest.mark.django_db
def test_a_forged_left_part_does_not_evade_the_per_address_limit(users):
    client = Client()
    for attempt in range(40):
        login(client, f"user{attempt % 10}", "wrong",
              **nginx_headers("203.0.113.9", client_sent=f"10.0.{attempt}.1"))
    # the address is locked out: even the right password of an untried user is refused
    assert login(Client(), "user10", "right-10",
                 **nginx_headers("203.0.113.9", client_sent="10.99.99.1")) == 429
    # and somebody else is not
    assert login(Client(), "user10", "right-10", **nginx_headers("198.51.100.7")) == 302
