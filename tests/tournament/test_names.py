"""The name keys (``tournament/names.py``, pure): names typed without accents meet Krüger and
Müller; where the keys are stored and searched is in test_name_keys.py."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.names import club_key, name_key, person_key, search_words

UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"}
PLAIN = {"ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U"}


# --- the pure key ------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["kruger", "krueger", "Krüger", "KRÜGER", "Kru\u0308ger"])
def test_every_spelling_of_krueger_has_one_key(typed):
    assert name_key(typed) == name_key("Krüger") == "kruger"


@pytest.mark.parametrize("a, b", [
    ("Müller", "Mueller"), ("Müller", "muller"), ("Strauß", "strauss"), ("Schäfer", "Schaefer"),
    ("Schäfer", "schafer"), ("Göbel", "Goebel"), ("Gőbel", "gobel"), ("José", "jose"),
    ("Müller-Lüdenscheidt", "mueller ludenscheidt"), ("O'Brien", "obrien"), ("Øster", "oster"),
    ("SC Grün", "sc gruen"), ("  Max   Müller ", "max muller"),
])
def test_spellings_that_meet(a, b):
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize("a, b", [("Müller", "Miller"), ("Krüger", "Kroger"), ("Hans", "Hanna")])
def test_different_names_stay_apart(a, b):
    assert name_key(a) != name_key(b)


@given(st.text())
def test_the_key_is_idempotent(text):
    assert name_key(name_key(text)) == name_key(text)


@given(st.lists(st.sampled_from(["k", "r", "g", "e", "l", "m", "n", "s", "t", " ", "ä", "ö",
                                 "ü", "Ä", "Ö", "Ü", "a", "o", "u", "ß", "é"]), max_size=20))
def test_each_umlaut_spelling_matches(letters):
    word = "".join(letters)
    with_ae = "".join(UMLAUTS.get(c, c) for c in word)
    without = "".join(PLAIN.get(c, c) for c in word)
    assert name_key(word) == name_key(with_ae) == name_key(without) == name_key(word.upper())


@given(st.text(), st.text())
def test_a_typed_part_of_a_name_is_found_in_its_key(first, last):
    """What the door and the list do: every word typed from a name is inside its key."""
    key = person_key(first, last)
    for word in search_words(f"{first} {last}"):
        assert word in key


def test_keys_hold_no_separator_and_fit_the_column():
    assert "|" not in name_key("a|b")
    assert len(person_key("ß" * 300, "ﷺ" * 300)) <= 400
    assert len(club_key("ß" * 300)) <= 400
