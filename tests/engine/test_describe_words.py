"""A deal's description as words (``describe_words``): their English is, byte for byte, the
text the engine gave before it had words (``REFERENCE``, kept here as it was), for every
record of the engine's tests and for records of every game of every rule set."""

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EngineError, evaluate_deal, get_rule_set, parse_record
from engine.declarations import Declaration, PassedDeal, Penalty, RamschResult
from engine.describe import SEPARATOR, describe, describe_words, english
from engine.games import GameKind, game_name
from engine.values import score
from engine.words import Phrase

from .test_properties import ALL_RULE_SETS
from .test_round_trip import GAMES, valid_records

ENGINE_TESTS = Path(__file__).resolve().parent


def reference(record, rules, outcome) -> str:
    """The engine's description as it was written before the words (issue 20), unchanged."""
    if isinstance(record, Penalty):
        kind = rules.penalty(record.reason)
        return f"Penalty: {kind.text if kind else record.reason}"
    if isinstance(record, PassedDeal):
        return "Passed"
    if isinstance(record, RamschResult):
        if record.all_tricks:
            return "Ramsch, one took all tricks"
        return "Ramsch, Jungfer" if record.jungfer else "Ramsch"
    return _reference_declaration(record, rules, outcome)


def _reference_declaration(d: Declaration, rules, outcome) -> str:
    game = d.game
    name = game_name(rules, game.key, d.trump)
    parts = [name]
    if d.passt_nicht:
        parts[0] = f"{name} Passt Nicht"
    if rules.hand_flags:
        if game.kind is GameKind.NULL:
            parts[0] = name + (" Ouvert" if d.ouvert else "") + (" Hand" if d.hand else "")
        else:
            parts[0] += " Ouvert" if d.ouvert else " Hand" if d.hand else ""
    if game.has_trumps:
        parts[0] += f" {'with' if d.matadors > 0 else 'without'} {abs(d.matadors)}"
    if d.schwarz_announced and not d.ouvert:
        parts.append("Schwarz announced")
    elif d.schneider_announced and not d.ouvert:
        parts.append("Schneider announced")
    if outcome.schwarz:
        parts.append("Schwarz")
    elif outcome.schneider:
        parts.append("Schneider")
    if d.recontra:
        parts.append("Re-Contra")
    elif d.contra:
        parts.append("Contra")
    if d.conceded:
        parts.append("conceded")
    if d.revoke:
        parts.append(f"{d.revoke} revoked")
    if outcome.overbid:
        parts.append(f"overbid on {d.bid or game.min_value}")
    parts.append("won" if outcome.won else "lost")
    return ", ".join(parts)


def _same_words(record, rules, options) -> str | None:
    """The English of the words, checked against the reference; None for a refused record."""
    try:
        parsed = parse_record(record, rules, options)
    except EngineError:
        return None
    outcome = score(parsed, rules, options)
    words = describe_words(parsed, rules, outcome)
    assert all(isinstance(part, Phrase) for part in words)
    text = english(words)
    assert text == reference(parsed, rules, outcome), (rules.key, record)
    assert describe(parsed, rules, outcome) == text
    evaluation = evaluate_deal(record, rules, options)
    assert (evaluation.text, evaluation.words) == (text, words)
    return text


def _literal_records() -> list[dict]:
    """Every record written out in the engine's tests: a dict literal with a "game" key."""
    found = []
    for path in sorted(ENGINE_TESTS.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Dict):
                continue
            if not any(isinstance(k, ast.Constant) and k.value == "game" for k in node.keys):
                continue
            try:
                record = ast.literal_eval(node)
            except ValueError:
                continue  # built from names: the strategies below cover its kind
            if isinstance(record.get("game"), str):
                found.append(record)
    return found


LITERAL_RECORDS = _literal_records()


def test_the_engine_tests_hold_many_records():
    assert len(LITERAL_RECORDS) > 80


@pytest.mark.parametrize("rules_key", ALL_RULE_SETS)
def test_every_record_of_the_engine_tests_reads_as_before(rules_key):
    rules = get_rule_set(rules_key)
    described = 0
    for record in LITERAL_RECORDS:
        for chosen in ({}, {o.key: True for o in rules.options}):
            try:
                options = rules.resolve_options(chosen)
            except EngineError:
                continue
            described += _same_words(record, rules, options) is not None
    assert described, rules_key


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(GAMES), st.data())
def test_every_game_of_every_rule_set_reads_as_before(game, data):
    rules, options, record = data.draw(valid_records(*game))
    _same_words(record, rules, options)


@pytest.mark.parametrize(("record", "rules_key", "text"), [
    ({"game": "solo", "trump": "hearts", "matadors": 2, "card_points": 95, "tricks": 8,
      "schneider_announced": True}, "nasl-1908",
     "Heart Solo with 2, Schneider announced, Schneider, won"),
    ({"game": "grand", "matadors": -3, "card_points": 40}, "nasl-1908", "Grand without 3, lost"),
    ({"game": "passed"}, "isko", "Passed"),
    ({"game": "ramsch", "loser": 2, "jungfer": True}, "nasl-1908", "Ramsch, Jungfer"),
    ({"game": "ramsch", "loser": 2, "all_tricks": True}, "nasl-1908",
     "Ramsch, one took all tricks"),
    ({"game": "null", "tricks": 0, "ouvert": True, "hand": True}, "isko", "Null Ouvert Hand, won"),
])
def test_words_and_their_english(record, rules_key, text):
    evaluation = evaluate_deal(record, rules_key)
    assert evaluation.text == text
    assert SEPARATOR.join(str(part) for part in evaluation.words) == text


def test_the_parts_are_msgids_with_parameters():
    words = evaluate_deal({"game": "solo", "trump": "hearts", "matadors": 2,
                           "card_points": 70}).words
    game, won = words
    assert (game.text, game.params["n"]) == ("%(game)s with %(n)s", 2)
    assert str(game.params["game"]) == "Heart Solo"
    assert (won.text, dict(won.params)) == ("won", {})


def test_a_penalty_says_its_reason():
    rules = get_rule_set("nasl-1908")
    kind = rules.penalties[0]
    (words,) = evaluate_deal({"game": "penalty", "seat": 1, "reason": kind.key},
                             rules).words
    assert words.text == "Penalty: %(reason)s"
    assert words.params["reason"] == Phrase(kind.text)


# The msgids a stored deal's words hold (``Deal.words``): the descriptions' sentences and the
# names of games and suits. The catalog keeps only the msgids the code has (makemessages
# --no-obsolete): a changed one would leave every stored deal that holds the old one in
# English. Change one only with a data migration that rewrites ``Deal.words``, then take the
# digest again.
STORED_IN_DEALS = ("engine/describe.py", "engine/rulesets.py", "engine/cards.py",
                   "engine/games.py")
STORED_DIGEST = "057307fad88a5b14"


def _marked_msgids() -> list[str]:
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for name in STORED_IN_DEALS:
        for node in ast.walk(ast.parse((root / name).read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("gettext_noop", "pgettext")):
                found.append(repr([a.value for a in node.args if isinstance(a, ast.Constant)]))
    return sorted(set(found))


def test_the_msgids_stored_in_deals_change_only_with_a_migration():
    import hashlib

    digest = hashlib.sha256("\n".join(_marked_msgids()).encode()).hexdigest()[:16]
    assert digest == STORED_DIGEST, (
        "a msgid that Deal.words stores changed: write a data migration that rewrites "
        f"Deal.words, then set STORED_DIGEST = {digest!r}")
