"""The League Prize Schedule (docs/rules.md §11) and custom prizes, on hand-built tournaments."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import count

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.prize_words as prize_words
from engine import get_rule_set
from scoring.prize_list import (
    GRAND_GAMES,
    LEAGUE_SCHEDULE,
    PrizeKind,
    PrizeResult,
    PrizeSpec,
    game_name,
)
from scoring.prizes import award_prizes
from scoring.standings import DealResult, Standing, league_standings

_numbers = count(1000)

MOST_GAMES, MOST_POINTS, SOLO, SECOND_GAMES, SECOND_POINTS, HIGHEST, TOURNE = LEAGUE_SCHEDULE
MOST_GRANDS = PrizeSpec(8, "Most Grands won", PrizeKind.COUNT_WON, games=GRAND_GAMES,
                        label="Grands")
BOOBY = PrizeSpec(9, "Booby prize", PrizeKind.LOWEST_POINTS)


def deal(
    declarer: int,
    value: int,
    game: str = "solo",
    trump: str | None = "clubs",
    matadors: int = 1,
    card_points: int | None = 70,
    *,
    passt_nicht: bool = False,
    rules: str = "nasl-1908",
    series: int = 1,
    table: int = 1,
    number: int | None = None,
) -> DealResult:
    """A declarer's game at a table with two others; won when its value is positive."""
    others = tuple(p for p in (1, 2, 3) if p != declarer)[:2]
    return DealResult(
        series=series, table=table, table_size=3,
        number=number if number is not None else next(_numbers),
        players=(declarer, *others), declarer=declarer, game=game,
        trump=trump if game not in ("grand", "grand_ouvert", "grand_tourne", "guckser", "null")
        else None,
        matadors=matadors, won=value > 0, value=value, card_points=card_points,
        passt_nicht=passt_nicht, entries={declarer: value}, rules=get_rule_set(rules),
    )


def wins(declarer: int, times: int, value: int) -> list[DealResult]:
    """Plain wins with matadors (never in line for prizes 3 and 7)."""
    return [deal(declarer, value) for _ in range(times)]


def award(
    deals: Iterable[DealResult],
    specs: Sequence[PrizeSpec] = LEAGUE_SCHEDULE,
    roster: Iterable[int] = (1, 2, 3),
    **options: object,
) -> dict[int, PrizeResult]:
    deals = list(deals)
    standings = league_standings(deals, [], roster)
    return {r.number: r for r in award_prizes(specs, standings, deals, **options)}  # type: ignore[arg-type]


def winner(result: PrizeResult) -> int:
    assert not result.tie and not result.unawarded and len(result.winners) == 1, result
    return result.winners[0]


# --- The whole schedule ------------------------------------------------------------------------


