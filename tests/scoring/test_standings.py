"""League and Seeger-Fabian standings, clubs and teams (docs/rules.md §10; the anchors'
worked vectors)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import count

import pytest

from scoring.ranking import standings
from scoring.standings import (
    DealResult,
    PenaltyResult,
    ScoringSystem,
    Standing,
    club_standings,
    league_standings,
    per_series,
    seeger_fabian_standings,
    team_standings,
)

_numbers = count(1)


def game(
    declarer: int,
    value: int,
    players: Sequence[int],
    *,
    series: int = 1,
    table: int = 1,
    game: str = "solo",
    trump: str | None = "clubs",
    matadors: int = 1,
    entries: Mapping[int, int] | None = None,
) -> DealResult:
    """A declarer's game; won when its value is positive."""
    return DealResult(
        series=series, table=table, table_size=len(players), number=next(_numbers),
        players=tuple(players), declarer=declarer, game=game, trump=trump, matadors=matadors,
        won=value > 0, value=value, card_points=None,
        entries=dict(entries) if entries is not None else {declarer: value},
    )


def ramsch(loser: int, charge: int, players: Sequence[int], table: int = 1) -> DealResult:
    return DealResult(
        series=1, table=table, table_size=len(players), number=next(_numbers),
        players=tuple(players), declarer=None, game="ramsch", trump=None, matadors=0, won=None,
        value=charge, card_points=None, entries={loser: charge},
    )


def passed(players: Sequence[int], table: int = 1) -> DealResult:
    return DealResult(
        series=1, table=table, table_size=len(players), number=next(_numbers),
        players=tuple(players), declarer=None, game="passed", trump=None, matadors=0, won=None,
        value=0, card_points=None,
    )


def split(total: int, won: int, lost: int) -> list[int]:
    """Signed game values adding up to `total`: each loss -48, the wins share the rest."""
    rest = total + 48 * lost
    share = rest // won
    wins = [share] * (won - 1) + [rest - share * (won - 1)]
    assert all(v > 0 for v in wins)
    return wins + [-48] * lost


def sheet(players: Sequence[int], rows: Mapping[int, tuple[int, int, int]]) -> list[DealResult]:
    """One list at one table: each player's games giving (game points, won, lost)."""
    return [
        game(player, value, players)
        for player, (total, won, lost) in rows.items()
        for value in split(total, won, lost)
    ]


def by_entry(rows: list[Standing]) -> dict[int, Standing]:
    return {s.entry: s for s in rows}


# --- anchors.md §2.2: the Seeger-Fabian test vectors -------------------------------------------

A, B, C, D = 1, 2, 3, 4


def test_vector_a_four_table_extended_seeger() -> None:
    deals = sheet((A, B, C, D), {A: (492, 12, 0), B: (628, 12, 2), C: (660, 10, 1),
                                 D: (-32, 6, 5)})
    assert sum(d.is_game for d in deals) == 48
    rows = seeger_fabian_standings(deals, [], [A, B, C, D])
    s = by_entry(rows)
    assert [(s[p].points, s[p].won, s[p].lost) for p in (A, B, C, D)] == [
        (492, 12, 0), (628, 12, 2), (660, 10, 1), (-32, 6, 5)]
    # The plain Seeger column: results + 50 per game won - 50 per game lost.
    assert [s[p].points + 50 * s[p].games for p in (A, B, C, D)] == [1092, 1128, 1110, 18]
    # The extended column adds 30 for each game another declarer lost at the four-table.
    assert [s[p].score for p in (A, B, C, D)] == [1332, 1308, 1320, 108]
    assert [r.entry for r in rows] == [A, C, B, D]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    # League ranks the same sheet by Points: C has the most raw points.
    assert [r.entry for r in league_standings(deals, [], [A, B, C, D])] == [C, B, A, D]


def test_vector_b_three_table() -> None:
    p1, p2, p3 = 11, 12, 13
    deals = sheet((p1, p2, p3), {p1: (455, 20, 4), p2: (608, 12, 0), p3: (486, 9, 0)})
    s = by_entry(seeger_fabian_standings(deals, [], [p1, p2, p3]))
    assert [s[p].score for p in (p1, p2, p3)] == [1255, 1368, 1096]
    assert [r.entry for r in seeger_fabian_standings(deals, [], [p1, p2, p3])] == [p2, p1, p3]


# --- Seeger-Fabian by hand ---------------------------------------------------------------------


