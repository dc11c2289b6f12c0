"""Issue 25 point 3: the command line contract of ``python -m engine solve``
(docs/hand-analysis.md): one answer a line, in order, errors naming the key."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# N holds the four Jacks and the best of Clubs and Spades: a Grand he takes every trick of
GRAND = {"rules": "isko", "game": "grand", "declarer": "N", "leader": "E",
         "hands": {"N": ["CJ", "SJ", "HJ", "DJ", "CA", "C10", "CK", "SA", "S10", "HA"],
                   "E": ["CQ", "C9", "C8", "C7", "SK", "SQ", "S9", "S8", "S7", "H10"],
                   "S": ["HK", "HQ", "H9", "H8", "H7", "DA", "D10", "DK", "DQ", "D9"]},
         "skat": ["D8", "D7"]}


def solve(*lines: str, args=()):
    result = subprocess.run([sys.executable, "-m", "engine", "solve", *args],
                            input="\n".join(lines) + "\n", cwd=ROOT, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_one_answer_a_line_in_order_with_the_errors():
    null_lost = {"game": "null", "declarer": "E", "hands": {"N": ["C7"], "E": ["CA"],
                                                            "S": ["C8"]}}
    null_won = {**null_lost, "hands": {"N": ["CA"], "E": ["C7"], "S": ["C8"]}}
    answers = solve(json.dumps(GRAND), json.dumps(null_lost), "", "{oops",
                    json.dumps(null_won), json.dumps({**GRAND, "game": "bogus"}),
                    json.dumps({**GRAND, "hands": {"N": GRAND["hands"]["N"]}}),
                    json.dumps({**GRAND, "skat": ["CJ", "D7"]}))
    assert answers[0] == {"card_points": 120, "won": True, "schneider": True, "schwarz": True}
    assert answers[1] == {"won": False} and answers[3] == {"won": True}
    assert "not valid JSON" in answers[2]["error"]
    assert answers[4]["error"].startswith("game:")
    assert answers[5]["error"].startswith("hands:")
    assert answers[6]["error"] == "a card is given twice"
    assert len(answers) == 7  # the blank line is skipped


def test_bounds_give_the_fewest_and_the_most_under_any_play():
    # the last four tricks of a Heart game, 30 points taken before: N may take all 29 left
    # (everybody helping) or, at worst, the H10 he must win with the trump Ace's help
    late = {"game": "hearts", "declarer": "N", "leader": "N", "taken": 30,
            "hands": {"N": ["HA", "H10", "S7", "D7"], "E": ["HK", "SA", "S8", "D8"],
                      "S": ["H7", "C7", "C8", "C9"]}}
    (answer,) = solve(json.dumps(late), args=("--bounds",))
    assert answer["fewest"] <= answer["card_points"] <= answer["most"]
    assert answer["most"] == 30 + 11 + 10 + 4 + 11
    assert answer["fewest"] > 30  # N's trumps take two tricks whatever is played
