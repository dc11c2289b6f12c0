"""The deal entry form: fields by game, the engine's validation on the right field."""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from engine import (
    FLAGS,
    EngineError,
    Game,
    GameKind,
    InvalidRecord,
    Letter,
    RecordKey,
    Revoker,
    Suit,
    check_record,
    deck_matadors,
)
from tournament.comparative import services as comparative
from tournament.parsing import INT_MAX, INT_MIN, SMALL_INT_MAX, NameField
from tournament.sheets import fields as quick
from tournament.sheets.confirmation import real_name
from tournament.sheets.loaders import DealInput, TableInfo, check_seats
from tournament.sheets.widgets import QUICK
from tournament.words import refusal, say_lazy, word
from tournament.words import word_lazy as engine_label  # a field's label, said when shown

# the trumps ("♣ Clubs") and the revokes as the form offers them, said in the reader's language
SUITS = [(s.key, format_lazy("{} {}", s.symbol, say_lazy(s.plural_words)))
         for s in sorted(Suit, reverse=True)]
REVOKE_CHOICES = [("", _("no revoke")), *((r.value, engine_label(r.label)) for r in Revoker)]


def fields_for(game: Game, info: TableInfo) -> list[str]:
    """The form fields a scorekeeper fills in for ``game`` (the same set the page shows)."""
    rules, options = info.rules, info.options
    if game.kind is GameKind.PASSED:
        return []
    if game.kind is GameKind.RAMSCH:
        fields = ["loser", "jungfer", "all_tricks"]
        return fields + ["card_points"] if options.get("point_ramsch") else fields
    fields = ["declarer", "tricks", "conceded"]
    if rules.numeric_bids:
        fields.append("bid")
    if game.has_trumps:
        # a comparative deck's cards give the matadors when the deal is saved: never asked
        fields += ["card_points"] if info.decks else ["matadors", "without", "card_points"]
    if game.kind is GameKind.SUIT:
        fields.append("trump")
    if game.announcements:
        fields += ["schneider_announced", "schwarz_announced"]
    if game.passt_nicht:
        fields.append("passt_nicht")
    if rules.hand_flags:
        fields += ["hand", "ouvert"]
    if options.get("contra"):
        fields += ["contra", "recontra", "contra_by"]
    fields += ["revoke", "revoked_by"]
    return fields


# the form's stamp: which deal of which sheet it was made for; read before the form is built
# (the number decides the dealer and the seats it offers), so unbounded: any whole number
# reads as itself (an impossible one then finds the sheet changed), anything else as none
_WHOLE = forms.IntegerField(required=False)


@dataclass(frozen=True)
class Stamp:
    """What a posted deal form says of the sheet it was made for: the deal's ``number`` and
    the ``version`` of the sheet (of the deal, for a correction); None: nothing readable."""

    number: int | None
    version: int | None

    def stale(self, sheet_version: int, played: int | None = None) -> bool:
        """A new-deal form made for an older sheet: another device saved a deal (or changed
        the sheet) since. Its deal number is taken, so its seats may be another deal's: the
        sheet changed, rather than a seat that sits out now is refused. Without ``played``
        (the deals on the sheet) only the version is compared: every change of the sheet
        raises it, and ``add_deal`` compares the number under the table's lock."""
        return ((played is not None and self.number is not None
                 and self.number != played + 1)
                or (self.version is not None and self.version != sheet_version))

    def number_or(self, next_number) -> int:
        """The deal the form is for: its own number, else ``next_number()`` (the next one)."""
        return self.number if self.number is not None and self.number > 0 else next_number()


def posted_stamp(data) -> Stamp:
    """The ``number`` and ``version`` a deal form posted, cleaned as the form's fields."""
    return Stamp(*(_whole(data.get(name)) for name in ("number", "version")))


def _whole(value) -> int | None:
    try:
        return _WHOLE.clean(value)
    except forms.ValidationError:
        return None