def test_seeger_fabian_lost_game_per_player_three_and_four_table() -> None:
    deals = [game(1, -60, (1, 2, 3)), game(4, -36, (4, 5, 6, 7), table=2)]
    s = by_entry(seeger_fabian_standings(deals, [], range(1, 8)))
    assert s[1].score == -60 - 50  # the declarer gets no bonus for his own loss
    assert s[2].score == s[3].score == 40
    assert s[4].score == -36 - 50
    assert s[5].score == s[6].score == s[7].score == 30  # the sitting-out dealer included


def test_mixed_three_and_four_tables_across_series() -> None:
    deals = [
        game(2, -24, (1, 2, 3, 4), series=1, table=1),  # 1 sits at a four-table
        game(1, 48, (1, 2, 3, 4), series=1, table=1),
        game(5, -30, (1, 5, 6), series=2, table=7),  # then at a three-table
        game(6, -20, (1, 5, 6), series=2, table=7),
    ]
    s = by_entry(seeger_fabian_standings(deals, [], range(1, 7)))
    assert s[1].score == 48 + 50 + 30 + 40 + 40
    assert s[3].score == s[4].score == 30
    assert s[5].score == -30 - 50 + 40
    assert s[6].score == -20 - 50 + 40
    series_2 = by_entry(seeger_fabian_standings(deals, [], range(1, 7), series=2))
    assert series_2[1].score == 80
    assert series_2[2].score == 0 and series_2[2].won == series_2[2].lost == 0


def test_seeger_fabian_tie_breaks_more_won_then_fewer_lost() -> None:
    deals = [
        game(1, 100, (1, 8, 9), table=1),  # 150, won 1
        game(2, 25, (2, 10, 11), table=2), game(2, 25, (2, 10, 11), table=2),  # 150, won 2
        game(3, 200, (3, 12, 13), table=3), game(3, -50, (3, 12, 13), table=3),  # 150, 1 - 1
    ]
    rows = [r for r in seeger_fabian_standings(deals, [], [1, 2, 3]) if r.entry in (1, 2, 3)]
    assert [(r.entry, r.score, r.rank, r.tied) for r in rows] == [
        (2, 150, 1, False), (1, 150, 2, False), (3, 150, 3, False)]


def test_seeger_fabian_more_won_counts_before_fewer_lost() -> None:
    deals = [
        # 1: won 3, lost 2: 3 x (50 + 50) + 2 x (-25 - 50) = 150
        *[game(1, 50, (1, 8, 9), table=1) for _ in range(3)],
        *[game(1, -25, (1, 8, 9), table=1) for _ in range(2)],
        # 2: won 2, lost 0: 2 x (25 + 50) = 150
        *[game(2, 25, (2, 10, 11), table=2) for _ in range(2)],
    ]
    rows = [r for r in seeger_fabian_standings(deals, [], [1, 2]) if r.entry in (1, 2)]
    assert [(r.entry, r.score, r.won, r.lost, r.rank) for r in rows] == [
        (1, 150, 3, 2, 1), (2, 150, 2, 0, 2)]


def test_seeger_fabian_full_tie_is_left_for_the_lot() -> None:
    deals = [game(1, 30, (1, 2, 3)), game(2, 30, (1, 2, 3))]
    rows = seeger_fabian_standings(deals, [], [1, 2, 3])
    assert [(r.entry, r.rank, r.tied, r.place) for r in rows] == [
        (1, 1, True, "1="), (2, 1, True, "1="), (3, 3, False, "3")]


def test_seeger_fabian_penalty_subtracts() -> None:
    deals = [game(1, 30, (1, 2, 3))]
    s = by_entry(seeger_fabian_standings(deals, [PenaltyResult(1, 25)], [1, 2, 3]))
    assert s[1].score == 30 + 50 - 25
    assert s[1].points == 5


def test_seeger_fabian_ramsch_and_passed_deals_are_not_games() -> None:
    deals = [ramsch(2, -20, (1, 2, 3)), passed((1, 2, 3))]
    s = by_entry(seeger_fabian_standings(deals, [], [1, 2, 3]))
    assert s[2].score == -20  # the charge counts, but no -50 and no bonus for 1 and 3
    assert s[1].score == s[3].score == 0
    assert all(r.won == r.lost == 0 for r in s.values())


# --- League ------------------------------------------------------------------------------------


