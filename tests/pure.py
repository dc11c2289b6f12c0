"""The pure modules, written once: pyproject.toml's ``[tool.mypy] files`` (the engine as a
folder, the rest as files). The layout test, the typing test and the architecture page's table
all read or are checked against this list."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PURE_FILES: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["mypy"]["files"]


def _modules(entry: str) -> list[str]:
    path = ROOT / entry
    if path.is_dir():
        package = entry.replace("/", ".")
        return sorted(package if p.stem == "__init__" else f"{package}.{p.stem}"
                      for p in path.glob("*.py"))
    return [entry.removesuffix(".py").removesuffix("/__init__").replace("/", ".")]


PURE_MODULES: list[str] = [module for entry in PURE_FILES for module in _modules(entry)]
