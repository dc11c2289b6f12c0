"""Forms of the organizer's tournament and series pages."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy

from engine import InvalidOption, get_rule_set, rule_sets
from tournament.audit import history
from tournament.models import AuditAction, Deal, DealSet, SeriesStatus, Tournament
from tournament.models.events import time_zone_names
from tournament.parsing import bounded_formfield, name_problem
from tournament.words import refusal, say


class DateInput(forms.DateInput):
    """The browser's date picker: its value is ISO in every language (a German format in a
    date input would show an empty field), the picker shows the reader's own."""

    input_type = "date"

    def __init__(self, attrs=None, format=None):
        super().__init__(attrs, format or "%Y-%m-%d")


# The zones of the League's and the German clubs first; every other zone follows.
# addresses under organize/ that are pages of their own, never a tournament's
RESERVED_SLUGS = frozenset({"clubs"})
COMMON_ZONES = ("America/New_York", "America/Chicago", "America/Denver", "America/Phoenix",
                "America/Los_Angeles", "America/Toronto", "Europe/Berlin", "Europe/Vienna",
                "Europe/Zurich", "Europe/London", "UTC")


def time_zone_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The site's zone and the common ones first, then every zone this machine knows."""
    every = time_zone_names()
    common = [z for z in dict.fromkeys((settings.TIME_ZONE, *COMMON_ZONES)) if z in every]
    # Translators: the two groups of the time zone list
    return [(gettext("Common"), [(z, z) for z in common]),
            (gettext("Every zone"), [(z, z) for z in every if z not in common])]


def engine_words(text) -> str:
    """A text the engine hands a person (a rule set option's help): a :class:`Phrase`, or a
    msgid the engine marked with ``gettext_noop``, in the reader's language."""
    return gettext(text) if isinstance(text, str) else say(text)


