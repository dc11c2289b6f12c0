"""``to_record`` is the inverse of ``parse_record``, for valid records of every rule set."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import InvalidRecord, RecordKey, get_rule_set, parse_record, to_record
from engine.cards import point_totals
from engine.games import GameKind

from .test_properties import ALL_RULE_SETS, SUITS

FLAGS = ["schneider_announced", "schwarz_announced", "passt_nicht", "conceded", "hand",
         "ouvert", "contra", "recontra", "jungfer", "all_tricks"]


def _flag(draw):
    """A flag as an entry may write it: true, or one of the ways of saying no."""
    return draw(st.sampled_from([True, True, False, None]))


GAMES = [(r, g.key) for r in ALL_RULE_SETS for g in get_rule_set(r).games]
GAMES += [(r, "penalty") for r in ALL_RULE_SETS]


@st.composite
def valid_records(draw, rules_key, key):
    """(rule set, resolved options, a raw record of game ``key`` the rule set accepts)."""
    rules = get_rule_set(rules_key)
    chosen = {o.key: draw(st.booleans()) for o in rules.options}
    game = rules.game(key)
    if game is not None and game.option is not None:  # the game must be played
        chosen[game.option] = game.kind is not GameKind.PASSED
    if not chosen.get("ramsch", True):
        chosen["point_ramsch"] = False
    options = rules.resolve_options(chosen)
    record: dict[str, object] = {"game": key}
    if key == "penalty":
        kind = draw(st.sampled_from(rules.penalties))
        record.update(seat=draw(st.integers(1, 4)), reason=kind.key)
        if kind.points is None:
            record["points"] = draw(st.integers(1, 1000)) * draw(st.sampled_from([1, -1]))
        elif draw(st.booleans()):
            record["points"] = kind.points
        return rules, options, record
    assert game is not None and rules.enabled(game, options)
    if game.kind is GameKind.PASSED:
        return rules, options, record
    if game.kind is GameKind.RAMSCH:
        record["loser"] = draw(st.integers(1, 4))
        all_tricks = _flag(draw)
        record.update(jungfer=_flag(draw), all_tricks=all_tricks)
        if options["point_ramsch"] or draw(st.booleans()):
            record["card_points"] = 120 if all_tricks else draw(st.integers(40, 118))
        return rules, options, record
    if game.kind is GameKind.SUIT or (game.optional_trump and draw(st.booleans())):
        record["trump"] = draw(st.sampled_from(SUITS))
    if game.has_trumps:
        most = 11 if game.kind is GameKind.SUIT else 4
        record["matadors"] = draw(st.integers(1, most)) * draw(st.sampled_from([1, -1]))
        tricks = draw(st.integers(0, 10))
        # what the tricks and the Skat can hold (engine/records.py refuses the rest)
        points = {0: 0, 10: 120}.get(tricks) if tricks in (0, 10) else draw(
            st.sampled_from(sorted(point_totals(3 * tricks + 2))))
        record["card_points"] = points
        if draw(st.booleans()) or tricks in (0, 10):
            record["tricks"] = tricks
    else:
        record["tricks"] = draw(st.integers(0, 10))
    flags = ["conceded"]  # the flags a scorekeeper could tick for this game
    if game.announcements:
        flags += ["schneider_announced", "schwarz_announced"]
    if game.passt_nicht:
        flags.append("passt_nicht")
    if rules.hand_flags:
        flags += ["hand", "ouvert"]
    if options.get("contra"):
        flags += ["contra", "recontra"]
    for flag in flags:
        if draw(st.integers(0, 2)) == 0:
            record[flag] = _flag(draw)
    if draw(st.integers(0, 9)) == 0:
        record[draw(st.sampled_from(FLAGS))] = draw(st.sampled_from([False, None]))
    if draw(st.booleans()):
        record["revoke"] = draw(st.sampled_from(["opponent", "declarer"]))
    if rules.numeric_bids and draw(st.booleans()):
        from engine import legal_bids

        bids = legal_bids(rules, options)
        if game.kind is GameKind.NULL and not rules.null_overbid:
            bids = [b for b in bids if b <= game.fixed_value()]
        record["bid"] = draw(st.sampled_from(bids))
    if draw(st.integers(0, 4)) == 0:
        record["bid" if "bid" not in record else "revoke"] = None  # JSON null: not given
    try:
        parse_record(record, rules, options)
    except InvalidRecord:
        assume(False)
    return rules, options, record


def normalised(record, rules):
    """What a canonical record says, written out by hand: no nulls, no false flags, what the
    parser implies made explicit, a penalty's points, keys in the canonical order."""
    r = {k: v for k, v in record.items() if v is not None and v is not False}
    if r.get("schwarz_announced"):
        r["schneider_announced"] = True
    if r.get("recontra"):
        r["contra"] = True
    if r.get("all_tricks"):
        r["jungfer"] = True
    game = rules.game(r["game"])
    if rules.hand_flags and game is not None and game.has_trumps and r.get("ouvert"):
        r.update(hand=True, schneider_announced=True, schwarz_announced=True)
    if r["game"] == "penalty":
        fixed = rules.penalty(r["reason"]).points
        r["points"] = abs(r["points"]) if "points" in r else fixed
    return {k.value: r[k.value] for k in RecordKey if k.value in r}


@pytest.mark.parametrize(("rules_key", "key"), GAMES)
def test_to_record_inverts_parse_record(rules_key, key):
    @settings(max_examples=60)
    @given(valid_records(rules_key, key))
    def round_trip(case):
        rules, options, raw = case
        parsed = parse_record(raw, rules, options)
        canonical = to_record(parsed)
        assert parse_record(canonical, rules, options) == parsed
        assert canonical == normalised(raw, rules)
        assert list(canonical) == list(normalised(raw, rules))  # the canonical key order
        assert to_record(parse_record(canonical, rules, options)) == canonical

    round_trip()
