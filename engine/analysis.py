"""Open-card analysis of a comparative deck (docs/hand-analysis.md, "Hand records"): for each
letter that holds cards, what each game it could declare from its hand makes when all three
play perfectly with every card in view, and its best game by value.

A game is analysed as the rule set's game played from the hand: the Skat stays as dealt and
counts for the declarer (ISkO: a Hand game; the League's books: Solo, Grand, Null). What a
declarer who picks the Skat up might lay away instead is not searched: 66 discards for every
game would cost 66 times the time, and the hand as dealt is what the hand record prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Suit
from .decks import Deck, deck_matadors
from .games import GameKey, game_phrase
from .rulesets import RuleSet, get_rule_set
from .seats import Letter
from .solver import COMPILED, Position, bounds, solve
from .tricks import Contract, Order
from .words import Phrase, phrase

# The games of a hand, Grand first: a tie in value goes to the one named first.
GAMES: tuple[str, ...] = ("grand", "clubs", "spades", "hearts", "diamonds", "null")
# Nodes a search of the bounds may take (a tenth of a second in C): a few hands would take
# minutes, and for them what the search proved by then is kept, never narrower than the truth.
BOUNDS_BUDGET = 300_000


@dataclass(frozen=True)
class OpenCards:
    """What the cards allow one letter in one game, whatever the rule set: the declarer's
    card points with perfect play on both sides (the Skat's included; None for Null), won
    (61, or Null without a trick), whether one side takes every trick, and the fewest and
    the most card points he holds under any play (everybody against him, everybody for
    him). This is what is stored: the rule set's value is read from it (``judged``)."""

    game: str  # a key of GAMES
    card_points: int | None
    won: bool
    schwarz: bool
    fewest: int | None = None
    most: int | None = None

    def as_json(self) -> dict[str, object]:
        return {"game": self.game, "card_points": self.card_points, "won": self.won,
                "schwarz": self.schwarz, "fewest": self.fewest, "most": self.most}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> OpenCards:
        def number(key: str) -> int | None:
            value = data.get(key)
            return value if isinstance(value, int) and not isinstance(value, bool) else None

        return cls(str(data["game"]), number("card_points"), bool(data["won"]),
                   bool(data["schwarz"]), number("fewest"), number("most"))


@dataclass(frozen=True)
class GameResult:
    """One game of one letter's hand with open cards, as the rule set scores it: won,
    Schneider, Schwarz and the value (a lost game's negative, as the score sheet has it)."""

    cards: OpenCards
    won: bool
    schneider: bool
    schwarz: bool
    value: int
    words: tuple[Phrase, ...] = ()  # "Grand Hand with 2, Schneider, won", as a sheet says it

    @property
    def game(self) -> str:
        return self.cards.game

    @property
    def card_points(self) -> int | None:
        return self.cards.card_points


@dataclass(frozen=True)
class LetterAnalysis:
    """Every game of one letter's hand, in the order of GAMES."""

    letter: Letter
    games: tuple[GameResult, ...]

    @property
    def best(self) -> GameResult:
        """The game worth most (a won game before any lost one; Grand first on a tie)."""
        return max(self.games, key=lambda g: g.value)

    def game(self, key: str) -> GameResult | None:
        return next((g for g in self.games if g.game == key), None)


def hand_record(rules: RuleSet, game: str) -> dict[str, object]:
    """The start of the deal record of ``game`` played from the hand under ``rules``."""
    if game == "null":
        record: dict[str, object] = {"game": GameKey.NULL.value}
    elif game == "grand":
        record = {"game": GameKey.GRAND.value}
    else:
        suit_game = GameKey.SUIT if rules.game(GameKey.SUIT) is not None else GameKey.SOLO
        record = {"game": suit_game.value, "trump": game}
    if rules.hand_flags:
        record["hand"] = True
    return record


def record_of(cards: OpenCards, deck: Deck, letter: Letter, rules: RuleSet) -> dict[str, object]:
    """The deal record of the open-card result, as a score sheet would hold it."""
    record = hand_record(rules, cards.game)
    if cards.card_points is None:
        record["tricks"] = 0 if cards.won else 1
    else:
        trump = None if cards.game == "grand" else Suit.from_key(cards.game)
        record["matadors"] = deck_matadors(deck, letter, trump)
        points = cards.card_points
        if cards.schwarz:
            # the side that took every trick: a declarer without one holds no card points
            record["tricks"] = 10 if points >= 61 else 0
            points = points if points >= 61 else 0
        record["card_points"] = points
    return record


def short_words(result: GameResult, rules: str | RuleSet = "isko") -> tuple[Phrase, ...]:
    """The game and what it reached, for "Grand Schneider was there": the rule set's name
    of the game, then Schwarz or Schneider if it made them."""
    from .describe import SCHNEIDER, SCHWARZ

    rule_set = get_rule_set(rules)
    record = hand_record(rule_set, result.game)
    trump = Suit.from_key(str(record["trump"])) if "trump" in record else None
    words = [game_phrase(rule_set, str(record["game"]), trump)]
    if result.won and result.schwarz:
        words.append(phrase(SCHWARZ))
    elif result.won and result.schneider:
        words.append(phrase(SCHNEIDER))
    return tuple(words)


def judged(cards: OpenCards, deck: Deck, letter: Letter,
           rules: str | RuleSet = "isko") -> GameResult:
    """What the rule set makes of an open-card result, as it scores a deal record."""
    from . import evaluate_deal

    rule_set = get_rule_set(rules)
    evaluation = evaluate_deal(record_of(cards, deck, letter, rule_set), rule_set)
    outcome = evaluation.outcome
    return GameResult(cards, outcome.won, outcome.schneider, outcome.schwarz, outcome.value,
                      evaluation.words)


def position_of(deck: Deck, letter: Letter, game: str) -> Position:
    """``letter`` declares ``game`` from the hand: forehand leads, the Skat is his."""
    contract = Contract.from_key(game)
    playing = deck.in_turn
    if letter not in playing:
        raise ValueError(f"{letter} holds no hand in deck {deck.number}")
    skat = 0 if contract.order is Order.NULL else sum(c.points for c in deck.skat)
    return Position.of(contract, [deck.hands[p] for p in playing], playing.index(letter), 0,
                       taken=skat)


def open_cards(deck: Deck, letter: Letter, game: str, *, with_bounds: bool = True) -> OpenCards:
    position = position_of(deck, letter, game)
    solved = solve(position)
    fewest = most = None
    # the pure reference knows no budget: a whole hand's bounds would take it hours
    if with_bounds and solved.card_points is not None and COMPILED:
        fewest, most = bounds(position, budget=BOUNDS_BUDGET)
    return OpenCards(game, solved.card_points, solved.won, solved.schwarz, fewest, most)


def solve_deck(deck: Deck, *, with_bounds: bool = True) -> dict[Letter, tuple[OpenCards, ...]]:
    """Every letter holding cards, in letter order, with each game of GAMES."""
    return {letter: tuple(open_cards(deck, letter, game, with_bounds=with_bounds)
                          for game in GAMES)
            for letter in Letter if letter in deck.hands}


def analysed(deck: Deck, letter: Letter, solved: tuple[OpenCards, ...],
             rules: str | RuleSet = "isko") -> LetterAnalysis:
    return LetterAnalysis(letter, tuple(judged(cards, deck, letter, rules) for cards in solved))
