"""Seed 001 (Hertefeld, *The Game of Skat*): rule set ``hertefeld`` (RULINGS 3 with 1.2-1.4).

Every expected number below is derived by hand from RULINGS.md and the worked examples in
``research/seed-001-hertefeld.md`` (sections 1.8, 1.9, 3A, 3D, 3E); line numbers (``L1234``)
are lines of ``seeds/001_aded96893421141b.txt``.

Hertefeld levels: 1 (game) + m + S + SA + W + WA; an unannounced Schwarz counts three steps
(Schneider, Schneider declared, Schwarz). Schneider needs 91 card points; the declarer with 30
or fewer is Schneidered. A loss is never doubled: the loser pays the single value.
"""

from __future__ import annotations

import pytest

from engine import InvalidRecord, evaluate

RULES = "hertefeld"


def solo(trump: str, matadors: int, card_points: int, **extra: object) -> dict[str, object]:
    return {"game": "solo", "trump": trump, "matadors": matadors,
            "card_points": card_points, **extra}


def tourne(trump: str, matadors: int, card_points: int, **extra: object) -> dict[str, object]:
    return {"game": "tourne", "trump": trump, "matadors": matadors,
            "card_points": card_points, **extra}


def grand(matadors: int, card_points: int, **extra: object) -> dict[str, object]:
    return {"game": "grand", "matadors": matadors, "card_points": card_points, **extra}


SCHWARZ = {"card_points": 120, "tricks": 10}  # the declarer took every trick
MADE_SCHWARZ = {"card_points": 0, "tricks": 0}  # the declarer took no trick


# --- section 1.8: the illustrative scores of Solo games (p. 45), L2708-2777 --------------------

@pytest.mark.parametrize(
    ("record", "basis", "levels", "value"),
    [
        # "Diamonds, with one": 2 x 9 = 18
        pytest.param(solo("diamonds", 1, 70), 9, 2, 18, id="diamonds_with_one_18"),
        # "Spades, with two": 3 x 11 = 33
        pytest.param(solo("spades", 2, 70), 11, 3, 33, id="spades_with_two_33"),
        # "Clubs, Schwarz, with five": 1 + 5 + Schneider + Schneider declared + Schwarz = 9 x 12
        pytest.param({**solo("clubs", 5, 120), **SCHWARZ}, 12, 9, 108,
                     id="clubs_schwarz_with_five_108"),
    ],
)
def test_001_L2716_illustrative_solo_scores(record, basis, levels, value):
    """001 L2716-2777 (p. 45): 2 x 9 = 18, 3 x 11 = 33, 9 x 12 = 108 (RULINGS 3)."""
    result = evaluate(record, RULES)
    assert result["won"] is True
    assert result["basis"] == basis
    assert result["levels"] == levels
    assert result["value"] == value


def test_001_L2716_club_solo_schwarz_with_five_is_108():
    """001 L2716 / L2777: "Clubs, Schwarz, with five ... 9 x 12 = 108" (RULINGS 3 cites it)."""
    result = evaluate({**solo("clubs", 5, 120), **SCHWARZ}, RULES)
    assert result["value"] == 108
    assert result["schwarz"] is True
    assert result["schneider"] is True


# --- section 1.9: Grando valuation, L2946-2968 -------------------------------------------------

def test_001_L2957_grando_with_two_schwarz_is_96():
    """001 L2956-2957: "A Grando Solo with two Matadors, the Player making his opponents
    Schwarz, is worth 16 x (1 + 2 + 3) = 16 x 6 = 96"."""
    result = evaluate({**grand(2, 120), **SCHWARZ}, RULES)
    assert result["won"] is True
    assert result["basis"] == 16
    assert result["levels"] == 6
    assert result["value"] == 96


# --- section 3A: values stated in the book -----------------------------------------------------
# A4-A9 are Solo variations the engine does not implement; A16 is a variation; A24 is a known
# slip of the book (Heart Solo "18"); A33 is a bid, tested with the overbids below.

