"""What scoring keeps besides the deals: settings, teams, custom prizes, lots."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.prizes import PrizeKind
from tournament.models import Entry, Tournament


class Substitutes(models.TextChoices):
    """Whose points count for whom when a substitute took a seat (docs/rules.md §10)."""

    ABSENT_KEEPS = "absent_keeps", _("The absent player keeps the deals before; the "
                                     "substitute's deals count for nobody (not ranked)")
    EACH_OWN = "each_own", _("Each keeps their own: the absent player the deals before, the "
                             "substitute those from the first deal played (ranked)")
    FOR_ABSENT = "for_absent", _("The seat counts for the absent player: the substitute plays "
                                 "on the absent player's behalf")


class MissingDeals(models.TextChoices):
    """What the deals of a sheet the director ended early count (docs/rules.md §10)."""

    NOTHING = "nothing", _("Nothing: only the deals played count")
    TABLE_AVERAGE = "table_average", _("The table's average: each player at the table gets the "
                                       "table's mean score a player and deal for each deal not "
                                       "played")


class ScoringSettings(models.Model):
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE,
                                      related_name="scoring_settings")
    count_unconfirmed = models.BooleanField(
        default=True, help_text=_("Count sheets not yet confirmed; the pages then say "
                                  "'provisional'."))
    one_prize_per_player = models.BooleanField(
        default=True, help_text=_("A player who holds a prize is passed over for the next."))
    club_best = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Count only a club's best N players (empty: all)."))
    # The prize list follows the scoring system (docs/rules.md §11): Seeger-Fabian gives
    # places by score; the League Prize Schedule belongs to League scoring unless switched on.
    prize_places = models.PositiveSmallIntegerField(
        default=3, help_text=_("Seeger-Fabian scoring: how many places by score take a prize."))
    league_schedule = models.BooleanField(
        default=False, help_text=_("Seeger-Fabian scoring: give the League Prize Schedule "
                                   "(League Points and Games) after the places as well."))
    substitutes = models.CharField(
        max_length=20, choices=Substitutes.choices, default=Substitutes.ABSENT_KEEPS,
        help_text=_("When a substitute took a seat: whose points count for whom."))
    missing_deals = models.CharField(
        max_length=20, choices=MissingDeals.choices, default=MissingDeals.NOTHING,
        help_text=_("When the director ended a sheet early: what the deals not played count."))

    def __str__(self) -> str:
        return gettext("scoring of %(tournament)s") % {"tournament": self.tournament}


class Team(models.Model):
    """A registered tandem (two players) or team (four players)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=120)
    members = models.ManyToManyField(Entry, related_name="teams")

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"],
                                               name="unique_team_name")]

    def __str__(self) -> str:
        return self.name


class CustomPrize(models.Model):
    """An extra prize of one of the schedule's kinds, numbered after the schedule's."""

    # stored by name: PrizeKind[kind]; the places are the schedule's, not an extra prize's
    KINDS = [(k.name, k.label) for k in PrizeKind if k is not PrizeKind.PLACE]

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE,
                                   related_name="custom_prizes")
    number = models.PositiveSmallIntegerField()
    title = models.CharField(max_length=120)
    kind = models.CharField(max_length=20, choices=KINDS)
    place = models.PositiveSmallIntegerField(default=1)
    games = models.CharField(max_length=200, blank=True,
                             help_text=_("COUNT_WON: game keys, comma-separated, e.g. "
                                         "grand,grand_ouvert"))
    label = models.CharField(max_length=40, blank=True, help_text=_("e.g. Grands"))

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"],
                                               name="unique_custom_prize_number")]

    def __str__(self) -> str:
        return f"{self.number}. {self.title}"


class PrizeLot(models.Model):
    """The organizer's record of a lot that settled a tie for a prize."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="lots")
    prize_number = models.PositiveSmallIntegerField()
    winner = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    note = models.CharField(max_length=200, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                    on_delete=models.SET_NULL, related_name="+")
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "prize_number"],
                                               name="one_lot_per_prize")]

    def __str__(self) -> str:
        return gettext("lot for prize %(number)s: %(winner)s") % {"number": self.prize_number,
                                                                    "winner": self.winner}


class CheckedFlag(models.Model):
    """A flag of the checks before release (scoring.release.checks) the organizer looked at
    and marked checked. ``key`` names the flag and the deal's version: a deal changed since
    raises its flag again."""

    series = models.ForeignKey("tournament.Series", on_delete=models.CASCADE,
                               related_name="checked_flags")
    key = models.CharField(max_length=120)
    checked_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL)
    checked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["series", "key"],
                                               name="one_mark_per_flag")]

    def __str__(self) -> str:
        return f"{self.series}: {self.key} checked"
