"""Issue 20: the engine's refusals keep their words as a msgid with named parameters
(``EngineError.words``) for the site to say in the reader's language, while ``str()`` and
``message`` stay the English the engine's command line prints."""

import re

import pytest

from engine import (
    InvalidDeck,
    InvalidOption,
    InvalidRecord,
    RecordKey,
    UnknownRuleSet,
    deal_set,
    evaluate,
    get_rule_set,
    letters,
)
from engine.words import Phrase, either, phrase

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def refused(record, rules="nasl-1908", options=None):
    with pytest.raises(InvalidRecord) as error:
        evaluate(record, rules, options)
    return error.value


def solo(**fields):
    return {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 70, **fields}


def placeholders_match(words: Phrase) -> bool:
    """Every msgid of ``words`` names exactly its parameters, all the way down."""
    if set(PLACEHOLDER.findall(words.text)) != set(words.params):
        return False
    return all(placeholders_match(value) for value in words.params.values()
               if isinstance(value, Phrase))


def translated(words: Phrase | str | int, catalog: dict[str, str]) -> str:
    """What the site's ``say`` does, with a catalog in place of Django's gettext."""
    if not isinstance(words, Phrase):
        return str(words)
    text = catalog.get(words.text, words.text)
    return text % {key: translated(value, catalog) for key, value in words.params.items()}


# -- str() is the English of before ---------------------------------------------------------

@pytest.mark.parametrize(("record", "english"), [
    (solo(card_points=121),
     "Card points: 121 is out of range; card points are 0 to 120."),
    (solo(matadors=12),
     "Matadors: a Solo is played with or without 1 to 11 matadors, not 12."),
    ({"game": "grand", "matadors": 1, "card_points": 119},
     "Card points: 119 would leave the other side exactly 1 card point, and no card is worth 1 "
     "point; count the cards again."),
    (solo(card_points=0, tricks=5),
     "Card points: 5 tricks and the Skat are 17 cards, and only 12 cards are worth nothing, so "
     "they hold at least 11 card points, not 0."),
    (solo(card_points=60, tricks=1),
     "Card points: 1 trick and the Skat are 5 cards, which hold at most 54 card points, not 60."),
    ({"game": "tourne", "trump": "clubs", "matadors": 1, "card_points": 95,
      "schneider_announced": True},
     "Schneider announced: Schneider and Schwarz can be announced only in a Solo or Grand under "
     "nasl-1908, not in a Tourné."),
    ({"game": "null", "tricks": 0, "card_points": 10},
     "Card points: a Nullo is won or lost by tricks alone; enter no card points."),
    ({"game": "skat_royale"},
     "Game: 'skat_royale' is not a game of the rule set nasl-1908 (its games: tourne, "
     "grand_tourne, solo, grand, guckser, grand_ouvert, null, null_ouvert, ramsch)."),
    ({"game": "penalty", "seat": 1, "reason": "misdeal", "points": 20},
     "Points: the rule set nasl-1908 fixes misdeal (charged to the dealer) at 10 points; use "
     "reason 'other' for another amount."),
    ({"game": "solo", "colour": "red"}, "'colour' is not a field of a deal record."),
])
def test_a_refusal_says_the_english_it_always_said(record, english):
    error = refused(record)
    assert str(error) == error.message == error.args[0] == english
    assert placeholders_match(error.words)
    assert str(error.words) == english


def test_the_words_keep_the_field_the_msgid_and_its_parameters():
    error = refused(solo(card_points=121))
    assert (error.field, error.rule) == ("card_points", "out_of_range")
    words = error.words
    assert words.text == "%(field)s: %(reason)s"
    assert words.params["field"] == Phrase(RecordKey.CARD_POINTS.label)
    reason = words.params["reason"]
    assert isinstance(reason, Phrase)
    assert reason.text == "%(value)s is out of range; %(what)s."
    assert reason.params["value"] == 121
    assert reason.params["what"] == Phrase("card points are 0 to 120")


def test_a_game_is_a_phrase_to_translate_and_a_rule_set_a_word_as_written():
    error = refused({"game": "tourne", "trump": "clubs", "matadors": 1, "card_points": 95,
                     "schneider_announced": True})
    reason = error.words.params["reason"]
    assert isinstance(reason, Phrase)
    assert reason.params["rules"] == "nasl-1908"  # a key: never translated
    assert reason.params["game"] == Phrase("Tourné")
    assert reason.params["games"] == phrase("%(first)s or %(second)s",
                                            first=Phrase("Solo"), second=Phrase("Grand"))


