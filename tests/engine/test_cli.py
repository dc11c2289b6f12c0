"""The command line contract of DESIGN.md: python -m engine evaluate|rules|bids."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


HEART_SOLO = '{"game":"solo","trump":"hearts","matadors":1,"card_points":95,"tricks":8}'


def test_issue_example_heart_solo_with_one_schneider_is_30():
    result = run("evaluate", stdin=HEART_SOLO + "\n")
    assert result.returncode == 0
    assert json.loads(result.stdout)["value"] == 30


def test_issue_example_failed_schneider_announcement_is_minus_40():
    record = json.loads(HEART_SOLO) | {"schneider_announced": True, "card_points": 80}
    result = run("evaluate", stdin=json.dumps(record) + "\n")
    assert json.loads(result.stdout)["value"] == -40


def test_one_line_out_per_record_in_order_errors_included():
    lines = [HEART_SOLO, '{"game":"grand","matadors":9,"card_points":80}', "{oops",
             '{"game":"null","tricks":0}']
    result = run("evaluate", "--rules", "nasl-1908", stdin="\n".join(lines) + "\n")
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["value"] == 30
    assert out[1]["error"].startswith("Matadors:")
    assert "not valid JSON" in out[2]["error"]
    assert out[3] == {"won": True, "value": 20, "basis": 20, "levels": 1, "overbid": False,
                      "schneider": False, "schwarz": False}


def test_options_switch_games_on():
    revolution = '{"game":"revolution","tricks":0}\n'
    assert "error" in json.loads(run("evaluate", stdin=revolution).stdout)
    result = run("evaluate", "--option", "revolution=on", stdin=revolution)
    assert json.loads(result.stdout)["value"] == 60


def test_bad_rule_set_or_option_exits_2_with_a_message():
    result = run("evaluate", "--rules", "nope", stdin=HEART_SOLO)
    assert result.returncode == 2 and "not known" in result.stderr
    result = run("evaluate", "--option", "contra", stdin=HEART_SOLO)
    assert result.returncode == 2 and "key=value" in result.stderr


def test_rules_lists_every_rule_set():
    result = run("rules")
    for key in ("nasl-1908", "nasl-1898", "hertefeld", "uspcc-1898", "isko"):
        assert key in result.stdout
    data = json.loads(run("rules", "--json").stdout)
    assert [r["key"] for r in data][:1] == ["nasl-1908"] and data[0]["default"] is True


def test_bids_are_computed_per_rule_set():
    nasl = [int(b) for b in run("bids", "--rules", "nasl-1908").stdout.split()]
    assert nasl[:6] == [10, 12, 14, 15, 16, 18] and nasl[-1] == 216
    assert 11 not in nasl and 60 in nasl
    with_call = json.loads(run("bids", "--rules", "nasl-1908", "--option", "call=on",
                               "--json").stdout)
    assert 11 in with_call and 9 not in with_call  # Call Play must reach 10
    uspcc = json.loads(run("bids", "--rules", "uspcc-1898", "--json").stdout)
    assert uspcc["by"] == "game" and uspcc["bids"][0] == "Simple Game ♦"


def test_isko_null_on_a_higher_bid_prints_an_overbid():
    result = run("evaluate", "--rules", "isko", stdin='{"game": "null", "tricks": 0, "bid": 24}\n')
    assert result.returncode == 0
    outcome = json.loads(result.stdout)
    assert (outcome["won"], outcome["value"], outcome["overbid"]) == (False, -92, True)
