"""A club's members and seasons: the club itself (``tournament.Club``) organizes evenings
(``Tournament.club``); a season ranks the people who played them by the rules of
``seasons.rules`` (docs/seasons.md)."""

from __future__ import annotations

import datetime

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models import Club, Player


class Member(models.Model):
    """A person (``Player``) who belongs to a club; whoever else plays its evenings is a
    guest. A member who leaves keeps his history: ``left_on`` is set, nothing is deleted."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="memberships")
    joined_on = models.DateField(default=datetime.date.today)
    left_on = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["player__last_name", "player__first_name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="one_membership"),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.club})"

    @property
    def active(self) -> bool:
        return self.left_on is None


class Unit(models.TextChoices):
    """What one result of the season is: a series, or an evening's series added up."""

    SERIES = "series", _("a series")
    EVENING = "evening", _("an evening")


class Season(models.Model):
    """The club's evenings from ``first_day`` to ``last_day``, ranked by ``rules`` (the
    ``rules`` object of ``python -m seasons``). A quarter and the year are two seasons over
    the same evenings."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(max_length=80)
    first_day = models.DateField(_("first day"))
    last_day = models.DateField(_("last day"))
    unit = models.CharField(_("one result is"), max_length=10, choices=Unit.choices,
                            default=Unit.SERIES)
    preset = models.CharField(max_length=40, blank=True)
    rules = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-first_day", "name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="unique_season_slug"),
            models.CheckConstraint(condition=models.Q(last_day__gte=models.F("first_day")),
                                   name="season_ends_after_it_starts"),
        ]

    def __str__(self) -> str:
        return self.name