def test_the_words_translate_whole_with_a_catalog():
    catalog = {
        "%(field)s: %(reason)s": "%(field)s: %(reason)s",
        "Card points": "Augen",
        "%(value)s is out of range; %(what)s.":
            "%(value)s liegt außerhalb des erlaubten Bereichs; %(what)s.",
        "card points are 0 to 120": "es gibt 0 bis 120 Augen",
    }
    assert translated(refused(solo(card_points=121)).words, catalog) == (
        "Augen: 121 liegt außerhalb des erlaubten Bereichs; es gibt 0 bis 120 Augen.")


def test_either_joins_with_or():
    assert str(either([])) == ""
    assert str(either(["Solo"])) == "Solo"
    assert str(either(["Suit game", "Grand", "Null"])) == "Suit game or Grand or Null"
    assert placeholders_match(either(["Suit game", "Grand", "Null"]))


# -- the other errors -------------------------------------------------------------------------

def test_option_refusals():
    with pytest.raises(InvalidOption) as error:
        get_rule_set("isko").resolve_options({"contra": "on"})
    assert str(error.value) == ("Option 'contra': the rule set isko has no such option "
                                "(its options: none).")
    assert error.value.words.params["field"] == phrase("Option %(key)s", key="'contra'")
    assert placeholders_match(error.value.words)
    with pytest.raises(InvalidOption) as error:
        get_rule_set("nasl-1908").resolve_options({"contra": "maybe"})
    assert str(error.value) == "Option 'contra': 'maybe' is not on or off."
    with pytest.raises(InvalidOption) as error:
        get_rule_set("nasl-1908").resolve_options({"point_ramsch": "on", "ramsch": "off"})
    assert str(error.value) == error.value.words.text == "Option point_ramsch needs ramsch=on."


def test_unknown_rule_set():
    with pytest.raises(UnknownRuleSet) as error:
        get_rule_set("skat-1999")
    assert str(error.value) == ("Rule set 'skat-1999' is not known (known: nasl-1908, "
                                "nasl-1898, hertefeld, uspcc-1898, isko).")
    assert error.value.words.text == "Rule set %(rules)s is not known (known: %(known)s)."


def test_deck_refusals():
    with pytest.raises(InvalidDeck) as error:
        deal_set("seed", 1000, 4)
    assert str(error.value) == "Decks: a set has 1 to 999 decks, not 1000."
    assert error.value.words.params["field"] == Phrase("Decks")
    assert placeholders_match(error.value.words)
    with pytest.raises(InvalidDeck) as error:
        letters(5)
    assert str(error.value) == "Table size: a Skat table seats 3 or 4 players, not 5."


def test_every_refusal_names_the_parameters_of_its_msgids():
    """A sweep of records every rule set refuses: each msgid's placeholders are its params."""
    from engine import EngineError, rule_sets

    records = [solo(card_points=points, tricks=tricks)
               for points in (0, 1, 11, 49, 60, 119, 120, 121) for tricks in (0, 1, 5, 9, 10)]
    records += [{"game": game, **fields} for game in ("solo", "suit", "grand", "null", "ramsch",
                                                      "passed", "penalty", "tourne", "call")
                for fields in ({}, {"trump": "stars"}, {"matadors": 0}, {"bid": 11},
                               {"hand": True}, {"contra": True}, {"passt_nicht": True},
                               {"revoke": "x"}, {"loser": 9}, {"reason": "x"},
                               {"seat": 1, "reason": "misdeal", "points": 3},
                               {"conceded": "yes"})]
    seen = 0
    for rules in rule_sets():
        for record in records:
            try:
                evaluate(record, rules)
            except EngineError as error:
                seen += 1
                assert placeholders_match(error.words), (rules.key, record)
                assert str(error.words) == str(error)
    assert seen > 500


def test_a_suit_is_a_msgid_with_its_context_and_says_its_english():
    """"Clubs" the suit is not "Clubs" of players: its msgid carries the context "suit"."""
    from engine import Suit
    from engine.words import CONTEXT, english, pgettext

    assert pgettext("suit", "Clubs") == f"suit{CONTEXT}Clubs"
    assert english(pgettext("suit", "Clubs")) == english("Clubs") == "Clubs"
    assert (Suit.CLUBS.title, Suit.CLUBS.plural) == ("Club", "Clubs")
    assert Suit.CLUBS.plural_words == Phrase(pgettext("suit", "Clubs"))
    assert str(Suit.HEARTS.title_words) == "Heart"
    assert str(phrase("%(suit)s Solo", suit=Suit.HEARTS.title_words)) == "Heart Solo"


def test_a_phrase_is_a_value_hashed_and_pickled():
    import pickle

    from engine.words import gettext_noop, phrase

    solo = phrase(gettext_noop("%(suit)s Solo"), suit=phrase(gettext_noop("Heart")))
    said = phrase(gettext_noop("%(game)s with %(n)s"), game=solo, n=2)
    again = pickle.loads(pickle.dumps(said))
    assert again == said and hash(again) == hash(said) and str(again) == "Heart Solo with 2"
    assert len({said, again}) == 1
