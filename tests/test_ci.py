"""CI (.ci/run) runs `make test` on SQLite with everything, then on PostgreSQL without what does
not depend on the suite's database engine: the browser tests, mypy and the two servers (their
own PostgreSQL database and Redis) run once."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE_ONLY = '-n 2 -m "not browser and not typing and not servers"'


def ci_lines() -> list[str]:
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ")
    return [line.strip() for line in text.splitlines() if not line.strip().startswith("#")]


def test_sqlite_runs_everything_and_postgresql_leaves_out_browser_and_typing():
    lines = ci_lines()
    assert f"ENGINE_ONLY='{ENGINE_ONLY}'" in lines
    runs = [line for line in lines if re.search(r"\bmake test\b", line)
            and not line.startswith("banner")]
    sqlite, postgresql = runs  # the README's test command, twice
    assert "PYTEST_ARGS" not in sqlite and "unset DATABASE_URL" in sqlite
    assert postgresql.startswith("DATABASE_URL=")
    assert 'make test PYTEST_ARGS="$ENGINE_ONLY"' in postgresql


def test_mypy_runs_once_in_the_suite_not_beside_it():
    assert not any("mypy" in line for line in ci_lines() if not line.startswith("banner"))
    assert "mypy" in (ROOT / "tests" / "test_typing.py").read_text(encoding="utf-8")


def test_make_hands_the_marker_expression_to_pytest_whole():
    plan = subprocess.run(["make", "--no-print-directory", "-n", "-C", str(ROOT), "test",
                           f"PYTEST_ARGS={ENGINE_ONLY}"],
                          capture_output=True, text=True, timeout=60).stdout
    assert f"-m pytest {ENGINE_ONLY}" in plan


def test_the_markers_fall_by_place(request):
    for item in request.session.items:
        place = Path(item.path).relative_to(ROOT / "tests").as_posix()
        assert bool(item.get_closest_marker("browser")) == place.startswith("e2e/"), place
        assert bool(item.get_closest_marker("typing")) == (place == "test_typing.py"), place
        assert bool(item.get_closest_marker("servers")) == (place == "test_two_servers.py"), place
