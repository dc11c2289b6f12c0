"""Legal bids: every value some game of the rule set can be won with (000 L2054)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product

from .cards import Suit
from .games import MAX_MATADORS, Game, GameKind, RuleSet
from .values import Facts, won_levels


def game_values(game: Game, rules: RuleSet) -> set[int]:
    """Every value ``game`` can be won with under ``rules``."""
    if game.kind is GameKind.NULL:
        if game.null_values is not None:
            return set(game.null_values.values())
        return {game.basis}
    if not game.has_trumps:
        return set()
    values: set[int] = set()
    trumps = list(Suit) if game.kind is GameKind.SUIT else [None]
    hand_choices = (False, True) if rules.hand_flags else (False,)
    announce_choices = (False, True) if game.announcements else (False,)
    for m in range(1, MAX_MATADORS[game.kind] + 1):
        for made_s, made_w, said_s, said_w, hand, ouvert in product(
            (False, True), (False, True), announce_choices, announce_choices,
            hand_choices, hand_choices,
        ):
            if made_w and not made_s:  # ten tricks are 120 card points
                continue
            if (said_s and not made_s) or (said_w and not (made_w and said_s)):
                continue  # a won game fulfilled its announcements
            if rules.hand_flags and (said_s or ouvert) and not hand:
                continue
            if ouvert and not (said_w and made_w):
                continue
            if game.all_tricks_to_win and not made_w:
                continue
            facts = Facts(matadors=m, schneider=made_s, schwarz=made_w,
                          schneider_announced=said_s, schwarz_announced=said_w,
                          hand=hand, ouvert=ouvert)
            levels = won_levels(rules, game, facts)
            for trump in trumps:
                values.add(game.basis_for(trump) * levels)
    return {v for v in values if v >= game.min_value}


_CACHE: dict[tuple[str, tuple[tuple[str, bool], ...]], tuple[int, ...]] = {}


def _legal_bids(rules: RuleSet, options: tuple[tuple[str, bool], ...]) -> tuple[int, ...]:
    cache_key = (rules.key, options)
    if cache_key not in _CACHE:
        values: set[int] = set()
        for game in rules.enabled_games(dict(options)):
            values |= game_values(game, rules)
        _CACHE[cache_key] = tuple(sorted(v for v in values if v >= rules.min_bid))
    return _CACHE[cache_key]


def legal_bids(rules: RuleSet, options: Mapping[str, bool] | None = None) -> tuple[int, ...]:
    """The bids of a rule set with numeric bidding, lowest first (empty if bidding is by name)."""
    if not rules.numeric_bids:
        return ()
    resolved = rules.resolve_options(options)
    return _legal_bids(rules, tuple(sorted(resolved.items())))
