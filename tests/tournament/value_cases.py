"""The deals tests/tournament/test_value_js.py previews in JavaScript and on the server.

Generated from the engine's enumerations, never listed by hand: every rule set, every option
set the tournament form allows (``option_sets``), every game those switch on, the form's own
fields for it (``fields_for``), the matadors across their range, the trumps, the legal bids,
the card points around every threshold of the values, both table sizes and a comparative
table. A seeded spread for each (rule set, options, game); for the default options also every
matador count with and without, won and lost.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from itertools import product

from engine import (
    DEFAULT_RULE_SET,
    InvalidOption,
    RuleSet,
    ScoringSystem,
    Suit,
    get_rule_set,
    legal_bids,
    letters,
    rule_sets,
)
from engine.games import MAX_MATADORS, Game, GameKey, GameKind
from engine.values import LOST_SCHNEIDER_AT, WON_AT
from tournament.models import Deck, Tournament
from tournament.sheets.forms import fields_for
from tournament.sheets.seated import Player, TableInfo

SUITS = [suit.key for suit in Suit]
SPREAD = 100  # random deals per game under a rule set's default options
SPREAD_PER_OPTION_SET = 12  # under each other option set
TICK = "on"  # how a browser posts a ticked checkbox
ANNOUNCED = ("schneider_announced", "schwarz_announced", "hand", "ouvert", "passt_nicht")


def option_sets(rules: RuleSet) -> list[dict[str, bool]]:
    """Every option set the tournament form lets an organizer choose for ``rules``."""
    keys = [option.key for option in rules.options]
    chosen = []
    for values in product((False, True), repeat=len(keys)):
        try:
            chosen.append(rules.resolve_options(dict(zip(keys, values, strict=True))))
        except InvalidOption:
            continue
    return chosen


def tournament(rule_set: str, options: dict[str, bool], system: str) -> Tournament:
    return Tournament(rule_set=rule_set, options=options, scoring_system=system)


@dataclass
class Case:
    rules: str
    options: dict[str, bool]
    system: str
    language: str
    info: TableInfo
    number: int
    fields: dict[str, str]
    table: dict = field(default_factory=dict)
    field: str | None = None  # a refusal case: the field the refusal names
    game: str = ""  # the game whose spread made it (its "game" field may be another)

    @property
    def rules_id(self) -> str:
        return json.dumps([self.rules, sorted(self.options.items()), self.system,
                           self.language])

    def job(self) -> dict:
        return {"rules": self.rules_id, "fields": self.fields, "table": self.table}


class Spread:
    """Random deals of one game under one rule set and option set."""

    def __init__(self, rules: RuleSet, options: dict[str, bool], game: Game, seed: str):
        self.rules, self.options, self.game = rules, options, game
        self.rng = random.Random(seed)
        self.bids = list(legal_bids(rules, options))

    def case(self, **overrides: str) -> Case:
        rng = self.rng
        seats, number = rng.choice((3, 4)), rng.randint(1, 12)
        decks: tuple[Deck, ...] = ()
        if rng.random() < 0.1:  # a comparative table: the deck's dealer deals
            decks = tuple(Deck(number=rng.randint(1, 60), hands={}, skat=[],
                               dealer=rng.choice(letters(seats)).value) for _ in range(number))
        players = tuple(Player(seat, 100 + seat, f"Player {seat}") for seat in range(1, seats + 1))
        info = TableInfo(table=None, rules=self.rules, options=self.options, players=players,
                         deal_count=99, decks=decks)
        dealer = info.dealer(number)
        self.playing = [s for s in range(1, seats + 1) if not (seats == 4 and s == dealer)]
        self.dealer = dealer
        table: dict = {"seats": seats, "dealer": dealer, "number": number}
        fields = {"version": (str(rng.randint(0, 40)) if rng.random() < 0.95 else
                              rng.choice(["", "x", "-1"]))}
        if rng.random() < 0.9:
            fields["number"] = str(number)
        if decks:
            table["deck"] = decks[-1].number
            fields["deck"] = str(decks[-1].number if rng.random() < 0.9 else rng.randint(1, 99))
        if rng.random() < 0.8:
            table["totals"] = [rng.randint(-300, 600) for _ in players]
            if rng.random() < 0.3:
                table["before"] = [rng.randint(-300, 600) for _ in players]
            if rng.random() < 0.1:
                table["hide_totals"] = True
        fields.update(self.fields(self.game))
        if rng.random() < 0.02:  # a game the rule set or its options do not have, or none
            fields["game"] = rng.choice(["", *(g for g in GameKey if self.rules.game(g) is None
                                              or not self.rules.enabled(
                                                  self.rules.game(g), self.options))])
        fields.update(overrides)
        fields = {name: value for name, value in fields.items() if value is not None}
        if rng.random() < 0.15:  # a field the game does not show says nothing
            fields[rng.choice(["loser", "card_points", "matadors", "trump", "tricks",
                               "jungfer", "hand"])] = rng.choice(["9", "x", TICK, "121"])
        system = rng.choice(list(ScoringSystem)).value
        return Case(self.rules.key, self.options, system, rng.choice(("en", "en", "de")),
                    info, number, fields, table, game=self.game.key)

    def seat(self) -> str:
        rng = self.rng
        if rng.random() < 0.95:
            return str(rng.choice(self.playing))
        return rng.choice(["", str(self.dealer), "5", "0", "x"])

    def opponent(self, declarer: str) -> str:
        rng = self.rng
        others = [s for s in self.playing if str(s) != declarer]
        return str(rng.choice(others)) if rng.random() < 0.85 and others else self.seat()

    def tick(self, chance: float) -> str | None:
        if self.rng.random() >= chance:
            return None
        return self.rng.choice([TICK, TICK, TICK, "true", "1", "0"])  # "0" is ticked too

    def points_and_tricks(self) -> tuple[str, str]:
        rng = self.rng
        if rng.random() < 0.08:  # out of range, impossible, not a number
            return (rng.choice(["121", "-1", "1", "119", "", "abc", "60.0", "200", " 75 "]),
                    rng.choice(["", "", "11", "-1", "0", "10", "5", "x"]))
        thresholds = [0, 120, WON_AT, WON_AT - 1, self.rules.schneider_at,
                      self.rules.schneider_at - 1, LOST_SCHNEIDER_AT, LOST_SCHNEIDER_AT + 1]
        points = rng.choice(thresholds) if rng.random() < 0.5 else rng.randint(2, 118)
        if self.game.all_tricks_to_win and rng.random() < 0.5:
            points = 120  # the only way to win it
        tricks = {0: "0", 120: "10"}.get(points, "")
        if rng.random() < 0.12:  # tricks that may contradict the points, or none at 0 or 120
            tricks = rng.choice(["", str(rng.randint(0, 10))])
        return str(points), tricks

    def fields(self, game: Game) -> dict[str, str | None]:
        rng = self.rng
        shown = fields_for(game, SimpleInfo(self.rules, self.options))
        if game.kind is GameKind.PASSED:
            return {"game": game.key}
        if game.kind is GameKind.RAMSCH:
            fields = {"game": game.key, "loser": self.seat(), "jungfer": self.tick(0.3),
                      "all_tricks": self.tick(0.15)}
            if "card_points" in shown:
                fields["card_points"] = (str(rng.randint(40, 120)) if rng.random() < 0.8 else
                                         rng.choice(["120", "39", "30", "", "121", "119"]))
            return fields
        declarer = self.seat()
        fields = {"game": game.key, "declarer": declarer}
        if game.has_trumps:
            most = MAX_MATADORS[game.kind]
            count = rng.randint(1, most)
            fields["matadors"] = (str(count) if rng.random() < 0.94 else rng.choice(
                [str(most + 1), "11", "12", "0", "-1", "", "x", f"{count}.0", f" {count} "]))
            fields["without"] = self.tick(0.4)
            fields["card_points"], fields["tricks"] = self.points_and_tricks()
        else:
            fields["tricks"] = (rng.choice(["0", "0", str(rng.randint(1, 10))])
                                if rng.random() < 0.9 else rng.choice(["", "11", "x"]))
        if game.kind is GameKind.SUIT:
            fields["trump"] = (rng.choice(SUITS) if rng.random() < 0.96 else
                               rng.choice(["", "Hearts", "none"]))
        for flag in ANNOUNCED:
            fields[flag] = self.tick(0.2)
        fields["conceded"] = self.tick(0.07)
        if "contra" in shown:
            fields["contra"], fields["recontra"] = self.tick(0.25), self.tick(0.1)
            if fields["contra"] or rng.random() < 0.05:
                fields["contra_by"] = self.opponent(declarer)
        revoke = rng.choices(["", "opponent", "declarer", "both"], [80, 9, 9, 1])[0]
        fields["revoke"] = revoke
        if revoke == "opponent" or rng.random() < 0.03:
            fields["revoked_by"] = self.opponent(declarer)
        if self.rules.numeric_bids and rng.random() < 0.4:
            fields["bid"] = (str(rng.choice(self.bids)) if rng.random() < 0.85 else
                             rng.choice([str(rng.randint(0, 400)), str(self.rules.min_bid),
                                         "x", "-5", "99999"]))
        return fields


@dataclass(frozen=True)
class SimpleInfo:
    """What ``fields_for`` reads of a table: no comparative decks."""

    rules: RuleSet
    options: dict[str, bool]
    decks: tuple = ()


def every_matador(spread: Spread, game: Game) -> list[Case]:
    """The default options: each matador count, with and without, won and lost."""
    cases = []
    for count, without, won in product(range(1, MAX_MATADORS[game.kind] + 1), (False, True),
                                       (True, False)):
        points = spread.rng.randint(WON_AT, 118) if won else spread.rng.randint(2, WON_AT - 1)
        case = spread.case(matadors=str(count), without=TICK if without else "",
                           card_points=str(points), tricks="", conceded="", revoke="")
        case.fields["declarer"] = str(spread.rng.choice(spread.playing))
        cases.append(case)
    return cases


def all_cases() -> list[Case]:
    cases = []
    for rules in rule_sets():
        default = rules.resolve_options(None)
        for options in option_sets(rules):
            for game in rules.enabled_games(options):
                seed = f"{rules.key}/{sorted(options.items())}/{game.key}"
                spread = Spread(rules, options, game, seed)
                count = SPREAD if options == default else SPREAD_PER_OPTION_SET
                cases += [spread.case() for _ in range(count)]
                if options == default and game.has_trumps:
                    cases += every_matador(spread, game)
    return cases


def refusal_cases() -> list[Case]:
    """A deal right but for one field, which the refusal must name."""
    nasl, isko, hertefeld = (get_rule_set(DEFAULT_RULE_SET), get_rule_set("isko"),
                             get_rule_set("hertefeld"))
    solo = {"game": "solo", "trump": "hearts", "matadors": "2", "card_points": "75"}
    wrong = [
        (nasl, {**solo, "matadors": "12"}, "matadors"),  # the form's range
        (nasl, {**solo, "game": "grand", "trump": "", "matadors": "5"}, "matadors"),  # engine
        (nasl, {**solo, "matadors": "two"}, "matadors"),
        (nasl, {**solo, "card_points": "121"}, "card_points"),
        (nasl, {**solo, "card_points": "-1"}, "card_points"),
        (nasl, {**solo, "card_points": "1"}, "card_points"),  # no card is worth 1
        (nasl, {**solo, "tricks": "11"}, "tricks"),
        (nasl, {**solo, "card_points": "120"}, "tricks"),  # the tricks decide Schwarz
        (nasl, {**solo, "trump": ""}, "trump"),
        (nasl, {**solo, "bid": "11"}, "bid"),  # no game is worth 11
        (nasl, {**solo, "game": "suit"}, "game"),  # the ISkO's game
        (nasl, {**solo, "game": "revolution"}, "game"),  # switched off by default
        (isko, {**solo, "game": "suit", "schneider_announced": TICK}, "schneider_announced"),
        (isko, {**solo, "game": "suit", "schwarz_announced": TICK}, "schwarz_announced"),
        (hertefeld, {"game": "null"}, "tricks"),  # a Nullo is won with no trick
        (hertefeld, {"game": "ramsch"}, "loser"),
    ]
    cases = []
    for rules, fields, at_fault in wrong:
        options = rules.resolve_options(None)
        players = tuple(Player(seat, seat, f"Player {seat}") for seat in (1, 2, 3))
        info = TableInfo(table=None, rules=rules, options=options, players=players,
                         deal_count=36)
        declarer = {"declarer": "2"} if fields["game"] != "ramsch" else {}
        cases.append(Case(rules.key, options, ScoringSystem.LEAGUE.value, "en", info, 1,
                          {**declarer, **fields, "version": "0", "number": "1"},
                          {"seats": 3, "dealer": info.dealer(1), "number": 1}, at_fault,
                          fields["game"]))
    return cases
