"""The decks' open-card analysis (docs/hand-analysis.md, "Hand records"): made in the
background by a task (``tournament.comparative.tasks``) once a series' decks are dealt, never
in a request; stored per deck (``DeckAnalysis``) and valued by the tournament's rules when read.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction

from engine import Letter, seat_of
from engine.analysis import LetterAnalysis, OpenCards, analysed, solve_deck
from tournament.comparative.services import engine_deck
from tournament.models import Deck, DeckAnalysis, Series


def analyse_deck(deck: Deck) -> DeckAnalysis:
    """Solve every game of every hand of ``deck`` and store it (again, if it was)."""
    started = time.perf_counter()
    solved = solve_deck(engine_deck(deck))
    seconds = time.perf_counter() - started
    analysis, _ = DeckAnalysis.objects.update_or_create(deck=deck, defaults={
        "solved": {str(letter): [cards.as_json() for cards in games]
                   for letter, games in solved.items()},
        "seconds": round(seconds, 3)})
    return analysis


def analyse_waiting(series_id: int) -> int:
    """Analyse the decks of the series that have none yet, one at a time (each stored as it
    is done: the page counts them); how many were analysed. A deck dealt anew meanwhile is a
    new row, and its own task comes; a deck another worker analysed meanwhile is skipped."""
    done = 0
    for deck in Deck.objects.filter(series_id=series_id, analysis__isnull=True).order_by(
            "number"):
        if Deck.objects.filter(pk=deck.pk, analysis__isnull=True).exists():
            analyse_deck(deck)
            done += 1
    return done


def queue_analysis(series_ids: Iterable[int]) -> None:
    """After the change commits, a task a series analyses its waiting decks."""
    from tournament.comparative.tasks import analyse_series

    ids = sorted(set(series_ids))

    def enqueue() -> None:
        for series_id in ids:
            analyse_series.enqueue(series_id)

    transaction.on_commit(enqueue)


@dataclass(frozen=True)
class Progress:
    analysed: int
    decks: int

    @property
    def complete(self) -> bool:
        return self.analysed == self.decks


def progress(series: Series) -> Progress:
    decks = series.decks.count()
    return Progress(DeckAnalysis.objects.filter(deck__series=series).count(), decks)


def letters_of(analysis: DeckAnalysis, deck: Deck, rules) -> tuple[LetterAnalysis, ...]:
    """The stored analysis valued by ``rules`` (the tournament's rule set), letter by letter."""
    played = engine_deck(deck)
    return tuple(
        analysed(played, Letter(letter), tuple(OpenCards.from_json(g) for g in games), rules)
        for letter, games in sorted(analysis.solved.items(), key=lambda item: seat_of(item[0])))


def analyses(decks: Iterable[Deck], rules) -> dict[int, tuple[LetterAnalysis, ...]]:
    """Deck id -> its letters' analysis, for the decks analysed (one query)."""
    decks = list(decks)
    stored = {a.deck_id: a for a in DeckAnalysis.objects.filter(deck__in=decks)}
    return {deck.pk: letters_of(stored[deck.pk], deck, rules) for deck in decks
            if deck.pk in stored}
