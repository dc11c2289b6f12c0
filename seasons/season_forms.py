"""The season form: name, slug, days, the unit and every rule one by one (never JSON typed).
A preset fills the rule fields (``preset_data``) and the organizer changes any of them; the
rules the form makes are checked by ``seasons.rules.read_rules``, whose refusal is put on
the field it names."""

from __future__ import annotations

import datetime
import re

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from seasons.models import Season, Unit
from seasons.presets import PRESETS
from seasons.rules import AFTER, AVERAGE, MOST, MOST_POWER, OMIT, TOTAL, SeasonError, read_rules

RULE_FIELDS = ("value", "min_played", "zero_up_to", "drop_worst_at", "best", "penalty_over",
               "penalty_base", "penalty_power", "guests")
PENALTY_FIELDS = {"over": "penalty_over", "base": "penalty_base", "power": "penalty_power"}


def _number(label, help_text="", least=0, most=MOST):
    return forms.IntegerField(label=label, required=False, min_value=least, max_value=most,
                              help_text=help_text)


def quarter_days(year: int, quarter: int) -> tuple[datetime.date, datetime.date]:
    """The first and last day of quarter 1..4 of ``year``."""
    first = datetime.date(year, 3 * quarter - 2, 1)
    after = datetime.date(year + 1, 1, 1) if quarter == 4 else datetime.date(year,
                                                                              3 * quarter + 1, 1)
    return first, after - datetime.timedelta(days=1)


def rule_fields(rules: dict[str, object]) -> dict[str, object]:
    """A stored ``rules`` object as the form's fields hold it."""
    penalty = rules.get("absence_penalty") or {}
    assert isinstance(penalty, dict)
    drops = rules.get("drop_worst_at") or []
    return {"value": rules.get("value", TOTAL), "min_played": rules.get("min_played"),
            "zero_up_to": rules.get("zero_up_to"),
            "drop_worst_at": ", ".join(str(n) for n in drops) if isinstance(drops, list)
            else "",
            "best": rules.get("best"), "penalty_over": penalty.get("over"),
            "penalty_base": penalty.get("base"), "penalty_power": penalty.get("power"),
            "guests": rules.get("guests", AFTER)}


