"""The organizer's comparative form: table size, number of decks, the seed of the set."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournament.comparative.services import MAX_DECKS


class ComparativeForm(forms.Form):
    # Translators: the label reads "Tables of: three-tables / four-tables"
    table_size = forms.TypedChoiceField(choices=[(3, gettext_lazy("three-tables")),
                                                 (4, gettext_lazy("four-tables"))],
                                        coerce=int, label=gettext_lazy("Tables of"))
    decks = forms.IntegerField(min_value=1, max_value=MAX_DECKS,
                               label=gettext_lazy("Decks per series"),
                               help_text=gettext_lazy("A multiple of the table size: every "
                                                      "player deals equally often. 12 decks at "
                                                      "three-tables: 4 each."))
    # Translators: the seed of the random dealing (a word or number the organizer gives)
    seed = forms.CharField(max_length=64, label=gettext_lazy("Seed"),
                           help_text=gettext_lazy("The same seed deals the same decks; note it "
                                                  "to print the set again."))
