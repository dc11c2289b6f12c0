"""The engine and the pure modules stay ``mypy --strict`` clean (pyproject.toml, [tool.mypy])."""

import subprocess
import sys
import tomllib
from pathlib import Path

from tests.pure import PURE_FILES

ROOT = Path(__file__).resolve().parent.parent

STRICT = PURE_FILES  # the one list of pure modules (tests/pure.py)


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
    # a package counts its modules (engine, money), a module itself
    files = sum(len(list((ROOT / entry).glob("*.py"))) if (ROOT / entry).is_dir() else 1
                for entry in STRICT)
    assert f"in {files} source files" in result.stdout