def test_league_points_games_and_every_entry_listed() -> None:
    deals = [game(1, 48, (1, 2, 3)), game(1, -30, (1, 2, 3)), game(2, 24, (1, 2, 3))]
    rows = league_standings(deals, [], [1, 2, 3, 4, 5])
    s = by_entry(rows)
    assert (s[1].points, s[1].won, s[1].lost, s[1].games) == (18, 1, 1, 0)
    assert (s[2].points, s[2].games, s[2].score) == (24, 1, 24)
    assert [(r.entry, r.rank) for r in rows] == [(2, 1), (1, 2), (3, 3), (4, 3), (5, 3)]
    assert s[4] == Standing(4, 0, 0, 0, 0, 0, 3, True)


def test_league_ranks_by_points_then_games() -> None:
    deals = [
        game(1, 60, (1, 2, 3)),  # 60 Points, 1 Game
        game(2, 30, (1, 2, 3)), game(2, 30, (1, 2, 3)),  # 60 Points, 2 Games
    ]
    rows = league_standings(deals, [], [1, 2, 3])
    assert [(r.entry, r.rank, r.tied) for r in rows] == [(2, 1, False), (1, 2, False),
                                                         (3, 3, False)]


def test_league_ties_share_a_rank_and_the_next_rank_skips() -> None:
    deals = [
        game(1, 90, (1, 2, 3)), game(2, 60, (1, 2, 3)),
        game(3, 30, (3, 4, 5), table=2), game(4, 30, (3, 4, 5), table=2),
        game(5, -20, (3, 4, 5), table=2),
    ]
    rows = league_standings(deals, [], [1, 2, 3, 4, 5])
    assert [r.place for r in rows] == ["1", "2", "3=", "3=", "5"]
    assert [r.entry for r in rows] == [1, 2, 3, 4, 5]


def test_league_equal_points_and_games_is_a_tie_even_with_other_won_lost() -> None:
    deals = [
        game(1, 50, (1, 2, 3)),  # won 1, lost 0
        game(2, 60, (1, 2, 3)), game(2, 40, (1, 2, 3)), game(2, -50, (1, 2, 3)),  # won 2, lost 1
    ]
    rows = league_standings(deals, [], [1, 2, 3])
    assert [(r.entry, r.place) for r in rows[:2]] == [(1, "1="), (2, "1=")]


def test_league_penalties_subtract_and_are_not_games() -> None:
    deals = [game(1, 40, (1, 2, 3))]
    penalties = [PenaltyResult(1, 10), PenaltyResult(2, 25)]
    s = by_entry(league_standings(deals, penalties, [1, 2, 3]))
    assert (s[1].points, s[1].games) == (30, 1)
    assert (s[2].points, s[2].games, s[2].won, s[2].lost) == (-25, 0, 0, 0)


def test_league_ramsch_charge_counts_but_is_no_game() -> None:
    deals = [ramsch(3, -30, (1, 2, 3)), passed((1, 2, 3)), game(1, 24, (1, 2, 3))]
    s = by_entry(league_standings(deals, [], [1, 2, 3]))
    assert (s[3].points, s[3].won, s[3].lost) == (-30, 0, 0)
    assert (s[1].points, s[1].games) == (24, 1)


def test_league_contra_and_revoke_charges_come_from_entries() -> None:
    deals = [
        # Contra: the declarer lost double, the announcer gets the single value.
        game(1, -96, (1, 2, 3), entries={1: -96, 2: 48}),
        # Won because an opponent revoked: the revoker is charged the same amount.
        game(2, 36, (1, 2, 3), entries={2: 36, 3: -36}),
    ]
    s = by_entry(league_standings(deals, [], [1, 2, 3]))
    assert [(s[p].points, s[p].games) for p in (1, 2, 3)] == [(-96, -1), (84, 1), (-36, 0)]


def test_a_game_entered_without_entries_counts_the_declarer_value() -> None:
    deal = DealResult(1, 1, 3, 1, (1, 2, 3), 2, "grand", None, -2, True, 60, 75)
    assert by_entry(league_standings([deal], [], [1, 2, 3]))[2].points == 60


@pytest.mark.parametrize("system", list(ScoringSystem))
def test_only_players_who_played_are_ranked(system: ScoringSystem) -> None:
    # 1 lost a game at a table with 2 and 3; 4 sat at a table where nothing was scored yet.
    # Nobody else is passed in, so nobody else is ranked (a registered 5 never sat down).
    rows = standings(system, [game(1, -24, (1, 2, 3))], [], {1, 2, 3, 4})
    assert {r.entry for r in rows} == {1, 2, 3, 4}
    assert rows[-1].entry == 1 and rows[-1].rank == 4


def test_points_of_somebody_not_asked_for_do_not_vanish() -> None:
    rows = league_standings([game(9, 24, (7, 8, 9))], [], [7])
    assert {r.entry for r in rows} == {7, 8, 9}


