"""The import rules of docs/architecture.md: the rings engine <- tournament <- scoring <- printing.

The pure modules (the engine, the seating algorithms, the score sheet, standings and prizes)
import no Django; each app imports only the apps inside its ring. Which modules are pure is
written once, in pyproject.toml's ``[tool.mypy] files`` (read by tests/pure.py), and the
architecture page's table names exactly those.
"""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pure import PURE_FILES, PURE_MODULES

ROOT = Path(__file__).resolve().parent.parent


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
APPS = ("engine", "money", "seasons", "live", "tournament", "scoring", "printing", "exports", "api",
        "config", "tests")
SOURCE_APPS = ("engine", "money", "seasons", "live", "tournament", "scoring", "printing", "exports",
               "api", "config")
MAY_IMPORT = {
    "engine": set(),
    # its pure half (rules, ledger, presets, currency: python -m money) imports nothing; its
    # Django half reads the results as an outer app does
    "money": {"engine", "tournament", "scoring", "printing", "exports"},
    # its pure half (rules, ranking, presets: python -m seasons) imports nothing; its Django
    # half reads the evenings' results, and their money, as an outer app does
    "seasons": {"engine", "tournament", "scoring", "printing", "exports", "money"},
    "tournament": {"engine"},
    "scoring": {"engine", "tournament"},
    "printing": {"engine", "tournament", "scoring"},
    "exports": {"engine", "tournament", "scoring", "printing"},
    # the live room shows what the others compute, as it moves (and the API's kept answers:
    # a phone's refused deal on the director's board)
    "live": {"engine", "tournament", "scoring", "printing", "money", "seasons", "api"},
    "api": {"engine", "tournament", "scoring", "exports", "seasons"},
    "config": {"engine", "money", "seasons", "live", "tournament", "scoring", "printing",
               "exports", "api"},
    "tests": {"engine", "money", "seasons", "live", "tournament", "scoring", "printing",
              "exports", "api", "config"},
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


def _pure_table():
    """The first column of docs/architecture.md's table of pure modules."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    after = text[text.index("**Pure modules**"):]
    table = after[after.index("\n|"):].split("\n\n")[0]
    return [line.split("|")[1].strip().strip("`") for line in table.strip().splitlines()[2:]]


def test_the_architecture_page_names_exactly_the_pure_modules():
    """One list of pure modules (pyproject.toml's mypy files): the page's table says the same."""
    listed = [f"{entry}/*" if (ROOT / entry).is_dir() else entry for entry in PURE_FILES]
    assert sorted(_pure_table()) == sorted(listed)


def test_the_pure_modules_are_read_from_the_one_list():
    assert "engine.cards" in PURE_MODULES and "engine" in PURE_MODULES
    assert "scoring.standings" in PURE_MODULES and "scoring/standings.py" in PURE_FILES
    assert len(PURE_MODULES) == len(set(PURE_MODULES))


# -- no module over 400 lines (issue 19) --------------------------------------------------------

LONGEST = 400  # lines
# Modules allowed to be longer, each with its reason: data tables only.
DATA_TABLES: dict[str, str] = {}

def _long_modules():
    """Every module of the apps (migrations aside) over ``LONGEST`` lines, with its length."""
    return {str(path.relative_to(ROOT)): length
            for app in SOURCE_APPS
            for path in _python_files(app)
            if (length := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST}


def test_no_module_is_over_400_lines_but_a_data_table():
    long = _long_modules()
    assert sorted(set(long) - set(DATA_TABLES)) == []
    assert sorted(set(DATA_TABLES) - set(long)) == []  # a table that shrank leaves the list
    assert all(reason for reason in DATA_TABLES.values())


# -- the architecture page's tree names every package (issue 19) --------------------------------


def _architecture_tree() -> str:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = page.split("## Inside an app", 1)[1]
    return section.split("```", 2)[1]


def _packages() -> list[str]:
    return sorted(str(init.parent.relative_to(ROOT))
                  for app in SOURCE_APPS
                  for init in (ROOT / app).glob("**/__init__.py")
                  if "migrations" not in init.parts)


def _tree_paths(tree: str) -> set[str]:
    """The folders the tree draws, by their indentation: "scoring/" then "  results/" is
    scoring/results."""
    paths: set[str] = set()
    parents: list[tuple[int, str]] = []
    for line in tree.splitlines():
        name = line.strip().split(" ", 1)[0]
        if not name.endswith("/"):
            continue
        indent = len(line) - len(line.lstrip())
        while parents and parents[-1][0] >= indent:
            parents.pop()
        path = "/".join([*(p for _, p in parents), name.rstrip("/")])
        paths.add(path)
        parents.append((indent, name.rstrip("/")))
    return paths


def test_the_architecture_page_draws_every_package():
    assert _tree_paths("a/\n  b/   x\n    c/\n  d/\ne/\n") == {"a", "a/b", "a/b/c", "a/d", "e"}
    drawn = _tree_paths(_architecture_tree())
    assert [p for p in _packages() if p not in drawn] == []
    assert sorted(drawn - set(_packages())) == []  # no package the code no longer has
