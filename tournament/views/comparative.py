"""Comparative Skat pages: the organizer's settings, the room's movement chart, hand records."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournament.comparative import analysis, page, services
from tournament.comparative.forms import ComparativeForm
from tournament.crowd import Cost, heavy
from tournament.models import DealSet, Series
from tournament.parsing import clean_text, page_number
from tournament.permissions import Visitor, organizer_required, public_page
from tournament.refusals import show_on_form
from tournament.seating import page as pages
from tournament.seating import services as plans


@organizer_required
def comparative_settings(request, tournament):
    deal_set = DealSet.objects.filter(tournament=tournament).first()
    initial = ({"table_size": deal_set.table_size, "decks": deal_set.decks,
                "seed": deal_set.seed} if deal_set else {"table_size": 3, "decks": 12,
                                                         "seed": plans.new_seed()})
    form = ComparativeForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            deal_set = services.make_comparative(tournament, user=request.user,
                                                **form.cleaned_data)
        except services.ComparativeError as exc:
            show_on_form(form, exc)
        else:
            said = (_("Every series plays %(decks)s decks at 3-tables, dealt from seed "
                      "%(seed)s.") if deal_set.table_size == 3 else
                    _("Every series plays %(decks)s decks at 4-tables, dealt from seed "
                      "%(seed)s."))
            messages.success(request, said % {"decks": deal_set.decks, "seed": deal_set.seed})
            return redirect("tournament:comparative", tournament.slug)
    advice = services.seating_advice(tournament, deal_set) if deal_set else None
    return render(request, "tournament/comparative/settings.html", {
        "tournament": tournament, "form": form, "deal_set": deal_set,
        "series_list": tournament.series.order_by("number"),
        "advice": advice, "advice_sentences": services.advice_sentences(advice) if advice
        else []})


def _comparative_series(visitor: Visitor, number: int) -> tuple[DealSet, Series]:
    deal_set = DealSet.objects.filter(tournament=visitor.tournament).first()
    if deal_set is None:
        raise Http404(_("This tournament is not played comparatively."))
    return deal_set, get_object_or_404(Series, tournament=visitor.tournament, number=number)


@public_page
def movement_chart(request, visitor, number):
    deal_set, series = _comparative_series(visitor, number)
    if not visitor.sees_seating_of(series):
        raise Http404(_("This series is not seated yet."))
    try:
        room = services.room_movement(series, deal_set)
    except services.ComparativeError as exc:
        room, problem = [], str(exc)
    else:
        problem = ""
    sections = page.movement_pages(room)
    typed = clean_text(request.GET.get("table", ""))
    if typed:
        address = page.page_of_movement_table(sections, typed)
        if address:
            return redirect(request.path + address)
    shown = Paginator(sections, 1).get_page(page_number(request))
    lines = shown.object_list[0] if sections else []
    rounds = max((len(line.rounds) for line in lines), default=0)
    return render(request, "tournament/comparative/movement.html", {
        "tournament": visitor.tournament, "series": series, "deal_set": deal_set,
        "room": lines, "round_numbers": range(1, rounds + 1), "problem": problem,
        "paths": services.deck_paths(lines), "page": shown,
        "jumps": page.movement_jumps(sections) if shown.has_other_pages() else [],
        "tables": len(room), "missing": pages.no_such_table(series, typed) if typed else "",
        "table_typed": typed[:20]})


@public_page
@heavy(Cost.PAGE)
def hand_records(request, visitor, number):
    """Organizers prepare and check the decks here; the public sees them once released."""
    deal_set, series = _comparative_series(visitor, number)
    if not visitor.sees_hands_of(series):
        raise Http404(_("The hands are shown once the series' results are released."))
    return render(request, "tournament/comparative/hands.html", {
        "tournament": visitor.tournament, "series": series, "deal_set": deal_set,
        "decks": page.hand_records(series), "analysis": analysis.progress(series)})
