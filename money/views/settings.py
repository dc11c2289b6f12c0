"""The Money page: the tournament's fees and prizes, from a preset or rule by rule.

POST ``action=preset`` with ``preset=<key>`` stores that preset's rules as they are (keeping
the currency); any other POST is the hand form (``action=rules``, money.forms.MoneyRulesForm).
Both come back to the page with a message. Once a deal is recorded the rules are locked: a
preset is refused, and the hand form changes the currency alone."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext

from money.describe import PRESET_NAMES, describe
from money.forms import LOCKED, MoneyRulesForm, PresetForm
from money.presets import PRESETS
from money.services import (
    PRESET_KEYS,
    SETTLEMENT_PRESET,
    MoneyLocked,
    apply_preset,
    arrival_fees,
    locked,
    money_settings,
    rules_problem,
)
from money.words import KIND_WORDS
from tournament.permissions import organizer_required, session_tag


@organizer_required
def money_settings_page(request, tournament):
    settings = money_settings(tournament)
    language = get_language() or "en"
    preset_form = form = None
    if request.method == "POST":
        if request.POST.get("action") == "preset":
            preset_form = PresetForm(request.POST)
            if preset_form.is_valid():
                return _apply(request, tournament, preset_form.cleaned_data["preset"])
        else:
            form = MoneyRulesForm(request.POST, tournament=tournament, settings=settings,
                                  language=language)
            if form.is_valid():
                return _save(request, tournament, settings, form)
    form = form or MoneyRulesForm(tournament=tournament, settings=settings, language=language)
    problem = rules_problem(settings)
    return render(request, "money/settings.html", {
        "tournament": tournament, "settings": settings, "form": form,
        "preset_form": preset_form or PresetForm(), "locked": form.locked,
        "locked_reason": LOCKED,
        "preset_name": PRESET_NAMES.get(settings.preset, ""),
        "problem": problem,
        "described": describe({} if problem else settings.rules, settings.currency, language,
                              settle_at_rate=settings.settle_at_rate,
                              rate=tournament.settlement_rate),
        "presets": _presets(tournament, settings.currency, language),
        "arrival": [(KIND_WORDS[kind], cents)
                    for kind, cents in arrival_fees(tournament).items()],
    })


def _presets(tournament, currency: str, language: str):
    """(key, name, description) of every preset, its amounts in the tournament's currency."""
    return [(key, PRESET_NAMES[key],
             describe({} if key == SETTLEMENT_PRESET else PRESETS[key], currency, language,
                      settle_at_rate=key == SETTLEMENT_PRESET, rate=tournament.settlement_rate))
            for key in PRESET_KEYS]


def _apply(request, tournament, key: str):
    if locked(tournament):
        messages.error(request, gettext("The money rules are locked: deals are recorded, so "
                                        "no preset can be applied."))
        return redirect("money:settings", tournament.slug)
    try:
        apply_preset(tournament, request.user, key, session=session_tag(request))
    except MoneyLocked:
        messages.error(request, gettext("The money rules are locked: deals are recorded, so "
                                        "no preset can be applied."))
    else:
        messages.success(request, gettext("Money rules saved: %(preset)s.")
                         % {"preset": PRESET_NAMES[key]})
    return redirect("money:settings", tournament.slug)


def _save(request, tournament, settings, form):
    if form.locked and form.cleaned_data["currency"] == settings.currency:
        messages.error(request, gettext("The money rules are locked: deals are recorded. "
                                        "Only the currency may change."))
        return redirect("money:settings", tournament.slug)
    try:
        form.save(request.user, session=session_tag(request))
    except MoneyLocked:
        messages.error(request, gettext("The money rules are locked: deals are recorded. "
                                        "Only the currency may change."))
    else:
        messages.success(request, gettext("Currency saved.") if form.locked
                         else gettext("Money rules saved."))
    return redirect("money:settings", tournament.slug)
