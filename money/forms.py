"""The Money page's forms: a preset applied as it is, or every rule by hand.

The hand form is a structured form (no JSON typing): it opens filled with the stored rules,
reads amounts as people type them ("1,50", "1.50", "2") in the page's language, builds the
``rules`` object of the money document (docs/money.md) leaving out what costs nothing, and has
it checked by ``read_rules``; a refusal is said on the field it names. Once a deal is recorded
the rules are locked, like the scoring settings: only the currency may change."""

from __future__ import annotations

from contextlib import suppress
from decimal import Decimal

from django import forms
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from money.currency import CURRENCIES, SIGNS, amount
from money.describe import PRESET_NAMES
from money.models import MoneySettings
from money.presets import PRESETS
from money.rule_reading import (
    PAYOUTS,
    SINGLE_FEES,
    TIERS,
    TYPED_POOLS,
    AmountField,
    ReadsRules,
    destination_field,
)
from money.rules import FEE_KINDS, MoneyError, read_rules
from money.services import (
    PRESET_KEYS,
    SETTLEMENT_PRESET,
    locked,
    plain,
    rules_of,
    save_money,
    save_rate,
)
from money.words import KIND_WORDS, POOL_WORDS
from tournament.models import Tournament

PLACES_CHOICES = (
    ("", pgettext_lazy("prizes paid", "none")),
    ("tables", pgettext_lazy("prizes paid", "as many as there are tables")),
    ("every", pgettext_lazy("prizes paid", "every k-th player")),
    ("fraction", pgettext_lazy("prizes paid", "a fraction of the players")),
    ("top", pgettext_lazy("prizes paid", "the best k players")),
)
SHARES_CHOICES = (
    ("equal", pgettext_lazy("prize shares", "equal")),
    ("linear", pgettext_lazy("prize shares", "falling by place (linear)")),
    ("weights", pgettext_lazy("prize shares", "by the weights below")),
)
LOCKED = gettext_lazy("Locked: deals are recorded, and changing the money rules would change "
                      "what the players already owe.")


def _count_field(label, least: int = 1, most: int = 10_000, help_text="") -> forms.IntegerField:
    return forms.IntegerField(
        label=label, required=False, min_value=least, max_value=most, help_text=help_text,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 4,
                                      "autocomplete": "off"}))


class PresetForm(forms.Form):
    """``action=preset``: one of the presets, saved as it is."""

    preset = forms.ChoiceField(label=gettext_lazy("Preset"),
                               choices=[(key, PRESET_NAMES[key]) for key in PRESET_KEYS])


