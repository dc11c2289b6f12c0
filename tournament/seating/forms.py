"""Forms of the series page: seat a series, swap two players, move one, seat a late
arrival or record that he sits out."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournament.models import SeatingMethod
from tournament.parsing import INT_MAX


class SeatForm(forms.Form):
    # seating by results needs the standings: the results app offers those methods
    method = forms.ChoiceField(
        choices=[(m.value, m.label) for m in (SeatingMethod.DRAW, SeatingMethod.RESEAT)],
        initial=SeatingMethod.DRAW, label=gettext_lazy("Method"))
    # Translators: the seed of the random draw (a word or number the organizer gives)
    seed = forms.CharField(
        max_length=64, required=False, label=gettext_lazy("Seed"),
        help_text=gettext_lazy("The same seed gives the same plan. Left empty, a new seed is "
                               "drawn."),
    )


class SwapForm(forms.Form):
    first = forms.IntegerField(min_value=1, max_value=INT_MAX,
                               label=gettext_lazy("Player number"))
    second = forms.IntegerField(min_value=1, max_value=INT_MAX,
                                label=gettext_lazy("swap with player number"))


class MoveForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=INT_MAX,
                                label=gettext_lazy("Player number"))
    table = forms.IntegerField(min_value=1, max_value=INT_MAX, label=gettext_lazy("to table"))


class LateArrivalForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=INT_MAX,
                                label=gettext_lazy("Late arrival"))
    table = forms.IntegerField(min_value=1, max_value=INT_MAX, label=gettext_lazy("at table"))


class SitOutForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=INT_MAX,
                                label=gettext_lazy("Player number"))
