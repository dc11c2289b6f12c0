"""The Skat rules engine: pure Python, no Django (DESIGN.md).

``evaluate(record, rules="nasl-1908", options=None)`` scores one canonical deal record;
``evaluate_deal`` scores it and puts it in words from one parse (the score sheet's entry).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .bids import game_values, legal_bids
from .cards import (
    DECK,
    TOTAL_POINTS,
    Card,
    DealtCards,
    Rank,
    Suit,
    card_points,
    deal_cards,
    matadors,
    trump_order,
)
from .decks import MAX_DECKS, Deck, deal_set, dealer_of, deck_matadors
from .declarations import (
    FLAGS,
    Declaration,
    PassedDeal,
    Penalty,
    RamschResult,
    Record,
    RecordKey,
    Revoker,
    to_record,
)
from .describe import describe_words as _describe_words
from .describe import english as _english
from .errors import EngineError, InvalidDeck, InvalidOption, InvalidRecord, UnknownRuleSet
from .records import parse_record
from .rulesets import (
    DEFAULT_RULE_SET,
    GRAND_RANK,
    NOT_GAMES,
    SOLO_GAMES,
    SOLO_GRAND_GAMES,
    SOLO_SUIT_GAMES,
    TOURNE_GAMES,
    TOURNE_GRAND_GAMES,
    TOURNE_SUIT_GAMES,
    Game,
    GameKey,
    GameKind,
    Option,
    OptionKey,
    PenaltyKind,
    PenaltyReason,
    RuleSet,
    against_rank,
    dealer_seat,
    game_name,
    get_rule_set,
    rule_sets,
)
from .seats import LETTERS, SEATS, Letter, letter_of, letters, seat_of
from .settlement import at_rate, settle
from .systems import (
    GAME_BONUS,
    OPPONENT_BONUS,
    ScoringSystem,
    SeegerFabianFoot,
    seeger_fabian_foot,
)
from .values import Outcome, score
from .words import Phrase

__all__ = [
    "DECK", "DEFAULT_RULE_SET", "FLAGS", "GAME_BONUS", "LETTERS", "OPPONENT_BONUS", "MAX_DECKS",
    "GRAND_RANK", "NOT_GAMES", "SOLO_GAMES", "SOLO_GRAND_GAMES", "SOLO_SUIT_GAMES",
    "TOURNE_GAMES", "TOURNE_GRAND_GAMES", "TOURNE_SUIT_GAMES",
    "SEATS", "TOTAL_POINTS", "Card", "DealtCards", "Deck", "Declaration", "EngineError",
    "Evaluation", "Game", "GameKey", "GameKind", "InvalidDeck", "InvalidOption", "InvalidRecord",
    "Letter", "Option", "OptionKey", "Outcome", "PassedDeal", "Penalty", "PenaltyKind",
    "PenaltyReason", "RamschResult", "Rank", "Record", "RecordKey", "Revoker", "RuleSet",
    "ScoringSystem", "SeegerFabianFoot", "Suit", "UnknownRuleSet", "against_rank", "at_rate",
    "card_points",
    "check_record", "deal_cards", "deal_set", "dealer_of", "dealer_seat", "deck_matadors",
    "describe", "evaluate", "evaluate_deal", "evaluate_outcome", "game_name", "game_values",
    "get_rule_set", "legal_bids", "letter_of", "letters", "matadors", "parse_record",
    "rule_sets", "seat_of", "seeger_fabian_foot", "settle", "to_record", "trump_order",
]


@dataclass(frozen=True)
class Evaluation:
    """A deal scored and in words, from one parse of its record."""

    outcome: Outcome
    text: str  # "Heart Solo with 1, Schneider, won", as the score sheet shows it (English)
    # the same parts as msgids with their parameters, for the site to say in the reader's
    # language (engine.describe.describe_words); ``text`` is their English
    words: tuple[Phrase, ...] = ()


def evaluate_deal(
    record: Mapping[str, object],
    rules: str | RuleSet = DEFAULT_RULE_SET,
    options: Mapping[str, object] | None = None,
) -> Evaluation:
    """Score one deal record and describe it; raises :class:`InvalidRecord` for a record the
    rules refuse. The record is parsed once: the words name what the outcome was made of."""
    rule_set = get_rule_set(rules)
    resolved = rule_set.resolve_options(options)
    parsed = parse_record(record, rule_set, resolved)
    outcome = score(parsed, rule_set, resolved)
    words = _describe_words(parsed, rule_set, outcome)
    return Evaluation(outcome, _english(words), words)


def check_record(
    record: Mapping[str, object],
    rules: str | RuleSet = DEFAULT_RULE_SET,
    options: Mapping[str, object] | None = None,
) -> None:
    """Whether the rules allow ``record`` as written (its shape), without scoring it; raises
    :class:`InvalidRecord` on the field at fault, as :func:`evaluate_deal` would."""
    rule_set = get_rule_set(rules)
    parse_record(record, rule_set, rule_set.resolve_options(options))


def evaluate_outcome(
    record: Mapping[str, object],
    rules: str | RuleSet = DEFAULT_RULE_SET,
    options: Mapping[str, object] | None = None,
) -> Outcome:
    """Score one deal record; raises :class:`InvalidRecord` for a record the rules refuse."""
    rule_set = get_rule_set(rules)
    resolved = rule_set.resolve_options(options)
    return score(parse_record(record, rule_set, resolved), rule_set, resolved)


def evaluate(
    record: Mapping[str, object],
    rules: str | RuleSet = DEFAULT_RULE_SET,
    options: Mapping[str, object] | None = None,
) -> dict[str, object]:
    """The outcome as the CLI prints it: won, value, basis, levels, overbid, schneider, schwarz."""
    return evaluate_outcome(record, rules, options).as_dict()


def describe(
    record: Mapping[str, object],
    rules: str | RuleSet = DEFAULT_RULE_SET,
    options: Mapping[str, object] | None = None,
) -> str:
    """The deal in words for the score sheet, e.g. "Heart Solo with 1, Schneider, won"."""
    return evaluate_deal(record, rules, options).text
