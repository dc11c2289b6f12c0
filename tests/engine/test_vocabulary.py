"""One vocabulary: every word of the record and the rule sets is defined once in the engine."""

import json

import pytest

from engine import (
    FLAGS,
    GameKey,
    OptionKey,
    PenaltyReason,
    RecordKey,
    ScoringSystem,
    Suit,
    game_name,
    get_rule_set,
    rule_sets,
)


def test_every_game_option_and_penalty_of_every_rule_set_is_a_defined_word():
    for rules in rule_sets():
        assert all(isinstance(g.key, GameKey) for g in rules.games)
        assert all(isinstance(o.key, OptionKey) for o in rules.options)
        assert all(g.option is None or isinstance(g.option, OptionKey) for g in rules.games)
        assert all(isinstance(p.key, PenaltyReason) for p in rules.penalties)


def test_the_words_are_the_strings_of_the_record():
    assert GameKey.GRAND == "grand" and json.dumps(GameKey.GRAND) == '"grand"'
    assert json.dumps({RecordKey.CARD_POINTS: 61}) == '{"card_points": 61}'


def test_record_keys_follow_the_canonical_order_of_design_md():
    assert list(RecordKey)[:14] == [
        "game", "trump", "matadors", "card_points", "tricks", "schneider_announced",
        "schwarz_announced", "passt_nicht", "conceded", "hand", "ouvert", "contra", "recontra",
        "bid",
    ]
    assert list(RecordKey)[15:18] == ["loser", "jungfer", "all_tricks"]


def test_flags_and_labels():
    assert [k for k in RecordKey if k.is_flag] == list(FLAGS)
    assert RecordKey.JUNGFER in FLAGS and RecordKey.BID not in FLAGS
    assert RecordKey.CARD_POINTS.label == "Card points"
    assert RecordKey.RECONTRA.label == "Re-Contra"
    assert RecordKey.PASST_NICHT.label == "Passt Nicht"
    assert RecordKey.SCHWARZ_ANNOUNCED.label == "Schwarz announced"


def test_suit_names():
    assert [(s.key, s.title, s.plural) for s in sorted(Suit, reverse=True)] == [
        ("clubs", "Club", "Clubs"), ("spades", "Spade", "Spades"),
        ("hearts", "Heart", "Hearts"), ("diamonds", "Diamond", "Diamonds"),
    ]


@pytest.mark.parametrize(
    ("rules", "key", "trump", "name"),
    [
        ("nasl-1908", "grand", None, "Grand"),
        ("nasl-1908", "guckser", None, "Grand Guckser"),
        ("nasl-1908", "solo", Suit.HEARTS, "Heart Solo"),
        ("nasl-1908", "null", None, "Nullo"),
        ("nasl-1908", "penalty", None, "Penalty"),
        ("hertefeld", "grand", None, "Grando"),  # 001: "Grando"
        ("hertefeld", "grand_tourne", None, "Grando Tourné"),
        ("hertefeld", "call", Suit.CLUBS, "Club Simple Game"),
        ("uspcc-1898", "grand_ouvert", None, "Grand Open"),
        ("uspcc-1898", "null", Suit.SPADES, "Null"),  # its trump changes nothing
        ("isko", "suit", Suit.SPADES, "Spades"),
        ("isko", "grand", None, "Grand"),
    ],
)
def test_game_name(rules, key, trump, name):
    assert game_name(get_rule_set(rules), key, trump) == name


def test_game_name_refuses_a_game_the_rule_set_lacks():
    with pytest.raises(KeyError):
        game_name(get_rule_set("isko"), "guckser")


def test_scoring_systems():
    assert [(s.value, s.label) for s in ScoringSystem] == [
        ("league", "League (Points and Games, NASL)"),
        ("seeger-fabian", "Seeger-Fabian (ISPA/DSkV)"),
    ]


def test_the_places_at_a_table_are_the_engines():
    from engine import LETTERS, SEATS, Letter, letter_of, letters, seat_of

    assert SEATS == (1, 2, 3, 4)
    assert LETTERS == ("N", "E", "S", "W") and all(isinstance(x, Letter) for x in LETTERS)
    assert [letter_of(seat) for seat in SEATS] == list(LETTERS)
    assert [seat_of(letter) for letter in "NESW"] == list(SEATS)
    assert letters(3) == LETTERS[:3] and letters(4) == LETTERS
    with pytest.raises(ValueError):
        seat_of("X")


def test_suit_colours_and_card_codes_are_the_engines():
    from engine import DECK
    from engine.cards import BY_CODE

    assert {s: s.colour for s in Suit} == {Suit.CLUBS: "black", Suit.SPADES: "black",
                                           Suit.HEARTS: "red", Suit.DIAMONDS: "red"}
    assert len(BY_CODE) == 32 and all(BY_CODE[card.code] is card for card in DECK)
    assert BY_CODE["H10"].code == "H10" and str(BY_CODE["CJ"]) == "J♣"
