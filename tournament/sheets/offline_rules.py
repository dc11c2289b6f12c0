"""What the table link's offline value preview (static/js/skat_value.js) needs of a tournament:
its rule set's games and numbers, the entry form's fields and limits, the words of a deal in
the page's language, the scoring system's bonuses (issue 24, point 1).

Everything is read from the engine's and the form's own tables, never retyped, so the port
cannot drift unseen; tests/tournament/test_value_js.py runs both over every rule set and game
and finds them equal. Called while the page renders: the words are in its language.
"""

from __future__ import annotations

from types import SimpleNamespace

from django.utils.translation import gettext

from engine import DECK, FLAGS, GAME_BONUS, OPPONENT_BONUS, ScoringSystem, Suit, legal_bids
from engine.describe import (
    CONCEDED,
    CONTRA,
    HAND,
    LOST,
    OUVERT,
    OUVERT_HAND,
    OVERBID,
    PASSED,
    PASST_NICHT,
    RAMSCH,
    RAMSCH_ALL_TRICKS,
    RAMSCH_JUNGFER,
    RECONTRA,
    REVOKED,
    SCHNEIDER,
    SCHNEIDER_ANNOUNCED,
    SCHWARZ,
    SCHWARZ_ANNOUNCED,
    SEPARATOR,
    WITH,
    WITHOUT,
    WON,
)
from engine.games import MAX_MATADORS, Game, RuleSet, game_phrase
from engine.values import LOST_SCHNEIDER_AT, WON_AT
from tournament.parsing import SMALL_INT_MAX
from tournament.sheets.forms import DealForm, fields_for
from tournament.speech import say, word

# the least card points a Ramsch's loser can have (engine/records.py ``_ramsch``: the most of
# three players); the parity test tries 39 and 40
RAMSCH_LOSER_LEAST = 40
# the form's whole-number fields and its choices the preview checks, as DealForm sets them
NUMBERS = ("matadors", "card_points", "tricks", "bid", "number", "version")
CHOICES = ("trump", "revoke")
# the form's fields a refusal can name, each with its label in the page's language
LABELS = ("game", "declarer", "loser", "matadors", "trump", "card_points", "tricks", "bid",
          "schneider_announced", "schwarz_announced", "contra_by", "revoke", "revoked_by")
# the parts of a deal's description (engine/describe.py), by the name the script uses
WORDS = {"passed": PASSED, "ramsch": RAMSCH, "ramsch_all_tricks": RAMSCH_ALL_TRICKS,
         "ramsch_jungfer": RAMSCH_JUNGFER, "passt_nicht": PASST_NICHT, "ouvert": OUVERT,
         "hand": HAND, "ouvert_hand": OUVERT_HAND, "with": WITH, "without": WITHOUT,
         "schwarz_announced": SCHWARZ_ANNOUNCED, "schneider_announced": SCHNEIDER_ANNOUNCED,
         "schwarz": SCHWARZ, "schneider": SCHNEIDER, "recontra": RECONTRA, "contra": CONTRA,
         "conceded": CONCEDED, "overbid": OVERBID, "won": WON, "lost": LOST}


def offline_rules(tournament) -> dict:
    """The JSON the offline preview reads: ``SkatValue.preview(rules, fields, table)``."""
    rules: RuleSet = tournament.rules
    options = tournament.resolved_options
    system = ScoringSystem(tournament.scoring_system)
    return {
        "rule_set": rules.key,
        "options": options,
        "ladder": rules.ladder.value,
        "won_at": WON_AT,
        "schneider_at": rules.schneider_at,
        "lost_schneider_at": LOST_SCHNEIDER_AT,
        "ramsch_loser_least": RAMSCH_LOSER_LEAST,
        "overbid_loss": rules.overbid_loss.value,
        "numeric_bids": rules.numeric_bids,
        "min_bid": rules.min_bid,
        "legal_bids": list(legal_bids(rules, options)),
        "all_losses_double": rules.all_losses_double,
        "null_overbid": rules.null_overbid,
        "hand_flags": rules.hand_flags,
        "ramsch_values": list(rules.ramsch_values) if rules.ramsch_values else None,
        "games": [_game(rules, options, game) for game in rules.enabled_games(options)],
        "flags": [flag.value for flag in FLAGS],
        "card_points": [card.points for card in DECK],
        "limits": _limits(),
        "choices": {name: [str(key) for key, _ in DealForm.base_fields[name].choices if key]
                    for name in CHOICES},
        "labels": {**{name: str(DealForm.base_fields[name].label) for name in LABELS},
                   "deck": gettext("Deck")},
        "words": {**{name: word(msgid) for name, msgid in WORDS.items()},
                  "revoked": {r.value: word(msgid) for r, msgid in REVOKED.items()},
                  "separator": SEPARATOR},
        "scoring": {"system": system.value, "sheet_foot": system.sheet_foot,
                    "game_bonus": GAME_BONUS,
                    "opponent_bonus": {str(size): bonus
                                       for size, bonus in OPPONENT_BONUS.items()}},
    }


def _game(rules: RuleSet, options: dict[str, bool], game: Game) -> dict:
    plain = SimpleNamespace(rules=rules, options=options, decks=())
    decks = SimpleNamespace(rules=rules, options=options, decks=(None,))
    # its name in the page's language, by trump for a suit game ("" for none)
    names = {"": say(game_phrase(rules, game.key))}
    if game.suit_basis is not None:
        names.update({suit.key: say(game_phrase(rules, game.key, suit)) for suit in Suit})
    return _without_defaults({
        "key": game.key.value,
        "kind": game.kind.value,
        "name": names,
        "basis": game.basis,
        "suit_basis": ({suit.key: value for suit, value in game.suit_basis.items()}
                       if game.suit_basis is not None else None),
        # ISkO Null by hand and ouvert: "00", "10" (hand), "01" (ouvert), "11"
        "null_values": ({f"{int(hand)}{int(ouvert)}": value
                         for (hand, ouvert), value in game.null_values.items()}
                        if game.null_values is not None else None),
        "max_matadors": MAX_MATADORS.get(game.kind, 0),
        "announcements": game.announcements,
        "lost_factor": game.lost_factor,
        "full_contingencies": game.full_contingencies,
        "all_tricks_to_win": game.all_tricks_to_win,
        "min_value": game.min_value,
        # the form's fields for it; at a comparative table the deck's cards give the matadors
        "fields": fields_for(game, plain),
        "deck_fields": fields_for(game, decks),
    })


def _without_defaults(game: dict) -> dict:
    """A game's entry without what most games have: no suit basis, no Null values, no
    announcements, a loss counted once…: the script reads a missing key as that."""
    return {key: value for key, value in game.items()
            if value not in (None, False, 0) and not (key == "lost_factor" and value == 1)}


def _limits() -> dict[str, dict[str, object]]:
    """The least and most of the form's whole-number fields, and whether each must be given."""
    limits: dict[str, dict[str, object]] = {
        name: {"min": field.min_value, "max": field.max_value, "required": field.required}
        for name in NUMBERS for field in [DealForm.base_fields[name]]}
    # the deck's number, a field DealForm adds at a comparative table
    limits["deck"] = {"min": 1, "max": SMALL_INT_MAX, "required": True}
    return limits
