"""The engine and the pure modules stay ``mypy --strict`` clean (pyproject.toml, [tool.mypy])."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STRICT = [
    "engine",
    "tournament/seating/algorithms.py",
    "tournament/seating/by_results.py",
    "tournament/seating/movements.py",
    "tournament/sheets/sheet.py",
    "tournament/names.py",
    "scoring/standings.py",
    "scoring/prizes.py",
    "scoring/comparative.py",
    "scoring/ranking.py",
]


def test_the_mypy_configuration_checks_every_pure_module():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert sorted(config["files"]) == sorted(STRICT)  # so a plain `mypy` checks them too


def test_the_pure_modules_are_mypy_strict_clean():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", *STRICT],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    engine_files = len(list((ROOT / "engine").glob("*.py")))
    assert f"in {engine_files + len(STRICT) - 1} source files" in result.stdout