class DealForm(forms.Form):
    default_renderer = QUICK  # Django's markup, without its templates

    game = quick.ChoiceField(label=engine_label(RecordKey.GAME.label))
    declarer = quick.TypedChoiceField(coerce=int, required=False, empty_value=None,
                                      label=_("Declarer"))
    trump = quick.ChoiceField(choices=[("", "–"), *SUITS], required=False,
                              label=engine_label(RecordKey.TRUMP.label))
    matadors = quick.IntegerField(required=False, min_value=1, max_value=11,
                                  label=engine_label(RecordKey.MATADORS.label),
                                  help_text=_("with or without how many"))
    # Translators: the matadors' checkbox: "Matadors: 2, [x] without"
    without = quick.BooleanField(required=False, label=pgettext_lazy("matadors", "without"))
    card_points = quick.IntegerField(required=False, min_value=0, max_value=120,
                                     label=engine_label(RecordKey.CARD_POINTS.label),
                                     help_text=_("the declarer's, Skat included"))
    tricks = quick.IntegerField(required=False, min_value=0, max_value=10,
                                label=engine_label(RecordKey.TRICKS.label),
                                help_text=_("needed for Null, and at 0 or 120 card points"))
    schneider_announced = quick.BooleanField(
        required=False, label=engine_label(RecordKey.SCHNEIDER_ANNOUNCED.label))
    schwarz_announced = quick.BooleanField(
        required=False, label=engine_label(RecordKey.SCHWARZ_ANNOUNCED.label))
    passt_nicht = quick.BooleanField(required=False,
                                     label=engine_label(RecordKey.PASST_NICHT.label))
    hand = quick.BooleanField(required=False, label=engine_label(RecordKey.HAND.label))
    ouvert = quick.BooleanField(required=False, label=engine_label(RecordKey.OUVERT.label))
    # Translators: the checkbox of a game the declarer gave up
    conceded = quick.BooleanField(required=False, label=_("conceded"))
    contra = quick.BooleanField(required=False, label=engine_label(RecordKey.CONTRA.label))
    recontra = quick.BooleanField(required=False, label=engine_label(RecordKey.RECONTRA.label))
    contra_by = quick.TypedChoiceField(coerce=int, required=False, empty_value=None,
                                       label=_("Contra by"))
    bid = quick.IntegerField(required=False, min_value=0, max_value=SMALL_INT_MAX,
                             label=engine_label(RecordKey.BID.label), help_text=_("optional"))
    revoke = quick.ChoiceField(choices=REVOKE_CHOICES, required=False,
                               label=engine_label(RecordKey.REVOKE.label))
    revoked_by = quick.TypedChoiceField(coerce=int, required=False, empty_value=None,
                                        label=_("Revoked by"))
    loser = quick.TypedChoiceField(coerce=int, required=False, empty_value=None,
                                   label=engine_label(RecordKey.LOSER.label))
    jungfer = quick.BooleanField(required=False, label=_("Jungfer (a player took no trick)"))
    all_tricks = quick.BooleanField(required=False, label=_("one player took every trick"))
    # the deal the form was made for: read as a ``Stamp`` before the form is built
    number = quick.IntegerField(required=False, min_value=INT_MIN, max_value=INT_MAX,
                                widget=quick.HiddenInput)
    version = quick.IntegerField(min_value=0, max_value=INT_MAX, widget=quick.HiddenInput)

    def __init__(self, info: TableInfo, number: int, *args, cards: bool = True, **kwargs):
        """``cards``: a comparative deck's cards may be read (saving a deal). The preview
        passes False: until a deal is recorded the table's link tells nothing of them."""
        super().__init__(*args, **kwargs)
        self.info, self.number = info, number
        self.fields["number"].initial = number
        games = info.rules.enabled_games(info.options)
        self.games = {g.key: g for g in games}
        self.fields["game"].choices = [(g.key, word(g.name)) for g in games]
        dealer = info.dealer(number)
        sits_out = dealer if info.size == 4 else None
        # who plays each seat in this deal: a substitute from their first deal on
        seat_choices = [(p.position, info.seat_label(p.position, number)) for p in info.players]
        playing = [(s, label) for s, label in seat_choices if s != sits_out]
        self.fields["declarer"].choices = [("", "–")] + playing
        self.fields["loser"].choices = [("", "–")] + playing
        self.fields["contra_by"].choices = [("", "–")] + playing
        self.fields["revoked_by"].choices = [("", "–")] + playing
        if not info.rules.numeric_bids:
            del self.fields["bid"]
        self.deck = info.deck(number)
        if self.deck is not None:
            self.fields["deck"] = forms.IntegerField(
                min_value=1, max_value=SMALL_INT_MAX, initial=self.deck.number,
                label=gettext("Deck"),
                help_text=gettext("the number on the deck: this table plays deck %(deck)s now; "
                                  "the matadors come from its cards when the deal is saved")
                % {"deck": self.deck.number})
        self.read_cards = cards
        self.input: DealInput | None = None
        self.matadors_from_cards: int | None = None
        self.matadors_pending = False  # a preview at a comparative table: counted on saving

    def field_games(self) -> dict[str, str]:
        """For each field, the games that show it (``data-games`` in the template)."""
        shown: dict[str, list[str]] = {}
        for key, game in self.games.items():
            for name in fields_for(game, self.info):
                shown.setdefault(name, []).append(key)
        return {name: " ".join(keys) for name, keys in shown.items()}

    def clean(self):
        data = super().clean()
        game = self.games.get(data.get("game", ""))
        if game is None:
            return data
        shown = set(fields_for(game, self.info))
        # a value left in a field this game does not show says nothing (pages without JS)
        for name in list(self._errors):
            if name in self.fields and name not in shown | {"game", "version", "deck"}:
                del self._errors[name]
        if self.errors or not self._deck_confirmed(data):
            return data
        record: dict[str, object] = {"game": game.key}
        if "trump" in shown and data.get("trump"):
            record["trump"] = data["trump"]
        if "matadors" in shown and data.get("matadors") is not None:
            record["matadors"] = -data["matadors"] if data.get("without") else data["matadors"]
        for key in ("card_points", "tricks", "bid", "loser"):
            if key in shown and data.get(key) is not None:
                record[key] = data[key]
        if "revoke" in shown and data.get("revoke"):
            record["revoke"] = data["revoke"]
        for flag in FLAGS:
            if flag in shown and data.get(flag):
                record[flag] = True
        if self.deck is not None and not self._matadors_from_cards(game, shown, data, record):
            return data
        if game.kind is GameKind.RAMSCH and data.get("loser") is None:
            self.add_error("loser", gettext("Loser: choose who lost the Ramsch."))
            return data
        self.input = DealInput(
            record=record,
            declarer=data.get("declarer") if "declarer" in shown else None,
            contra_by=data.get("contra_by") if record.get("contra") else None,
            revoked_by=(data.get("revoked_by") if record.get("revoke") == Revoker.OPPONENT
                        else None),
        )
        try:  # the shape only: the service scores the deal, once, under the table's lock
            check_seats(self.info, self.number, self.input)
            check_record(record, self.info.rules, self.info.options)
        except EngineError as exc:
            self.refuse(exc)
        return data

    def refuse(self, exc: EngineError) -> None:
        """The engine's refusal on the field at fault (the service's too: the page shows the
        form again with it); no valid ``input`` remains."""
        field = {"seat": "declarer"}.get(exc.field, exc.field) if isinstance(
            exc, InvalidRecord) else None
        self.add_error(field if field in self.fields else None, refusal(exc))
        self.input = None

    def _deck_confirmed(self, data) -> bool:
        """A comparative table plays the movement's deck: the scorekeeper confirms its number."""
        if self.deck is None or data.get("deck") == self.deck.number:
            return True
        self.add_error("deck", gettext("Deck: this table plays deck %(deck)s as deal "
                                       "%(number)s; check the number on the deck.")
                       % {"deck": self.deck.number, "number": self.number})
        return False

    def _matadors_from_cards(self, game: Game, shown: set[str], data, record: dict) -> bool:
        """The declarer's matadors are in the deck: counted from its cards when the deal is
        saved, never typed (a typed count checked against the cards would answer what they
        hold). Without ``read_cards`` (the preview) a stand-in count lets the engine check
        the rest of the deal, and nothing it answers depends on the cards."""
        if not game.has_trumps:
            return True
        if not self.read_cards:
            record["matadors"] = 1
            self.matadors_pending = True
            return True
        declarer = data.get("declarer")
        trump_key = data.get("trump") if "trump" in shown else None
        if declarer is None or ("trump" in shown and not trump_key):
            return True  # the engine asks for the declarer or the trump
        trump = Suit.from_key(trump_key) if trump_key else None
        letter = comparative.letter_of(declarer)
        try:
            cards = deck_matadors(comparative.engine_deck(self.deck), Letter(letter), trump)
        except EngineError as exc:
            self.add_error("declarer", refusal(exc))
            return False
        self.matadors_from_cards = record["matadors"] = cards
        return True


