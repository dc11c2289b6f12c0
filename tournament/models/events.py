"""A tournament, its entries (players with their number, name and club), keep-apart pairs and
series."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

# The scoring systems and table policies are defined with the rules that use them (the engine,
# the seating algorithms); the fields' choices are built from them.
from engine import DEFAULT_RULE_SET, ScoringSystem, get_rule_set, rule_sets
from tournament.models.people import Club, Player
from tournament.names import KEY_MAX, person_key
from tournament.privacy import Publication, filed, full, shown
from tournament.seating.algorithms import TablePolicy
from tournament.words import word, word_lazy


def time_zone_names() -> list[str]:
    """Every IANA zone this machine knows, sorted (the tournament form's choices)."""
    return sorted(available_timezones())


def validate_time_zone(value: str) -> None:
    if value not in available_timezones():
        raise ValidationError(gettext("%(zone)s is not a time zone; choose one such as "
                                      "Europe/Berlin or America/Chicago.")
                              % {"zone": repr(value)})


def rule_set_choices() -> list[tuple[str, str]]:
    return [(r.key, f"{word(r.name)} ({r.key})") for r in rule_sets()]  # said when shown


class Tournament(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    start_date = models.DateField()
    end_date = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    rule_set = models.CharField(max_length=20, choices=rule_set_choices, default=DEFAULT_RULE_SET)
    options = models.JSONField(default=dict, blank=True)
    scoring_system = models.CharField(max_length=20,
                                      choices=[(s.value, word_lazy(s.label))
                                               for s in ScoringSystem],
                                      default=ScoringSystem.LEAGUE.value)
    series_count = models.PositiveSmallIntegerField(default=3)
    deals_per_player = models.PositiveSmallIntegerField(default=12)
    table_policy = models.CharField(max_length=20,
                                    choices=[(p.value, p.label) for p in TablePolicy],
                                    default=TablePolicy.PREFER_FOUR.value)
    public = models.BooleanField(default=False)
    blind_check = models.BooleanField(
        default=False, help_text=_("The confirmer of a score sheet retypes the final totals."))
    # the public follows the play: its standings and player pages count the series in play,
    # marked provisional (permissions.Visitor.playing; docs/access.md)
    provisional_public = models.BooleanField(
        _("show provisional standings to the public during play"), default=False,
        help_text=_("The public's standings and player pages count the series being played, "
                    "marked provisional, and update by themselves. Score sheets, prizes, PDFs, "
                    "downloads and the API still show released series only."))
    # Printing and the clock of the room: what a League table settles at, the paper the
    # organizer's printer takes, the zone the times on every page are shown in.
    settlement_rate = models.DecimalField(
        max_digits=6, decimal_places=4, default=Decimal("0.25"),
        validators=[MinValueValidator(Decimal("0.0001")), MaxValueValidator(Decimal("100"))],
        help_text=_("Cents a point when the players of a table settle (League scoring); the "
                    "book's rate is ¼ cent (0.25)."))
    paper = models.CharField(max_length=10, choices=[("a4", "A4"), ("letter", _("US Letter"))],
                             default="a4", help_text=_("The paper of every PDF."))
    time_zone = models.CharField(max_length=64, default="UTC",
                                 validators=[validate_time_zone],
                                 help_text=_("Times on every page of this tournament are "
                                             "shown in this zone, e.g. America/Chicago."))
    language = models.CharField(
        _("language"), max_length=8, blank=True, default="",
        choices=[("", _("each visitor's own")), *settings.LANGUAGES],
        help_text=_("The language of the public pages, the table links and every PDF of this "
                    "tournament. Left empty, each visitor reads their browser's language."))
    publication = models.CharField(
        _("names on public pages"), max_length=12, default=Publication.FULL,
        choices=[(Publication.FULL.value, _("full name")),
                 (Publication.INITIAL.value, _("first name and initial"))],
        help_text=_("How the public pages, PDFs, exports and the API name the players; a "
                    "player's entry may choose otherwise (a pseudonym, say). The staff "
                    "always see full names."))
    # when the organizer replaced every name by "Player 17" (tournament.registration.anonymizing)
    anonymized_at = models.DateTimeField(null=True, blank=True, editable=False)
    organizers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True,
                                        related_name="organized_tournaments")
    assistants = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True,
                                        related_name="assisted_tournaments")
    # who created it: a co-organizer cannot take the tournament from him (tournament.staff)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # the club whose evening (or season day) this is: its seasons rank it (seasons/)
    club = models.ForeignKey("tournament.Club", null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="evenings")

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

    @property
    def cents_per_point(self) -> Fraction:
        """The settlement rate as an exact fraction (0.25 → ¼)."""
        return Fraction(self.settlement_rate)

    @property
    def zone(self) -> ZoneInfo:
        """The tournament's zone; the site's if this server's time zone data lacks it (a
        stored zone must never take every page of the tournament down)."""
        try:
            return ZoneInfo(self.time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo(settings.TIME_ZONE)

    def deals_at(self, table_size: int) -> int:
        """Deals of a series at a table: every player deals ``deals_per_player`` times."""
        return self.deals_per_player * table_size

    def organized_by(self, user) -> bool:
        from tournament.permissions import Role, role_of

        return role_of(user, self) is Role.ORGANIZER


PUBLICATION_CHOICES = [("", _("as the tournament publishes")),
                       (Publication.FULL.value, _("full name")),
                       (Publication.INITIAL.value, _("first name and initial")),
                       (Publication.PSEUDONYM.value, _("pseudonym"))]


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
    # how the public reads his name ("": the tournament's choice; tournament.privacy)
    publication = models.CharField(_("name on public pages"), max_length=12, blank=True,
                                   default="", choices=PUBLICATION_CHOICES)
    pseudonym = models.CharField(_("pseudonym"), max_length=80, blank=True, default="")
    checked_in = models.BooleanField(default=False)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # "muller" finds Müller: every name search and duplicate check compares this key
    # (tournament.names.person_key, "first|last"), kept on every save
    name_key = models.CharField(max_length=KEY_MAX, db_index=True, editable=False, default="")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_entry_number"),
            models.UniqueConstraint(fields=["tournament", "player"], name="unique_entry_player"),
        ]
        indexes = [models.Index(fields=["tournament", "last_name", "first_name"])]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    def save(self, *args, **kwargs):
        self.name_key = person_key(self.first_name, self.last_name)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"first_name", "last_name"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        return full(self.first_name, self.last_name)

    @property
    def sort_name(self) -> str:
        return filed(self.first_name, self.last_name)

    def shown_name(self, public: bool) -> str:
        """His name as ``public`` readers see it (``tournament.privacy``); reads the
        tournament's choice."""
        return full(*shown(self.first_name, self.last_name, self.publication, self.pseudonym,
                           self.tournament.publication, public))

    @property
    def status(self) -> str:
        """A key (CSS classes and comparisons read it); people read ``status_label``."""
        if self.withdrawn:
            return "withdrawn"
        return "checked in" if self.checked_in else "registered"

    @property
    def status_label(self) -> str:
        """``status`` in the reader's language."""
        return str(ENTRY_STATUS_LABELS[self.status])