A_ROWS = [
    # (id with the seed line, record, value)
    ("A1_L2777_solo_diamonds_with_1_18", solo("diamonds", 1, 75), 18),
    ("A2_L2777_solo_spades_with_2_33", solo("spades", 2, 75), 33),
    ("A3_L2777_solo_clubs_with_5_schwarz_108", {**solo("clubs", 5, 120), **SCHWARZ}, 108),
    ("A10_L2957_grand_with_2_schwarz_96", {**grand(2, 120), **SCHWARZ}, 96),
    ("A11_L2990_null_tourne_16", {"game": "null_tourne", "tricks": 0}, 16),
    ("A12_L2990_null_24", {"game": "null", "tricks": 0}, 24),
    ("A13_L2991_null_tourne_ouvert_32", {"game": "null_tourne_ouvert", "tricks": 0}, 32),
    ("A14_L2992_null_ouvert_48", {"game": "null_ouvert", "tricks": 0}, 48),
    ("A15_L2993_revolution_72", {"game": "revolution", "tricks": 0}, 72),
    ("A17_L3081_solo_clubs_with_1_24", solo("clubs", 1, 75), 24),
    ("A18_L3265_call_diamonds_with_1_2",
     {"game": "call", "trump": "diamonds", "matadors": 1, "card_points": 75}, 2),
    ("A19_L3265_tourne_diamonds_with_1_10", tourne("diamonds", 1, 75), 10),
    ("A20_L3298_tourne_spades_with_2_21", tourne("spades", 2, 75), 21),
    ("A21_L3302_tourne_spades_with_2_schneider_28", tourne("spades", 2, 95), 28),
    ("A23_L3360_solo_diamonds_with_1_18", solo("diamonds", 1, 61), 18),
    ("A23_L3360_solo_hearts_with_1_20", solo("hearts", 1, 61), 20),
    ("A23_L3360_solo_spades_with_1_22", solo("spades", 1, 61), 22),
    ("A23_L3360_solo_clubs_with_1_24", solo("clubs", 1, 61), 24),
    ("A25_L5502_solo_spades_without_1_22", solo("spades", -1, 70), 22),
    ("A26_L10001_grand_with_4_80", grand(4, 70), 80),
    ("A27_L10002_solo_clubs_with_7_96", solo("clubs", 7, 70), 96),
    ("A28_L10004_solo_spades_with_4_schwarz_declared_99",
     {**solo("spades", 4, 120, schwarz_announced=True), **SCHWARZ}, 99),
    ("A29_L9823_solo_clubs_without_1_24", solo("clubs", -1, 70), 24),
    ("A30_L9824_solo_clubs_without_1_schneider_36", solo("clubs", -1, 95), 36),
    ("A31_L9824_solo_clubs_with_4_60", solo("clubs", 4, 70), 60),
    ("A32_L9826_solo_clubs_with_4_schneider_72", solo("clubs", 4, 95), 72),
    ("A34_L9197_grand_with_2_48", grand(2, 70), 48),
    ("A35_L9300_grand_with_4_80", grand(4, 70), 80),
]


@pytest.mark.parametrize(("record", "value"), [pytest.param(r, v, id=i) for i, r, v in A_ROWS])
def test_001_section_3A_stated_values(record, value):
    """001 section 3A: the values the book states, all won by the declarer."""
    result = evaluate(record, RULES)
    assert result["won"] is True
    assert result["value"] == value


@pytest.mark.parametrize(
    ("record", "value"),
    [
        pytest.param({"game": "ramsch", "loser": 2}, -10, id="no_maiden_10"),
        pytest.param({"game": "ramsch", "loser": 2, "jungfer": True}, -15, id="one_maiden_15"),
        pytest.param({"game": "ramsch", "loser": 3, "all_tricks": True}, -20,
                     id="two_maidens_20"),
    ],
)
def test_001_L2182_A36_ramsch_loser_pays_10_15_20(record, value):
    """001 L2182-2185, L3145-3152 (A36): the Ramsch loser pays 10 to each other player,
    15 with one Maiden, 20 with two (RULINGS 3: the loser's entry is -10 / -15 / -20)."""
    assert evaluate(record, RULES)["value"] == value


