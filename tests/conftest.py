"""Settings of the whole suite, and its three markers, set here by directory and module so that
no test needs to remember one:

* ``pure``: the tests of the engine and the pure modules, without a database
  (``pytest -m pure``); one that asks for the database is refused at collection.
* ``browser``: tests/e2e/, Playwright driving Chromium against a live server.
* ``typing``: tests/test_typing.py, mypy --strict over the engine and the pure modules.
* ``servers``: tests/test_two_servers.py, gunicorn servers of its own on a PostgreSQL database
  and a Redis of its own, whatever database the suite runs on.

CI's second run (PostgreSQL) leaves out what does not depend on the suite's database engine:
``-m "not browser and not typing and not servers"``.
"""

from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis checks properties, not speed: its per-example deadline would make a property fail
# on a busy machine (speed is measured in bench/, never by the unit tests).
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

TESTS = Path(__file__).resolve().parent

# The pure half: a directory ends in "/", a module is named by its file.
PURE = (
    "engine/",
    "money/test_ledger.py",  # money's pure half (the ledger and python -m money)
    "money/test_currency.py",  # money/currency.py
    "seasons/test_ranking.py",  # seasons' pure half (the ranking and python -m seasons)
    "seasons/test_published_rules.py",  # each club's published rule, by hand
    "tournament/test_seating.py",  # tournament/seating/algorithms.py
    "tournament/test_movements.py",  # tournament/seating/movements.py
    "tournament/test_by_results.py",  # tournament/seating/by_results.py
    "tournament/test_sheet.py",  # tournament/sheets/sheet.py
    "tournament/test_foot.py",  # tournament/sheets/foot.py, engine.against_rank
    "tournament/test_names.py",  # tournament/names.py
    "tournament/test_privacy_rule.py",  # tournament/privacy.py
    "tournament/test_speech.py",  # tournament/speech.py, tournament/numbers.py
    "scoring/test_standings.py",
    "scoring/test_prizes.py",
    "scoring/test_comparative.py",
    "scoring/test_ranking.py",  # scoring/ranking.py
    "test_pure_half.py",
)
BROWSER = ("e2e/",)
TYPING = ("test_typing.py",)
SERVERS = ("test_two_servers.py",)

# What gives a test the database (pytest-django's fixtures; the django_db mark asks too).
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_reset_sequences",
                               "django_db_serialized_rollback", "live_server"})


def in_any(relative: str, places: tuple[str, ...]) -> bool:
    return any(relative.startswith(p) if p.endswith("/") else relative == p for p in places)


def asks_for_the_database(fixtures, marks) -> bool:
    return bool(DATABASE_FIXTURES & set(fixtures)) or "django_db" in set(marks)


def pytest_collection_modifyitems(config, items):
    refused = []
    for item in items:
        relative = Path(item.path).resolve().relative_to(TESTS).as_posix()
        if in_any(relative, PURE):
            item.add_marker(pytest.mark.pure)
            if asks_for_the_database(item.fixturenames,
                                     (m.name for m in item.iter_markers())):
                refused.append(item.nodeid)
        if in_any(relative, BROWSER):
            item.add_marker(pytest.mark.browser)
        if in_any(relative, TYPING):
            item.add_marker(pytest.mark.typing)
        if in_any(relative, SERVERS):
            item.add_marker(pytest.mark.servers)
    if refused:
        raise pytest.UsageError("A test of the pure half asks for the database (move it out "
                                "of the pure modules' tests): " + ", ".join(refused))


@pytest.fixture(autouse=True)
def _fresh_cache(request):
    """Each test starts with an empty cache: a rolled-back test leaves ids (and so results'
    cache keys) that the next test's database may hand out again. The pure half has none."""
    if request.node.get_closest_marker("pure"):
        return
    from django.core.cache import cache

    from scoring.cache import forget_recent

    cache.clear()
    forget_recent()


@pytest.fixture(autouse=True)
def _in_english():
    """Each test starts in the site's language: a German request of an earlier test leaves
    German active in its thread (LocaleMiddleware activates, never deactivates), and code that
    runs outside a request would speak it."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def _every_foot_adds_up(request):
    """After every test with the database, each table's kept foot is what its deals add up
    to (tournament.sheets.foot): a way of writing deals that forgot the foot fails the test
    that took it. A test that breaks a deal row on purpose says so with ``feet_may_differ``."""
    node = request.node
    checked = not (node.get_closest_marker("pure") or node.get_closest_marker("feet_may_differ")
                   ) and asks_for_the_database(request.fixturenames,
                                               (m.name for m in node.iter_markers()))
    # the database set up before this fixture, so that it is still there after the test
    for name in ("transactional_db", "db"):
        if checked and name in request.fixturenames:
            request.getfixturevalue(name)
            break
    yield
    if not checked:
        return
    from tests.feet import stale_feet

    assert stale_feet() == [], "tables whose kept foot is not what their deals add up to"
