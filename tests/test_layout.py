"""The import rules of docs/architecture.md: the rings engine <- tournament <- scoring <- printing.

The pure modules (the engine, the seating algorithms, the score sheet, standings and prizes)
import no Django; each app imports only the apps inside its ring.
"""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PURE_MODULES = [
    *sorted(
        "engine" if p.stem == "__init__" else f"engine.{p.stem}"
        for p in (ROOT / "engine").glob("*.py")
    ),
    "tournament.seating.algorithms",
    "tournament.seating.by_results",
    "tournament.seating.movements",
    "tournament.sheets.sheet",
    "tournament.names",
    "scoring.standings",
    "scoring.prizes",
    "scoring.comparative",
    "scoring.ranking",
]


@pytest.mark.parametrize("module", PURE_MODULES)
def test_pure_module_imports_no_django(module):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys, {module}; print([m for m in sys.modules if m.startswith('django')])",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# Which first-party packages each app may import (besides itself, the standard library and,
# outside the engine, third-party packages). Nothing but the tests imports the tests.
APPS = ("engine", "tournament", "scoring", "printing", "config", "tests")
MAY_IMPORT = {
    "engine": set(),
    "tournament": {"engine"},
    "scoring": {"engine", "tournament"},
    "printing": {"engine", "tournament", "scoring"},
    "config": {"engine", "tournament", "scoring", "printing"},
    "tests": {"engine", "tournament", "scoring", "printing", "config"},
}


def _python_files(app):
    return [p for p in sorted((ROOT / app).rglob("*.py")) if "migrations" not in p.parts]


def _imported(path):
    """The top-level names of every absolute import in ``path``, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]


def test_the_table_names_every_app():
    assert set(MAY_IMPORT) == set(APPS)
    assert all(allowed <= set(APPS) for allowed in MAY_IMPORT.values())


@pytest.mark.parametrize("app", APPS)
def test_app_imports_only_the_apps_inside_its_ring(app):
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _python_files(app)
        for line, name in _imported(path)
        if name in APPS and name != app and name not in MAY_IMPORT[app]
    ]
    assert offenders == []


def test_engine_imports_only_the_standard_library():
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in _python_files("engine")
        for line, name in _imported(path)
        if name not in sys.stdlib_module_names and name not in ("__future__", "engine")
    ]
    assert offenders == []


def test_the_scan_sees_imports_inside_functions(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""\nfrom the docstring\n"""\n\ndef f():\n    from scoring import x\n'
                      "    import tests.factories, os\n")
    assert list(_imported(sample)) == [(6, "scoring"), (7, "tests"), (7, "os")]