class MoneyRulesForm(ReadsRules, forms.Form):
    """``action=rules``: every rule by hand (field names in docs/money.md, "The Money page")."""

    def __init__(self, data=None, *, tournament: Tournament, settings: MoneySettings,
                 language: str, **kwargs):
        super().__init__(data, **kwargs)
        self.tournament = tournament
        self.settings = settings
        self.language = language
        self.locked = locked(tournament)
        self.rules: dict[str, object] = {}
        self._tier_rows: list[int] = []  # the row of each stored tier, for a refusal's place
        # four rows of tiers, or as many as stored rules have (none is lost on saving)
        self.tier_count = max(TIERS, len(rules_of(settings).lost_game_fee))
        self._add_fields()
        for field in self.fields.values():
            if isinstance(field, AmountField):
                field.language = language
        self.initial.update(self._initial())
        if self.locked:  # disabled fields keep their stored values whatever is posted
            for name, field in self.fields.items():
                if name != "currency":
                    field.disabled = True

    # -- the fields ------------------------------------------------------------------------

    def _add_fields(self) -> None:
        f = self.fields
        f["entry_fee"] = AmountField(label=KIND_WORDS["entry_fee"],
                                     help_text=gettext_lazy("Once per player."))
        f["series_fee"] = AmountField(label=KIND_WORDS["series_fee"],
                                      help_text=gettext_lazy("Per player and series played."))
        f["list_fee"] = AmountField(label=KIND_WORDS["list_fee"],
                                    help_text=gettext_lazy("Per player and series played."))
        f["missed_series_fee"] = AmountField(
            label=pgettext_lazy("money rule", "Missed-series fee"),
            help_text=gettext_lazy("Per series an entered player did not play."))
        for n in range(1, self.tier_count + 1):
            # Translators: the lost game a tier of lost-game money starts from
            f[f"lost_from_{n}"] = _count_field(gettext("Tier %(n)s from game") % {"n": n})
            f[f"lost_amount_{n}"] = AmountField(label=gettext("Tier %(n)s amount") % {"n": n})
        f["passed_from_three"] = _count_field(gettext_lazy("From passed deal (three-table)"))
        f["passed_from_four"] = _count_field(gettext_lazy("From passed deal (four-table)"))
        f["passed_amount"] = AmountField(
            label=gettext_lazy("Amount each"),
            help_text=gettext_lazy("Each player of the table pays it for every passed deal "
                                   "from that one on."))
        for size in (3, 4):
            for place in range(1, size + 1):
                # Translators: the table-rank obolus of a place at a table ("Place 1")
                f[f"rank_{size}_{place}"] = AmountField(
                    label=gettext("Place %(place)s") % {"place": place})
        for kind in FEE_KINDS:
            for pool in TYPED_POOLS:
                f[destination_field(kind, pool)] = _count_field(
                    gettext("%(pool)s %%") % {"pool": POOL_WORDS[pool]}, least=0, most=100)
        for payout in PAYOUTS:
            f[f"{payout}_places"] = forms.ChoiceField(
                label=gettext_lazy("Places paid"), choices=PLACES_CHOICES, required=False)
            f[f"{payout}_count"] = forms.CharField(
                label=gettext_lazy("How many"), required=False, max_length=20,
                help_text=gettext_lazy("Every 4th: 4; a quarter: 1/4; the best 10: 10."),
                widget=forms.TextInput(attrs={"size": 6, "autocomplete": "off"}))
            f[f"{payout}_shares"] = forms.ChoiceField(
                label=gettext_lazy("Shares"), choices=SHARES_CHOICES, required=False)
            f[f"{payout}_weights"] = forms.CharField(
                label=gettext_lazy("Weights"), required=False, max_length=200,
                help_text=gettext_lazy("The first places' weights, such as 40, 25, 15."),
                widget=forms.TextInput(attrs={"size": 14, "autocomplete": "off"}))
            f[f"{payout}_unit"] = AmountField(
                label=gettext_lazy("Rounded down to"),
                help_text=gettext("Every prize a multiple of it, such as %(example)s.") % {
                    "example": amount(100, "", self.language, sign=False)})
        f["table_winner"] = forms.BooleanField(
            label=gettext_lazy("The table money of a series goes to the table's best score"),
            required=False)
        f["currency"] = forms.ChoiceField(
            label=gettext_lazy("Currency"),
            choices=[(c, f"{c} ({SIGNS[c]})" if SIGNS[c] != c else c) for c in CURRENCIES])
        f["settle_at_rate"] = forms.BooleanField(
            label=gettext_lazy("The players of each table settle at a rate"), required=False,
            help_text=gettext_lazy("The League's settlement: every two players of a table "
                                   "settle the difference of their points."))
        f["settlement_rate"] = forms.DecimalField(
            label=gettext_lazy("Rate (cents a point)"), required=False, max_digits=6,
            decimal_places=4, min_value=Decimal("0.0001"), max_value=Decimal("100"),
            localize=True, help_text=gettext_lazy("The book's rate is ¼ cent."),
            widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 7,
                                          "autocomplete": "off"}))

    def _initial(self) -> dict[str, object]:
        """The stored rules as the fields show them."""
        stored = rules_of(self.settings)

        def money(cents: int) -> str:
            return amount(cents, "", self.language, sign=False) if cents else ""

        initial: dict[str, object] = {kind: money(getattr(stored, kind))
                                      for kind in SINGLE_FEES}
        for n, (first, cents) in enumerate(stored.lost_game_fee, start=1):
            initial[f"lost_from_{n}"] = first
            initial[f"lost_amount_{n}"] = money(cents) or "0"
        if stored.passed_deal_fee is not None:
            initial["passed_from_three"] = stored.passed_deal_fee.from_three
            initial["passed_from_four"] = stored.passed_deal_fee.from_four
            initial["passed_amount"] = money(stored.passed_deal_fee.cents)
        if stored.table_rank_fee is not None:
            for size, cents in ((3, stored.table_rank_fee.three),
                                (4, stored.table_rank_fee.four)):
                for place, each in enumerate(cents, start=1):
                    initial[f"rank_{size}_{place}"] = money(each)
        for kind in FEE_KINDS:
            split = dict(stored.split_of(kind))
            for pool in TYPED_POOLS:
                initial[destination_field(kind, pool)] = split.get(pool) or ""
        for name in PAYOUTS:
            payout = getattr(stored, name)
            if payout is None:
                continue
            initial[f"{name}_places"] = payout.places
            initial[f"{name}_count"] = ("" if payout.places == "tables"
                                        else str(payout.count))
            if isinstance(payout.shares, tuple):
                initial[f"{name}_shares"] = "weights"
                initial[f"{name}_weights"] = ", ".join(str(w) for w in payout.shares)
            else:
                initial[f"{name}_shares"] = payout.shares
            initial[f"{name}_unit"] = money(payout.unit) if payout.unit > 1 else ""
        initial["table_winner"] = stored.table_winner
        initial["currency"] = self.settings.currency
        initial["settle_at_rate"] = self.settings.settle_at_rate
        initial["settlement_rate"] = plain(self.tournament.settlement_rate)
        return initial

    # -- groups for the template --------------------------------------------------------------

    def fees(self):
        return [self[name] for name in SINGLE_FEES]

    def tiers(self):
        return [[self[f"lost_from_{n}"], self[f"lost_amount_{n}"]]
                for n in range(1, self.tier_count + 1)]

    def passed(self):
        return [self[n] for n in ("passed_from_three", "passed_from_four", "passed_amount")]

    def ranks(self):
        """(the table's words, its places' fields): a three-table, then a four-table."""
        return [(words, [self[f"rank_{size}_{place}"] for place in range(1, size + 1)])
                for size, words in ((3, gettext("At a three-table")),
                                    (4, gettext("At a four-table")))]

    def destinations(self):
        """(the kind's words, its pools' fields, the organizer's percentage) for each kind:
        the organizer's share is shown, never typed."""
        rows = []
        for kind in FEE_KINDS:
            fields = [self[destination_field(kind, pool)] for pool in TYPED_POOLS]
            typed = 0
            for field in fields:
                with suppress(TypeError, ValueError):  # a refused value counts nothing
                    typed += int(field.value() or 0)
            rows.append((KIND_WORDS[kind], fields, 100 - typed))
        return rows

    def payouts(self):
        return [(word, [self[f"{name}_{part}"] for part in
                        ("places", "count", "shares", "weights", "unit")])
                for name, word in (("prizes", POOL_WORDS["prizes"]),
                                   ("series_prizes", POOL_WORDS["series_prizes"]))]

    # -- reading what was typed -------------------------------------------------------------

    def clean(self):
        data = super().clean()
        if self.locked:
            return data
        rules: dict[str, object] = {}
        for kind in SINGLE_FEES[:3]:
            if data.get(kind):
                rules[kind] = data[kind]
        tiers = self._tiers(data)
        if tiers:
            rules["lost_game_fee"] = tiers
        passed = self._passed(data)
        if passed is not None:
            rules["passed_deal_fee"] = passed
        if data.get("missed_series_fee"):
            rules["missed_series_fee"] = data["missed_series_fee"]
        three = [data.get(f"rank_3_{place}") or 0 for place in range(1, 4)]
        four = [data.get(f"rank_4_{place}") or 0 for place in range(1, 5)]
        if any(three) or any(four):
            rules["table_rank_fee"] = {"three": three, "four": four}
        destinations = self._destinations(data)
        if destinations:
            rules["destinations"] = destinations
        for name in PAYOUTS:
            payout = self._payout(data, name)
            if payout is not None:
                rules[name] = payout
        if data.get("table_winner"):
            rules["table"] = "winner"
        if not self.errors:
            try:
                read_rules(rules)
            except MoneyError as error:
                field = self.field_of(error.place)
                self.add_error(field, self.refusal(field, error))
        self.rules = rules
        return data

    # -- saving ------------------------------------------------------------------------------

    def preset_of_rules(self) -> str:
        """The preset the typed rules are, if they are one exactly ("" for own rules)."""
        settle = bool(self.cleaned_data.get("settle_at_rate"))
        if settle and not self.rules:
            return SETTLEMENT_PRESET
        if not settle:
            for key, rules in PRESETS.items():
                if rules == self.rules:
                    return key
        return ""

    def save(self, user, session: str = "") -> MoneySettings:
        """Store the rules with ``save_money``, and the rate on the tournament, in one
        transaction (both audited). Locked: the currency alone."""
        data = self.cleaned_data
        if self.locked:
            return save_money(self.tournament, user, rules=self.settings.rules,
                              preset=self.settings.preset, currency=data["currency"],
                              settle_at_rate=self.settings.settle_at_rate, session=session)
        with transaction.atomic():
            rate = data.get("settlement_rate")
            if rate is not None and rate != self.tournament.settlement_rate:
                save_rate(self.tournament, user, rate, session)
            return save_money(self.tournament, user, rules=self.rules,
                              preset=self.preset_of_rules(), currency=data["currency"],
                              settle_at_rate=bool(data.get("settle_at_rate")),
                              session=session)
