"""The organizer's series page: draw or re-seat, swap and move players, publish."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from tournament.models import SeatingMethod, Series
from tournament.permissions import organizer_required
from tournament.seating import charts
from tournament.seating import services as plans
from tournament.seating.forms import MoveForm, SeatForm, SwapForm


def _series(tournament, number: int) -> Series:
    return get_object_or_404(Series, tournament=tournament, number=number)


@organizer_required
def series_plan(request, tournament, number):
    series = _series(tournament, number)
    method = SeatingMethod.RESEAT if number > 1 else SeatingMethod.DRAW
    return render(request, "tournament/organize/series.html", {
        "tournament": tournament, "series": series,
        "tables": charts.chart_by_table(series),
        "problems": plans.plan_problems(series) if series.tables.exists() else [],
        "checked_in": len(plans.checked_in_ids(tournament)),
        "seat_form": SeatForm(initial={"method": method}),
        "swap_form": SwapForm(), "move_form": MoveForm(),
        "other_series": tournament.series.order_by("number"),
        "repeats": charts.repeat_pairs(series) if series.repeat_pairs else [],
    })


def _done(request, tournament, number, action):
    try:
        action()
    except plans.PlanError as exc:
        messages.error(request, str(exc))
    return redirect("tournament:series", tournament.slug, number)


def _form_action(request, tournament, number, form_class, invalid: str, action):
    """Validate a small plan form, run ``action(series, data)`` and show what it returns."""
    series = _series(tournament, number)
    form = form_class(request.POST)
    if not form.is_valid():
        messages.error(request, invalid)
        return redirect("tournament:series", tournament.slug, number)
    return _done(request, tournament, number, lambda: messages.success(
        request, action(series, form.cleaned_data)))


@organizer_required
@require_POST
def series_seat(request, tournament, number):
    def seat(series, data):
        plan = plans.seat_series(series, data["method"], data["seed"], request.user)
        named = "; ".join(str(p) for p in charts.repeat_pairs(series))
        repeats = (f"; {plan.repeat_pairs} pair{'s' if plan.repeat_pairs > 1 else ''} "
                   f"meet again: {named}" if plan.repeat_pairs
                   else ", no pair meets again" if number > 1 else "")
        return (f"Series {number} seated at {len(plan.tables)} tables from seed "
                f"{plan.seed}{repeats}.")

    return _form_action(request, tournament, number, SeatForm, "Choose a seating method.",
                        seat)


@organizer_required
@require_POST
def series_swap(request, tournament, number):
    def swap(series, data):
        plans.swap_players(series, data["first"], data["second"], request.user)
        return f"Players {data['first']} and {data['second']} swapped seats."

    return _form_action(request, tournament, number, SwapForm,
                        "Enter the numbers of the two players to swap.", swap)


@organizer_required
@require_POST
def series_move(request, tournament, number):
    def move(series, data):
        plans.move_player(series, data["number"], data["table"], request.user)
        return f"Player {data['number']} moved to table {data['table']}."

    return _form_action(request, tournament, number, MoveForm,
                        "Enter a player number and a table number.", move)


@organizer_required
@require_POST
def series_publish(request, tournament, number):
    series = _series(tournament, number)

    def publish():
        if request.POST.get("undo"):
            plans.unpublish(series, request.user)
            messages.success(request, f"Series {number} is a draft again.")
        else:
            plans.publish(series, request.user)
            messages.success(request, f"Series {number} is published: the seating chart is up.")

    return _done(request, tournament, number, publish)
