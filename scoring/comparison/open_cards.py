"""A traveller's lines beside the deck's open-card analysis (docs/hand-analysis.md): "made 74
of a possible 89", "Grand Schneider was there"."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext

from engine import GameKey, GameKind, RuleSet, seat_of
from engine.analysis import LetterAnalysis, short_words
from scoring.comparison.loaders import DeckInfo
from scoring.comparison.services import TravellerRow
from tournament.comparative.analysis import analyses
from tournament.deal_words import say_words
from tournament.models import Deal, Deck
from tournament.words import say


@dataclass(frozen=True)
class OpenNote:
    """What the cards allowed the line's declarer, beside what he made."""

    made: str  # "made 74 of a possible 89"; "" when there is nothing to compare
    there: str  # "Grand Schneider was there": a better game of his hand; else ""


@dataclass(frozen=True)
class BestGame:
    letter: str
    words: str  # "Grand with 2, Schneider, won"
    value: int


def from_the_hand(rules: RuleSet, record: Mapping[str, object]) -> bool:
    """Whether the game was played with the Skat as dealt: the game the analysis solved (the
    ISkO's Hand games; the League's Solo and Grand). A declarer who picked the Skat up laid
    away cards nobody recorded."""
    if rules.hand_flags:
        return bool(record.get("hand"))
    return record.get("game") in (GameKey.SOLO, GameKey.GRAND)


def analysed_game(rules: RuleSet, game: str, trump: str) -> str | None:
    """The analysis' key of a recorded game: its trump, grand or null; None for Ramsch and
    passed deals."""
    played = rules.game(game)
    if played is None:
        return None
    if played.kind is GameKind.GRAND:
        return "grand"
    if played.kind is GameKind.NULL:
        return "null"
    if played.kind is GameKind.SUIT and trump:
        return trump
    return None


def letters_of(deck: DeckInfo, rules: RuleSet) -> dict[str, LetterAnalysis]:
    """The deck's analysis by letter; empty until it is made."""
    stored = Deck.objects.filter(pk=deck.id).first()
    if stored is None:
        return {}
    return {str(a.letter): a for a in analyses([stored], rules).get(stored.pk, ())}


def note(line: TravellerRow, letters: dict[str, LetterAnalysis], rules: RuleSet,
         hand: bool) -> OpenNote:
    """``hand``: the line's game was played from the hand, the game the analysis solved; a
    game with the Skat picked up is not held to it (what was laid away is not known)."""
    if line.declarer_letter is None or line.declarer_letter not in letters:
        return OpenNote("", "")
    analysis = letters[line.declarer_letter]
    key = analysed_game(rules, line.game, line.trump)
    result = analysis.game(key) if key and hand else None
    made = ""
    if result is not None and result.card_points is not None and line.card_points is not None:
        if line.card_points <= result.card_points:
            made = gettext("made %(made)s of a possible %(possible)s") % {
                "made": line.card_points, "possible": result.card_points}
        else:
            made = gettext("made %(made)s; the best defence holds it to %(possible)s") % {
                "made": line.card_points, "possible": result.card_points}
    elif result is not None:
        made = (gettext("the cards allowed it") if result.won
                else gettext("the best defence beats it"))
    best = analysis.best
    there = ""
    if best.won and best.value > line.value and (result is None or best is not result
                                                 or not line.won):
        there = gettext("%(game)s was there") % {
            "game": " ".join(say(word) for word in short_words(best, rules))}
    return OpenNote(made, there)


def notes(deck: DeckInfo | None, rows: list[TravellerRow],
          rules: RuleSet) -> tuple[list[OpenNote], list[BestGame]]:
    """Each line's note (in the order of ``rows``) and each letter's best game; empty lists
    when the deck is not analysed yet."""
    letters = letters_of(deck, rules) if deck is not None else {}
    if not letters:
        return [], []
    best = [BestGame(letter, say_words(a.best.words), a.best.value)
            for letter, a in sorted(letters.items(), key=lambda item: seat_of(item[0]))]
    records = {(table, number): record for table, number, record in Deal.objects.filter(
        deck_id=deck.id).values_list("table__number", "number", "record")} if deck else {}
    return [note(line, letters, rules, from_the_hand(rules, records.get((line.table, line.deal),
                                                                         {})))
            for line in rows], best
