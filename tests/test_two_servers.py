"""Issue 24 point 5: two app servers behind one PostgreSQL and one Redis serve the same room.

Two gunicorn processes (config.wsgi, as in production) on two free ports of 127.0.0.1, on a
PostgreSQL database made for this test and a key prefix of its own in a real Redis: a deal
entered through server A shows in the organizer's provisional standings served by B; a
release made on A computes the public results into Redis, and B's public page is made from
that copy (B writes no results of its own); a login throttled on A is throttled on B.

It needs PostgreSQL (the server of DATABASE_URL when that names one, else 127.0.0.1:5432, user
postgres) and Redis (TEST_REDIS_URL, else 127.0.0.1:6379): either unreachable fails the test,
saying which. Both are started by .ci/run when they are down.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")
POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres"
# a database of its own number, away from 0 where tools look first; the keys under a prefix
# unique to the run, deleted afterwards
REDIS = "redis://127.0.0.1:6379/13"
SLUG = "two-servers"
PASSWORD = "Grand-Hand-1908"
FAILURES_ALLOWED = 3  # AXES_FAILURE_LIMIT of both servers
BOOT_SECONDS = 30  # a server that has not answered by then has failed: its log is shown
HTTP_SECONDS = 20
RESULTS_SECONDS = 24 * 3600  # scoring.cache.CACHE_SECONDS: what a server's write sets


# --- the two services -------------------------------------------------------------------


def postgres_server() -> str:
    """The PostgreSQL server to make the test's database on: the run's (CI's PostgreSQL run),
    or the machine's."""
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else POSTGRES


def database_url(server: str, name: str) -> str:
    parts = urllib.parse.urlsplit(server)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def admin_connection(server: str):
    import psycopg

    try:
        return psycopg.connect(database_url(server, "postgres"), autocommit=True,
                               connect_timeout=5)
    except psycopg.OperationalError as exc:
        pytest.fail(f"This test needs PostgreSQL, and {urllib.parse.urlsplit(server).netloc} "
                    f"does not answer ({exc}). Start it: pg_ctlcluster "
                    "--skip-systemctl-redirect $(ls /etc/postgresql) main start", pytrace=False)


@pytest.fixture
def fresh_database():
    """A new, empty PostgreSQL database, dropped afterwards."""
    server = postgres_server()
    name = f"skat_two_servers_{uuid.uuid4().hex[:12]}"
    with admin_connection(server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield database_url(server, name)
    finally:
        with admin_connection(server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def shared_redis():
    """(URL, key prefix, client) of the one Redis both servers share; the run's keys are
    deleted afterwards."""
    import redis

    url = os.environ.get("TEST_REDIS_URL") or REDIS
    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=5)
    try:
        client.ping()
    except redis.RedisError as exc:
        pytest.fail(f"This test needs Redis, and {url} does not answer ({exc}). Start it: "
                    "redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ''",
                    pytrace=False)
    prefix = f"two-servers-{uuid.uuid4().hex[:12]}"
    try:
        yield url, prefix, client
    finally:
        for key in list(client.scan_iter(match=f"{prefix}*", count=500)):
            client.delete(key)
        client.close()


def site_env(database: str, redis_url: str, prefix: str, cache_dir: Path) -> dict:
    """The environment of a production-like site on ``database`` and Redis (debug on only for
    the plain static files: no collectstatic here)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "DATABASE_URL", "REDIS_", "AXES_"))}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1",
                "DATABASE_URL": database, "REDIS_URL": redis_url, "REDIS_KEY_PREFIX": prefix,
                # the file cache's folder: with REDIS_URL nothing may land there
                "DJANGO_CACHE_DIR": str(cache_dir),
                "AXES_FAILURE_LIMIT": str(FAILURES_ALLOWED)})
    return env


# --- the world: migrated and seeded in one process of the site ---------------------------


def seed() -> None:
    """Run in the site's process (``python -m tests.test_two_servers``): the database
    migrated; marta's public club night, series 1 played and confirmed (not released),
    series 2 seated and published, nothing entered; her token. Prints what the test needs."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    from api import tokens
    from tests.factories import club_night, confirm_series, seat, table_of_size

    users = get_user_model().objects
    marta = users.create_user("marta", password=PASSWORD)
    users.create_user("otto", password=PASSWORD)
    night = club_night(marta, slug=SLUG, series_count=2, deals_per_player=1)
    confirm_series(night.series.get(number=1))
    second = seat(night.series.get(number=2), "second")
    print(json.dumps({"token": tokens.create_token(marta, "two servers").secret,
                      "link": table_of_size(second, 4).token}))


def seeded_world(env: dict) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.test_two_servers"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"seeding failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


# --- the servers --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def app_server(env: dict, log: Path):
    """gunicorn serving config.wsgi on a free port of 127.0.0.1; killed on the way out."""
    port = free_port()
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(GUNICORN), "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1",
             "--timeout", "60"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        yield port, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(timeout=10)


def wait_until_served(port: int, process, log: Path) -> None:
    deadline = time.monotonic() + BOOT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"the app server on port {port} did not start:\n{log.read_text()[-3000:]}",
                pytrace=False)


class Browser:
    """One client of one server: its cookies, English, JSON or forms."""

    def __init__(self, port: int):
        self.base = f"http://127.0.0.1:{port}"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def ask(self, path: str, *, data: bytes | None = None, headers: dict | None = None,
            method: str | None = None) -> tuple[int, dict, bytes]:
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Accept-Language": "en", **(headers or {})})
        try:
            with self.opener.open(request, timeout=HTTP_SECONDS) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as answer:
            return answer.code, dict(answer.headers), answer.read()

    def json(self, path: str, **kwargs) -> tuple[int, dict, dict]:
        status, headers, body = self.ask(path, **kwargs)
        return status, headers, json.loads(body or b"null")

    def post_form(self, path: str, fields: dict) -> tuple[int, dict, bytes]:
        if not any(c.name == "csrftoken" for c in self.jar):
            self.ask("/login/")  # sets the form token's cookie
        token = next(c.value for c in self.jar if c.name == "csrftoken")
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **fields}).encode()
        return self.ask(path, data=body, headers={
            "Content-Type": "application/x-www-form-urlencoded"})

    def log_in(self, username: str, password: str) -> tuple[int, dict, bytes]:
        return self.post_form("/login/", {"username": username, "password": password})


