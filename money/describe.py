"""Money rules said in one line, in the organizer's words and the page's language: "Entry fee
15,00 €, paid out in full as prizes; lost games 0,50 € (1st–3rd), 1,00 € from the 4th, to the
organizer; prizes: one a table, falling by place, rounded down to 1,00 €."

Built from the rules themselves (never a copy written by hand), so that a preset whose amounts
change is described as it now is. The presets' names are here too: what they do, not whose
club they come from."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy

from money.currency import amount
from money.rules import FEE_KINDS, ORGANIZER, Payout, Rules, read_rules
from money.services import SETTLEMENT_PRESET
from scoring.prize_list import ordinal

PRESET_NAMES = {
    "prizes_from_entry_fees": pgettext_lazy("money preset", "Entry fees paid out as prizes"),
    "stake_paid_out_each_series": pgettext_lazy("money preset",
                                                "A stake paid out every series"),
    "passed_deals_and_missed_series": pgettext_lazy("money preset",
                                                    "Fees for passed deals and missed series"),
    "stake_and_tiered_lost_games": pgettext_lazy("money preset",
                                                 "A stake and lost games in two tiers"),
    "table_rank_obolus": pgettext_lazy("money preset", "An obolus by place at the table"),
    "season_day": pgettext_lazy("money preset", "A season day with a season's pot"),
    SETTLEMENT_PRESET: pgettext_lazy("money preset", "Settlement at the tables at a rate"),
}

# A kind's whole payment into one pool.
_IN_FULL = {
    "organizer": pgettext_lazy("money goes", "to the organizer"),
    "prizes": pgettext_lazy("money goes", "paid out in full as prizes"),
    "series_prizes": pgettext_lazy("money goes", "paid out in full as series prizes"),
    "table": pgettext_lazy("money goes", "into the table money"),
    "jackpot": pgettext_lazy("money goes", "into the jackpot"),
}
# A kind's payment split: "90 % to the prizes, 10 % to the organizer".
_TO = {
    "organizer": pgettext_lazy("money goes", "to the organizer"),
    "prizes": pgettext_lazy("money goes", "to the prizes"),
    "series_prizes": pgettext_lazy("money goes", "to the series prizes"),
    "table": pgettext_lazy("money goes", "to the table money"),
    "jackpot": pgettext_lazy("money goes", "to the jackpot"),
}


def describe(rules: dict[str, object], currency: str, language: str | None = None, *,
             settle_at_rate: bool = False, rate: Decimal | None = None) -> str:
    """The rules (a stored ``rules`` object, checked by ``read_rules``) in one sentence; with
    ``settle_at_rate`` also the settlement at the tables at ``rate`` cents a point."""
    language = language or get_language() or "en"
    read = read_rules(rules)

    def money(cents: int) -> str:
        return amount(cents, currency, language)

    fees = _fees(read, money)
    clauses = [f"{fee}, {_where(read, kind)}" for kind, fee in fees]
    if read.prizes is not None:
        # Translators: how the prizes are paid: "prizes: one a table, falling by place"
        clauses.append(gettext("prizes: %(how)s") % {"how": _payout(read.prizes, money)})
    if read.series_prizes is not None:
        clauses.append(gettext("series prizes in every series: %(how)s")
                       % {"how": _payout(read.series_prizes, money)})
    if read.table_winner:
        clauses.append(gettext("each table's money to its best score of the series"))
    if settle_at_rate:
        clauses.append(gettext("the players of each table settle among themselves at "
                               "%(rate)s cents a point")
                       % {"rate": rate_text(rate if rate is not None else Decimal("0.25"),
                                            language)})
        if not fees:
            clauses.append(gettext("no fees"))
    if not clauses:
        return gettext("No fees and no prizes.")
    text = "; ".join(clauses)
    return text[0].upper() + text[1:] + "."


def rate_text(rate: Decimal, language: str) -> str:
    """A rate in cents a point as typed: "0.25", "0,25" in German, "1" for 1.0000."""
    text = f"{Decimal(rate).normalize():f}"
    return text.replace(".", ",") if language.startswith("de") else text


def _fees(rules: Rules, money) -> list[tuple[str, str]]:
    """(kind, its words with its amounts) for each fee the rules charge, in the ledger's
    order."""
    said: dict[str, str] = {}
    if rules.entry_fee:
        said["entry_fee"] = gettext("entry fee %(amount)s") % {"amount": money(rules.entry_fee)}
    if rules.series_fee:
        said["series_fee"] = gettext("stake %(amount)s a series") % {
            "amount": money(rules.series_fee)}
    if rules.list_fee:
        said["list_fee"] = gettext("list fee %(amount)s a series") % {
            "amount": money(rules.list_fee)}
    if rules.lost_game_fee:
        said["lost_game_fee"] = gettext("lost games %(tiers)s") % {
            "tiers": tiers_text(rules.lost_game_fee, money)}
    if rules.passed_deal_fee is not None and rules.passed_deal_fee.cents:
        fee = rules.passed_deal_fee
        said["passed_deal_fee"] = gettext(
            "%(amount)s a player for each passed deal from the %(three)s (three-table) or the "
            "%(four)s (four-table)") % {"amount": money(fee.cents), "three": ordinal(
                fee.from_three), "four": ordinal(fee.from_four)}
    if rules.missed_series_fee:
        said["missed_series_fee"] = gettext("%(amount)s a missed series") % {
            "amount": money(rules.missed_series_fee)}
    if rules.table_rank_fee is not None and any((*rules.table_rank_fee.three,
                                                 *rules.table_rank_fee.four)):
        said["table_rank_fee"] = gettext(
            "table-rank obolus by place at the table %(four)s (three-table: %(three)s)") % {
            "four": " / ".join(money(c) for c in rules.table_rank_fee.four),
            "three": " / ".join(money(c) for c in rules.table_rank_fee.three)}
    return [(kind, said[kind]) for kind in FEE_KINDS if kind in said]


def tiers_text(tiers: tuple[tuple[int, int], ...], money) -> str:
    """"0,50 € (1st–3rd), 1,00 € from the 4th"; one tier from the first: "1,00 € each"."""
    parts = []
    for i, (first, cents) in enumerate(tiers):
        words = {"amount": money(cents), "first": ordinal(first)}
        if i + 1 == len(tiers):
            parts.append(gettext("%(amount)s each") % words if first == 1
                         else gettext("%(amount)s from the %(first)s") % words)
        elif tiers[i + 1][0] - 1 == first:
            parts.append(gettext("%(amount)s (the %(first)s)") % words)
        else:
            # Translators: an amount for a run of lost games: "0,50 € (1st–3rd)"
            parts.append(gettext("%(amount)s (%(first)s–%(last)s)")
                         % {**words, "last": ordinal(tiers[i + 1][0] - 1)})
    return ", ".join(parts)


def _where(rules: Rules, kind: str) -> str:
    split = [(pool, percent) for pool, percent in rules.split_of(kind) if percent]
    if len(split) == 1:
        return str(_IN_FULL[split[0][0]])
    # the organizer, who keeps the rest, last
    split.sort(key=lambda item: item[0] == ORGANIZER)
    # Translators: a share of a fee: "90 % to the prizes"
    return ", ".join(gettext("%(percent)s %% %(to)s") % {"percent": percent, "to": _TO[pool]}
                     for pool, percent in split)


def _payout(payout: Payout, money) -> str:
    """"one a table, falling by place, rounded down to 1,00 €"."""
    if payout.places == "tables":
        places = gettext("one a table")
    elif payout.places == "every":
        every = int(payout.count)
        places = (gettext("every player") if every == 1
                  else gettext("every %(nth)s player") % {"nth": ordinal(every)})
    elif payout.places == "fraction":
        places = gettext("the best %(fraction)s of the players") % {
            "fraction": str(payout.count)}
    else:
        top = int(payout.count)
        places = ngettext("the best player", "the best %(count)s players", top) % {
            "count": top}
    if payout.shares == "equal":
        shares = gettext("in equal shares")
    elif payout.shares == "linear":
        shares = gettext("falling by place")
    else:
        shares = gettext("in shares of %(weights)s") % {
            "weights": ", ".join(str(w) for w in payout.shares)}
    parts = [places, shares]
    if payout.unit > 1:
        parts.append(gettext("rounded down to %(unit)s") % {"unit": money(payout.unit)})
    return ", ".join(parts)