def season_initial(season: Season) -> dict[str, object]:
    return {"name": season.name, "slug": season.slug, "first_day": season.first_day,
            "last_day": season.last_day, "unit": season.unit, "preset": season.preset,
            **rule_fields(season.rules if isinstance(season.rules, dict) else {})}


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120,
                           help_text=_("Such as “Jahreswertung 2027” or “1st quarter 2027”."))
    slug = forms.SlugField(label=_("Short name in the address"), max_length=80, required=False,
                           help_text=_("Letters, digits and hyphens; made from the name if "
                                       "empty."))
    first_day = forms.DateField(label=_("First day"),
                                widget=forms.DateInput(attrs={"type": "date"}))
    last_day = forms.DateField(label=_("Last day"),
                               widget=forms.DateInput(attrs={"type": "date"}))
    unit = forms.ChoiceField(label=_("One result is"), choices=Unit.choices,
                             help_text=_("A series: each list counts on its own. An evening: "
                                         "the evening's series added up."))
    preset = forms.CharField(required=False, widget=forms.HiddenInput)
    value = forms.ChoiceField(label=_("Ranked by"), choices=[
        (TOTAL, _("the total of the counted results")),
        (AVERAGE, _("the average of the counted results"))])
    min_played = _number(_("Ranked from"), _("Results played to be ranked; fewer: listed "
                                             "after, not qualified. Empty: everyone."))
    zero_up_to = _number(_("Divide by at least"), _("Average only: missing results count 0 "
                                                    "up to this many. Empty: no."))
    drop_worst_at = forms.CharField(label=_("Drop the worst result at"), required=False,
                                    max_length=200,
                                    help_text=_("Results played, such as “30, 35, 40”: at "
                                                "each one more worst result is dropped."))
    best = _number(_("Only the best"), _("Results that count after the drops. Empty: all."),
                   least=1)
    penalty_over = _number(_("Penalty beyond missed"),
                           _("More results missed than this: points off. Empty: no penalty."))
    penalty_base = _number(_("Penalty base"), _("Points off: (missed − base) to the power."))
    penalty_power = _number(_("Penalty power"), _("2: squared."), least=1, most=MOST_POWER)
    guests = forms.ChoiceField(label=_("Guests"), choices=[
        (AFTER, _("listed after the ranked players")), (OMIT, _("not listed"))])

    def __init__(self, *args, club, season: Season | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.club, self.season = club, season

    def season_part(self):
        return [self[name] for name in ("name", "slug", "first_day", "last_day")]

    def rule_part(self):
        return [self[name] for name in ("unit", *RULE_FIELDS)]

    def clean_drop_worst_at(self) -> list[int]:
        text = self.cleaned_data.get("drop_worst_at", "")
        found = []
        for word in [w for w in re.split(r"[,;\s]+", text) if w]:
            if not re.fullmatch(r"[0-9]{1,7}", word) or int(word) < 1:
                raise forms.ValidationError(
                    gettext("“%(word)s” is not a number of results played (such as "
                            "“30, 35, 40”).") % {"word": word})
            found.append(int(word))
        return found

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug", "")
        if slug and self._taken(slug):
            raise forms.ValidationError(gettext("Another season of the club has this short "
                                                "name."))
        return slug

    def _taken(self, slug: str) -> bool:
        others = Season.objects.filter(club=self.club, slug=slug)
        if self.season is not None:
            others = others.exclude(pk=self.season.pk)
        return others.exists()

    def _free_slug(self, name: str) -> str:
        base = (slugify(name) or "season")[:70]
        slug, n = base, 1
        while self._taken(slug):
            n += 1
            slug = f"{base}-{n}"
        return slug

    def rules(self) -> dict[str, object]:
        """The ``rules`` object of the fields (only the rules that apply)."""
        data = self.cleaned_data
        rules: dict[str, object] = {"value": data.get("value") or TOTAL}
        for key in ("min_played", "zero_up_to"):
            if data.get(key):
                rules[key] = data[key]
        if data.get("best") is not None:
            rules["best"] = data["best"]
        if data.get("drop_worst_at"):
            rules["drop_worst_at"] = data["drop_worst_at"]
        penalty = {key: data.get(field) for key, field in PENALTY_FIELDS.items()}
        if any(v is not None for v in penalty.values()):
            rules["absence_penalty"] = penalty
        if data.get("guests") == OMIT:
            rules["guests"] = OMIT
        return rules

    def clean(self):
        data = super().clean()
        first, last = data.get("first_day"), data.get("last_day")
        if first and last and last < first:
            self.add_error("last_day", gettext("The last day is before the first day."))
        if data.get("zero_up_to") and data.get("value") != AVERAGE:
            self.add_error("zero_up_to", gettext("Missing results counting 0 apply to an "
                                                 "average only: rank by the average or leave "
                                                 "this empty."))
        penalty = {f: data.get(f) for f in PENALTY_FIELDS.values()}
        if any(v is not None for v in penalty.values()):
            for field, v in penalty.items():
                if v is None and field not in self.errors:
                    self.add_error(field, gettext("The absence penalty needs all three: "
                                                  "beyond how many missed, the base and the "
                                                  "power."))
        if self.errors:
            return data
        try:
            read_rules(self.rules())
        except SeasonError as error:
            self.add_error(_field_of(error.place), f"{error.place}: {error.problem}")
        if not data.get("slug") and data.get("name"):
            data["slug"] = self._free_slug(data["name"])
        if data.get("preset") not in PRESETS:
            data["preset"] = ""
        return data

    def stored(self) -> dict[str, object]:
        """What the season stores: its fields and rules; the preset's key only while the
        rules and the unit are the preset's own."""
        data = self.cleaned_data
        rules = self.rules()
        preset = PRESETS.get(data["preset"])
        same = preset is not None and preset.unit == data["unit"] and _same(preset.rules, rules)
        return {"name": data["name"], "slug": data["slug"], "first_day": data["first_day"],
                "last_day": data["last_day"], "unit": data["unit"],
                "preset": data["preset"] if same else "", "rules": rules}


def _same(preset: dict[str, object], rules: dict[str, object]) -> bool:
    return {k: v for k, v in preset.items() if k != "guests"} == {
        k: v for k, v in rules.items() if k != "guests"}


def _field_of(place: str) -> str | None:
    """The form's field of a ``SeasonError`` place: "rules.absence_penalty.over" →
    penalty_over, "rules.drop_worst_at[2]" → drop_worst_at."""
    parts = re.split(r"[.\[]", place)
    if len(parts) > 2 and parts[1] == "absence_penalty":
        return PENALTY_FIELDS.get(parts[2])
    if len(parts) > 1 and parts[1] in RULE_FIELDS:
        return parts[1]
    return None


def preset_data(data, key: str) -> dict[str, object]:
    """The form's data with preset ``key``'s unit and rules in the rule fields (the name and
    the days as typed)."""
    preset = PRESETS[key]
    found = {k: data.get(k, "") for k in ("name", "slug", "first_day", "last_day")}
    fields = rule_fields(preset.rules)
    found.update({k: "" if v is None else v for k, v in fields.items()})
    found.update(unit=preset.unit, preset=key)
    return found


def quarter_data(data, year: int, quarter: int) -> dict[str, object]:
    """The form's data with the days of a quarter (everything else as typed)."""
    first, last = quarter_days(year, quarter)
    found = {k: data.get(k, "") for k in ("name", "slug", "unit", "preset", *RULE_FIELDS)}
    found.update(first_day=first.isoformat(), last_day=last.isoformat())
    if not found["name"]:
        # Translators: a season's name made from a quarter, "Q1 2027"
        found["name"] = gettext("Q%(quarter)s %(year)s") % {"quarter": quarter, "year": year}
    return found

