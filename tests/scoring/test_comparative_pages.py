"""The comparative standings in the site (docs/rules.md §13): the loader, the service, the
standings page with the book's columns, the traveller of a deck and a player's decks.

The room: nine players at three three-tables play three decks (League, nasl-1908). Table 3
could not finish and played deck 1 only, so decks 2 and 3 have two results a letter where
three were expected (Neuberg: MP' = (MP + 1) × 3/2 − 1, top 4).

  deck 1   T1: N Heart Solo with 1, Schneider   N +30
           T2: N Heart Solo with 1              N +20
           T3: E Club Solo with 2               E +36
      N 30, 20, 0 -> 4, 2, 0 (100, 50, 0 %)  E 0, 0, 36 -> 1, 1, 4 (25, 25, 100 %)
      S 0, 0, 0 -> 2 each (50 %)
  deck 2   T1: S Heart Solo with 1, lost    S -20
           T2: N Heart Solo with 1          N +20
      N 0, 20 -> 1/2, 7/2 (12.5, 87.5 %)  E 0, 0 -> 2, 2 (50 %)  S -20, 0 -> 1/2, 7/2
  deck 3   T1: Ramsch, E loses              E -20
           T2: S Heart Solo with 1, Schneider  S +30
      N 0, 0 -> 2, 2 (50 %)  E -20, 0 -> 1/2, 7/2  S 0, 30 -> 1/2, 7/2

  mean %:  T3 E 100 · T2 S 75 · T2 N 62.5 · T1 N 162.5/3 = T2 E 162.5/3 (4=) · T3 S 50 ·
           T1 E 87.5/3 · T1 S 25 · T3 N 0
"""

from __future__ import annotations

import datetime
import re
from fractions import Fraction

import pytest
from django.urls import reverse

from engine import ScoringSystem
from scoring.comparison import services as comparisons
from scoring.comparison.loaders import load_comparative
from scoring.results import services as result_services
from scoring.results.scope import Scope
from tests.factories import add_entries
from tournament.comparative.services import make_comparative
from tournament.models import Deal, Deck, Seat, SeatingMethod, Series, SeriesStatus, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as sheets
from tournament.sheets.services import DealInput
from tournament.versions import changed

pytestmark = pytest.mark.django_db

WON_SCHNEIDER = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 95}  # +30
WON = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 70}  # +20
LOST = {"game": "solo", "trump": "hearts", "matadors": 1, "card_points": 40}  # -20
CLUBS = {"game": "solo", "trump": "clubs", "matadors": 2, "card_points": 80}  # +36
N, E, S, W = 1, 2, 3, 4  # seat positions by letter

# table -> the deals it entered, in order: (deck, record, declarer seat)
PLAY = {
    1: [(1, WON_SCHNEIDER, N), (2, LOST, S), (3, {"game": "ramsch", "loser": E}, None)],
    2: [(1, WON, N), (2, WON, N), (3, WON_SCHNEIDER, S)],
    3: [(1, CLUBS, E)],
}


def build(slug="comparative-night", players=9, table_size=3, decks=3, play=PLAY,
          system="league"):
    tournament = Tournament.objects.create(
        name="Comparative Night", slug=slug, public=True, series_count=1,
        start_date=datetime.date(2027, 10, 2), scoring_system=system)
    add_entries(tournament, players)
    (series,) = plans.ensure_series(tournament)
    make_comparative(tournament, table_size=table_size, decks=decks, seed=slug, user=None)
    plans.seat_series(series, SeatingMethod.DRAW, slug, user=None)
    plans.publish(series, user=None)
    for table in series.tables.order_by("number"):
        for deck, record, declarer in play.get(table.number, []):
            table.refresh_from_db()
            deal = sheets.add_deal(table, DealInput(dict(record), declarer=declarer),
                                   table.sheet_version, "test")
            Deal.objects.filter(pk=deal.pk).update(deck=series.decks.get(number=deck))
    return tournament, series


def seat(series: Series, table: int, position: int) -> int:
    """The entry id in ``position`` at ``table``."""
    return Seat.objects.get(series=series, table__number=table, position=position).entry_id


