"""The Money page's hand form read into the ``rules`` of the money document: each group of
fields (tiers, passed deals, destinations, payouts) to its rule, and a refusal of
``read_rules`` said on the field its place names (``forms.MoneyRulesForm`` mixes this in)."""

from __future__ import annotations

import re
from fractions import Fraction

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from money.currency import MOST_TYPED, amount, parse_amount
from money.rules import FEE_KINDS, POOLS, MoneyError
from money.words import KIND_WORDS

# the pools a fee is typed into; the organizer gets the rest of each payment
TYPED_POOLS = tuple(pool for pool in POOLS if pool != "organizer")
# fees of one amount, by their rule's key
SINGLE_FEES = ("entry_fee", "series_fee", "list_fee", "missed_series_fee")
TIERS = 4  # rows of lost-game tiers
PAYOUTS = ("prizes", "series_prizes")

def destination_field(kind: str, pool: str) -> str:
    """The name of the field of ``kind``'s percentage to ``pool``: "lost_game_fee__prizes"."""
    return f"{kind}__{pool}"


class AmountField(forms.Field):
    """An amount as a person types it, in cents (None: left empty). ``language`` is the page's:
    "1,50" and "1.50" both read as 150 on a German page, as on an English one."""

    widget = forms.TextInput(attrs={"inputmode": "decimal", "size": 7, "maxlength": 20,
                                    "autocomplete": "off"})

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.language = "en"

    def to_python(self, value):
        text = str(value).strip() if value is not None else ""
        if not text:
            return None
        cents = parse_amount(text, self.language)
        if cents is None:
            raise ValidationError(
                gettext("Enter an amount such as %(example)s, at most %(most)s.")
                % {"example": amount(150, "", self.language, sign=False),
                   "most": amount(MOST_TYPED, "", self.language, sign=False)}, code="amount")
        return cents