def test_league_schedule_awards_every_prize_with_a_reason() -> None:
    deals = [
        *[deal(1, 20, trump="hearts") for _ in range(7)], deal(1, -20, trump="hearts"),
        *[deal(2, 100, "grand", matadors=4) for _ in range(3)],
        deal(3, 120, "grand", matadors=-3, card_points=72, series=2, table=14, number=17),
        *[deal(4, 18, trump="diamonds") for _ in range(5)],
        *[deal(5, 110, "grand", matadors=4) for _ in range(2)],
        deal(6, 156, trump="clubs", matadors=11, card_points=80, series=3, table=2, number=5),
        deal(7, 24, "tourne", trump="hearts", matadors=-2, card_points=61, series=1, table=3,
             number=9),
    ]
    got = award(deals, roster=range(1, 8))
    assert [winner(got[n]) for n in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert got[1].reason == "net Games 6 (won 7, lost 1), 120 Points"
    assert got[2].reason == "300 Points, net Games 3"
    assert got[3].reason == (
        "Grand without 3, won, value 120, 72 card points (series 2, table 14, deal 17)")
    assert got[4].reason == "net Games 5 (won 5, lost 0), 90 Points"
    assert got[5].reason == "220 Points, net Games 2"
    assert got[6].reason == (
        "Club Solo with 11, won, value 156, 80 card points (series 3, table 2, deal 5), "
        "156 Points")
    assert got[7].reason == (
        "Heart Tourné without 2, won, value 24, 61 card points (series 1, table 3, deal 9)")
    assert [got[n].title for n in (1, 4)] == ["Most Games", "Second most Games"]
    assert not any(r.by_lot or r.provisional for r in got.values())


# --- Game names: the engine's, in the tournament's rule set -----------------------------------


@pytest.mark.parametrize(
    ("rules", "game", "trump", "matadors", "passt_nicht", "name"),
    [
        ("nasl-1908", "solo", "clubs", 11, False, "Club Solo with 11"),
        ("nasl-1908", "tourne", "spades", -3, True, "Spade Tourné Passt Nicht without 3"),
        ("nasl-1908", "grand", None, -3, False, "Grand without 3"),
        ("nasl-1908", "null", None, 0, False, "Nullo"),  # the NASL calls it Nullo
        ("hertefeld", "grand", None, -3, False, "Grando without 3"),  # 001: "Grando"
        ("hertefeld", "grand_tourne", None, 2, False, "Grando Tourné with 2"),
        ("hertefeld", "call", "hearts", 1, False, "Heart Simple Game with 1"),
        ("isko", "suit", "spades", -2, False, "Spades without 2"),
        ("uspcc-1898", "grand_ouvert", None, 4, False, "Grand Open with 4"),
    ],
)
def test_game_names_are_the_engines_in_the_rule_set(
    rules: str, game: str, trump: str | None, matadors: int, passt_nicht: bool, name: str
) -> None:
    result = DealResult(1, 1, 3, 1, (1, 2, 3), 1, game, trump, matadors, True, 24, 70,
                        passt_nicht=passt_nicht, entries={1: 24}, rules=get_rule_set(rules))
    assert game_name(result) == name


def test_hertefelds_grando_is_named_in_the_prize_reason() -> None:
    deals = [deal(1, 120, "grand", matadors=-3, card_points=72, rules="hertefeld", series=2,
                  table=14, number=17)]
    assert award(deals, [SOLO])[3].reason == (
        "Grando without 3, won, value 120, 72 card points (series 2, table 14, deal 17)")


# --- Prizes 1, 2, 4, 5 -------------------------------------------------------------------------


def test_most_games_tie_goes_to_most_points() -> None:
    got = award(wins(1, 3, 20) + wins(2, 3, 30), [MOST_GAMES, SECOND_GAMES])
    assert winner(got[1]) == 2
    assert got[1].reason == "net Games 3 (won 3, lost 0), 90 Points"
    assert winner(got[4]) == 1


def test_most_points_tie_goes_to_most_games() -> None:
    got = award(wins(1, 1, 90) + wins(2, 3, 30), [MOST_POINTS, SECOND_POINTS])
    assert winner(got[2]) == 2
    assert got[2].reason == "90 Points, net Games 3"
    assert winner(got[5]) == 1


def test_lost_games_are_deducted_for_most_games() -> None:
    deals = wins(1, 5, 10) + [deal(1, -10) for _ in range(3)] + wins(2, 3, 10)
    assert winner(award(deals, [MOST_GAMES])[1]) == 2  # 5 - 3 = 2 against 3


# --- Prize 3: Solo won against matadors --------------------------------------------------------


def test_solo_most_matadors_against_wins_before_kind() -> None:
    deals = [deal(1, 54, trump="diamonds", matadors=-4), deal(2, 120, "grand", matadors=-3)]
    assert winner(award(deals, [SOLO])[3]) == 1


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        (("grand", None), ("solo", "clubs")),
        (("solo", "clubs"), ("solo", "spades")),
        (("solo", "spades"), ("solo", "hearts")),
        (("solo", "hearts"), ("solo", "diamonds")),
        (("grand_ouvert", None), ("solo", "clubs")),  # a won Grand Ouvert counts as a Grand
        (("suit", "spades"), ("solo", "hearts")),  # ISkO suit game: a Solo in its trump
        (("grand", None), ("suit", "clubs")),
    ],
)
def test_solo_equal_matadors_decided_by_kind(
    better: tuple[str, str | None], worse: tuple[str, str | None]
) -> None:
    # The worse kind has the higher value and card points: kind comes first.
    deals = [deal(1, 60, better[0], better[1], matadors=-2, card_points=61),
             deal(2, 200, worse[0], worse[1], matadors=-2, card_points=100)]
    assert winner(award(deals, [SOLO])[3]) == 1


