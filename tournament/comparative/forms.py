"""The organizer's comparative form: table size, number of decks, the seed of the set."""

from __future__ import annotations

from django import forms

from tournament.comparative.services import MAX_DECKS


class ComparativeForm(forms.Form):
    table_size = forms.TypedChoiceField(choices=[(3, "three-tables"), (4, "four-tables")],
                                        coerce=int, label="Tables of")
    decks = forms.IntegerField(min_value=1, max_value=MAX_DECKS, label="Decks per series",
                               help_text="A multiple of the table size: every player deals "
                                         "equally often. 12 decks at three-tables: 4 each.")
    seed = forms.CharField(max_length=64, help_text="The same seed deals the same decks; "
                                                    "note it to print the set again.")
