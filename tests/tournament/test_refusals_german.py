"""Issue 20: the engine's refusal reaches the scorekeeper in the chosen language, on the field at
fault; the engine itself keeps speaking English (its ``str()``, its command line)."""

import json

import pytest

from engine import InvalidRecord, evaluate
from tests.sheets import solo_post, u
from tournament.models import Deal
from tournament.words import refusal

pytestmark = pytest.mark.django_db

IMPOSSIBLE = {"game": "grand", "card_points": 119}  # no card is worth 1 point
ENGLISH = ("Card points: 119 would leave the other side exactly 1 card point, and no card is "
           "worth 1 point; count the cards again.")
GERMAN = ("Augen: bei 119 blieben der anderen Seite genau 1 Auge, und keine Karte zählt 1 Auge; "
          "zählen Sie die Karten noch einmal.")


@pytest.mark.parametrize(("language", "words"), [("de", GERMAN), ("en", ENGLISH)])
def test_an_impossible_deal_is_refused_in_the_readers_language_on_its_field(
        client, four, language, words):
    response = client.post(u("deal_add", four.token), solo_post(four, 1, **IMPOSSIBLE),
                           HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    wrapper = html.index('data-field="card_points"')
    assert wrapper < html.index(words) < html.index("data-field=", wrapper + 1)
    assert not Deal.objects.filter(table=four).exists()
    preview = json.loads(client.post(u("deal_preview", four.token),
                                     solo_post(four, 1, **IMPOSSIBLE),
                                     HTTP_ACCEPT_LANGUAGE=language).content)
    assert preview["ok"] is False and preview["errors"]["card_points"] == [words]


def test_the_engine_keeps_its_english_whatever_the_language():
    from django.utils import translation

    with translation.override("de"), pytest.raises(InvalidRecord) as error:
        evaluate({"game": "grand", "matadors": 1, "card_points": 119})
    assert str(error.value) == ENGLISH  # the engine and its CLI: English
    with translation.override("de"):
        assert refusal(error.value) == GERMAN  # the site: the reader's language
    with translation.override("en"):
        assert refusal(error.value) == ENGLISH


def test_a_suit_is_not_a_club():
    """The suit "Clubs" and a tournament's "Clubs" are two msgids (the suit's has a context)."""
    from django.utils import translation

    from engine import Suit, get_rule_set
    from engine.games import game_phrase
    from tournament.words import say

    solo = game_phrase(get_rule_set("nasl-1908"), "solo", Suit.CLUBS)
    with translation.override("de"):
        assert (say(Suit.CLUBS.plural_words), say(solo)) == ("Kreuz", "Kreuz-Solo")
    with translation.override("en"):
        assert (say(Suit.CLUBS.plural_words), say(solo)) == ("Clubs", "Club Solo")
