from django import forms

from scoring.models import CustomPrize, ScoringSettings
from tournament.models import SeatingMethod
from tournament.parsing import INT_MAX, SMALL_INT_MAX, bounded_formfield, int_param


class SeatByResultsForm(forms.Form):
    method = forms.ChoiceField(choices=[
        (m.value, m.label) for m in (SeatingMethod.STANDINGS, SeatingMethod.PROGRESSIVE)])
    seed = forms.CharField(max_length=64, required=False,
                           help_text="Draws the seat order within each table.")


class SettingsForm(forms.ModelForm):
    class Meta:
        model = ScoringSettings
        formfield_callback = bounded_formfield
        fields = ["count_unconfirmed", "one_prize_per_player", "club_best"]


class LotForm(forms.Form):
    prize = forms.IntegerField(min_value=1, max_value=SMALL_INT_MAX, widget=forms.HiddenInput)
    winner = forms.IntegerField(min_value=1, max_value=INT_MAX, label="Player number drawn")
    note = forms.CharField(required=False, max_length=200)


class CustomPrizeForm(forms.ModelForm):
    class Meta:
        model = CustomPrize
        formfield_callback = bounded_formfield
        fields = ["number", "title", "kind", "place", "games", "label"]


class TeamForm(forms.Form):
    name = forms.CharField(max_length=120)
    members = forms.CharField(help_text="participant numbers, e.g. 4, 17 (a tandem) or "
                                        "4, 17, 23, 31 (a team)")

    def clean_members(self):
        raw = [x.strip() for x in self.cleaned_data["members"].replace(";", ",").split(",")]
        numbers = [int_param(x, 1, INT_MAX) for x in raw if x]
        if None in numbers:
            raise forms.ValidationError("Members: write participant numbers (1 to "
                                        f"{INT_MAX}) separated by commas.")
        if len(numbers) not in (2, 4) or len(set(numbers)) != len(numbers):
            raise forms.ValidationError("Members: a tandem has 2 different players, a team 4.")
        return numbers
