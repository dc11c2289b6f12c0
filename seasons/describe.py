"""A season's rules said in words, in the page's language: "Average per series, ranked from 25
series; beyond 30 missed series (missed − 16)² points off". Built from the rules themselves
(``seasons.rules.Rules``), never from a copy written by hand, so a preset reads as it is. The
presets' names are here too: what they do, not whose club they come from."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext_lazy

from seasons.rules import AVERAGE, OMIT, AbsencePenalty, Rules

EVENING = "evening"

PRESET_NAMES = {
    "average_with_absence_penalty": pgettext_lazy(
        "season preset", "Average per series, with a penalty for many missed series"),
    "total_dropping_the_worst": pgettext_lazy(
        "season preset", "Total, the worst results dropped at 30, 35, 40, 45, 50 series"),
    "average_missing_count_zero": pgettext_lazy(
        "season preset", "Average over at least 24 series, missing ones count 0"),
    "quarter_from_8_series": pgettext_lazy("season preset", "A quarter: total, ranked from 8 "
                                                            "series"),
    "year_from_25_series": pgettext_lazy("season preset", "The year: total, ranked from 25 "
                                                          "series"),
    "best_8_days": pgettext_lazy("season preset", "Total of the best 8 evenings"),
    "average_per_evening": pgettext_lazy("season preset", "Average per evening"),
    "total_per_day": pgettext_lazy("season preset", "Total points of every evening"),
    "total_of_every_series": pgettext_lazy("season preset", "Total of every series"),
}

POWERS = {1: "", 2: "²", 3: "³", 4: "⁴"}


def units_word(count: int, unit: str) -> str:
    """ "25 series", "1 evening"."""
    if unit == EVENING:
        return ngettext("%(count)s evening", "%(count)s evenings", count) % {"count": count}
    return ngettext("%(count)s series", "%(count)s series", count) % {"count": count}


def penalty_formula(penalty: AbsencePenalty, missed: str = "") -> str:
    """ "(missed − 16)²", or with a number "(31 − 16)²"."""
    return f"({missed or gettext('missed')} − {penalty.base}){POWERS.get(penalty.power, '')}"


def _listed(numbers: tuple[int, ...]) -> str:
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return words[0]
    # Translators: the end of a list of numbers, "30, 35 and 40"
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]),
                                                "last": words[-1]}


def describe(rules: Rules, unit: str) -> str:
    """The rules in one sentence for the season page and the settings."""
    evening = unit == EVENING
    if rules.value == AVERAGE:
        parts = [gettext("Average per evening") if evening else gettext("Average per series")]
    else:
        parts = [gettext("Total of the evenings") if evening else gettext("Total of the series")]
    if rules.value == AVERAGE and rules.zero_up_to:
        parts.append(gettext("divided by at least %(units)s (missing ones count 0)")
                     % {"units": units_word(rules.zero_up_to, unit)})
    if rules.drop_worst_at:
        parts.append(gettext("one more worst result dropped at %(numbers)s played")
                     % {"numbers": _listed(rules.drop_worst_at)})
    if rules.best is not None:
        parts.append(gettext("only the best %(units)s count")
                     % {"units": units_word(rules.best, unit)})
    if rules.min_played:
        parts.append(gettext("ranked from %(units)s")
                     % {"units": units_word(rules.min_played, unit)})
    sentence = ", ".join(str(p) for p in parts)
    if rules.absence_penalty is not None:
        penalty = rules.absence_penalty
        missed = (ngettext("beyond %(count)s missed evening", "beyond %(count)s missed evenings",
                           penalty.over) if evening else
                  ngettext("beyond %(count)s missed series", "beyond %(count)s missed series",
                           penalty.over)) % {"count": penalty.over}
        sentence += "; " + gettext("%(missed)s %(formula)s points off") % {
            "missed": missed, "formula": penalty_formula(penalty)}
    if rules.guests == OMIT:
        sentence += "; " + gettext("guests are not listed")
    else:
        sentence += "; " + gettext("guests listed after the ranked players")
    return sentence + "."


def penalty_words(rules: Rules, missed: int, unit: str) -> str:
    """Why a player loses points, or why he does not: "31 series missed: more than 30, so
    (31 − 16)² = 225 points off"."""
    penalty = rules.absence_penalty
    if penalty is None:
        return ""
    count = (ngettext("%(count)s evening missed", "%(count)s evenings missed", missed)
             if unit == EVENING else
             ngettext("%(count)s series missed", "%(count)s series missed", missed)) % {
        "count": missed}
    if missed <= penalty.over:
        return gettext("%(count)s: not more than %(over)s, so no points off") % {
            "count": count, "over": penalty.over}
    return gettext("%(count)s: more than %(over)s, so %(formula)s = %(points)s points off") % {
        "count": count, "over": penalty.over,
        "formula": penalty_formula(penalty, str(missed)), "points": penalty.of(missed)}
