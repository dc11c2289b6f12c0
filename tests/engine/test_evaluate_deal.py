"""``evaluate_deal``: the outcome and the words of a deal from one parse of its record."""

import pytest

import engine
from engine import Evaluation, InvalidRecord, evaluate_deal, evaluate_outcome, get_rule_set
from engine.describe import describe as words_of
from engine.records import parse_record

RECORDS = [
    {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95, "tricks": 8},
    {"game": "grand", "matadors": -2, "card_points": 30},
    {"game": "grand", "matadors": 4, "card_points": 120, "tricks": 10, "schwarz_announced": True},
    {"game": "null", "tricks": 0},
    {"game": "null", "tricks": 2},
    {"game": "solo", "trump": "clubs", "matadors": 2, "card_points": 61},
    {"game": "ramsch", "loser": 2, "jungfer": True},
]


@pytest.mark.parametrize("record", RECORDS, ids=[str(r) for r in RECORDS])
def test_the_outcome_and_the_words_of_separate_parses(record):
    rules = get_rule_set(engine.DEFAULT_RULE_SET)
    options = rules.resolve_options(None)
    evaluation = evaluate_deal(record)
    assert isinstance(evaluation, Evaluation)
    assert evaluation.outcome == evaluate_outcome(record)
    assert evaluation.text == words_of(parse_record(record, rules, options), rules,
                                       evaluate_outcome(record))
    assert engine.describe(record) == evaluation.text


def test_one_parse(monkeypatch):
    parses = []
    real = engine.parse_record

    def counting(*args):
        parses.append(args)
        return real(*args)

    monkeypatch.setattr(engine, "parse_record", counting)
    text = evaluate_deal({"game": "solo", "trump": "hearts", "matadors": 1,
                          "card_points": 95}).text
    assert text == "Heart Solo with 1, Schneider, won"
    assert len(parses) == 1


def test_a_refused_record_raises():
    with pytest.raises(InvalidRecord):
        evaluate_deal({"game": "solo", "matadors": 1, "card_points": 95})