def test_001_L1472_A39_misdeal_penalty_is_minus_5():
    """001 L1472-1473 (A39): "A misdeal is punished by five points"; RULINGS 3: Misdeal -5."""
    result = evaluate({"game": "penalty", "seat": 1, "reason": "misdeal"}, RULES)
    assert result["value"] == -5


# --- A22 and A33: the bid (overbidding, RULINGS 1.4 and 3) -------------------------------------

def test_001_L3298_A22_tourne_spades_with_2_bid_24_without_schneider_pays_24():
    """001 L3298-3306: provoked to 24, Tourne in Spades with two is worth 21; he wins the game
    but not the Schneider and "pays 24". RULINGS 3: max(lost value 21, bid 24) = 24."""
    result = evaluate(tourne("spades", 2, 75, bid=24), RULES)
    assert result["won"] is False
    assert result["overbid"] is True
    assert result["value"] == -24


def test_001_L3302_A22_tourne_spades_with_2_bid_24_with_schneider_wins_28():
    """001 L3302-3304: had he made the Schneider the game is worth 28 >= 24, so it is won."""
    result = evaluate(tourne("spades", 2, 95, bid=24), RULES)
    assert result["won"] is True
    assert result["overbid"] is False
    assert result["value"] == 28


def test_001_L9792_A33_club_solo_without_1_bid_36_overbid_pays_36():
    """001 L9792-9796 (A33): provoked to 36, Club Solo without one is worth 24 < 36 unless he
    makes the Schneider; without it he loses max(24, 36) = 36 (RULINGS 3)."""
    result = evaluate(solo("clubs", -1, 80, bid=36), RULES)
    assert result["won"] is False
    assert result["overbid"] is True
    assert result["value"] == -36


def test_001_L9824_A33_club_solo_without_1_bid_36_schneider_reaches_36():
    """001 L9824 (A30/A33): with the Schneider the game is worth 12 x 3 = 36, not below 36."""
    result = evaluate(solo("clubs", -1, 95, bid=36), RULES)
    assert result["won"] is True
    assert result["overbid"] is False
    assert result["value"] == 36


def test_001_L9826_A33_club_solo_jack_in_skat_with_4_bid_36_wins_60():
    """001 L9824-9826 (A31/A33): J-clubs in the Skat makes it "with 4" = 60 >= 36, won."""
    result = evaluate(solo("clubs", 4, 75, bid=36), RULES)
    assert result["won"] is True
    assert result["value"] == 60


# --- section 3D: games named with matadors and result; values derived --------------------------

D_ROWS = [
    # (id, record, won, value)
    ("D1_L4113_grand_without_4_made_schwarz_lost_128", {**grand(-4, 0), **MADE_SCHWARZ},
     False, -128),
    ("D2_L4186_grand_with_1_made_schwarz_lost_80", {**grand(1, 0), **MADE_SCHWARZ},
     False, -80),
    ("D2_L4186_grand_without_1_made_schwarz_lost_80", {**grand(-1, 0), **MADE_SCHWARZ},
     False, -80),
    ("D3_L6618_solo_spades_with_4_won_55", solo("spades", 4, 70), True, 55),
    ("D4_L6800_tourne_clubs_without_10_62_won_88", tourne("clubs", -10, 62), True, 88),
    ("D5_L10137_grand_without_4_77_won_80", grand(-4, 77), True, 80),
    ("D5_L10137_solo_clubs_without_11_77_won_144", solo("clubs", -11, 77), True, 144),
    ("D6_L10174_tourne_spades_without_9_won_70", tourne("spades", -9, 75), True, 70),
    ("D7_L9864_solo_clubs_with_6_opponents_63_lost_84", solo("clubs", 6, 57), False, -84),
    ("D8_L10280_solo_clubs_with_6_schwarz_120", {**solo("clubs", 6, 120), **SCHWARZ},
     True, 120),
    ("D9_L9917_solo_clubs_with_10_opponents_63_lost_132", solo("clubs", 10, 57), False, -132),
    ("D9_L9917_same_hand_as_grand_with_4_lost_80", grand(4, 57), False, -80),
    ("D10_L9702_compulsory_grand_with_2_schwarz_96", {**grand(2, 120), **SCHWARZ}, True, 96),
    ("D11_L9746_null_ouvert_won_48", {"game": "null_ouvert", "tricks": 0}, True, 48),
]


