"""Seed 002 (U.S. Playing Card Co., 1898): rule set ``uspcc-1898`` (RULINGS 4 with 1.2-1.4).

Every expected number below is derived by hand from RULINGS.md and the worked examples in
``research/seed-002-uspcc.md`` (section 1.12, rows A, B and C); line numbers (``L1234``) are
lines of ``seeds/002_d85e290a95ccc1cb.txt``.

USPCC levels are grades plus matadors: game 1, Schneider 2, Schneider announced 3, Schwarz 4,
Schneider announced and Schwarz 5, Schwarz announced 6 (L2033-2036, L2049-2059). Schneider at
90 card points. A lost game pays the grade reached against the declarer (1; 2 if he made 30 or
fewer; 4 if he took no trick), or a failed announcement's grade (3 or 6) if that is higher.
No doubling, no Ramsch, no numeric bids, announcements on Solo only.
"""

from __future__ import annotations

import pytest

from engine import InvalidRecord, evaluate

RULES = "uspcc-1898"


def game(key: str, trump: str | None, matadors: int, card_points: int | None,
         **extra: object) -> dict[str, object]:
    record: dict[str, object] = {"game": key, "matadors": matadors, **extra}
    if trump is not None:
        record["trump"] = trump
    if card_points is not None:
        record["card_points"] = card_points
    return record


def club_solo(matadors: int, card_points: int, **extra: object) -> dict[str, object]:
    return game("solo", "clubs", matadors, card_points, **extra)


SCHWARZ = {"card_points": 120, "tricks": 10}  # the declarer took every trick
MADE_SCHWARZ = {"card_points": 0, "tricks": 0}  # the declarer took no trick


# --- rows A: values the book states (L2007, L2051-2059) ----------------------------------------

@pytest.mark.parametrize(
    "matadors", [pytest.param(1, id="with_1"), pytest.param(-1, id="without_1")]
)
def test_002_L2051_A1_club_simple_with_or_without_1_lost_pays_8(matadors):
    """002 L2051: "A Club Simple game, with or without 1 Matadore lost, 1 Matadore + 1 game =
    2 x 4 = 8" -- the loser pays the single value 8 (RULINGS 4: no doubling)."""
    result = evaluate(game("call", "clubs", matadors, 50), RULES)
    assert result["won"] is False
    assert result["value"] == -8


def test_002_L2051_A1_club_simple_with_1_won_is_8():
    """002 L2051: the same Club Simple with 1, won: +2 x 4 = 8."""
    result = evaluate(game("call", "clubs", 1, 70), RULES)
    assert result["won"] is True
    assert result["value"] == 8


def test_002_L2053_A2_club_tourne_with_1_is_16():
    """002 L2053: "A Club Tourne, 1 Matadore + 1 game = 2 x 8 = 16"."""
    result = evaluate(game("tourne", "clubs", 1, 70), RULES)
    assert result["won"] is True
    assert result["basis"] == 8
    assert result["levels"] == 2
    assert result["value"] == 16


def test_002_L2055_A3_club_solo_with_1_is_24():
    """002 L2055: "A Club Solo, 1 Matadore + 1 game = 2 x 12 = 24"."""
    result = evaluate(club_solo(1, 70), RULES)
    assert result["won"] is True
    assert result["value"] == 24


def test_002_L2059_A4_club_solo_schneider_announced_schwarz_made_with_3_is_96():
    """002 L2059: "Schneider announced and Schwarz made, with 3 Matadores, game 5 +
    Matadores 3 = 8 x 12 = 96" (grade 5)."""
    result = evaluate({**club_solo(3, 120, schneider_announced=True), **SCHWARZ}, RULES)
    assert result["won"] is True
    assert result["levels"] == 8
    assert result["value"] == 96


def test_002_L2007_A5_club_solo_schneider_announced_with_3_makes_90_wins_72():
    """002 L2007: "If he makes ninety points, he wins the value of his bid -- seventy-two"
    (12 x (3 + 3))."""
    result = evaluate(club_solo(3, 90, schneider_announced=True), RULES)
    assert result["won"] is True
    assert result["value"] == 72


