"""The caches shared through Redis (REDIS_URL, config/caches.py): settings, a Redis that does
not answer, and what the shared cache must hold as Redis holds it. The two servers themselves:
tests/test_two_servers.py."""

from __future__ import annotations

import os
import pickle
import socket
import subprocess
import sys
import uuid
import zlib
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory, override_settings

from config.caches import (
    REDIS_BACKEND,
    CompressedRedisSerializer,
    cache_unreachable,
    redis_caches,
)

ROOT = Path(__file__).resolve().parent.parent
SECRET = "s3cret-Skat-1908-pw"
REDIS = "redis://127.0.0.1:6379/13"  # as tests/test_two_servers.py


def site(code: str, **env) -> subprocess.CompletedProcess:
    """``code`` in a process of config.settings with only the given site variables."""
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("DJANGO_", "DATABASE_URL", "REDIS_"))}
    clean.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1", **env})
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=clean,
                          capture_output=True, text=True, timeout=60)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens there once the socket is closed


BACKENDS = ("from django.conf import settings; c = settings.CACHES; "
            "print(c['default']['BACKEND'], c['crowd']['BACKEND'], "
            "c['default'].get('KEY_PREFIX'), c['crowd'].get('KEY_PREFIX'), "
            "c['crowd']['LOCATION'])")


def test_without_redis_url_the_file_caches_stay():
    done = site("import django; django.setup(); " + BACKENDS)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:4] == ["config.caches.FileCache", "config.caches.FileCache",
                                       "None", "None"]


def test_with_redis_url_both_caches_are_redis_under_prefixes_of_their_own():
    done = site("import django; django.setup(); " + BACKENDS,
                REDIS_URL="redis://cache.internal:6379/2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [REDIS_BACKEND, REDIS_BACKEND, "skat", "skat.crowd",
                                   "redis://cache.internal:6379/2"]


def test_the_crowd_may_have_a_redis_of_its_own():
    caches = redis_caches("redis://a:6379/0", "redis://b:6380/0", prefix="congress")
    assert caches["default"]["LOCATION"] == "redis://a:6379/0"
    assert (caches["crowd"]["LOCATION"], caches["crowd"]["KEY_PREFIX"]) == (
        "redis://b:6380/0", "congress.crowd")


def test_a_redis_that_does_not_answer_is_an_error_within_seconds_not_a_hang():
    options = redis_caches("redis://127.0.0.1:6379/0")["default"]["OPTIONS"]
    assert 0 < options["socket_connect_timeout"] <= 2
    assert 0 < options["socket_timeout"] <= 5


@pytest.mark.parametrize(("url", "words"), [
    ("http://127.0.0.1:6379", "REDIS_URL must start with redis://"),
    (f"https://u:{SECRET}@cache/", "REDIS_URL must start with redis://"),
])
def test_a_url_that_names_no_redis_is_refused_without_its_password(url, words):
    with pytest.raises(ImproperlyConfigured) as refused:
        redis_caches(url)
    assert words in str(refused.value) and SECRET not in str(refused.value)


def test_a_server_whose_redis_is_down_does_not_start_and_says_why():
    port = closed_port()
    done = site("import config.wsgi", REDIS_URL=f"redis://:{SECRET}@127.0.0.1:{port}/0")
    assert done.returncode != 0
    assert (f"The shared cache 'default' (Redis at redis://:***@127.0.0.1:{port}/0) does not "
            "answer") in done.stderr
    assert SECRET not in done.stderr


def test_a_redis_that_stops_answering_is_a_503_try_again_not_a_500():
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    from config.busy import BusyDatabaseMiddleware, server_error

    middleware = BusyDatabaseMiddleware(lambda request: None)
    factory = RequestFactory()
    page = middleware.process_exception(factory.get("/t/x/standings/"),
                                        RedisConnectionError("Connection refused"))
    assert page.status_code == 503 and page["Retry-After"]
    assert "cannot reach its shared cache" in page.content.decode()
    script = middleware.process_exception(
        factory.get("/api/x", HTTP_ACCEPT="application/json"), RedisTimeoutError("timed out"))
    assert script.status_code == 503 and script["Content-Type"] == "application/json"
    assert cache_unreachable(RedisTimeoutError()) and not cache_unreachable(ValueError())
    try:
        raise RedisConnectionError("Connection refused")
    except RedisConnectionError:
        assert server_error(factory.get("/")).status_code == 503


def test_values_are_compressed_and_numbers_stay_numbers_for_incr():
    serializer = CompressedRedisSerializer()
    kept = {"standings": list(range(5000))}
    stored = serializer.dumps(kept)
    assert stored[:2] == b"\x78\x01"  # zlib at its fastest level, as the file cache
    assert pickle.loads(zlib.decompress(stored)) == kept
    assert serializer.loads(stored) == kept
    assert serializer.dumps(42) == 42 and serializer.loads(b"42") == 42


@pytest.fixture
def redis_crowd():
    """The crowd's cache on the machine's Redis under a prefix of this test's; its keys
    deleted afterwards. Redis unreachable: the test fails, saying so."""
    import redis

    url = os.environ.get("TEST_REDIS_URL") or REDIS
    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as exc:
        pytest.fail(f"This test needs Redis, and {url} does not answer ({exc}).",
                    pytrace=False)
    prefix = f"shared-cache-{uuid.uuid4().hex[:12]}"
    with override_settings(CACHES=redis_caches(url, prefix=prefix), PUBLIC_BUDGET=25):
        yield
    for key in client.scan_iter(match=f"{prefix}*"):
        client.delete(key)
    client.close()


def test_an_addresss_budget_is_counted_in_redis(redis_crowd):
    """tournament/crowd.py charges a ``Cost``, an IntEnum: Redis's INCR takes only a plain
    number, so every server adds to the same count."""
    from tournament import crowd

    crowd.spend("203.0.113.7", crowd.Cost.PAGE)
    crowd.spend("203.0.113.7", crowd.Cost.PAGE)
    assert crowd.waiting("203.0.113.7") == 0
    crowd.spend("203.0.113.7", crowd.Cost.PAGE)
    assert crowd.waiting("203.0.113.7") > 0  # 30 of 25 spent
    assert crowd.waiting("203.0.113.8") == 0
