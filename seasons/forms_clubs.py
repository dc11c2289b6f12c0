"""The forms of a club's organizer pages: a new club, an organizer, a member, the next
evening, and seating an evening by the season ranking. They read what is typed; the
refusals of the rules (``seasons.clubs``, ``seasons.seeding``) come back onto them."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from seasons.clubs import CLUB_MAX, EVENING_NAME_MAX, LIMIT, NAME_MAX
from tournament.forms import DateInput
from tournament.models import Club
from tournament.models.events import rule_set_choices
from tournament.parsing import NameField


class ClubForm(forms.Form):
    name = NameField(label=_("Club name"), max_length=CLUB_MAX)
    city = forms.CharField(label=_("City"), max_length=CLUB_MAX, required=False)


class OrganizerForm(forms.Form):
    username = forms.CharField(
        label=_("User name"), max_length=150,
        help_text=_("Anyone who organizes or assists one of the club's evenings, or one of "
                    "your tournaments, can be added by their user name."))


class MemberForm(forms.Form):
    """A member: one of the persons who played the club's evenings, or a new person."""

    player = forms.TypedChoiceField(label=_("A player of the club's evenings"), coerce=int,
                                    required=False, empty_value=None)
    first_name = NameField(label=_("or a new person: first name"), max_length=NAME_MAX,
                           required=False)
    last_name = NameField(label=_("Last name"), max_length=NAME_MAX, required=False)
    new_person = forms.BooleanField(label=_("a new person of the same name"), required=False)
    joined_on = forms.DateField(label=_("Member since"), required=False, widget=DateInput())

    def __init__(self, *args, candidates=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(p.pk, p.sort_name) for p in candidates]

    def clean(self):
        data = super().clean()
        typed = data.get("first_name") or data.get("last_name")
        if data.get("player") and typed:
            raise forms.ValidationError(_("Choose a player from the list or type a new "
                                          "name, not both."))
        if not data.get("player") and not typed and not self.errors:
            raise forms.ValidationError(_("Choose a player from the list or type a new name."))
        return data


class NextEveningForm(forms.Form):
    """The next evening: its day and name; a club's first evening also says its rule set,
    series and deals (later evenings copy the last one's)."""

    day = forms.DateField(label=_("Date"), widget=DateInput())
    name = forms.CharField(label=_("Name"), max_length=EVENING_NAME_MAX)
    rule_set = forms.ChoiceField(label=_("Rule set"), choices=rule_set_choices)
    series_count = forms.IntegerField(label=_("Series count"), min_value=1, max_value=LIMIT,
                                      initial=2)
    deals_per_player = forms.IntegerField(label=_("Deals per player"), min_value=1,
                                          max_value=LIMIT, initial=12)

    def __init__(self, *args, first: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not first:  # copied from the last evening
            for name in ("rule_set", "series_count", "deals_per_player"):
                del self.fields[name]


class SeasonSeatingForm(forms.Form):
    season = forms.ModelChoiceField(label=_("Season"), queryset=Club.objects.none(),
                                    empty_label=None)
    guests_from_table = forms.IntegerField(
        label=_("Guests from table"), min_value=1, max_value=9999, required=False,
        help_text=_("Guests, and players the season has not ranked, are spread one per table "
                    "from this table on; the ranked players fill the other seats in ranking "
                    "order from table 1. Empty: guests after the ranked players."))
    seed = forms.CharField(label=_("Seed"), max_length=64, required=False,
                           help_text=_("Draws the seat order at each table; empty: a new "
                                       "one."))

    def __init__(self, *args, seasons=None, **kwargs):
        super().__init__(*args, **kwargs)
        if seasons is not None:
            self.fields["season"].queryset = seasons
