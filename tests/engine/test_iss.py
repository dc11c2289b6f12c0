"""Issue 25 point 2: ISS game records (tests/engine/fixtures/iss_games.txt, 45 real lines from
the public repositories named above each group) read by ``python -m engine iss``: the deal
record from replaying the tricks, valued by the engine under the ISkO, equals the server's
own ``v:`` on every line; its card points and tricks equal the server's ``p:`` and ``t:``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from engine.iss import answer

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "fixtures" / "iss_games.txt"
LINES = [line for line in FIXTURE.read_text(encoding="utf-8").splitlines()
         if line.startswith("(;")]


def result(line: str) -> dict[str, str]:
    found = re.search(r"R\[([^\]]*)\]", line).group(1)
    return dict(part.split(":", 1) for part in found.split() if ":" in part)


def test_every_game_is_valued_as_the_server_valued_it():
    valued = 0
    for line in LINES:
        said, server = answer(line), result(line)
        if "penalty" in line.split("R[")[-1]:
            assert "penalty" in said["error"]
            continue
        assert "error" not in said, (line, said)
        assert said["value"] == int(server.get("v", 0)), (line, said)
        record = said["record"]
        if record["game"] in ("suit", "grand") and record["tricks"]:
            assert record["card_points"] == int(server["p"]), line
            assert record["tricks"] == int(server["t"]), line
        valued += 1
    assert valued == len(LINES) - 2 >= 40  # two lines are penalties, no game


def test_the_kinds_of_game_the_fixture_holds():
    games = [answer(line).get("record", {}) for line in LINES]
    kinds = {(g.get("game"), bool(g.get("hand")), bool(g.get("ouvert"))) for g in games}
    assert {("suit", False, False), ("grand", False, False), ("grand", True, True),
            ("null", True, True), ("passed", False, False)} <= kinds


def test_the_command_answers_each_line_in_order_with_its_errors():
    lines = [LINES[0], "not a record", LINES[1]]
    done = subprocess.run([sys.executable, "-m", "engine", "iss"], input="\n".join(lines),
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert out[0] == answer(LINES[0]) and out[2] == answer(LINES[1])
    assert out[1]["error"].startswith("not an ISS game record")
    assert out[0]["record"]["game"] == "suit" and out[0]["value"] == -54


def test_a_card_that_does_not_follow_suit_is_named():
    # the first line's first trick: seat 1 answers the Ace of Spades with a Heart he must not
    broken = LINES[0].replace("0 SA 1 S7 2 DA", "0 SA 1 HQ 2 DA", 1)
    assert "break the rules" in answer(broken)["error"]


def test_a_line_with_a_seat_that_is_no_number_is_an_error_not_a_crash():
    bad = re.sub(r"R\[d:\d", "R[d:x", LINES[0], count=1)
    assert answer(bad)["error"].startswith("the line cannot be read")