def test_solo_equal_kind_decided_by_value() -> None:
    deals = [deal(1, 48, matadors=-2, card_points=100), deal(2, 72, matadors=-2, card_points=91)]
    assert winner(award(deals, [SOLO])[3]) == 2  # Schneider precedes


def test_solo_equal_value_decided_by_card_points() -> None:
    deals = [deal(1, 48, matadors=-2, card_points=88), deal(2, 48, matadors=-2, card_points=80)]
    got = award(deals, [SOLO])[3]
    assert winner(got) == 1
    assert got.reason.startswith("Club Solo without 2, won, value 48, 88 card points (series 1")


def test_solo_won_with_matadors_is_not_in_line() -> None:
    deals = [deal(1, 84, matadors=5), deal(2, 24, trump="diamonds", matadors=-1)]
    assert winner(award(deals, [SOLO])[3]) == 2


def test_no_solo_won_against_matadors_leaves_prize_3_unawarded() -> None:
    deals = [
        deal(1, 84, matadors=5),  # with
        deal(2, -96, matadors=-5),  # lost
        deal(3, 40, "tourne", trump="clubs", matadors=-4),  # a Tourné, not a Solo
        deal(1, 80, "guckser", matadors=-4),  # a Guckser took the Skat: not a Solo
        deal(2, 20, "null", matadors=0),
    ]
    got = award(deals, [SOLO])[3]
    assert got.unawarded and got.winners == () and not got.tie
    assert got.reason == "No Solo was won against matadors"


def test_solo_unresolvable_tie_is_returned_with_candidates() -> None:
    deals = [deal(1, 48, matadors=-2), deal(2, 48, matadors=-2), deal(3, 36, matadors=-2)]
    got = award(deals, [SOLO])[3]
    assert got.tie and not got.unawarded and not got.by_lot
    assert got.winners == () and got.candidates == (1, 2)
    assert got.reason.startswith("Tie between 2 players (Club Solo without 2, won, value 48")
    assert got.reason.endswith("to be settled by lot")
    assert len(got.reasons) == 2


def test_solo_tie_settled_by_lot() -> None:
    deals = [deal(1, 48, matadors=-2), deal(2, 48, matadors=-2)]
    got = award(deals, [SOLO], lots={3: 2})[3]
    assert got.winners == (2,) and got.by_lot and not got.tie
    assert got.candidates == (1, 2)
    assert got.reason.endswith("settled by lot")
    # A lot naming somebody who is not (or no longer) tied leaves the tie standing.
    assert award(deals, [SOLO], lots={3: 3})[3].tie


def test_a_players_best_solo_is_the_one_cited() -> None:
    deals = [deal(1, 60, matadors=-3, number=3), deal(1, 36, matadors=-1, number=8),
             deal(1, 60, matadors=-3, number=9), deal(2, 48, matadors=-2)]
    got = award(deals, [SOLO])[3]
    # The best game, and of two equal ones the earlier.
    assert winner(got) == 1 and "without 3" in got.reason and "deal 3)" in got.reason


# --- Prize 6: highest game won -----------------------------------------------------------------


