from django import forms
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from engine import GameKind, ScoringSystem
from engine.games import game_phrase
from scoring.models import CustomPrize, ScoringSettings
from scoring.prize_list import GAMES, either
from scoring.prizes import PrizeKind, against_games
from scoring.ranking import ranking_of, schedule
from tournament.models import SeatingMethod
from tournament.parsing import INT_MAX, SMALL_INT_MAX, bounded_formfield, int_param
from tournament.words import say


class SeatByResultsForm(forms.Form):
    method = forms.ChoiceField(choices=[
        (m.value, m.label) for m in (SeatingMethod.STANDINGS, SeatingMethod.PROGRESSIVE)])
    seed = forms.CharField(max_length=64, required=False,
                           help_text=gettext_lazy("Draws the seat order within each table."))


class SettingsForm(forms.ModelForm):
    class Meta:
        model = ScoringSettings
        formfield_callback = bounded_formfield
        fields = ["count_unconfirmed", "one_prize_per_player", "club_best", "prize_places",
                  "league_schedule", "substitutes", "missing_deals"]
        labels = {"count_unconfirmed": gettext_lazy("Count unconfirmed"),
                  "one_prize_per_player": gettext_lazy("One prize per player"),
                  "club_best": gettext_lazy("Clubs count their best"),
                  "prize_places": gettext_lazy("Places with a prize"),
                  "league_schedule": gettext_lazy("League Prize Schedule as well"),
                  "substitutes": gettext_lazy("Substitutes"),
                  "missing_deals": gettext_lazy("Missing deals")}

    # the settings of a table that cannot finish: a form that leaves them out keeps them
    KEPT = ("substitutes", "missing_deals")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.KEPT:
            self.fields[name].required = False
        if not ranking_of(self.instance.tournament.scoring_system).prize_places:
            # the prize list is the League's schedule: nothing to choose
            del self.fields["prize_places"], self.fields["league_schedule"]

    def clean(self):
        data = super().clean()
        for name in self.KEPT:
            if not data.get(name):
                data[name] = getattr(self.instance, name)
        if "prize_places" not in self.fields or self.errors:
            return data
        tournament = self.instance.tournament
        taken = len(schedule(ScoringSystem(tournament.scoring_system), tournament.rules,
                             data["prize_places"], data["league_schedule"]))
        clash = tournament.custom_prizes.filter(number__lte=taken).order_by("number").first()
        if clash is not None:
            self.add_error("prize_places", gettext(
                "Places with a prize: the schedule would take numbers 1 to %(taken)s, and "
                "prize %(number)s “%(title)s” is one of the tournament's own; give fewer "
                "places or renumber that prize first.") % {
                "taken": taken, "number": clash.number, "title": clash.title})
        return data

    def clean_club_best(self) -> int | None:
        best = self.cleaned_data.get("club_best")
        if best is not None and best < 1:
            raise forms.ValidationError(gettext(
                "Clubs count their best: at least 1 player; leave it empty to count every "
                "player."))
        return best


class LotForm(forms.Form):
    prize = forms.IntegerField(min_value=1, max_value=SMALL_INT_MAX, widget=forms.HiddenInput)
    winner = forms.IntegerField(min_value=1, max_value=INT_MAX,
                                label=gettext_lazy("Player number drawn"))
    note = forms.CharField(required=False, max_length=200, label=gettext_lazy("Note"))


def countable_games(rules) -> list[tuple[str, str]]:
    """(key, name) of the games a player can win under ``rules``, by the rule set's names
    ("Grando" under Hertefeld): what "Most games of a kind won" may count."""
    return [(str(g.key), say(game_phrase(rules, g.key))) for g in rules.games
            if g.kind not in (GameKind.RAMSCH, GameKind.PASSED)]


COUNT_WON = PrizeKind.COUNT_WON.name
AGAINST = {k.name: k for k in (PrizeKind.SOLO_AGAINST, PrizeKind.TOURNE_AGAINST)}
LABEL_MAX = CustomPrize._meta.get_field("label").max_length


class CustomPrizeForm(forms.ModelForm):
    """An extra prize; its games are chosen by name from the tournament's rule set."""

    games = forms.MultipleChoiceField(
        required=False, label=gettext_lazy("Games that count"),
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("Only for “Most games of a kind won”: tick the games whose "
                               "wins count."),
        error_messages={"invalid_choice": gettext_lazy(
            "“%(value)s” is not a game of this tournament's rules; tick games from the "
            "list.")})

    class Meta:
        model = CustomPrize
        formfield_callback = bounded_formfield
        fields = ["number", "title", "kind", "place", "games", "label"]
        labels = {"number": gettext_lazy("Prize number"),
                  "title": pgettext_lazy("a prize's name", "Title"),
                  "kind": gettext_lazy("Won by"),
                  "place": gettext_lazy("Place"),
                  "label": gettext_lazy("The games' name on the prize list")}
        help_texts = {
            "number": gettext_lazy("Its place in the prize list, after the schedule's prizes "
                                   "(the League's seven, or the places by Seeger-Fabian "
                                   "score)."),
            "title": gettext_lazy("What the prize list calls it, e.g. “Best Grand player”."),
            "place": gettext_lazy("1 for the best, 2 for the runner-up, and so on."),
            "label": gettext_lazy("For “Most games of a kind won”, e.g. “Grands” (the list "
                                  "then says “5 Grands won”). Empty: the names of the games "
                                  "ticked."),
        }

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules = tournament.rules
        self.fields["games"].choices = countable_games(self.rules)
        # a kind for games the rule set does not have (a Tourné under ISkO) is not offered
        self.fields["kind"].choices = [
            (key, label) for key, label in self.fields["kind"].choices
            if key not in AGAINST or against_games(AGAINST[key], self.rules)]
        if self.instance.pk and not self.is_bound:
            self.initial["games"] = [g for g in self.instance.games.split(",") if g]

    def clean_games(self) -> str:
        return ",".join(self.cleaned_data["games"])

    def clean(self):
        data = super().clean()
        if data.get("kind") == COUNT_WON:
            keys = [k for k in (data.get("games") or "").split(",") if k]
            if not keys and "games" not in self.errors:
                self.add_error("games", gettext("Tick at least one game that counts for "
                                                "“Most games of a kind won”."))
            elif keys and not data.get("label"):
                names = dict(countable_games(self.rules))
                # Translators: the games a prize counts, named when the organizer gave no
                # name: "Grand or Grand Ouvert games"; the prize list says "5 Grand or Grand
                # Ouvert games won"
                label = gettext("%(games)s games") % {"games": either([names[k] for k in keys])}
                data["label"] = label if len(label) <= LABEL_MAX else GAMES
        elif data.get("kind"):
            data["games"] = ""  # the other kinds count no games
        return data


class TeamForm(forms.Form):
    name = forms.CharField(max_length=120, label=gettext_lazy("Team name"))
    members = forms.CharField(label=gettext_lazy("Members"), help_text=gettext_lazy(
        "Their participant numbers, e.g. 4, 17 (a tandem) or 4, 17, 23, 31 (a team)"))

    def clean_members(self):
        raw = [x.strip() for x in self.cleaned_data["members"].replace(";", ",").split(",")]
        numbers = [int_param(x, 1, INT_MAX) for x in raw if x]
        if None in numbers:
            raise forms.ValidationError(gettext(
                "Write participant numbers (1 to %(most)s) separated by commas.")
                % {"most": INT_MAX})
        if len(numbers) not in (2, 4) or len(set(numbers)) != len(numbers):
            raise forms.ValidationError(gettext("A tandem has 2 different players, a team 4."))
        return numbers
