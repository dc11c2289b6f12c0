"""Issue 18, point 17: the prize list says why a bigger game lost out ("higher: Lena Bäcker
216, holds prize 2"), and its words agree in number ("1 Grand won")."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.awards.page import prize_page
from scoring.prizes import PrizeKind, PrizeSpec, counted, points
from tests.scoring.test_namesakes import namesakes  # noqa: F401 (a fixture)
from tests.scoring.test_prizes import HIGHEST, LEAGUE_SCHEDULE, MOST_GRANDS, award, deal, winner
from tournament.permissions import Visitor
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm


def test_counted_words_agree_in_number():
    assert counted(1, "Grands") == "1 Grand"
    assert counted(2, "Grands") == "2 Grands"
    assert counted(1, "Grand or Grand Ouvert games") == "1 Grand or Grand Ouvert game"
    assert counted(0, "Grands") == "0 Grands"
    assert [points(n) for n in (1, -1, 0, 1260)] == ["1 Point", "-1 Point", "0 Points",
                                                     "1,260 Points"]


def test_one_grand_won_is_singular():
    got = award([deal(1, 100, "grand"), deal(2, 100, "grand"), deal(2, 100, "grand")],
                specs=[MOST_GRANDS, PrizeSpec(9, "Second most Grands", PrizeKind.COUNT_WON,
                                              place=2, games=MOST_GRANDS.games,
                                              label="Grands")])
    assert got[8].reason == "2 Grands won, 200 Points"
    assert got[9].reason == "1 Grand won, 100 Points"


def test_the_highest_game_says_who_had_a_higher_one_and_holds_a_prize():
    # 1 wins Most Games with a 216; 2 wins Most Points with a 240: both hold a prize, so the
    # highest game prize goes to 3's 120, and says why the 216 and 240 lost out.
    deals = [deal(1, 216, "grand_ouvert", matadors=4), *[deal(1, 20) for _ in range(4)],
             deal(2, 240, "grand", matadors=4), deal(2, 240, "grand", matadors=4),
             deal(3, 120, "grand", matadors=4)]
    got = award(deals, specs=[*LEAGUE_SCHEDULE[:2], HIGHEST])
    assert (winner(got[1]), winner(got[2]), winner(got[6])) == (1, 2, 3)
    assert got[6].higher == ((2, "240", 2), (1, "216", 1))
    assert got[6].reason.startswith("Grand with 4, won, value 120")
    # with one prize per player off, nobody is passed over: nothing to explain
    off = award(deals, specs=[*LEAGUE_SCHEDULE[:2], HIGHEST], one_prize_per_player=False)
    assert winner(off[6]) == 2 and off[6].higher == ()


def test_an_earlier_place_of_the_same_ranking_is_no_news():
    deals = [deal(1, 50), deal(1, 50), deal(2, 40), deal(3, 20)]
    got = award(deals, specs=LEAGUE_SCHEDULE[:2] + LEAGUE_SCHEDULE[3:5])
    assert winner(got[4]) == 3  # 1 and 2 hold prizes 1 and 2
    # 1 holds Most Games, an earlier place of the same ranking; 2 holds another prize
    assert got[4].higher == ((2, "Games +1", 2),)


def _play(table, number, player, record):
    seats = {s.entry.number: s.position for s in table.seats.select_related("entry")}
    table.refresh_from_db()
    form = DealForm(deals.table_info(table), number, {**record, "declarer": seats[player],
                                                      "version": table.sheet_version})
    assert form.is_valid(), form.errors
    deals.add_deal(table, form.input, table.sheet_version, "x")


@pytest.mark.django_db
def test_the_prize_page_and_pdf_say_who_was_higher(client, namesakes):  # noqa: F811
    """After the namesakes' three Grands with 1 (+40 each): Bert a Grand Ouvert with 4 (216),
    Anna a Club Solo with 1 (24), the second Müller a lost Grand with 1 (−40). Games: Anna +2,
    Bert and Müller 1 +1, Müller 2 0; Points: Bert 216, Anna 64, Müller 1 40, Müller 2 0."""
    table = namesakes.series.get(number=1).tables.get()
    _play(table, 4, 4, {"game": "grand_ouvert", "matadors": 4, "card_points": 120,
                        "tricks": 10})
    _play(table, 5, 3, {"game": "solo", "trump": "clubs", "matadors": 1, "card_points": 70})
    _play(table, 6, 2, {"game": "grand", "matadors": 1, "card_points": 50})
    page = prize_page(Visitor(namesakes, staff=True))
    got = {row.prize.number: (row.prize, [w.label for w in row.winners]) for row in page.prizes}
    assert [got[n][1] for n in (1, 2, 4, 5)] == [
        ["Anna Becker"], ["Bert Schulz"], ["Jürgen Müller (no. 1)"], ["Jürgen Müller (no. 2)"]]
    assert got[4][0].reason == ("net Games 1 (won 1, lost 0), 40 Points (higher: Bert Schulz "
                                "Games +1, holds prize 2)")
    assert got[5][0].reason == ("0 Points, net Games 0 (higher: Anna Becker 64 Points, "
                                "holds prize 1; Jürgen Müller (no. 1) 40 Points, holds prize 4)")
    response = client.get(reverse("printing:prizes_pdf", args=[namesakes.slug]))
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(
        b"".join(response.streaming_content))).pages)
    assert "(higher: Bert Schulz Games +1, holds prize 2)" in re.sub(r"\s+", " ", text)
