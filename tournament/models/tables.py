"""The tables of a series, their seats and the state of each table's score sheet."""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from tournament.models.events import Entry, Series, Tournament


def new_token() -> str:
    return secrets.token_urlsafe(16)


class SheetStatus(models.TextChoices):
    # Translators: the state of a score sheet
    OPEN = "open", pgettext_lazy("sheet", "Open")
    SUBMITTED = "submitted", pgettext_lazy("sheet", "Submitted")
    CONFIRMED = "confirmed", pgettext_lazy("sheet", "Confirmed")


class SheetFoot(models.Model):
    """The foot of a table's score sheet: each seat's column added up over its deals
    (``tournament.sheets.foot``), rewritten with every change to the sheet, so that the
    results sum a row a table rather than every deal."""

    deals_played = models.PositiveSmallIntegerField(default=0)
    # the Points the deals added to the player in seat 1..4
    points_1 = models.IntegerField(default=0)
    points_2 = models.IntegerField(default=0)
    points_3 = models.IntegerField(default=0)
    points_4 = models.IntegerField(default=0)
    # the games declared from seat 1..4, won and lost
    won_1 = models.PositiveSmallIntegerField(default=0)
    won_2 = models.PositiveSmallIntegerField(default=0)
    won_3 = models.PositiveSmallIntegerField(default=0)
    won_4 = models.PositiveSmallIntegerField(default=0)
    lost_1 = models.PositiveSmallIntegerField(default=0)
    lost_2 = models.PositiveSmallIntegerField(default=0)
    lost_3 = models.PositiveSmallIntegerField(default=0)
    lost_4 = models.PositiveSmallIntegerField(default=0)
    # the value of the highest game won from seat 1..4 (prize 6)
    highest_1 = models.IntegerField(null=True)
    highest_2 = models.IntegerField(null=True)
    highest_3 = models.IntegerField(null=True)
    highest_4 = models.IntegerField(null=True)
    # the best Solo and Tourné won against matadors from seat 1..4 (prizes 3 and 7), as
    # ``engine.against_rank`` ranks them
    solo_1 = models.BigIntegerField(null=True)
    solo_2 = models.BigIntegerField(null=True)
    solo_3 = models.BigIntegerField(null=True)
    solo_4 = models.BigIntegerField(null=True)
    tourne_1 = models.BigIntegerField(null=True)
    tourne_2 = models.BigIntegerField(null=True)
    tourne_3 = models.BigIntegerField(null=True)
    tourne_4 = models.BigIntegerField(null=True)
    # {seat: {game: how many won}}: the custom prizes that count games won
    won_games = models.JSONField(default=dict)

    class Meta:
        abstract = True


class Table(SheetFoot):
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField()
    token = models.CharField(max_length=32, unique=True, default=new_token)
    # the sheet's version rises with every change, so a stale form is refused
    sheet_version = models.PositiveIntegerField(default=0)
    sheet_status = models.CharField(max_length=12, choices=SheetStatus.choices,
                                    default=SheetStatus.OPEN)
    submitted_by = models.CharField(max_length=120, blank=True)
    # which browser session submitted: the confirmation must come from another one
    submitted_session = models.CharField(max_length=16, blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.CharField(max_length=120, blank=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmation_override = models.BooleanField(default=False)
    # why an open sheet is no longer submitted or confirmed (who had, when, who changed it and
    # how), for its page; cleared by the next submission (``confirmation.last_withdrawal``)
    withdrawal = models.JSONField(null=True, blank=True)
    blind_checked = models.BooleanField(default=False)
    # the director ended the sheet early: the deals after this one are not played
    ended_after = models.PositiveSmallIntegerField(null=True, blank=True)
    ended_by = models.CharField(max_length=120, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    ended_reason = models.CharField(max_length=200, blank=True)
    # a substitute took a seat (``Substitution``): the sheet and the results read them only then
    substituted = models.BooleanField(default=False)

    class Meta:
        ordering = ["series", "number"]
        constraints = [
            models.UniqueConstraint(fields=["series", "number"], name="unique_table_number"),
        ]

    def __str__(self) -> str:
        return f"table {self.number}"

    @property
    def is_open(self) -> bool:
        return self.sheet_status == SheetStatus.OPEN

    @property
    def is_submitted(self) -> bool:
        return self.sheet_status == SheetStatus.SUBMITTED

    @property
    def is_confirmed(self) -> bool:
        return self.sheet_status == SheetStatus.CONFIRMED

    @property
    def ended_early(self) -> bool:
        return self.ended_after is not None


class Seat(models.Model):
    """Seat 1 is the scorekeeper's; the deal passes to the left (docs/rules.md §8)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="seats")
    # The seat's column of its table's foot (``sheets.rows.feet_to_seats``, with every
    # change to the sheet), so that the standings are one plain sum over the seats: the
    # Points its deals added, the games declared from it won and lost, the games the others
    # at the table lost and the Seeger-Fabian bonus they give, its best games for prizes.
    points = models.IntegerField(default=0)
    won = models.PositiveSmallIntegerField(default=0)
    lost = models.PositiveSmallIntegerField(default=0)
    others_lost = models.PositiveSmallIntegerField(default=0)
    bonus = models.IntegerField(default=0)
    highest = models.IntegerField(null=True)
    solo = models.BigIntegerField(null=True)
    tourne = models.BigIntegerField(null=True)

    class Meta:
        ordering = ["table__number", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="unique_seat_position"),
            models.UniqueConstraint(fields=["series", "entry"], name="one_seat_per_series"),
            models.CheckConstraint(condition=Q(position__gte=1, position__lte=4),
                                   name="seat_position_1_to_4"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.position}: {self.entry}"


class RetiredLink(models.Model):
    """A table link that a new draw (or a removed series) took away: its holder is told what
    happened instead of meeting a bare "not found"."""

    token = models.CharField(max_length=32, unique=True)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="retired_links")
    series_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveIntegerField()
    retired_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"series {self.series_number} table {self.table_number} (retired)"


class Substitution(models.Model):
    """A substitute takes seat ``seat`` of a table from deal ``from_deal`` on: the player
    seated there could not go on (docs/rules.md §9). The seat keeps its number, so the
    rotation of the deal and the sheet's columns stay as they were."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="substitutions")
    seat = models.PositiveSmallIntegerField()
    from_deal = models.PositiveSmallIntegerField()
    substitute = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="substituted")
    # who sat there before (the seated player, or an earlier substitute), for the sheet's words
    replaced = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    created_by = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seat", "from_deal"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat", "from_deal"],
                                    name="one_substitute_per_seat_and_deal"),
            models.CheckConstraint(condition=Q(seat__gte=1, seat__lte=4),
                                   name="substitution_seat_1_to_4"),
            models.CheckConstraint(condition=Q(from_deal__gte=1),
                                   name="substitution_from_deal_1"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.seat} from deal {self.from_deal}: {self.substitute}"