class PenaltyForm(forms.Form):
    default_renderer = QUICK  # Django's markup, without its templates

    seat = forms.TypedChoiceField(coerce=int, label=_("Player"))
    reason = forms.ChoiceField(label=engine_label(RecordKey.REASON.label))
    points = forms.IntegerField(required=False, min_value=1, max_value=1000,
                                label=engine_label(RecordKey.POINTS.label),
                                help_text=_("only for 'other'"))
    # Translators: a penalty's note
    note = forms.CharField(required=False, max_length=200, label=_("Note"))
    deal = forms.IntegerField(required=False, min_value=1, max_value=SMALL_INT_MAX,
                              label=_("Deal"),
                              help_text=_("a misdeal: the deal misdealt (its dealer is charged)"))
    version = forms.IntegerField(min_value=0, max_value=INT_MAX, widget=forms.HiddenInput)

    def __init__(self, info: TableInfo, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # a penalty counts for whoever played the seat in the last deal (a substitute)
        now = max(info.table.deals.count(), 1) if info.substitutes else None
        self.fields["seat"].choices = [(p.position, info.seat_label(p.position, now))
                                       for p in info.players]
        self.fields["reason"].choices = [
            (p.key, word(p.text) + (f" (−{p.points})" if p.points else ""))
            for p in info.rules.penalties
        ]


class SubmitForm(forms.Form):
    default_renderer = QUICK  # Django's markup, without its templates

    name = NameField(max_length=120, label=_("Your name"))

    def clean_name(self) -> str:
        name = real_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(gettext("Your name: enter your own name, the person "
                                                "who submits the sheet."))
        return name


class ConfirmForm(forms.Form):
    default_renderer = QUICK  # Django's markup, without its templates

    name = NameField(max_length=120, label=_("Your name"), required=False)
    override = forms.BooleanField(required=False,
                                  label=_("Organizer override: confirm my own submission"))

    def __init__(self, *args, seats: int = 0, blind: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.blind = blind
        if blind:
            for seat in range(1, seats + 1):
                # not required: an organizer's override needs none; the service checks
                self.fields[f"total_{seat}"] = forms.IntegerField(
                    label=gettext("Final total of seat %(seat)s") % {"seat": seat},
                    required=False,
                    min_value=INT_MIN, max_value=INT_MAX)

    def totals(self) -> list[int] | None:
        if not self.blind:
            return None
        typed = [self.cleaned_data.get(k) for k in sorted(self.fields) if
                 k.startswith("total_")]
        return None if any(t is None for t in typed) else typed


class SubstituteForm(forms.Form):
    """The director seats a substitute (``sheets.absence.seat_substitute``)."""

    default_renderer = QUICK  # Django's markup, without its templates

    seat = forms.TypedChoiceField(coerce=int, choices=[],
                                  label=engine_label(RecordKey.SEAT.label))
    from_deal = forms.IntegerField(min_value=1, max_value=SMALL_INT_MAX, label=_("From deal"))
    substitute = forms.IntegerField(min_value=1, max_value=INT_MAX,
                                    label=_("Substitute's player number"))
    reason = forms.CharField(required=False, max_length=200, label=_("Why (for the sheet)"))

    def __init__(self, info: TableInfo, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(p.position, f"{p.position} {p.name}")
                                       for p in info.players]
        self.fields["from_deal"].max_value = info.deal_count
        self.fields["from_deal"].widget.attrs["max"] = info.deal_count


class EndSheetForm(forms.Form):
    """The director ends the sheet early (``sheets.absence.end_sheet``)."""

    default_renderer = QUICK  # Django's markup, without its templates

    after_deal = forms.IntegerField(min_value=0, max_value=SMALL_INT_MAX,
                                    label=_("End after deal"))
    reason = forms.CharField(required=False, max_length=200, label=_("Why (for the sheet)"))
