"""Clubs and players: a player is a person, followed over many tournaments by his entries."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournament.names import KEY_MAX, club_key


class Club(models.Model):
    name = models.CharField(max_length=120, unique=True)
    city = models.CharField(max_length=120, blank=True)
    # an organizer sees the clubs of his tournaments' entries and the clubs he created
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    # "SC Grün" and "sc gruen" are one club: found by this key (tournament.names), kept on save
    name_key = models.CharField(max_length=KEY_MAX, db_index=True, editable=False, default="")
    # the club as an organizing body: who runs its evenings, members and seasons (seasons/);
    # a club nobody organizes is only a name on entries
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True,
                                        related_name="organized_clubs")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.name_key = club_key(self.name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)


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
