"""Comparative (duplicate) Skat: the pre-dealt set of a tournament and its decks.

Every table plays the same numbered decks; a deck's hands are marked by seat letter (N, E, S and,
at four-tables, W). The set is dealt by ``engine.deal_set`` from the recorded seed, so it can be
dealt again, printed as hand records and checked from outside the site.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tournament.models.events import Series, Tournament


class DealSet(models.Model):
    """A tournament played comparatively: its table size, how many decks, and the seed."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE,
                                      related_name="deal_set")
    table_size = models.PositiveSmallIntegerField()
    decks = models.PositiveSmallIntegerField()
    seed = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(table_size__in=(3, 4)),
                                   name="comparative_table_size_3_or_4"),
            models.CheckConstraint(condition=Q(decks__gte=1), name="comparative_at_least_one_deck"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.decks} decks for {self.table_size}-tables"

    def series_seed(self, series_number: int) -> str:
        """Each series plays a fresh set dealt from the tournament's seed."""
        return f"{self.seed}/series-{series_number}"


class Deck(models.Model):
    """One pre-dealt deal of a series: the hands by letter, the Skat, the dealer's letter."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="decks")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1)
    hands = models.JSONField()  # {"N": ["CJ", ...], ...}: card codes of the engine
    skat = models.JSONField()

    class Meta:
        ordering = ["series", "number"]
        constraints = [
            models.UniqueConstraint(fields=["series", "number"], name="one_deck_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.series} deck {self.number}"


class DeckAnalysis(models.Model):
    """A deck's open-card analysis (``engine.analysis``), made in the background after the
    deck is dealt: for each letter holding cards, each game it could declare from the hand.
    ``solved`` holds what the cards allow whatever the rules ({"N": [OpenCards, ...]}); the
    tournament's rule set values it when it is read."""

    deck = models.OneToOneField(Deck, on_delete=models.CASCADE, related_name="analysis")
    solved = models.JSONField()
    seconds = models.FloatField()  # the solver's time for the deck: a measurement, not money
    made_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"analysis of {self.deck}"