class TournamentForm(forms.ModelForm):
    """A tournament with its rule set and that rule set's options as check boxes."""

    class Meta:
        model = Tournament
        fields = ["name", "slug", "start_date", "end_date", "venue", "rule_set",
                  "scoring_system", "series_count", "deals_per_player", "table_policy",
                  "public", "publication", "provisional_public", "blind_check", "time_zone",
                  "language", "paper", "settlement_rate"]
        widgets = {"start_date": DateInput(), "end_date": DateInput()}
        formfield_callback = bounded_formfield
        labels = {
            "name": gettext_lazy("Name"),
            "slug": gettext_lazy("Short name"),
            "start_date": gettext_lazy("Start date"),
            "end_date": gettext_lazy("End date"),
            "venue": gettext_lazy("Venue"),
            "rule_set": gettext_lazy("Rule set"),
            "scoring_system": gettext_lazy("Scoring system"),
            "series_count": gettext_lazy("Series count"),
            "deals_per_player": gettext_lazy("Deals per player"),
            "table_policy": gettext_lazy("Table policy"),
            "public": gettext_lazy("Public"),
            "publication": gettext_lazy("Names on public pages"),
            "provisional_public": gettext_lazy("Show provisional standings to the public during "
                                               "play"),
            "time_zone": gettext_lazy("Time zone"),
            "language": gettext_lazy("Language"),
            "paper": gettext_lazy("Paper"),
        }
        help_texts = {
            "slug": gettext_lazy("Short name for addresses, e.g. nasl-congress-2027. Left "
                                 "empty, it is made from the name."),
            "deals_per_player": gettext_lazy("Deals each player deals per series: 12 gives 36 "
                                             "deals at a three-table and 48 at a four-table."),
            "public": gettext_lazy("Public: anyone with the address sees the seating charts and "
                                   "the results you release. Not public: its pages answer “not "
                                   "found” to everyone but its organizers and assistants."),
        }

    settlement_rate = forms.DecimalField(
        label=gettext_lazy("Settlement rate (cents a point)"), required=False, max_digits=6,
        decimal_places=4, min_value=Decimal("0.0001"), max_value=Decimal("100"),
        help_text=Tournament._meta.get_field("settlement_rate").help_text)

    # what decides the score of a recorded deal: fixed once the first deal is on a sheet
    SCORING_FIELDS = ("rule_set", "scoring_system", "deals_per_player")
    # Each series is a row and each deal a line on every sheet: a typo of 30000 would build
    # them all. Far more than any congress plays, far less than the columns hold.
    LIMITS = {"series_count": 99, "deals_per_player": 99}

    def __init__(self, *args, **kwargs):
        if kwargs.get("instance") is None:
            # a new tournament is public and keeps the site's clock unless the organizer says
            kwargs["instance"] = Tournament(public=True, time_zone=settings.TIME_ZONE)
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].widget = forms.Select(choices=time_zone_choices())
        self.fields["slug"].required = False
        self.fields["blind_check"].label = gettext("Blind check of score sheets")
        # the table policies (and scoring systems) are named in pure modules as English msgids
        for name in ("table_policy", "scoring_system"):
            field = self.fields[name]
            field.choices = [(value, engine_words(str(label))) for value, label in field.choices]
        for name in self.DEFAULTED:  # left out, they keep the tournament's (or the default)
            self.fields[name].required = False
        self.locked = bool(self.instance.pk) and Deal.objects.filter(
            table__series__tournament=self.instance).exists()
        for name, top in self.LIMITS.items():
            field = self.fields[name]
            field.max_value = top
            field.validators.append(MaxValueValidator(top))
            field.widget.attrs["max"] = top
        # the database's at_least_one_series, said on the field before the database says it
        series = self.fields["series_count"]
        series.min_value = 1
        series.validators.append(
            MinValueValidator(1, gettext("A tournament has at least one series.")))
        series.widget.attrs["min"] = 1
        current = self.instance.options or {}
        for rule_set in rule_sets():
            for option in rule_set.options:
                name = self.option_field(rule_set.key, option.key)
                initial = current.get(option.key, option.default)
                if self.instance.rule_set != rule_set.key:
                    initial = option.default
                self.fields[name] = forms.BooleanField(
                    required=False, initial=initial, label=engine_words(option.help),
                    # Translators: a rule set and one of its options, e.g. "isko: option contra"
                    help_text=gettext("%(rule_set)s: option %(option)s")
                    % {"rule_set": rule_set.key, "option": option.key},
                )
        if self.locked:
            self._lock_scoring_fields()
        if self.instance.pk and DealSet.objects.filter(tournament=self.instance).exists():
            for name in ("deals_per_player", "table_policy"):  # the decks decide both
                self.fields[name].disabled = True
                self.fields[name].help_text = gettext(
                    "Set by the comparative set: change the decks on the Comparative page.")

    def _lock_scoring_fields(self) -> None:
        """Disabled fields keep their stored values whatever is posted (Django ignores them)."""
        why = gettext("Locked: deals are recorded, and changing this would change their values "
                      "and the published standings.")
        names = [*self.SCORING_FIELDS,
                 *(n for n in self.fields if n.startswith("opt__"))]
        for name in names:
            self.fields[name].disabled = True
            self.fields[name].help_text = why

    @staticmethod
    def option_field(rule_set: str, option: str) -> str:
        return f"opt__{rule_set}__{option}"

    def option_groups(self):
        """(rule set, [bound option fields]) for the template."""
        return [
            (r, [self[self.option_field(r.key, o.key)] for o in r.options])
            for r in rule_sets() if r.options
        ]

    # printing, the clock and the names' publication: a form posted without them keeps what
    # the tournament has
    DEFAULTED = ("time_zone", "paper", "settlement_rate", "publication")

    def _kept(self, name: str):
        value = self.cleaned_data.get(name)
        if value in (None, ""):
            return getattr(self.instance, name)
        return value

    def clean_time_zone(self):
        return self._kept("time_zone")

    def clean_paper(self):
        return self._kept("paper")

    def clean_publication(self):
        return self._kept("publication")

    def clean_settlement_rate(self):
        return self._kept("settlement_rate")

    def clean_series_count(self):
        """Never below a series already published: its plan, sheets and results stay."""
        count = self.cleaned_data.get("series_count")
        if count is None or not self.instance.pk:
            return count
        published = sorted(self.instance.series.exclude(status=SeriesStatus.DRAFT)
                           .filter(number__gt=count).values_list("number", flat=True))
        if published:
            last = published[-1]
            raise forms.ValidationError(
                gettext("Series count cannot go below %(last)s: series %(last)s is published "
                        "already (a draft series above the count is removed).") % {"last": last})
        return count

    def clean_name(self):
        name = self.cleaned_data.get("name", "")
        problem = name_problem(name)
        if problem:
            raise forms.ValidationError(problem)
        return name

    def clean_slug(self):
        slug = self.cleaned_data.get("slug") or slugify(self.cleaned_data.get("name", ""))
        if not slug:
            raise forms.ValidationError(gettext("Enter a short name for the address."))
        clash = Tournament.objects.filter(slug=slug).exclude(pk=self.instance.pk)
        # organize/clubs/ is the clubs' page, not a tournament's (config/urls.py)
        if clash.exists() or slug in RESERVED_SLUGS:
            raise forms.ValidationError(gettext("The address '%(slug)s' is taken; choose another.")
                                        % {"slug": slug})
        return slug

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", gettext("The last day cannot be before the first."))
        key = data.get("rule_set")
        if key and not self.locked:
            rule_set = get_rule_set(key)
            chosen = {o.key: bool(data.get(self.option_field(key, o.key)))
                      for o in rule_set.options}
            try:
                rule_set.resolve_options(chosen)
            except InvalidOption as exc:
                raise forms.ValidationError(refusal(exc)) from exc
            # keep only what differs from the rule set's defaults
            self.instance.options = {k: v for k, v in chosen.items()
                                     if v != rule_set.option(k).default}
        return data


class AuditFilterForm(forms.Form):
    """The audit page's filters (GET): a kind of change, a series, a table, a deal."""

    # Translators: the audit page's filter of the kind of change
    action = forms.ChoiceField(required=False, label=gettext_lazy("What"),
                               choices=[("", gettext_lazy("every kind of change")),
                                        *AuditAction.choices])
    series = forms.IntegerField(required=False, min_value=1, max_value=999,
                                label=gettext_lazy("Series"))
    table = forms.IntegerField(required=False, min_value=1, max_value=9999,
                               label=gettext_lazy("Table"))
    # Translators: a row of the score sheet ("deal 12": Spiel 12)
    deal = forms.IntegerField(required=False, min_value=1, max_value=999,
                              label=gettext_lazy("Deal"))

    def filter(self, entries):
        """``entries`` narrowed by the filters that are valid (an invalid one is ignored and
        its error shown)."""
        self.is_valid()
        data = self.cleaned_data
        if data.get("action"):
            entries = entries.filter(action=data["action"])
        return history(entries, data.get("series"), data.get("table"), data.get("deal"))