def test_highest_game_tie_goes_to_the_winners_total_points() -> None:
    deals = [deal(1, 100), deal(1, -50), deal(2, 100), deal(3, -300)]  # a lost game never counts
    got = award(deals, [HIGHEST])[6]
    assert winner(got) == 2
    assert got.reason.endswith("value 100, 70 card points (series 1, table 1, deal "
                               f"{deals[2].number}), 100 Points")


def test_highest_game_unresolvable_tie() -> None:
    got = award([deal(1, 100), deal(2, 100)], [HIGHEST])[6]
    assert got.tie and got.candidates == (1, 2)


def test_highest_game_ignores_ramsch_and_passed_deals() -> None:
    ramsch = DealResult(1, 1, 3, 1, (1, 2, 3), None, "ramsch", None, 0, None, -50, None,
                        entries={3: -50})
    passed = DealResult(1, 1, 3, 2, (1, 2, 3), None, "passed", None, 0, None, 0, None)
    got = award([ramsch, passed, deal(2, 24)], [HIGHEST])[6]
    assert winner(got) == 2
    assert award([ramsch, passed], [HIGHEST])[6].reason == "No game was won"


# --- Prize 7: Tourné won against matadors ------------------------------------------------------


def test_tourne_grand_tourne_precedes_at_equal_matadors() -> None:
    deals = [deal(1, 36, "grand_tourne", matadors=-2, card_points=61),
             deal(2, 48, "tourne", trump="clubs", matadors=-2, card_points=95)]
    got = award(deals, [TOURNE])[7]
    assert winner(got) == 1 and got.reason.startswith("Grand Tourné without 2, won, value 36")


def test_tourne_passt_nicht_counts_and_matadors_come_first() -> None:
    deals = [deal(1, 36, "grand_tourne", matadors=-2),
             deal(2, 28, "tourne", trump="spades", matadors=-3, passt_nicht=True),
             deal(3, 200, "solo", matadors=-6)]  # a Solo is no Tourné
    got = award(deals, [TOURNE])[7]
    assert winner(got) == 2 and got.reason.startswith("Spade Tourné Passt Nicht without 3")


def test_tourne_suit_order_clubs_before_spades() -> None:
    deals = [deal(1, 21, "tourne", trump="spades", matadors=-1, card_points=100),
             deal(2, 16, "tourne", trump="clubs", matadors=-1, card_points=61)]
    assert winner(award(deals, [TOURNE])[7]) == 2


def test_no_tourne_won_against_matadors_leaves_prize_7_unawarded() -> None:
    deals = [deal(1, 24, "tourne", trump="clubs", matadors=2),
             deal(2, -48, "tourne", trump="clubs", matadors=-3)]
    got = award(deals, [TOURNE])[7]
    assert got.unawarded and got.reason == "No Tourné was won against matadors"


# --- One prize per player ----------------------------------------------------------------------


def _two_rankings() -> list[DealResult]:
    # Games: 1 (5), 2 (4), 3 (3). Points: 2 (240), 1 (100), 3 (30).
    return wins(1, 5, 20) + wins(2, 4, 60) + wins(3, 3, 10)


def test_one_prize_per_player_passes_holders_over() -> None:
    got = award(_two_rankings(), [MOST_GAMES, MOST_POINTS, SECOND_GAMES, SECOND_POINTS])
    assert winner(got[1]) == 1
    assert winner(got[2]) == 2
    assert winner(got[4]) == 3  # 2 is second in Games but holds prize 2: the next in line
    assert got[5].unawarded  # everybody second or lower in Points already holds a prize
    assert got[5].reason.startswith("Nobody left in line")


def test_without_one_prize_per_player_the_places_are_literal() -> None:
    got = award(_two_rankings(), [MOST_GAMES, MOST_POINTS, SECOND_GAMES, SECOND_POINTS],
                one_prize_per_player=False)
    assert [winner(got[n]) for n in (1, 2, 4, 5)] == [1, 2, 2, 1]


