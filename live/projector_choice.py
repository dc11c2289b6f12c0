"""What the projector shows, as the organizer chose it: the slides, the seconds a slide, the
theme, the series, the places of the standings and whose view (docs/live.md, "The
projector").

The choice travels in the projector's address (``t/<slug>/projector/?seconds=20&theme=light``)
so that the hall's PC needs no login and no stored setting: the organizer's form
(``organize/<slug>/projector/``) builds the address, and whatever a visitor puts there is read
by the same form, a bad or unknown value falling back to its default, never to an error.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.parsing import INT_MAX, INT_MIN, int_param

# The slides, in the order the projector shows them.
STANDINGS = "standings"  # the overall standings
SERIES = "series"  # the standings of the latest series with results
SEATS = "seats"  # "Where do I sit?" of the current series
PROGRESS = "progress"  # how far the current series' tables are
PRIZES = "prizes"  # the prize list, once every series is released
SLIDES = (STANDINGS, SERIES, SEATS, PROGRESS, PRIZES)
SLIDE_NAMES = {
    STANDINGS: _("Standings (overall)"),
    SERIES: _("Standings of the latest series"),
    SEATS: _("Where do I sit? (the current series)"),
    PROGRESS: _("The current series' progress"),
    PRIZES: _("Prizes (once every series is released)"),
}
PUBLIC, STAFF = "public", "staff"
DARK, LIGHT = "dark", "light"
SECONDS = (3, 600)  # a slide's time: long enough to read a name, short enough to come back
PLACES = (1, 240)  # the standings' places shown, a slide of ``ROWS`` at a time


@dataclass(frozen=True)
class Choice:
    """The projector's settings; each default is what an address without it shows."""

    slides: tuple[str, ...] = (STANDINGS, SEATS, PROGRESS, PRIZES)
    seconds: int = 15
    theme: str = DARK
    series: int | None = None  # None: the current series (the latest published)
    places: int = 12  # one slide of the standings
    audience: str = PUBLIC

    def query(self) -> str:
        """The address's query, with only what differs from the defaults ("" for none): one
        address per choice, the shortest."""
        default = Choice()
        pairs: list[tuple[str, str]] = []
        for field in fields(self):
            value = getattr(self, field.name)
            if value == getattr(default, field.name):
                continue
            values = value if isinstance(value, tuple) else (value,)
            pairs += [(field.name, str(v)) for v in values]
        return urlencode(pairs)

    @property
    def staff_view(self) -> bool:
        """The organizer asked for the staff's view (every series, full names): honoured only
        for a visitor who is staff (``views.projector``)."""
        return self.audience == STAFF


class WholeNumber(forms.IntegerField):
    """A number as ``parsing.int_param`` reads one: ASCII digits only ("٣٠" is no 30)."""

    def to_python(self, value):
        if value not in self.empty_values and int_param(value, INT_MIN, INT_MAX) is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class ProjectorForm(forms.Form):
    """The organizer's form, and the reader of the projector's address."""

    slides = forms.MultipleChoiceField(
        label=_("Slides"), required=False, widget=forms.CheckboxSelectMultiple,
        choices=list(SLIDE_NAMES.items()),
        help_text=_("A slide with nothing to show yet is left out. \"Where do I sit?\" takes "
                    "a slide for every 36 players: at a congress give it a screen of its own, "
                    "or leave it to the seating charts."))
    seconds = WholeNumber(
        label=_("Seconds a slide"), min_value=SECONDS[0], max_value=SECONDS[1],
        initial=Choice.seconds)
    theme = forms.ChoiceField(
        label=_("Theme"), initial=Choice.theme, widget=forms.RadioSelect, choices=[
            (DARK, pgettext_lazy("the projector's colours", "dark (a dim hall)")),
            (LIGHT, pgettext_lazy("the projector's colours", "light (a bright hall)"))])
    series = forms.TypedChoiceField(
        label=_("Series"), required=False, coerce=int, empty_value=None,
        help_text=_("The series of \"Where do I sit?\" and of the progress."))
    places = WholeNumber(
        label=_("Places of the standings"), min_value=PLACES[0], max_value=PLACES[1],
        initial=Choice.places,
        help_text=_("Twelve fit a slide; more take a slide for each twelve."))
    audience = forms.ChoiceField(
        label=_("Show"), initial=Choice.audience, widget=forms.RadioSelect, choices=[
            (PUBLIC, _("what the public may see (released results, names as published)")),
            (STAFF, _("what the staff see (every series, full names): only on a PC logged in "
                      "as staff"))])

    def __init__(self, *args, series_numbers: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["series"].choices = [
            ("", _("the current one (the latest published)")),
            *((n, _("Series %(number)s") % {"number": n}) for n in series_numbers)]
        self.fields["slides"].initial = list(Choice.slides)


def read_choice(query: QueryDict, series_numbers: list[int]) -> Choice:
    """The choice an address asks for: each field read alone, a bad value (or none) giving
    its default; ``series_numbers``: the tournament's series."""
    form = ProjectorForm(query, series_numbers=series_numbers)
    form.is_valid()
    values = {}
    for name in ("seconds", "theme", "series", "places", "audience"):
        if name in query and name not in form.errors and form.cleaned_data.get(name) is not None:
            values[name] = form.cleaned_data[name]
    slides = form.cleaned_data.get("slides") if "slides" not in form.errors else None
    if slides:
        values["slides"] = tuple(s for s in SLIDES if s in slides)
    return Choice(**values)