# Translators: the state of a player's entry (the player list, the door)
ENTRY_STATUS_LABELS = {"registered": pgettext_lazy("entry", "registered"),
                       "checked in": pgettext_lazy("entry", "checked in"),
                       "withdrawn": pgettext_lazy("entry", "withdrawn")}


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
    DRAW = "draw", _("Random draw")
    RESEAT = "reseat", _("Re-seat, fewest repeat opponents")
    STANDINGS = "standings", _("By standings (the best together)")
    PROGRESSIVE = "progressive", _("Progressive (winners move up a table)")
    SEASON = "season", _("By the club's season ranking")


class SeriesStatus(models.TextChoices):
    # Translators: the state of a series
    DRAFT = "draft", pgettext_lazy("series", "Draft")
    SEATED = "seated", pgettext_lazy("series", "Seated (published)")
    PLAYING = "playing", pgettext_lazy("series", "Playing")
    CONFIRMED = "confirmed", pgettext_lazy("series", "Confirmed")
    RELEASED = "released", pgettext_lazy("series", "Released")
    CORRECTING = "correcting", pgettext_lazy("series", "Released, correction in progress")


RELEASED_STATES = (SeriesStatus.RELEASED, SeriesStatus.CORRECTING)
# the series whose results the public sees: released and not under correction, so that a
# correction becomes public only when the series is released again (docs/access.md)
PUBLIC_STATES = (SeriesStatus.RELEASED,)


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
    # checked-in players the organizer chose to leave without a seat in this series (a late
    # arrival when no table could take him): recorded, so Publish does not ask again
    sits_out = models.ManyToManyField(Entry, blank=True, related_name="series_sat_out")

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
        from tournament.models.sheets import Deal  # defined after the series it belongs to

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