def test_the_top_of_both_rankings_takes_only_the_first_prize() -> None:
    deals = wins(1, 5, 40) + wins(2, 3, 50) + wins(3, 4, 20)
    on = award(deals, [MOST_GAMES, MOST_POINTS])
    off = award(deals, [MOST_GAMES, MOST_POINTS], one_prize_per_player=False)
    assert (winner(on[1]), winner(on[2])) == (1, 2)
    assert (winner(off[1]), winner(off[2])) == (1, 1)


def test_a_solo_winner_holding_prize_1_is_passed_over_for_prize_3() -> None:
    deals = wins(1, 4, 10) + [deal(1, 60, matadors=-3), deal(2, 24, trump="hearts", matadors=-1)]
    assert winner(award(deals, [MOST_GAMES, SOLO])[3]) == 2
    assert winner(award(deals, [MOST_GAMES, SOLO], one_prize_per_player=False)[3]) == 1


def test_a_tie_makes_the_later_prizes_provisional() -> None:
    deals = wins(1, 2, 30) + wins(2, 2, 30) + wins(3, 1, 10)
    got = award(deals, [MOST_GAMES, MOST_POINTS])
    assert got[1].tie and got[1].winners == () and got[1].candidates == (1, 2)
    assert got[2].provisional  # whoever loses the lot for prize 1 is in line for prize 2
    settled = award(deals, [MOST_GAMES, MOST_POINTS], lots={1: 2})
    assert settled[1].by_lot and winner(settled[1]) == 2
    assert winner(settled[2]) == 1 and not settled[2].provisional


def test_without_one_prize_per_player_a_lot_orders_a_tie_inside_one_ranking() -> None:
    deals = wins(1, 2, 30) + wins(2, 2, 30) + wins(3, 1, 10)
    specs = [MOST_GAMES, SECOND_GAMES]
    pending = award(deals, specs, one_prize_per_player=False)
    assert pending[1].tie and pending[4].tie and pending[4].provisional
    got = award(deals, specs, one_prize_per_player=False, lots={1: 1})
    assert winner(got[1]) == 1 and winner(got[4]) == 2


def test_fewer_candidates_than_the_place_leave_the_prize_unawarded() -> None:
    fifth = PrizeSpec(10, "Fifth most Games", PrizeKind.MOST_GAMES, place=5)
    second_solo = PrizeSpec(11, "Second best Solo", PrizeKind.SOLO_AGAINST, place=2)
    got = award(wins(1, 1, 24) + [deal(2, 48, matadors=-2)], [fifth, second_solo])
    assert got[10].unawarded and got[10].reason == "Fewer than 5 players are ranked for this prize"
    assert got[11].unawarded and got[11].reason == "Fewer than 2 players are ranked for this prize"


# --- Ties that survive every rule: the lot, never the entry id (docs/rules-decisions.md 31) ---

SECOND_SOLO = PrizeSpec(11, "Second best Solo", PrizeKind.SOLO_AGAINST, place=2)
SECOND_HIGHEST = PrizeSpec(12, "Second highest game", PrizeKind.HIGHEST_GAME, place=2)
SECOND_TOURNE = PrizeSpec(13, "Second best Tourné", PrizeKind.TOURNE_AGAINST, place=2)
SECOND_GRANDS = PrizeSpec(14, "Second most Grands", PrizeKind.COUNT_WON, place=2,
                          games=GRAND_GAMES, label="Grands")
SECOND_BOOBY = PrizeSpec(15, "Second lowest Points", PrizeKind.LOWEST_POINTS, place=2)
THIRD_GAMES = PrizeSpec(16, "Third most Games", PrizeKind.MOST_GAMES, place=3)

