"""What a score sheet holds: deals (the canonical record and its outcome) and penalties."""

from __future__ import annotations

from django.db import models

from tournament.deal_words import say_deal
from tournament.models.tables import Table


class Deal(models.Model):
    """One deal of a table's score sheet: the canonical record and what the engine made of it.

    Seats are positions 1..4 at the table; ``record`` uses them for the Ramsch loser too.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField()
    dealer = models.PositiveSmallIntegerField()
    declarer = models.PositiveSmallIntegerField(null=True, blank=True)
    contra_by = models.PositiveSmallIntegerField(null=True, blank=True)
    revoked_by = models.PositiveSmallIntegerField(null=True, blank=True)
    # the pre-dealt deck this deal was, in a comparative tournament
    deck = models.ForeignKey("tournament.Deck", null=True, blank=True, on_delete=models.RESTRICT,
                             related_name="deals")
    record = models.JSONField()
    outcome = models.JSONField()
    value = models.IntegerField()
    description = models.CharField(max_length=200)  # the engine's words, in English
    # the same words as msgids with their parameters, compact JSON (``tournament.deal_words``):
    # what every page shows, in the reader's language (``text``)
    words = models.TextField(blank=True, default="")
    # What scoring reads, as plain columns written with the record (``sheet.scoring_columns``)
    # so that standings and prizes are summed and filtered by the database, never decoded
    # from ``record`` and ``outcome`` deal by deal.
    game = models.CharField(max_length=20, default="")  # the record's GameKey
    trump = models.CharField(max_length=10, blank=True, default="")  # a suit game's trump
    matadors = models.SmallIntegerField(default=0)  # +n with, -n without
    won = models.BooleanField(null=True)  # the declarer's game; None without a declarer
    card_points = models.SmallIntegerField(null=True, blank=True)
    passt_nicht = models.BooleanField(default=False)
    # what the deal adds to the Points of the player in seat 1..4 (``sheet.deal_entries``)
    points_1 = models.IntegerField(default=0)
    points_2 = models.IntegerField(default=0)
    points_3 = models.IntegerField(default=0)
    points_4 = models.IntegerField(default=0)
    version = models.PositiveIntegerField(default=1)
    entered_by = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_deal_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.table} deal {self.number}: {self.description}"

    @property
    def text(self) -> str:
        """The deal in words in the reader's language, as the sheet shows it."""
        return say_deal(self.words)


class Penalty(models.Model):
    """A fine against one seat, shown on the sheet after deal ``after_deal`` (0: before any)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="penalties")
    after_deal = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    # a misdeal's deal: the penalty is charged to that deal's dealer and moves with the deal
    deal = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=40)
    points = models.PositiveIntegerField()
    note = models.CharField(max_length=200, blank=True)
    entered_by = models.CharField(max_length=120, blank=True)
    # a penalty the director gave stands until an organizer removes it
    by_organizer = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "after_deal", "id"]
        verbose_name_plural = "penalties"

    def __str__(self) -> str:
        return f"{self.table} seat {self.seat}: -{self.points} ({self.reason})"