@pytest.mark.parametrize(("record", "won", "value"),
                         [pytest.param(r, w, v, id=i) for i, r, w, v in D_ROWS])
def test_001_section_3D_derived_values(record, won, value):
    """001 section 3D (D1-D11): value = basis x (1 + m + steps); lost = minus the same."""
    result = evaluate(record, RULES)
    assert result["won"] is won
    assert result["value"] == value


def test_001_L4113_D1_grand_made_schwarz_counts_schneider_and_schwarz():
    """001 L4113-4184 (D1): a Grando made Schwarz is also Schneidered (levels 1 + 4 + 3 = 8)."""
    result = evaluate({**grand(-4, 0), **MADE_SCHWARZ}, RULES)
    assert result["levels"] == 8
    assert result["schneider"] is True
    assert result["schwarz"] is True


# --- section 3E: card-point thresholds ---------------------------------------------------------

def test_001_L6771_C11_grando_with_60_points_is_lost():
    """001 L6771-6778 (C11): "Total -60. He loses the game" -- 60 is not enough.
    Grando with 1 (matadors not given): lost 16 x 2 = -32."""
    result = evaluate(grand(1, 60), RULES)
    assert result["won"] is False
    assert result["schneider"] is False
    assert result["value"] == -32


def test_001_L6832_C13_club_tourne_with_62_points_is_won():
    """001 L6832-6846 (C13): tricks 13 + 14 + 14 plus discards 21 = 62, won.
    Club Tourne without 10 (D4): 8 x 11 = 88."""
    result = evaluate(tourne("clubs", -10, 62), RULES)
    assert result["won"] is True
    assert result["value"] == 88


def test_001_L10068_C18_heart_tourne_19_points_lost_and_schneidered():
    """001 L10068-10070 (C18, D17): the Player makes only 19 points, lost and Schneidered.
    Heart Tourne with 1 (matadors not given): 6 x (1 + 1 + 1) = -18."""
    result = evaluate(tourne("hearts", 1, 19), RULES)
    assert result["won"] is False
    assert result["schneider"] is True
    assert result["value"] == -18


@pytest.mark.parametrize(
    ("card_points", "won", "schneider", "value"),
    [
        pytest.param(91, True, True, 30, id="91_makes_schneider"),
        pytest.param(90, True, False, 20, id="90_no_schneider"),
        pytest.param(61, True, False, 20, id="61_wins"),
        pytest.param(60, False, False, -20, id="60_loses"),
        pytest.param(31, False, False, -20, id="31_escapes_schneider"),
        pytest.param(30, False, True, -30, id="30_is_schneidered"),
    ],
)
def test_001_L1619_C19_schneider_thresholds(card_points, won, schneider, value):
    """001 L1619-1629 (C19): the Player needs 91 to Schneider the Opponents (90 is not enough);
    the Opponents with 90 Schneider him (he needs 31). Heart Solo with 1: 20, Schneider 30."""
    result = evaluate(solo("hearts", 1, card_points), RULES)
    assert result["won"] is won
    assert result["schneider"] is schneider
    assert result["value"] == value


# --- no loss is ever doubled (L1015-1017, RULINGS 3) -------------------------------------------