# Each prize and a second place of its own ranking, with players 1 and 2 equal on every rule
# and player 3 in line just below them.
TIED_AT_THE_TOP = {
    "most games": ([MOST_GAMES, SECOND_GAMES], wins(1, 3, 20) + wins(2, 3, 20) + wins(3, 2, 20)),
    "most points": ([MOST_POINTS, SECOND_POINTS],
                    wins(1, 2, 30) + wins(2, 2, 30) + wins(3, 2, 25)),
    "solo": ([SOLO, SECOND_SOLO], [deal(1, 48, matadors=-2), deal(2, 48, matadors=-2),
                                   deal(3, 36, matadors=-2)]),
    "highest game": ([HIGHEST, SECOND_HIGHEST], [deal(1, 100), deal(2, 100), deal(3, 50)]),
    "tourne": ([TOURNE, SECOND_TOURNE], [
        deal(1, 24, "tourne", trump="hearts", matadors=-2),
        deal(2, 24, "tourne", trump="hearts", matadors=-2),
        deal(3, 18, "tourne", trump="hearts", matadors=-1)]),
    "most grands": ([MOST_GRANDS, SECOND_GRANDS], [deal(1, 40, "grand"), deal(2, 40, "grand"),
                                                   deal(3, 30, "grand")]),
    "booby": ([BOOBY, SECOND_BOOBY], [deal(1, -50), deal(2, -50), deal(3, 10)]),
}


@pytest.mark.parametrize("one_prize", [True, False], ids=["one prize", "several prizes"])
@pytest.mark.parametrize("case", TIED_AT_THE_TOP)
def test_a_tie_without_a_lot_names_every_tied_player_and_no_winner(
    case: str, one_prize: bool
) -> None:
    (first, second), deals = TIED_AT_THE_TOP[case]
    got = award(deals, [first, second], one_prize_per_player=one_prize)
    assert got[first.number].tie and got[first.number].candidates == (1, 2)
    assert got[first.number].winners == ()
    # Whoever loses the lot has the second place: until then it is the same tie, provisional.
    assert got[second.number].tie and got[second.number].candidates == (1, 2)
    assert got[second.number].provisional


@pytest.mark.parametrize("one_prize", [True, False], ids=["one prize", "several prizes"])
@pytest.mark.parametrize("lot", [1, 2])
@pytest.mark.parametrize("case", TIED_AT_THE_TOP)
def test_the_second_place_goes_to_the_player_who_lost_the_lot(
    case: str, lot: int, one_prize: bool
) -> None:
    (first, second), deals = TIED_AT_THE_TOP[case]
    got = award(deals, [first, second], one_prize_per_player=one_prize,
                lots={first.number: lot})
    assert winner(got[first.number]) == lot and got[first.number].by_lot
    # His equal is next in line, whatever the ids: not player 3, and no new lot.
    assert winner(got[second.number]) == 3 - lot
    assert not got[second.number].by_lot and not got[second.number].provisional


@pytest.mark.parametrize("one_prize", [True, False], ids=["one prize", "several prizes"])
def test_issue_example_second_most_games_after_the_lot(one_prize: bool) -> None:
    # 1 and 2: 3 Games, 60 Points each; 3: 2 Games.
    deals = wins(1, 3, 20) + wins(2, 3, 20) + wins(3, 2, 20)
    specs = [MOST_GAMES, SECOND_GAMES]
    to_2 = award(deals, specs, one_prize_per_player=one_prize, lots={1: 2})
    assert (winner(to_2[1]), winner(to_2[4])) == (2, 1)
    to_1 = award(deals, specs, one_prize_per_player=one_prize, lots={1: 1})
    assert (winner(to_1[1]), winner(to_1[4])) == (1, 2)