def test_per_series_keeps_that_series_deals_and_penalties() -> None:
    deals = [game(1, 24, (1, 2, 3), series=1), game(1, 36, (1, 2, 3), series=2, table=2)]
    penalties = [PenaltyResult(1, 10, series=2), PenaltyResult(1, 5, series=None)]
    assert per_series(deals, penalties, 2) == ([deals[1]], [penalties[0]])
    assert by_entry(league_standings(deals, penalties, [1], series=2))[1].points == 26
    assert by_entry(league_standings(deals, penalties, [1], series=1))[1].points == 24
    assert by_entry(league_standings(deals, penalties, [1]))[1].points == 24 + 36 - 15


def test_standings_follows_the_scoring_system() -> None:
    deals = [game(1, 24, (1, 2, 3)), game(2, -24, (1, 2, 3))]
    league = by_entry(standings(ScoringSystem.LEAGUE, deals, [], [1, 2, 3]))
    sf = by_entry(standings(ScoringSystem("seeger-fabian"), deals, [], [1, 2, 3]))
    assert league[3].score == 0 and sf[3].score == 40
    assert sf[1].score == 24 + 50 + 40


@pytest.mark.parametrize(
    "deal",
    [
        DealResult(1, 1, 5, 1, (1, 2, 3, 4, 5), 1, "solo", "clubs", 1, True, 24, 70),
        DealResult(1, 1, 3, 1, (1, 2, 3), 4, "solo", "clubs", 1, True, 24, 70),
        DealResult(1, 1, 3, 1, (1, 2, 3), None, "ramsch", None, 0, None, -20, None,
                   entries={4: -20}),
    ],
    ids=["five at a table", "declarer not seated", "charge to a stranger"],
)
def test_a_deal_the_scoring_cannot_read_is_refused(deal: DealResult) -> None:
    with pytest.raises(ValueError):
        league_standings([deal], [], [1, 2, 3])


# --- Clubs and teams ---------------------------------------------------------------------------


def _standing(entry: int, score: int) -> Standing:
    return Standing(entry, score, 0, 0, 0, score, 0, False)


def test_club_standings_sum_scores_and_leave_out_players_without_club() -> None:
    rows = [_standing(1, 300), _standing(2, 200), _standing(3, 100), _standing(4, 500),
            _standing(5, 50), _standing(6, 1000)]
    clubs = {1: 10, 2: 10, 3: 10, 4: 20, 5: 20, 6: None}
    result = club_standings(rows, clubs)
    assert [(c.club, c.score, c.rank, c.tied) for c in result] == [
        (10, 600, 1, False), (20, 550, 2, False)]
    assert result[0].members == (1, 2, 3)


def test_club_standings_best_n_and_ties() -> None:
    rows = [_standing(1, 300), _standing(2, 200), _standing(3, 100), _standing(4, 500),
            _standing(5, -50), _standing(7, 450), _standing(8, 50)]
    clubs = {1: 10, 2: 10, 3: 10, 4: 20, 5: 20, 7: 30, 8: 30}
    result = club_standings(rows, clubs, best=2)
    assert [(c.club, c.score, c.rank, c.tied) for c in result] == [
        (10, 500, 1, True), (30, 500, 1, True), (20, 450, 3, False)]
    assert result[0].counted == (1, 2) and result[0].members == (1, 2, 3)
    assert club_standings(rows, {5: 40}, best=3)[0].score == -50  # fewer than N count as they are
    with pytest.raises(ValueError):
        club_standings(rows, clubs, best=0)


def test_team_standings_tandems_and_teams() -> None:
    rows = [_standing(1, 300), _standing(2, 200), _standing(3, 400), _standing(4, 100),
            _standing(5, 10)]
    teams = {"Kreuz Bube": (1, 2), "Herz Dame": (3, 4), "Alone": (5, 99)}
    result = team_standings(rows, teams)
    assert [(t.team, t.score, t.rank, t.tied) for t in result] == [
        ("Herz Dame", 500, 1, True), ("Kreuz Bube", 500, 1, True), ("Alone", 10, 3, False)]
    assert result[2].members == (5, 99)


def test_club_standings_use_the_seeger_fabian_score() -> None:
    deals = [game(1, 24, (1, 2, 3)), game(2, -24, (1, 2, 3))]
    sf = seeger_fabian_standings(deals, [], [1, 2, 3])
    result = club_standings(sf, {1: 1, 3: 1, 2: 2})
    assert [(c.club, c.score) for c in result] == [(1, 74 + 40 + 40), (2, -74)]
