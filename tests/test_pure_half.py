"""The pure half of the suite (``pytest -m pure``): the tests of the engine and of the pure
modules, marked by tests/conftest.py, run without a database."""

import ast
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import PURE, TESTS, asks_for_the_database, in_any

ROOT = TESTS.parent
GUARD = "test_pure_half.py"  # this module: it touches Django to show the database is shut


def pure_modules() -> list[str]:
    """The pure modules as mypy --strict lists them (pyproject.toml), dotted."""
    files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [f.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            for f in files["tool"]["mypy"]["files"]]


def pure_test_files() -> list[Path]:
    return [p for p in sorted(TESTS.rglob("test_*.py"))
            if in_any(p.relative_to(TESTS).as_posix(), PURE)]


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_a_pure_test_cannot_reach_the_database():
    from tournament.models import Tournament

    with pytest.raises(RuntimeError, match="Database access not allowed"):
        Tournament.objects.count()


def test_a_pure_test_that_asks_for_the_database_is_refused():
    assert asks_for_the_database({"db"}, [])
    assert asks_for_the_database({"client", "live_server"}, [])
    assert asks_for_the_database({"request"}, ["parametrize", "django_db"])
    assert not asks_for_the_database({"request", "tmp_path"}, ["parametrize"])


def test_every_place_of_the_pure_half_exists():
    for place in PURE:
        assert (TESTS / place).exists(), f"tests/conftest.py names {place}, which is gone"


def test_every_pure_module_is_tested_in_the_pure_half():
    imports = set().union(*(imported(p) for p in pure_test_files()))
    for module in pure_modules():
        assert any(name == module or name.startswith(f"{module}.") for name in imports), module


def test_the_pure_half_imports_nothing_of_the_django_apps():
    allowed = {*sys.stdlib_module_names, "pytest", "hypothesis", *pure_modules()}
    for path in pure_test_files():
        if path.name == GUARD:
            continue
        for name in imported(path):
            assert any(name == a or name.startswith(f"{a}.") for a in allowed), (path, name)
