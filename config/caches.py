"""The caches the site keeps its results in: Django's file cache on one machine, or Django's
Redis cache shared by several app servers (``REDIS_URL``, docs/deployment.md); both compress
at zlib's fastest level.
A congress's standings pickle to about a megabyte, which the default level takes 35 ms to
compress on every cold results page and level 1 takes 6 ms, for a fifth more on disk
(bench/RESULTS.md, issue 19); reading is the same for both."""

from __future__ import annotations

import pickle
import zlib

from django.core.cache import caches
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.redis import RedisSerializer
from django.core.exceptions import ImproperlyConfigured

from config.reporting import CREDENTIALS_IN_URL

FASTEST = 1
REDIS_BACKEND = "django.core.cache.backends.redis.RedisCache"
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")
# A Redis that is down or unreachable is an error within seconds, never a page that hangs:
# a refused connection fails at once, a host that does not answer after CONNECT seconds, a
# server that stops answering after READ. Idle connections are pinged before reuse. The
# URL's own ?socket_timeout=… and ?socket_connect_timeout=… take precedence.
REDIS_CONNECT_SECONDS = 1
REDIS_READ_SECONDS = 3
REDIS_OPTIONS = {
    "socket_connect_timeout": REDIS_CONNECT_SECONDS,
    "socket_timeout": REDIS_READ_SECONDS,
    "health_check_interval": 30,
    "serializer": "config.caches.CompressedRedisSerializer",
}


class FileCache(FileBasedCache):
    def _write_content(self, file, timeout, value):
        expiry = self.get_backend_timeout(timeout)
        file.write(pickle.dumps(expiry, self.pickle_protocol))
        file.write(zlib.compress(pickle.dumps(value, self.pickle_protocol), FASTEST))


class CompressedRedisSerializer(RedisSerializer):
    """Django's Redis serializer (whole numbers stay numbers, for ``incr``), the rest pickled
    and compressed as the file cache does: a congress's standings travel and stay in Redis's
    memory at a fifth of their size."""

    def dumps(self, obj):
        if type(obj) is int:
            return obj
        return zlib.compress(pickle.dumps(obj, self.protocol), FASTEST)

    def loads(self, data):
        try:
            return int(data)
        except ValueError:  # zlib's output starts with "x": never a number
            return pickle.loads(zlib.decompress(data))


def redis_caches(url: str, crowd_url: str = "", prefix: str = "skat") -> dict:
    """``CACHES`` shared through Redis: the results (``default``) at ``url``, the public's kept
    pages and budgets (``crowd``, tournament/crowd.py) at ``crowd_url`` or beside them under
    a key prefix of their own."""
    for name, value in (("REDIS_URL", url), ("REDIS_CROWD_URL", crowd_url)):
        if value and not value.startswith(REDIS_SCHEMES):
            raise ImproperlyConfigured(
                f"{name} must start with {', '.join(REDIS_SCHEMES)}: {hide_password(value)}")
    if not prefix or any(c.isspace() or c == ":" for c in prefix):
        raise ImproperlyConfigured(
            f"REDIS_KEY_PREFIX={prefix!r}: a word without spaces or colons, e.g. skat")

    def redis(location: str, key_prefix: str) -> dict:
        return {"BACKEND": REDIS_BACKEND, "LOCATION": location, "KEY_PREFIX": key_prefix,
                "OPTIONS": dict(REDIS_OPTIONS)}

    return {"default": redis(url, prefix), "crowd": redis(crowd_url or url, f"{prefix}.crowd")}


def hide_password(url: str) -> str:
    return CREDENTIALS_IN_URL.sub(r"\g<head>***", url)


def require_shared_caches() -> None:
    """Each Redis cache answers, or the process does not start: a worker whose Redis is down
    or misnamed fails at boot with this sentence in its log rather than with a 500 on every
    page (config/wsgi.py, config/asgi.py). Nothing to do with the file cache."""
    from django.conf import settings

    for alias, config in settings.CACHES.items():
        if config.get("BACKEND") != REDIS_BACKEND:
            continue
        try:
            caches[alias].has_key("shared-cache-probe")
        except Exception as exc:  # the client's errors: refused, timed out, auth, unknown host
            raise ImproperlyConfigured(
                f"The shared cache {alias!r} (Redis at {hide_password(config['LOCATION'])}) "
                f"does not answer: {str(exc).rstrip('.')}. Start Redis or correct REDIS_URL "
                "(docs/deployment.md, More than one app server).") from exc


def cache_unreachable(exc: BaseException) -> bool:
    """Whether ``exc`` is a Redis cache that stopped answering (down, unreachable, timed out):
    the page answers 503 "try again", not a 500 (config/busy.py)."""
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError
    except ImportError:  # no Redis client: no Redis cache either
        return False
    return isinstance(exc, RedisConnectionError | RedisTimeoutError)