def standings_of(browser: Browser, token: str | None, **headers) -> tuple[int, dict, dict]:
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return browser.json(f"/api/tournaments/{SLUG}/standings?page_size=100", headers=headers)


def points_by_number(standings: dict) -> dict[int, int]:
    return {row["number"]: row["points"] for row in standings["items"]}


def results_keys(client, prefix: str) -> set[bytes]:
    """The public's overall standings kept in the default cache (scoring/cache.py's key:
    rules, tournament, ``public.…`` version, language, standings, no series, released only,
    and what may follow)."""
    return set(client.scan_iter(match=f"{prefix}:1:results:*:public.*:en:standings:None:True*",
                                count=500))


# --- the test -----------------------------------------------------------------------------


def test_two_app_servers_serve_the_same_room(fresh_database, shared_redis, tmp_path):
    redis_url, prefix, client = shared_redis
    env = site_env(fresh_database, redis_url, prefix, tmp_path / "file-cache")
    world = seeded_world(env)
    token, link = world["token"], world["link"]

    with app_server(env, tmp_path / "a.log") as (port_a, process_a), \
            app_server(env, tmp_path / "b.log") as (port_b, process_b):
        wait_until_served(port_a, process_a, tmp_path / "a.log")
        wait_until_served(port_b, process_b, tmp_path / "b.log")
        a, b = Browser(port_a), Browser(port_b)

        # B has read (and kept) the provisional standings before A's deal
        status, headers, before = standings_of(b, token)
        assert status == 200 and before["provisional"] is True, before
        assert before["counted"] == [1]  # series 2 seated, nothing played yet
        etag = headers["ETag"]

        # a deal entered through A, by the table's link, with an Idempotency-Key
        _, _, sheet = a.json(f"/api/tables/{link}/deals")
        declarer = next(s["seat"] for s in sheet["seats"] if s["seat"] != sheet["next_dealer"])
        body = json.dumps({"number": sheet["next_deal"], "sheet_version": sheet["sheet_version"],
                           "record": {"game": "solo", "trump": "hearts", "matadors": 1,
                                      "card_points": 95},
                           "declarer": declarer, "scorekeeper": "Anna"}).encode()
        deal_headers = {"Content-Type": "application/json", "Idempotency-Key": str(uuid.uuid4())}
        status, _, entered = a.json(f"/api/tables/{link}/deals", data=body, headers=deal_headers)
        assert status == 201, entered
        number = next(s["number"] for s in sheet["seats"] if s["seat"] == declarer)
        gained = entered["deal"]["points"][str(declarer)]
        assert gained > 0

        # B answers the old ETag with the new standings, the deal counted
        status, _, after = standings_of(b, token, **{"If-None-Match": etag})
        assert status == 200, "B still served the standings from before A's deal"
        assert after["counted"] == [1, 2]
        assert points_by_number(after)[number] == points_by_number(before)[number] + gained

        # the same request sent again, to B: the kept answer, nothing stored twice
        status, _, again = b.json(f"/api/tables/{link}/deals", data=body, headers=deal_headers)
        assert (status, again) == (201, entered)
        assert len(b.json(f"/api/tables/{link}/deals")[2]["deals"]) == 1

        # the public sees nothing of series 1 until it is released
        status, _, public = standings_of(b, None)
        assert status == 200 and public["counted"] == [], public
        kept_before = results_keys(client, prefix)

        # the release, on A: it computes the public's results into the shared cache
        assert a.log_in("marta", PASSWORD)[0] == 200
        status, _, _ = a.post_form(f"/organize/{SLUG}/results/series/1/release/", {"sure": "1"})
        assert status == 200
        written = results_keys(client, prefix) - kept_before
        assert len(written) == 1, f"A's release kept no public standings in Redis: {written}"
        (warmed,) = written
        version = warmed.decode().split(":")[5]  # public.<token>.<audit id>
        # a mark on A's copy: any server computing the results again would write them with
        # the ordinary lifetime
        client.pexpire(warmed, 2 * RESULTS_SECONDS * 1000)

        # B's public page: series 1 released, from A's copy
        status, _, page = b.ask(f"/t/{SLUG}/standings/")
        assert status == 200
        released = standings_of(b, None)[2]
        assert released["counted"] == [1] and released["items"], released
        leader = released["items"][0]
        shown = page.decode()
        assert f'href="/t/{SLUG}/player/{leader["number"]}/"' in shown  # the table of places
        assert f'<td class="num">{leader["points"]}</td>' in shown
        # B wrote no public standings of its own: it read A's (the same key, unmarked)
        assert results_keys(client, prefix) == kept_before | {warmed}
        assert client.pttl(warmed) > RESULTS_SECONDS * 1000, "B computed the results again"
        # B's kept page in the crowd's cache, under the same public version as A's results
        pages = list(client.scan_iter(match=f"{prefix}.crowd:1:crowd:page:*", count=500))
        assert any(f":{version}:" in key.decode() for key in pages), pages

        # a login throttled on A is throttled on B: the attempts are the database's
        for _ in range(FAILURES_ALLOWED - 1):
            assert Browser(port_a).log_in("otto", "wrong")[0] == 200  # the form again
        assert Browser(port_b).log_in("otto", "wrong")[0] == 429
        assert Browser(port_b).log_in("otto", PASSWORD)[0] == 429

    # nothing went to the file cache of either server: one Redis holds it all
    assert not (tmp_path / "file-cache").exists() or not any(
        (tmp_path / "file-cache").rglob("*.djcache"))


if __name__ == "__main__":
    seed()
