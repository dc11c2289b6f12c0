"""Forms of the series page: seat a series, swap two players, move one, seat a late
arrival or record that he sits out."""

from __future__ import annotations

from django import forms

from tournament.models import SeatingMethod
from tournament.parsing import INT_MAX


class SeatForm(forms.Form):
    # seating by results needs the standings: the results app offers those methods
    method = forms.ChoiceField(
        choices=[(m.value, m.label) for m in (SeatingMethod.DRAW, SeatingMethod.RESEAT)],
        initial=SeatingMethod.DRAW)
    seed = forms.CharField(
        max_length=64, required=False,
        help_text="The same seed gives the same plan. Left empty, a new seed is drawn.",
    )


class SwapForm(forms.Form):
    first = forms.IntegerField(min_value=1, max_value=INT_MAX, label="Player number")
    second = forms.IntegerField(min_value=1, max_value=INT_MAX,
                                label="swap with player number")


class MoveForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=INT_MAX, label="Player number")
    table = forms.IntegerField(min_value=1, max_value=INT_MAX, label="to table")


class LateArrivalForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=INT_MAX, label="Late arrival")
    table = forms.IntegerField(min_value=1, max_value=INT_MAX, label="at table")


class SitOutForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=INT_MAX, label="Player number")