def test_002_L2007_A6_club_solo_schneider_announced_with_3_makes_75_loses_72():
    """002 L2007: "if he makes over sixty-one and less than ninety, he loses seventy-two"."""
    result = evaluate(club_solo(3, 75, schneider_announced=True), RULES)
    assert result["won"] is False
    assert result["value"] == -72


# --- rows B: derived from the rules the book states --------------------------------------------

def test_002_L2005_B1_schneider_announced_game_lost_31_to_60_loses_72():
    """002 L2005 (B1): fails to make ninety -> loses the amount of his bid, 12 x (3 + 3)."""
    result = evaluate(club_solo(3, 45, schneider_announced=True), RULES)
    assert result["won"] is False
    assert result["value"] == -72


def test_002_L2005_B2_schneider_announced_schneidered_loses_72_per_rulings():
    """002 L2005 (B2). The book would charge 72 + 48 = 120 here, but RULINGS 4 overrides it:
    a lost game pays the grade reached against him (2, he made 30 or fewer) or the failed
    announcement's grade 3 if higher -> 12 x (3 + 3) = 72. We test the RULINGS value."""
    result = evaluate(club_solo(3, 25, schneider_announced=True), RULES)
    assert result["won"] is False
    assert result["value"] == -72


def test_002_L2005_B3_schneider_announced_made_schwarz_loses_84_per_rulings():
    """002 L2005 (B3). The book would charge 72 + 2 x 48 = 168, but RULINGS 4 overrides it:
    no trick is grade 4, higher than the announced grade 3 -> 12 x (4 + 3) = 84."""
    result = evaluate({**club_solo(3, 0, schneider_announced=True), **MADE_SCHWARZ}, RULES)
    assert result["won"] is False
    assert result["value"] == -84


# B4 (Grand-open with 4 won = 120): see test_002_L2025 at the end of this file.

B_ROWS = [
    # (id with the seed line, record, value)
    ("B5_L1997_club_solo_with_10_132", club_solo(10, 70), 132),
    ("B6_L1997_club_solo_with_3_48", club_solo(3, 70), 48),
    ("B7_L1997_club_solo_with_6_84", club_solo(6, 70), 84),
    # B8: bid "without 2", J-clubs found in the Skat -> played "with 1": 24, not 36
    ("B8_L2001_club_solo_without_2_jack_in_skat_now_with_1_24", club_solo(1, 70), 24),
    ("B8_L1999_club_solo_without_2_36", club_solo(-2, 70), 36),
    ("B9_L1981_spade_solo_with_1_schneider_grade_2_33", game("solo", "spades", 1, 95), 33),
    ("B10_L1981_heart_tourne_with_2_schwarz_grade_4_36",
     {**game("tourne", "hearts", 2, 120), **SCHWARZ}, 36),
    ("B11_L1985_diamond_solo_with_1_schwarz_announced_grade_6_63",
     {**game("solo", "diamonds", 1, 120, schwarz_announced=True), **SCHWARZ}, 63),
    ("B12_L2045_grand_with_2_48", game("grand", None, 2, 70), 48),
    ("B13_L2047_null_won_20", {"game": "null", "tricks": 0}, 20),
    ("B13_L2047_null_ouvert_won_40", {"game": "null_ouvert", "tricks": 0}, 40),
]


@pytest.mark.parametrize(("record", "value"), [pytest.param(r, v, id=i) for i, r, v in B_ROWS])
def test_002_section_1_12_B_rows_won(record, value):
    """002 section 1.12 rows B: value = basis x (grade + m), won by the declarer."""
    result = evaluate(record, RULES)
    assert result["won"] is True
    assert result["value"] == value


@pytest.mark.parametrize(
    ("record", "value"),
    [
        pytest.param({"game": "null", "tricks": 1}, -20, id="null_lost_20"),
        pytest.param({"game": "null_ouvert", "tricks": 3}, -40, id="null_ouvert_lost_40"),
    ],
)
def test_002_L2047_B13_null_lost_fixed_value(record, value):
    """002 L2047 (B13): Null 20, Null-open 40, fixed values, won or lost."""
    result = evaluate(record, RULES)
    assert result["won"] is False
    assert result["value"] == value


