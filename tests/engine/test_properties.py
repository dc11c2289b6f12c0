"""Properties that hold for every record (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import evaluate, get_rule_set, legal_bids
from engine.cards import point_totals
from engine.games import GameKind

NUMERIC_RULE_SETS = ["nasl-1908", "nasl-1898", "hertefeld", "isko"]
ALL_RULE_SETS = [*NUMERIC_RULE_SETS, "uspcc-1898"]
SUITS = ["clubs", "spades", "hearts", "diamonds"]


@st.composite
def trump_games(draw, rules=None):
    rules = rules or draw(st.sampled_from(ALL_RULE_SETS))
    rule_set = get_rule_set(rules)
    options = {o.key: "on" for o in rule_set.options if o.key in ("call",)}
    games = [g for g in rule_set.enabled_games(rule_set.resolve_options(options))
             if g.has_trumps]
    game = draw(st.sampled_from(games))
    record = {"game": game.key}
    if game.kind is GameKind.SUIT:
        record["trump"] = draw(st.sampled_from(SUITS))
    most = 11 if game.kind is GameKind.SUIT else 4
    m = draw(st.integers(1, most))
    record["matadors"] = m if draw(st.booleans()) else -m
    tricks = draw(st.integers(0, 10))
    if tricks == 10:
        points = 120
    elif tricks == 0:
        points = 0
    else:  # what the tricks and the Skat can hold (engine/records.py refuses the rest)
        points = draw(st.sampled_from(sorted(point_totals(3 * tricks + 2))))
    record.update(card_points=points, tricks=tricks)
    if game.announcements:
        said_w = draw(st.booleans())
        record["schwarz_announced"] = said_w
        record["schneider_announced"] = said_w or draw(st.booleans())
        if rule_set.hand_flags and said_w | record["schneider_announced"]:
            record["hand"] = True
    if rule_set.hand_flags and "hand" not in record:
        record["hand"] = draw(st.booleans())
    return rules, options, record


@settings(max_examples=400)
@given(trump_games())
def test_a_won_value_is_basis_times_levels(case):
    rules, options, record = case
    outcome = evaluate(record, rules, options)
    if outcome["won"]:
        assert outcome["value"] == outcome["basis"] * outcome["levels"] > 0
    else:
        assert outcome["value"] < 0


@settings(max_examples=300)
@given(trump_games(), st.data())
def test_a_won_game_reaches_its_bid(case, data):
    rules, options, record = case
    bids = legal_bids(get_rule_set(rules), options)
    if not bids:  # USPCC bids by name
        return
    bid = data.draw(st.sampled_from(bids))
    outcome = evaluate({**record, "bid": bid}, rules, options)
    if outcome["won"]:
        assert outcome["value"] >= bid
    else:
        assert outcome["value"] < 0


@settings(max_examples=300)
@given(trump_games(), st.data())
def test_an_overbid_loses_at_least_the_next_multiple_of_the_basis(case, data):
    rules, options, record = case
    rule_set = get_rule_set(rules)
    bids = legal_bids(rule_set, options)
    if not bids:
        return
    bid = data.draw(st.sampled_from(bids))
    outcome = evaluate({**record, "bid": bid}, rules, options)
    if outcome["overbid"]:
        assert not outcome["won"]
        basis = outcome["basis"]
        floor = bid if rules == "hertefeld" else -(-bid // basis) * basis  # RULINGS 3 vs 1.4
        assert -outcome["value"] >= floor


@settings(max_examples=400)
@given(trump_games())
def test_with_n_and_without_n_score_alike(case):
    rules, options, record = case
    flipped = {**record, "matadors": -record["matadors"]}
    assert evaluate(record, rules, options) == evaluate(flipped, rules, options)


@given(st.sampled_from(NUMERIC_RULE_SETS))
def test_every_won_value_the_engine_can_produce_is_a_legal_bid(rules):
    # The exhaustive form of the property: every record the entry form can make.
    rule_set = get_rule_set(rules)
    options = rule_set.resolve_options({})
    bids = set(legal_bids(rule_set, options))
    for record in _every_trump_record(rule_set, options):
        outcome = evaluate(record, rule_set, options)
        if outcome["won"]:
            assert outcome["value"] in bids, record


def _every_trump_record(rule_set, options):
    plays = [(61, 5), (95, 8), (120, 10)]
    for game in rule_set.enabled_games(options):
        if not game.has_trumps:
            continue
        trumps = SUITS if game.kind is GameKind.SUIT else [None]
        most = 11 if game.kind is GameKind.SUIT else 4
        announcements = [(False, False)]
        if game.announcements:
            announcements += [(True, False), (True, True)]
        hands = [False, True] if rule_set.hand_flags else [False]
        for trump in trumps:
            for m in range(1, most + 1):
                for points, tricks in plays:
                    for said_s, said_w in announcements:
                        for hand in hands:
                            if rule_set.hand_flags and said_s and not hand:
                                continue
                            record = {"game": game.key, "matadors": m,
                                      "card_points": points, "tricks": tricks}
                            if trump:
                                record["trump"] = trump
                            if said_s:
                                record["schneider_announced"] = True
                            if said_w:
                                record["schwarz_announced"] = True
                            if hand:
                                record["hand"] = True
                            yield record


@given(st.sampled_from(ALL_RULE_SETS), st.integers(1, 4))
def test_every_null_game_scores_its_fixed_value(rules, _seat):
    rule_set = get_rule_set(rules)
    for game in rule_set.enabled_games(rule_set.resolve_options({})):
        if game.kind is GameKind.NULL:
            won = evaluate({"game": game.key, "tricks": 0}, rules)
            lost = evaluate({"game": game.key, "tricks": 2}, rules)
            assert won["value"] == won["basis"] > 0
            assert lost["value"] in (-won["value"], -2 * won["value"])
