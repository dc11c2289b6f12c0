"""`manage.py export_tournament` and `manage.py import_tournament` from the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.exports.tournament_file.conftest import results, rows
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]


def export(slug: str, *args) -> str:
    out = io.StringIO()
    call_command("export_tournament", slug, *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_export_writes_the_document_to_standard_output_or_a_file(night, tmp_path):
    text = export("club-night")
    document = json.loads(text)
    assert document["format"] == "skat-congress/tournament" and document["version"] == 3
    assert [e["number"] for e in document["entries"]] == list(range(1, 9))
    path = tmp_path / "night.json"
    export("club-night", "-o", str(path))
    written = json.loads(path.read_text(encoding="utf-8"))
    assert {**written, "exported_at": None} == {**document, "exported_at": None}


def test_export_of_an_unknown_tournament(db):
    with pytest.raises(CommandError, match="No tournament has the short name “nope”"):
        export("nope")


def test_import_with_an_owner_and_a_short_name(night, owner, tmp_path):
    path = tmp_path / "night.json"
    path.write_text(export("club-night"), encoding="utf-8")
    out = io.StringIO()
    call_command("import_tournament", str(path), "--owner", "marta", "--slug", "friday",
                 stdout=out)
    assert "Imported Club Night as “friday”: 8 players, 1 series, 5 deals." in out.getvalue()
    friday = Tournament.objects.get(slug="friday")
    assert list(friday.organizers.all()) == [owner]
    assert results(friday) == results(night)


def test_import_check_saves_nothing_and_without_owner_says_so(night, tmp_path):
    path = tmp_path / "night.json"
    path.write_text(export("club-night"), encoding="utf-8")
    before = rows()
    out = io.StringIO()
    call_command("import_tournament", str(path), "--check", stdout=out)
    assert "would be imported as “club-night-2”" in out.getvalue()
    assert rows() == before
    call_command("import_tournament", str(path), stdout=out)
    assert "It has no organizer yet" in out.getvalue()


def test_import_refuses_a_broken_file_naming_every_place(night, tmp_path):
    document = json.loads(export("club-night"))
    document["series"][0]["tables"][0]["deals"][2]["card_points"] = 10**100
    document["tournament"]["version"] = 1
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = rows()
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path))
    said = str(refused.value)
    assert "broken.json is refused; nothing was saved:" in said
    assert "  series[0].tables[0].deals[2].card_points: 101 digits" in said
    assert "  tournament.version: is not a key of this format (version 3)." in said
    assert rows() == before


def test_import_refuses_an_unknown_owner_a_missing_file_and_a_50_mb_one(night, tmp_path):
    with pytest.raises(CommandError, match="No account is called “nobody”"):
        call_command("import_tournament", str(tmp_path / "x.json"), "--owner", "nobody")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_tournament", str(tmp_path / "missing.json"))
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(50 * 1000 * 1000)  # 50 MB, never read
    with pytest.raises(CommandError, match="larger than 45 MB"):
        call_command("import_tournament", str(huge))


def test_the_commands_run_as_a_shell_runs_them(tmp_path):
    """The real command line: its help, and a refusal's exit status and words."""
    manage = [sys.executable, str(ROOT / "manage.py")]
    helped = subprocess.run([*manage, "import_tournament", "--help"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert helped.returncode == 0 and "--owner" in helped.stdout and "--slug" in helped.stdout
    path = tmp_path / "not.json"
    path.write_text("{", encoding="utf-8")
    refused = subprocess.run([*manage, "import_tournament", str(path)], capture_output=True,
                             text=True, cwd=ROOT, timeout=120)
    assert refused.returncode == 1
    assert "not.json is refused; nothing was saved:" in refused.stderr
    assert "The file is not JSON" in refused.stderr