def test_002_L1989_B14_conceded_spade_tourne_with_2_pays_21():
    """002 L1989 (B14): thrown down after trick 1 -> "pay the amount he bid": 7 x (1 + 2) = 21,
    no Schneider (RULINGS 1.3: conceded is lost with levels 1 + m)."""
    result = evaluate(game("tourne", "spades", 2, None, conceded=True), RULES)
    assert result["won"] is False
    assert result["value"] == -21


# --- grades 2 / 4 / 5 / 6 won (L2033-2036, L2059) ----------------------------------------------

@pytest.mark.parametrize(
    ("record", "levels", "value"),
    [
        pytest.param(club_solo(2, 90), 4, 48, id="grade_2_schneider_unannounced"),
        pytest.param({**club_solo(2, 120), **SCHWARZ}, 6, 72, id="grade_4_schwarz_unannounced"),
        pytest.param({**club_solo(2, 120, schneider_announced=True), **SCHWARZ}, 7, 84,
                     id="grade_5_schneider_announced_schwarz_made"),
        pytest.param({**club_solo(2, 120, schwarz_announced=True), **SCHWARZ}, 8, 96,
                     id="grade_6_schwarz_announced"),
        pytest.param(club_solo(2, 95, schneider_announced=True), 5, 60,
                     id="grade_3_schneider_announced"),
    ],
)
def test_002_L2033_grades_won_values(record, levels, value):
    """002 L2033-2036: the six grades are addends (grade + m). Club Solo with 2: 12 x (g + 2)."""
    result = evaluate(record, RULES)
    assert result["won"] is True
    assert result["levels"] == levels
    assert result["value"] == value


# --- failed Schwarz announcement (RULINGS 4: pays grade 6 if higher) ---------------------------

@pytest.mark.parametrize(
    ("record", "value"),
    [
        pytest.param(game("solo", "diamonds", 1, 110, schwarz_announced=True, tricks=9), -63,
                     id="schneider_made_schwarz_missed"),
        pytest.param(game("solo", "diamonds", 1, 45, schwarz_announced=True), -63,
                     id="game_lost"),
        pytest.param({**game("solo", "diamonds", 1, 0, schwarz_announced=True),
                      **MADE_SCHWARZ}, -63, id="made_schwarz_grade_6_beats_4"),
    ],
)
def test_002_L1985_failed_schwarz_announcement_pays_grade_6(record, value):
    """002 L1985: announced Schwarz "loses the game unless he makes" it; RULINGS 4: the failed
    announcement pays its grade 6 when higher: Diamond Solo with 1, 9 x (6 + 1) = 63."""
    result = evaluate(record, RULES)
    assert result["won"] is False
    assert result["value"] == value


# --- rows C: card-point thresholds (Schneider at 90) -------------------------------------------

C_ROWS = [
    # (id with the seed line, record, won, schneider, schwarz, value); Spade Solo with 1
    ("C1_L1981_61_won", game("solo", "spades", 1, 61), True, False, False, 22),
    ("C2_L1983_60_lost", game("solo", "spades", 1, 60), False, False, False, -22),
    ("C3_L1981_90_won_schneider", game("solo", "spades", 1, 90), True, True, False, 33),
    ("C4_L1981_89_won_no_schneider", game("solo", "spades", 1, 89), True, False, False, 22),
    ("C5_L1983_30_lost_schneidered", game("solo", "spades", 1, 30), False, True, False, -33),
    ("C6_L2005_31_lost_not_schneidered", game("solo", "spades", 1, 31), False, False, False,
     -22),
    ("C7_L1981_all_tricks_schwarz",
     {**game("solo", "spades", 1, 120), **SCHWARZ}, True, True, True, 55),
    ("C8_L1983_no_trick_schwarz",
     {**game("solo", "spades", 1, 0), **MADE_SCHWARZ}, False, True, True, -55),
]


@pytest.mark.parametrize(("record", "won", "schneider", "schwarz", "value"),
                         [pytest.param(*row[1:], id=row[0]) for row in C_ROWS])