@pytest.mark.parametrize(
    ("record", "value"),
    [
        pytest.param(solo("clubs", 2, 50), -36, id="club_solo_with_2_lost_36"),
        pytest.param(tourne("diamonds", 1, 55), -10, id="diamond_tourne_with_1_lost_10"),
        pytest.param({"game": "call", "trump": "clubs", "matadors": 1, "card_points": 40},
                     -8, id="club_call_with_1_lost_8"),
        pytest.param({"game": "grand_tourne", "matadors": 2, "card_points": 45}, -36,
                     id="grand_tourne_with_2_lost_36"),
        pytest.param(grand(3, 40), -64, id="grand_with_3_lost_64"),
        # D15 (L5421-5493): Grando lost and Schneidered, Player 14; with 2: 16 x 4
        pytest.param(grand(2, 14), -64, id="D15_grand_with_2_schneidered_64"),
        # D14 (L4898-4975): Club Tourne, Player made Schwarz; with 1: 8 x (1 + 1 + 3)
        pytest.param({**tourne("clubs", 1, 0), **MADE_SCHWARZ}, -40,
                     id="D14_club_tourne_with_1_made_schwarz_40"),
        pytest.param({"game": "null", "tricks": 1}, -24, id="null_lost_24"),
        pytest.param({"game": "null_ouvert", "tricks": 2}, -48, id="null_ouvert_lost_48"),
        pytest.param({"game": "revolution", "tricks": 1}, -72, id="revolution_lost_72"),
    ],
)
def test_001_L1015_no_loss_is_ever_doubled(record, value):
    """001 L1015-1017: the loser "pays ... the full value of the game" -- the single value,
    i.e. minus the won formula with the loss contingencies (RULINGS 3: never doubled)."""
    result = evaluate(record, RULES)
    assert result["won"] is False
    assert result["value"] == value


# --- a failed declaration loses the declared value (L1644-1661, RULINGS 1.2) -------------------

@pytest.mark.parametrize(
    ("card_points", "won", "value"),
    [
        pytest.param(91, True, 40, id="91_declared_schneider_made_40"),
        pytest.param(90, False, -40, id="90_won_game_but_not_the_schneider_40"),
        pytest.param(50, False, -40, id="50_game_lost_too_40"),
        # RULINGS 1.2 lost: S = announced or <= 30, SA = announced, so still 1 + 1 + 2 = 4
        pytest.param(20, False, -40, id="20_schneidered_40"),
    ],
)
def test_001_L1644_failed_schneider_declaration_loses_declared_value(card_points, won, value):
    """001 L1644-1650: "Should a Player, who has declared Schneider, not obtain 91 points, he
    loses just as much as he hoped to win ... whether he has secured the needful points for
    the ordinary game or not". Heart Solo with 1, Schneider declared: 10 x (1 + 1 + 2) = 40
    (000 L974 gives the same -40 under RULINGS 1.2)."""
    result = evaluate(solo("hearts", 1, card_points, schneider_announced=True), RULES)
    assert result["won"] is won
    assert result["value"] == value


def test_001_L1709_failed_schwarz_declaration_loses_declared_value():
    """001 L1709-1710: a declared Schwarz not made loses as a declared Schneider does: the
    declared value. Heart Solo with 1, Schwarz declared, 9 tricks: 10 x (1 + 1 + 4) = -60."""
    record = solo("hearts", 1, 110, schwarz_announced=True, tricks=9)
    result = evaluate(record, RULES)
    assert result["won"] is False
    assert result["value"] == -60


def test_001_L1637_declaration_on_a_tourne_is_invalid():
    """001 L1637-1639, L1704-1707: declarations on Solo games only (RULINGS 1.2: solo, grand)."""
    with pytest.raises(InvalidRecord) as caught:
        evaluate(tourne("spades", 2, 95, schneider_announced=True), RULES)
    assert caught.value.field == "schneider_announced"


def test_001_L1949_grando_ouvert_counts_every_contingency_and_needs_every_trick():
    """RULINGS 3 takes its levels from 1.2, where Grand Ouvert always counts every contingency
    and is won only with every trick (docs/rules-decisions.md 16)."""
    won = evaluate({"game": "grand_ouvert", "matadors": 4, "card_points": 120, "tricks": 10},
                   RULES)
    lost = evaluate({"game": "grand_ouvert", "matadors": 1, "card_points": 100, "tricks": 9},
                    RULES)
    assert (won["won"], won["value"]) == (True, 24 * 9)
    assert (lost["won"], lost["value"]) == (False, -24 * 6)  # never doubled under Hertefeld
