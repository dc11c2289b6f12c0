"""Issue 18, point 3 at the table: the deal form refuses card points the cards cannot make,
with the engine's reason on the card points field, and saves nothing."""

import json

import pytest

from tests.sheets import solo_post, u
from tournament.models import Deal

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("extra", "words"), [
    ({"game": "grand", "card_points": 119},
     "Card points: 119 would leave the other side exactly 1 card point"),
    ({"card_points": 0, "tricks": 5},
     "Card points: 5 tricks and the Skat are 17 cards, and only 12 cards are worth nothing, "
     "so they hold at least 11 card points, not 0."),
])
def test_the_deal_form_refuses_impossible_card_points_on_their_field(client, four, extra,
                                                                       words):
    response = client.post(u("deal_add", four.token), solo_post(four, 1, **extra))
    assert response.status_code == 200
    html = response.content.decode()
    wrapper = html.index('data-field="card_points"')
    assert wrapper < html.index(words) < html.index("data-field=", wrapper + 1)
    assert not Deal.objects.filter(table=four).exists()
    preview = json.loads(client.post(u("deal_preview", four.token),
                                     solo_post(four, 1, **extra)).content)
    assert preview["ok"] is False and preview["errors"]["card_points"][0].startswith(words)