@pytest.mark.parametrize("one_prize", [True, False], ids=["one prize", "several prizes"])
def test_a_tie_below_the_top_keeps_its_order_from_the_lot(one_prize: bool) -> None:
    # 4 alone first; 1 and 2 equal for second and third; 3 fourth.
    deals = wins(4, 5, 20) + wins(1, 3, 20) + wins(2, 3, 20) + wins(3, 2, 20)
    specs = [MOST_GAMES, SECOND_GAMES, THIRD_GAMES]
    roster = (1, 2, 3, 4)
    pending = award(deals, specs, roster, one_prize_per_player=one_prize)
    assert winner(pending[1]) == 4
    assert pending[4].tie and pending[4].candidates == (1, 2)
    assert pending[16].tie and pending[16].candidates == (1, 2) and pending[16].provisional
    got = award(deals, specs, roster, one_prize_per_player=one_prize, lots={4: 2})
    assert (winner(got[4]), winner(got[16])) == (2, 1)


@pytest.mark.parametrize("one_prize", [True, False], ids=["one prize", "several prizes"])
def test_a_three_way_tie_is_settled_one_lot_at_a_time(one_prize: bool) -> None:
    deals = wins(1, 2, 30) + wins(2, 2, 30) + wins(3, 2, 30)
    specs = [MOST_GAMES, SECOND_GAMES, THIRD_GAMES]
    after_one = award(deals, specs, one_prize_per_player=one_prize, lots={1: 3})
    assert winner(after_one[1]) == 3
    assert after_one[4].tie and after_one[4].candidates == (1, 2)  # not player 1 by his id
    assert after_one[16].tie and after_one[16].candidates == (1, 2)
    after_two = award(deals, specs, one_prize_per_player=one_prize, lots={1: 3, 4: 2})
    assert [winner(after_two[n]) for n in (1, 4, 16)] == [3, 2, 1]


def test_one_prize_per_player_cascade_through_the_schedule_after_a_lot() -> None:
    # 1 and 2 equal in Games and Points; 3 below them in both; 4 further down.
    deals = wins(1, 3, 20) + wins(2, 3, 20) + wins(3, 2, 20) + wins(4, 1, 20)
    specs = [MOST_GAMES, MOST_POINTS, SECOND_GAMES, SECOND_POINTS]
    for lot in (1, 2):
        got = award(deals, specs, (1, 2, 3, 4), lots={1: lot})
        # The lot's loser is next in line for Most Points (the winner is passed over); the
        # second places go down the rankings past both of them.
        assert [winner(got[n]) for n in (1, 2, 4, 5)] == [lot, 3 - lot, 3, 4]


def test_several_prizes_a_tie_in_another_ranking_needs_its_own_lot() -> None:
    deals = wins(1, 3, 20) + wins(2, 3, 20) + wins(3, 2, 20)
    specs = [MOST_GAMES, MOST_POINTS, SECOND_GAMES, SECOND_POINTS]
    got = award(deals, specs, one_prize_per_player=False, lots={1: 2})
    assert (winner(got[1]), winner(got[4])) == (2, 1)
    # The Games lot does not order the Points ranking: prizes 2 and 5 wait for their own lot.
    assert got[2].tie and got[2].candidates == (1, 2)
    assert got[5].tie and got[5].candidates == (1, 2) and got[5].provisional
    settled = award(deals, specs, one_prize_per_player=False, lots={1: 2, 2: 2})
    assert (winner(settled[2]), winner(settled[5])) == (2, 1)


# --- Custom prizes -----------------------------------------------------------------------------


def test_most_grands_won_counts_only_won_grands_tie_by_points() -> None:
    deals = [
        deal(1, 40, "grand"), deal(1, 32, "guckser"),  # 2 Grands, 72 Points
        deal(2, 40, "grand"), deal(2, 24, "grand_tourne"), deal(2, 30),  # 2 Grands, 94 Points
        deal(3, 48, "grand_ouvert"), deal(3, -80, "grand"), deal(3, -80, "grand"),  # lost: no
    ]
    got = award(deals, [MOST_GRANDS])[8]
    assert winner(got) == 2 and got.reason == "2 Grands won, 94 Points"
    none = award([deal(1, 24)], [MOST_GRANDS])[8]
    assert none.unawarded and none.reason == "No Grands were won"


