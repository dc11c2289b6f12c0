"""Clubs, players, tournaments, entries, series, tables, seats and the audit log."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.functional import cached_property

# The scoring systems and table policies are defined with the rules that use them (the engine,
# the seating algorithms); the fields' choices are built from them, and both stay importable here.
from engine import ScoringSystem, get_rule_set, rule_sets
from tournament.seating.algorithms import TablePolicy


def rule_set_choices() -> list[tuple[str, str]]:
    return [(r.key, f"{r.name} ({r.key})") for r in rule_sets()]


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    city = models.CharField(max_length=120, blank=True)
    # an organizer sees the clubs of his tournaments' entries and the clubs he created
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A person, followed over many tournaments through his entries.

    The name here is the one he was first registered with; what a tournament shows (name,
    club, e-mail) belongs to its entry, so nothing one tournament does changes another's.
    """

    first_name = models.CharField(max_length=80)
    last_name = models.CharField(max_length=80)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["last_name", "first_name"]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def sort_name(self) -> str:
        return f"{self.last_name}, {self.first_name}"


class Tournament(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    start_date = models.DateField()
    end_date = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    rule_set = models.CharField(max_length=20, choices=rule_set_choices, default="nasl-1908")
    options = models.JSONField(default=dict, blank=True)
    scoring_system = models.CharField(max_length=20,
                                      choices=[(s.value, s.label) for s in ScoringSystem],
                                      default=ScoringSystem.LEAGUE.value)
    series_count = models.PositiveSmallIntegerField(default=3)
    deals_per_player = models.PositiveSmallIntegerField(default=12)
    table_policy = models.CharField(max_length=20,
                                    choices=[(p.value, p.label) for p in TablePolicy],
                                    default=TablePolicy.PREFER_FOUR.value)
    public = models.BooleanField(default=False)
    blind_check = models.BooleanField(
        default=False, help_text="The confirmer of a score sheet retypes the final totals.")
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True,
                                        related_name="organized_tournaments")
    assistants = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True,
                                        related_name="assisted_tournaments")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(series_count__gte=1), name="at_least_one_series"),
            models.CheckConstraint(condition=Q(deals_per_player__gte=1),
                                   name="at_least_one_deal"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament:dashboard", args=[self.slug])

    @property
    def rules(self):
        return get_rule_set(self.rule_set)

    @property
    def resolved_options(self) -> dict[str, bool]:
        return self.rules.resolve_options(self.options)

    def deals_at(self, table_size: int) -> int:
        """Deals of a series at a table: every player deals ``deals_per_player`` times."""
        return self.deals_per_player * table_size

    def organized_by(self, user) -> bool:
        from tournament.permissions import Role, role_of

        return role_of(user, self) is Role.ORGANIZER


class Entry(models.Model):
    """A player in a tournament: his participant number, and the name, club and e-mail this
    tournament registered (and published) for him."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField()
    first_name = models.CharField(max_length=80)
    last_name = models.CharField(max_length=80)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="entries")
    email = models.EmailField(blank=True)
    checked_in = models.BooleanField(default=False)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_entry_number"),
            models.UniqueConstraint(fields=["tournament", "player"], name="unique_entry_player"),
        ]
        indexes = [models.Index(fields=["tournament", "last_name", "first_name"])]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def sort_name(self) -> str:
        return f"{self.last_name}, {self.first_name}"

    @property
    def status(self) -> str:
        if self.withdrawn:
            return "withdrawn"
        return "checked in" if self.checked_in else "registered"


class KeepApart(models.Model):
    """Two entries the seating must not put at one table (couples, club mates on request)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="keep_apart")
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=120, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="unique_keep_apart"),
            models.CheckConstraint(condition=~Q(first=models.F("second")),
                                   name="keep_apart_two_entries"),
        ]

    def __str__(self) -> str:
        return f"{self.first} / {self.second}"


class SeatingMethod(models.TextChoices):
    DRAW = "draw", "Random draw"
    RESEAT = "reseat", "Re-seat, fewest repeat opponents"
    STANDINGS = "standings", "By standings (the best together)"
    PROGRESSIVE = "progressive", "Progressive (winners move up a table)"


class SeriesStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    SEATED = "seated", "Seated (published)"
    PLAYING = "playing", "Playing"
    CONFIRMED = "confirmed", "Confirmed"
    RELEASED = "released", "Released"
    CORRECTING = "correcting", "Released, correction in progress"


RELEASED_STATES = (SeriesStatus.RELEASED, SeriesStatus.CORRECTING)


class Series(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="series")
    number = models.PositiveSmallIntegerField()
    seating_method = models.CharField(max_length=20, choices=SeatingMethod.choices, blank=True)
    seed = models.CharField(max_length=64, blank=True)
    status = models.CharField(max_length=20, choices=SeriesStatus.choices,
                              default=SeriesStatus.DRAFT)
    repeat_pairs = models.PositiveIntegerField(default=0)
    apart_violations = models.PositiveIntegerField(default=0)
    seated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name_plural = "series"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_series_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} series {self.number}"

    @property
    def is_draft(self) -> bool:
        return self.status == SeriesStatus.DRAFT

    @property
    def is_published(self) -> bool:
        return self.status != SeriesStatus.DRAFT

    @property
    def is_released(self) -> bool:
        """Its results are public (also while a correction is in progress)."""
        return self.status in RELEASED_STATES

    @property
    def is_correcting(self) -> bool:
        return self.status == SeriesStatus.CORRECTING

    @cached_property
    def has_deals(self) -> bool:
        return Deal.objects.filter(table__series=self).exists()

    @property
    def plan_changeable(self) -> bool:
        """Swaps and moves are possible until the first deal is entered."""
        return self.status in (SeriesStatus.DRAFT, SeriesStatus.SEATED) and not self.has_deals

    @property
    def can_unpublish(self) -> bool:
        return self.status == SeriesStatus.SEATED and not self.has_deals

    @property
    def can_release(self) -> bool:
        """Results go public once every sheet of the series is confirmed."""
        return self.status == SeriesStatus.CONFIRMED


class SheetStatus(models.TextChoices):
    OPEN = "open", "Open"
    SUBMITTED = "submitted", "Submitted"
    CONFIRMED = "confirmed", "Confirmed"


class Table(models.Model):
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
    blind_checked = models.BooleanField(default=False)

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


class Seat(models.Model):
    """Seat 1 is the scorekeeper's; the deal passes to the left (RULINGS 1.8)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="seats")

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
    record = models.JSONField()
    outcome = models.JSONField()
    value = models.IntegerField()
    description = models.CharField(max_length=200)
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


class Penalty(models.Model):
    """A fine against one seat, shown on the sheet after deal ``after_deal`` (0: before any)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="penalties")
    after_deal = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
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


class AuditEntry(models.Model):
    """One change, with what it was before and after; never edited."""

    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="audit")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    actor = models.CharField(max_length=120, blank=True)  # e.g. the scorekeeper of a table link
    session = models.CharField(max_length=16, blank=True)  # which browser did it
    action = models.CharField(max_length=60)
    subject = models.CharField(max_length=200)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.subject}"