def number_of(series: Series, table: int, position: int) -> int:
    return Seat.objects.get(series=series, table__number=table,
                            position=position).entry.number


def release(series: Series) -> None:
    Series.objects.filter(pk=series.pk).update(status=SeriesStatus.RELEASED)
    changed(series.tournament_id)  # a raw update, as no page makes: the cached results are told


def cells(page: str, table_class: str) -> list[list[str]]:
    """The body rows of the table of ``table_class``, each cell's text without tags."""
    table = page.split(f'class="{table_class}"')[1].split("</table>")[0]
    body = table.split("<tbody")[1]
    return [[re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def results_nav(page: str) -> str:
    return page.split('aria-label="Results"')[1].split("</nav>")[0]


def url(name, tournament, *args):
    return reverse(f"scoring:{name}", args=[tournament.slug, *args])


@pytest.fixture
def room():
    return build()


@pytest.fixture
def boss(django_user_model, room):
    user = django_user_model.objects.create_user("boss")
    room[0].organizers.add(user)
    return user


def test_the_loader_gives_each_letter_its_score_per_deck(room):
    tournament, series = room
    data = load_comparative(Scope(tournament), ScoringSystem.LEAGUE)
    decks = {d.number: d.id for d in data.decks.values()}
    scores = {(r.deck, r.letter, r.player): r.score for r in data.results}
    assert len(data.results) == 3 * 7  # seven deals, three letters each
    assert scores[(decks[1], "N", seat(series, 1, N))] == 30
    assert scores[(decks[1], "E", seat(series, 3, E))] == 36
    assert scores[(decks[2], "S", seat(series, 1, S))] == -20
    assert scores[(decks[3], "E", seat(series, 1, E))] == -20  # the Ramsch loser's charge
    assert scores[(decks[3], "N", seat(series, 1, N))] == 0
    assert data.expected == {decks[1]: 3, decks[2]: 3, decks[3]: 3}
    assert data.problems == ()


def test_matchpoints_and_percentages_by_hand(room):
    tournament, series = room
    comparison = comparisons.compare(tournament)
    by_seat = {s.player: s for s in comparison.standings}

    def line(table, position):
        return by_seat[seat(series, table, position)]

    expected = {  # (table, seat): (decks, matchpoints, percent, place)
        (3, E): (1, Fraction(4), Fraction(100), "1"),
        (2, S): (3, Fraction(9), Fraction(75), "2"),
        (2, N): (3, Fraction(15, 2), Fraction(125, 2), "3"),
        (1, N): (3, Fraction(13, 2), Fraction(325, 6), "4="),
        (2, E): (3, Fraction(13, 2), Fraction(325, 6), "4="),
        (3, S): (1, Fraction(2), Fraction(50), "6"),
        (1, E): (3, Fraction(7, 2), Fraction(175, 6), "7"),
        (1, S): (3, Fraction(3), Fraction(25), "8"),
        (3, N): (1, Fraction(0), Fraction(0), "9"),
    }
    for (table, position), (decks, mp, percent, place) in expected.items():
        s = line(table, position)
        assert (s.decks, s.matchpoints, s.percent, s.place) == (decks, mp, percent, place), (
            table, position)
    assert len(comparison.standings) == 9
    # the book's columns: League points per letter over the decks played
    n_column = {c.player: c.points for c in comparison.columns["N"]}
    assert n_column == {seat(series, 1, N): 30, seat(series, 2, N): 40, seat(series, 3, N): 0}
    assert comparison.columns["S"][0].player == seat(series, 2, S)


def test_the_standings_page_prints_two_decimals_and_the_columns(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    page = client.get(url("comparative", tournament)).content.decode()
    assert "54.17" in page and "62.50" in page and "100.00" in page and "29.17" in page
    assert page.count("4=") == 2
    assert '<td class="num">13/2' not in page and "6.50" in page  # matchpoints, printed
    assert "<caption>N</caption>" in page and "<caption>S</caption>" in page
    assert "<caption>W</caption>" not in page  # a three-table has no W
    assert reverse("scoring:comparative_deck", args=[tournament.slug, 1, 2]) in page
    by_mp = client.get(url("comparative", tournament) + "?sort=-matchpoints").content.decode()
    best = Seat.objects.get(series=series, table__number=2, position=S).entry
    first = cells(by_mp, "data standings comparative")[0]
    assert first == ["2", str(best.number), f"{best.last_name}, {best.first_name}", "3",
                     "9.00", "75.00"]
    series_page = client.get(url("comparative_series", tournament, 1))
    assert series_page.status_code == 200 and "54.17" in series_page.content.decode()
    assert client.get(url("comparative_series", tournament, 7)).status_code == 404
    standings = client.get(url("standings", tournament)).content.decode()
    assert url("comparative", tournament) in results_nav(standings)


def test_the_traveller_lists_every_table_of_a_deck(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    page = client.get(url("comparative_deck", tournament, 1, 1)).content.decode()
    rows = cells(page, "data traveller")
    assert len(rows) == 3
    declarer = Seat.objects.get(series=series, table__number=1, position=N).entry
    description = Deal.objects.get(table__series=series, table__number=1, number=1).description
    name = {p: Seat.objects.get(series=series, table__number=1, position=p).entry
            for p in (N, E, S)}
    # the game's cell repeats the declarer's letter and each score its matchpoints, for a
    # phone, which hides the declarer and matchpoint columns (issue 18, point 8)
    assert rows[0] == ["1", f"N · {declarer.first_name} {declarer.last_name}",
                       f"N · {description}", "30",
                       f"30 4.00 {name[N].first_name} {name[N].last_name}", "4.00",
                       f"0 1.00 {name[E].first_name} {name[E].last_name}", "1.00",
                       f"0 2.00 {name[S].first_name} {name[S].last_name}", "2.00"]
    assert [(row[0], row[3], row[5], row[7], row[9]) for row in rows[1:]] == [
        ("2", "20", "2.00", "1.00", "2.00"), ("3", "36", "0.00", "4.00", "2.00")]
    deck2 = client.get(url("comparative_deck", tournament, 1, 2)).content.decode()
    assert "3.50" in deck2 and "0.50" in deck2  # Neuberg: two results of three
    assert client.get(url("comparative_deck", tournament, 1, 4)).status_code == 404


def test_the_player_page_shows_his_decks_against_the_field(client, room, boss):
    tournament, series = room
    client.force_login(boss)
    number = number_of(series, 1, N)
    comparison = comparisons.compare(tournament)
    mine = comparison.player_decks(seat(series, 1, N))
    assert [(p.deck.number, p.letter, p.score, p.field, p.percent) for p in mine] == [
        (1, "N", 30, Fraction(10), Fraction(100)),  # the others made 20 and 0 with his cards
        (2, "N", 0, Fraction(20), Fraction(25, 2)),
        (3, "N", 0, Fraction(0), Fraction(50)),
    ]
    page = client.get(url("player", tournament, number)).content.decode()
    decks = page.split('class="data player-decks"')[1].split("</table>")[0]
    assert "did worse" in decks and "did better" in decks and "did the same" in decks
    assert "100.00" in decks and "12.50" in decks and "10.00" in decks
    assert "54.17" in page  # his comparative percentage


def test_the_public_sees_only_released_series(client, room):
    tournament, series = room
    hidden = seat(series, 2, S)
    name = Seat.objects.get(series=series, table__number=2, position=S).entry.last_name
    page = client.get(url("comparative", tournament)).content.decode()
    assert "No results are released yet." in page and name not in page
    traveller = client.get(url("comparative_deck", tournament, 1, 1)).content.decode()
    assert 'class="data traveller"' not in traveller
    player = client.get(url("player", tournament, number_of(series, 2, S))).content.decode()
    assert "No decks compared yet." in player.split('class="data player-decks"')[1]
    release(series)
    page = client.get(url("comparative", tournament)).content.decode()
    assert name in page and "75.00" in page
    assert 'class="data traveller"' in client.get(
        url("comparative_deck", tournament, 1, 1)).content.decode()
    assert hidden in {s.player for s in comparisons.compare(tournament,
                                                         released_only=True).standings}


def test_seeger_fabian_scores_the_deck_as_the_standings_do():
    tournament, series = build(slug="sf-night", system="seeger-fabian")
    comparison = comparisons.compare(tournament)
    decks = {d.number: d for d in comparison.data.decks.values()}
    lines = {(line.table, comparison.data.decks[line.deck].number): line
             for line in comparison.data.lines}
    assert lines[(1, 1)].scores == {"N": 30 + 50, "E": 0, "S": 0}
    assert lines[(1, 2)].scores == {"N": 40, "E": 40, "S": -20 - 50}  # lost: +40 each
    assert lines[(1, 3)].scores == {"N": 0, "E": -20, "S": 0}  # a Ramsch is not a game
    assert decks[2].dealer == "E"
    # a player's scores over his decks add up to his Seeger-Fabian score
    totals: dict[int, int] = {}
    for r in comparison.data.results:
        totals[r.player] = totals.get(r.player, 0) + int(r.score)
    assert totals == {s.entry: s.score for s in result_services.compute(tournament).standings}


def test_at_a_four_table_the_dealer_letter_sits_the_deck_out():
    # nasl-1908: seat 2 deals the sheet's deal 1, seat 3 deal 2; decks 2 and 3 are dealt by E
    # and S, so the table plays them in that order
    tournament, series = build(slug="four-night", players=4, table_size=4, decks=4,
                               play={1: [(2, LOST, S), (3, WON, N)]}, system="seeger-fabian")
    comparison = comparisons.compare(tournament)
    lines = {comparison.data.decks[line.deck].number: line for line in comparison.data.lines}
    assert Deck.objects.get(series=series, number=2).dealer == "E"
    assert lines[2].scores == {"N": 30, "S": -20 - 50, "W": 30}  # E dealt: no cards, no score
    assert lines[3].scores == {"N": 20 + 50, "E": 0, "W": 0}
    assert comparison.letters == ("N", "E", "S", "W")
    assert comparison.data.problems == ()


def test_a_four_table_deal_whose_dealer_is_not_the_decks_is_reported():
    tournament, series = build(slug="four-wrong", players=4, table_size=4, decks=4,
                               play={1: [(1, WON, N)]})
    comparison = comparisons.compare(tournament)
    assert comparison.data.problems == (
        "Series 1, table 1, deal 1: the sheet has seat 2 dealing, but N dealt deck 1 and sits "
        "it out; N is not compared.",)
    assert set(comparison.data.lines[0].scores) == {"E", "S", "W"}


def test_a_table_that_plays_a_deck_twice_counts_it_once():
    tournament, series = build(slug="twice-night", play={1: [(1, WON, N), (1, LOST, N)],
                                                         2: [(1, WON_SCHNEIDER, N)]})
    comparison = comparisons.compare(tournament)
    assert len(comparison.data.lines) == 2
    assert comparison.data.problems == (
        "Series 1, table 1 played deck 1 twice (deals 1 and 2): only deal 1 counts.",)


@pytest.mark.parametrize("players", [9, 18])
def test_the_pages_use_a_bounded_number_of_queries(client, django_user_model, players,
                                                   django_assert_max_num_queries):
    play = {t: PLAY[1 + (t - 1) % 3] for t in range(1, players // 3 + 1)}
    tournament, series = build(slug=f"q-{players}", players=players, play=play)
    boss = django_user_model.objects.create_user("q")
    tournament.organizers.add(boss)
    client.force_login(boss)
    number = number_of(series, 1, N)
    for page in (url("comparative", tournament), url("comparative_series", tournament, 1),
                 url("comparative_deck", tournament, 1, 1), url("player", tournament, number)):
        with django_assert_max_num_queries(20):  # the same for 9 and 18 players
            assert client.get(page).status_code == 200


def test_a_tournament_that_is_not_comparative_has_no_comparative_pages(client):
    tournament = Tournament.objects.create(name="Plain Night", slug="plain-night", public=True,
                                           start_date=datetime.date(2027, 10, 9))
    plans.ensure_series(tournament)
    for page in (url("comparative", tournament), url("comparative_series", tournament, 1),
                 url("comparative_deck", tournament, 1, 1)):
        assert client.get(page).status_code == 404
    standings = client.get(url("standings", tournament)).content.decode()
    assert "Comparative" not in results_nav(standings)
    with pytest.raises(comparisons.NotComparative):
        comparisons.compare(tournament)