def test_booby_prize_lowest_points_tie_by_fewer_games() -> None:
    deals = [deal(1, -100), deal(2, -50), deal(2, -50), deal(3, 10)]
    got = award(deals, [BOOBY])[9]
    assert winner(got) == 2 and got.reason == "-100 Points, net Games -2"


def test_booby_prize_passes_over_a_prize_holder() -> None:
    deals = [deal(1, -300), deal(1, 60, matadors=-2), deal(2, -100), deal(3, 10)]
    got = award(deals, [SOLO, BOOBY])
    assert winner(got[3]) == 1
    assert winner(got[9]) == 2


@pytest.mark.parametrize(
    "specs",
    [
        [MOST_GAMES, PrizeSpec(1, "Again", PrizeKind.MOST_POINTS)],
        [PrizeSpec(8, "Most of nothing", PrizeKind.COUNT_WON)],
        [PrizeSpec(8, "Zeroth", PrizeKind.MOST_GAMES, place=0)],
    ],
    ids=["numbers repeat", "count without games", "place 0"],
)
def test_a_schedule_that_makes_no_sense_is_refused(specs: list[PrizeSpec]) -> None:
    with pytest.raises(ValueError):
        award(wins(1, 1, 24), specs)


def test_a_declarer_missing_from_the_standings_is_refused() -> None:
    deals = wins(1, 1, 24)
    with pytest.raises(ValueError):
        award_prizes(LEAGUE_SCHEDULE, [], deals)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.booleans(), st.sampled_from((24, 48, 96))),
                min_size=60, max_size=240),
       st.booleans(), st.lists(st.integers(1, 12), min_size=1, max_size=6))
def test_a_big_field_is_awarded_as_if_every_player_were_grouped(games, one_prize, places):
    """``_within_reach`` keeps a handful of a big field in line for each prize: the prize
    list is the one ``_select`` gives over everybody (many ties, places down to 12, one prize
    per player or not)."""
    import scoring.prizes as prizes

    deals = []
    for i, (seat, won, value) in enumerate(games):  # three players a table, 40 tables
        table = i % 40
        players = (3 * table + 1, 3 * table + 2, 3 * table + 3)
        declarer = players[seat]
        points = value if won else -2 * value
        deals.append(DealResult(
            series=1, table=table, table_size=3, number=i, players=players,
            declarer=declarer, game="grand" if value == 96 else "solo",
            trump=None if value == 96 else "clubs", matadors=1, won=won, value=points,
            card_points=70 if won else 40, passt_nicht=False, entries={declarer: points},
            rules=get_rule_set("nasl-1908")))
    played = {p for d in deals for p in d.players}
    specs = [*LEAGUE_SCHEDULE, MOST_GRANDS, BOOBY,
             *(PrizeSpec(20 + i, f"Place {place}", PrizeKind.MOST_POINTS, place=place)
               for i, place in enumerate(places))]
    standings = league_standings(deals, (), played)
    reached = award_prizes(specs, standings, deals, one_prize)
    keep = prizes._within_reach
    try:
        prizes._within_reach = lambda candidates, reach: candidates
        everybody = award_prizes(specs, standings, deals, one_prize)
    finally:
        prizes._within_reach = keep
    assert reached == everybody
    assert len(standings) > 2 * (max(places) + len(specs)) + 16  # the field is pruned


def test_a_candidates_words_say_his_figures_grouped():
    """scoring/prize_words.py: the reason and the short figure of a player in line (English
    here; the site says them in the reader's language)."""
    s = Standing(entry=1, points=1260, won=14, lost=2, games=12, score=2345, rank=1, tied=False)
    assert prize_words.most_games_words(s) == (
        "net Games 12 (won 14, lost 2), 1,260 Points", "Games +12")
    assert prize_words.place_words(s) == (
        "Seeger-Fabian score 2,345 (won 14, lost 2)", "score 2,345")
