"""The import rules of DESIGN.md, "Layout": engine is pure Python; tournament never uses scoring."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_imports_no_django():
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, engine; print([m for m in sys.modules if m.startswith('django')])",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


SCORING_IMPORT = re.compile(
    r"^\s*(from\s+scoring\b|import\s+scoring\b|from\s+\.\.\s+import\s+scoring\b)", re.M
)


def test_tournament_never_imports_scoring():
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tournament").rglob("*.py"))
        if SCORING_IMPORT.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
