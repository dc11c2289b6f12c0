"""SQLite holds a room: phones saving on one sheet at once are saved or told the sheet changed,
never "database is locked". Runs on a SQLite file of its own, whatever DATABASE_URL says."""

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.sqlite_writers import WRITERS

ROOT = Path(__file__).resolve().parent.parent


def run_writers(tmp_path, **extra_env) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "1",
                "DATABASE_URL": f"sqlite:///{tmp_path / 'room.sqlite3'}", **extra_env})
    result = subprocess.run([sys.executable, "-m", "tests.sqlite_writers"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_phones_saving_at_once_on_a_sqlite_file_are_saved_or_told_the_sheet_changed(tmp_path):
    result = run_writers(tmp_path)
    assert result["vendor"] == "sqlite" and result["journal_mode"] == "wal"
    # all read the same version: one is saved, every other is told the sheet changed
    assert result["stale"] == {"saved": 1, "stale": WRITERS - 1}
    # each reads the newest version: every one is saved in the end
    assert result["fresh"] == {"saved": WRITERS}
    assert result["deals"] == list(range(1, WRITERS + 2))
    assert result["sheet_version"] == WRITERS + 1