class ReadsRules:
    """The reading half of ``MoneyRulesForm``: ``self`` is that form."""

    def _tiers(self, data) -> list[list[int]]:
        tiers = []
        self._tier_rows = []
        for n in range(1, self.tier_count + 1):
            first_name, cents_name = f"lost_from_{n}", f"lost_amount_{n}"
            if first_name in self.errors or cents_name in self.errors:
                continue
            first, cents = data.get(first_name), data.get(cents_name)
            if first is None and cents is None:
                continue
            if first is None:
                self.add_error(first_name, gettext("Give the lost game this amount starts "
                                                   "from (1 for the first)."))
            elif cents is None:
                self.add_error(cents_name, gettext("Give what each of these lost games "
                                                   "costs."))
            else:
                tiers.append([first, cents])
                self._tier_rows.append(n)
        return tiers

    def _passed(self, data) -> dict[str, int] | None:
        three, four, cents = (data.get("passed_from_three"), data.get("passed_from_four"),
                              data.get("passed_amount"))
        if not cents:  # no amount, or 0: no fee for passed deals
            if cents is None and (three is not None or four is not None):
                self.add_error("passed_amount", gettext("Give what each passed deal costs "
                                                        "each player."))
            return None
        for name, value in (("passed_from_three", three), ("passed_from_four", four)):
            if value is None:
                self.add_error(name, gettext("Give the passed deal the fee starts from."))
        if three is None or four is None:
            return None
        return {"from_three": three, "from_four": four, "cents": cents}

    def _destinations(self, data) -> dict[str, dict[str, int]]:
        found = {}
        for kind in FEE_KINDS:
            names = [destination_field(kind, pool) for pool in TYPED_POOLS]
            if any(name in self.errors for name in names):
                continue
            split = {pool: data[name] for pool, name in zip(TYPED_POOLS, names, strict=True)
                     if data.get(name)}
            total = sum(split.values())
            if total > 100:
                first = next(destination_field(kind, pool) for pool in split)
                self.add_error(first, self._over_100(kind, total))
                continue
            if split:
                if total < 100:
                    split["organizer"] = 100 - total
                found[kind] = split
        return found

    @staticmethod
    def _over_100(kind: str, total: int) -> str:
        return gettext("%(kind)s: the percentages sum to %(total)s; at most 100 (the "
                       "organizer gets the rest).") % {"kind": KIND_WORDS[kind],
                                                      "total": total}

    def _payout(self, data, name: str) -> dict[str, object] | None:
        places = data.get(f"{name}_places")
        if not places:
            return None
        count_name = f"{name}_count"
        text = (data.get(count_name) or "").strip()
        spec: dict[str, object]
        if places == "tables":
            spec = {"tables": True}
        elif places == "fraction":
            try:
                if len(text) > 20:
                    raise ValueError(text)
                text = str(Fraction(text))
            except (ValueError, ZeroDivisionError):
                self.add_error(count_name, self._words_of(count_name, "fraction"))
                return None
            spec = {"fraction": text}  # read_rules refuses one above 1
        else:
            if not re.fullmatch(r"[0-9]{1,7}", text) or not 1 <= int(text) <= 1_000_000:
                self.add_error(count_name, self._words_of(count_name, places))
                return None
            spec = {places: int(text)}
        payout: dict[str, object] = {"places": spec}
        shares = data.get(f"{name}_shares") or "equal"
        if shares == "weights":
            weights_name = f"{name}_weights"
            parts = [p for p in re.split(r"[\s,;]+", data.get(weights_name) or "") if p]
            if not parts or not all(re.fullmatch(r"[0-9]{1,7}", p) and int(p) <= 1_000_000
                                    for p in parts):
                self.add_error(weights_name, self._words_of(weights_name))
                return None
            payout["shares"] = [int(p) for p in parts]
        elif shares != "equal":
            payout["shares"] = shares
        unit = data.get(f"{name}_unit")
        if unit and unit > 1:
            payout["unit"] = unit
        return payout

    # -- a refusal of read_rules on its field --------------------------------------------------

    def field_of(self, place: str) -> str | None:
        """The field a ``MoneyError``'s place names ("rules.destinations.lost_game_fee" →
        "lost_game_fee__prizes"); None: the form as a whole."""
        path = place.removeprefix("rules.")
        key = re.match(r"[a-z_]+", path)
        head = key.group(0) if key else ""
        if head in SINGLE_FEES:
            return head
        if head == "lost_game_fee":
            found = re.match(r"lost_game_fee\[(\d+)\](?:\[(\d)\])?", path)
            if found and int(found.group(1)) < len(self._tier_rows):
                row = self._tier_rows[int(found.group(1))]
                return f"lost_amount_{row}" if found.group(2) == "1" else f"lost_from_{row}"
            return "lost_from_1"
        if head == "passed_deal_fee":
            part = path.rsplit(".", 1)[-1]
            return {"from_three": "passed_from_three", "from_four": "passed_from_four"}.get(
                part, "passed_amount")
        if head == "table_rank_fee":
            found = re.match(r"table_rank_fee\.(three|four)(?:\[(\d)\])?", path)
            size = 4 if found and found.group(1) == "four" else 3
            place = int(found.group(2)) + 1 if found and found.group(2) else 1
            return f"rank_{size}_{place}"
        if head == "destinations":
            parts = path.split(".")
            kind = parts[1] if len(parts) > 1 and parts[1] in FEE_KINDS else FEE_KINDS[0]
            pool = parts[2] if len(parts) > 2 and parts[2] in TYPED_POOLS else TYPED_POOLS[0]
            return destination_field(kind, pool)
        if head in PAYOUTS:
            rest = path[len(head):]
            if rest.startswith(".places."):
                return f"{head}_count"
            if rest.startswith(".shares"):
                return f"{head}_weights"
            if rest.startswith(".unit"):
                return f"{head}_unit"
            return f"{head}_places"
        if head == "table":
            return "table_winner"
        return None

    def refusal(self, field: str | None, error: MoneyError) -> str:
        """What is wrong, in the organizer's words, for the field that shows it."""
        if field is not None and "__" in field:
            kind = field.split("__")[0]
            total = sum(int(v) for v in re.findall(r"sum to (\d+)", error.problem))
            return self._over_100(kind, total) if total else gettext(
                "%(kind)s: give whole percentages from 0 to 100.") % {"kind": KIND_WORDS[kind]}
        if field is not None and field.startswith("lost_from_"):
            return gettext("Each tier starts at a later lost game than the tier above it "
                           "(such as 1, then 4).")
        if field is not None and field.endswith("_count"):
            places = self.cleaned_data.get(field.replace("_count", "_places"), "")
            return self._words_of(field, places)
        if field is not None and (field.endswith(("_weights", "_unit"))):
            return self._words_of(field)
        if field is not None and field.startswith("passed_from_"):
            return gettext("Give the passed deal the fee starts from: 1 or more.")
        if field is not None and isinstance(self.fields[field], AmountField):
            return gettext("Enter an amount from 0 to %(most)s.") % {
                "most": amount(MOST_TYPED, "", self.language, sign=False)}
        # Translators: a rule the ledger refused, with its own (English) words
        return gettext("These rules cannot be stored: %(problem)s") % {"problem": str(error)}

    def _words_of(self, field: str, places: str = "") -> str:
        if field.endswith("_count"):
            if places == "fraction":
                return gettext("Give a fraction between 0 and 1, such as 1/4.")
            return gettext("Give a whole number of at least 1, such as 4.")
        if field.endswith("_weights"):
            return gettext("Give whole numbers as weights, such as 40, 25, 15.")
        return gettext("Give the amount every prize is rounded down to, such as %(example)s.") % {
            "example": amount(100, "", self.language, sign=False)}
