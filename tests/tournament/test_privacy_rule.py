"""tournament/privacy.py: which name of a player the public reads (pure)."""

import pytest

from tournament.privacy import filed, full, initial, shown


@pytest.mark.parametrize(("first", "last", "choice", "pseudonym", "default", "expected"), [
    ("Jürgen", "Müller", "", "", "full", ("Jürgen", "Müller")),
    ("Jürgen", "Müller", "", "", "initial", ("Jürgen", "M.")),
    ("Jürgen", "Müller", "full", "", "initial", ("Jürgen", "Müller")),
    ("Jürgen", "Müller", "initial", "", "full", ("Jürgen", "M.")),
    ("Jürgen", "Müller", "pseudonym", "Kreuz  Bube", "full", ("", "Kreuz Bube")),
    # a pseudonym chosen but never given: the initial, never the whole name
    ("Jürgen", "Müller", "pseudonym", " ", "full", ("Jürgen", "M.")),
    ("Ödön", "von Östen", "initial", "", "full", ("Ödön", "V.")),
    ("Jürgen", "Müller", "something else", "", "full", ("Jürgen", "Müller")),
])
def test_the_public_reads_the_name_the_player_chose(first, last, choice, pseudonym, default,
                                                    expected):
    assert shown(first, last, choice, pseudonym, default) == expected
    assert shown(first, last, choice, pseudonym, default, public=False) == (first, last)


def test_an_initial_skips_what_is_no_letter():
    assert initial("'t Hooft") == "T."
    assert initial("") == ""


def test_a_pseudonym_stands_alone_in_lists_and_lines():
    assert full(*shown("Anna", "Becker", "pseudonym", "Kreuz-Bube")) == "Kreuz-Bube"
    assert filed(*shown("Anna", "Becker", "pseudonym", "Kreuz-Bube")) == "Kreuz-Bube"
    assert filed(*shown("Anna", "Becker", "initial", "")) == "B., Anna"