def test_002_section_1_12_C_thresholds(record, won, schneider, schwarz, value):
    """002 L1979-1983, L2005: 61 wins; 90 makes Schneider; 30 or fewer is Schneidered; all or
    no tricks is Schwarz (grade 4). Spade Solo with 1: 11 x (grade + 1)."""
    result = evaluate(record, RULES)
    assert result["won"] is won
    assert result["schneider"] is schneider
    assert result["schwarz"] is schwarz
    assert result["value"] == value


def test_002_L2029_C9_null_with_one_trick_is_lost():
    """002 L2029 (C9): "Should even one trick be taken by the player, he loses the game"."""
    result = evaluate({"game": "null", "tricks": 1}, RULES)
    assert result["won"] is False
    assert result["value"] == -20


# --- no doubling of losses (L1983) -------------------------------------------------------------

@pytest.mark.parametrize(
    ("record", "value"),
    [
        pytest.param(game("tourne", "clubs", 1, 50), -16, id="club_tourne_with_1_lost_16"),
        pytest.param(game("grand_tourne", None, 2, 50), -36, id="grand_tourne_with_2_lost_36"),
        pytest.param(game("grand", None, 2, 50), -48, id="grand_with_2_lost_48"),
        pytest.param(club_solo(-3, 40), -48, id="club_solo_without_3_lost_48"),
        pytest.param(game("tourne", "hearts", 2, 20), -24,
                     id="heart_tourne_with_2_schneidered_grade_2_24"),
    ],
)
def test_002_L1983_no_doubling_of_losses(record, value):
    """002 L1983: the loser pays "the value of his game, increased by the payment for
    Schneider or Schwarz" -- the single value, never doubled (RULINGS 4)."""
    result = evaluate(record, RULES)
    assert result["won"] is False
    assert result["value"] == value


# --- what the rule set refuses -----------------------------------------------------------------

@pytest.mark.parametrize(
    ("record", "field"),
    [
        pytest.param(game("tourne", "clubs", 1, 95, schneider_announced=True),
                     "schneider_announced", id="tourne_schneider"),
        pytest.param({**game("tourne", "clubs", 1, 120, schwarz_announced=True), **SCHWARZ},
                     "schwarz_announced", id="tourne_schwarz"),
        pytest.param(game("call", "clubs", 1, 95, schneider_announced=True),
                     "schneider_announced", id="call_schneider"),
        pytest.param(game("grand_tourne", None, 1, 95, schneider_announced=True),
                     "schneider_announced", id="grand_tourne_schneider"),
    ],
)
def test_002_L1985_announcements_on_solo_only(record, field):
    """002 L1985: "In a Solo-bid ... a player may bid to make Schneider or Schwarz"
    (RULINGS 4: Announcements on Solo only)."""
    with pytest.raises(InvalidRecord) as caught:
        evaluate(record, RULES)
    assert caught.value.field == field


def test_002_L1973_numeric_bid_is_invalid():
    """002 L1973: bidding is by game name, so an entry carries no numeric bid (RULINGS 4)."""
    with pytest.raises(InvalidRecord) as caught:
        evaluate(club_solo(1, 70, bid=24), RULES)
    assert caught.value.field == "bid"


def test_002_L1975_passed_deal_is_void_and_scores_0():
    """002 L1975: "In case no one makes a bid the game is void, and the deal passes"."""
    assert evaluate({"game": "passed"}, RULES)["value"] == 0


def test_002_L1975_ramsch_is_not_a_game():
    """002 L1975: no Ramsch in this book (RULINGS 4: a deal nobody plays is void)."""
    with pytest.raises(InvalidRecord) as caught:
        evaluate({"game": "ramsch", "loser": 1}, RULES)
    assert caught.value.field == "game"


def test_002_L2025_grand_open_with_four_is_120_the_highest_bid():
    """002 L2025 prices Grand-open with four at 24 x (1 + 4) = 120: an open Grand graded like
    any game, not with every contingency (docs/rules-decisions.md 15)."""
    outcome = evaluate({"game": "grand_ouvert", "matadors": 4, "card_points": 75}, RULES)
    assert (outcome["won"], outcome["value"]) == (True, 120)
    lost = evaluate({"game": "grand_ouvert", "matadors": 4, "card_points": 55}, RULES)
    assert lost["value"] == -120
