"""The organizer's series page: draw or re-seat, swap and move players, publish."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from .. import plans
from ..forms import MoveForm, SeatForm, SwapForm
from ..models import SeatingMethod, Series
from ..permissions import organizer_required


def _series(tournament, number: int) -> Series:
    return get_object_or_404(Series, tournament=tournament, number=number)


@organizer_required
def series_plan(request, tournament, number):
    series = _series(tournament, number)
    method = SeatingMethod.RESEAT if number > 1 else SeatingMethod.DRAW
    return render(request, "tournament/organize/series.html", {
        "tournament": tournament, "series": series,
        "tables": plans.chart_by_table(series),
        "problems": plans.plan_problems(series) if series.tables.exists() else [],
        "checked_in": len(plans.checked_in_ids(tournament)),
        "seat_form": SeatForm(initial={"method": method}),
        "swap_form": SwapForm(), "move_form": MoveForm(),
        "other_series": tournament.series.order_by("number"),
    })


def _done(request, tournament, number, action):
    try:
        action()
    except plans.PlanError as exc:
        messages.error(request, str(exc))
    return redirect("tournament:series", tournament.slug, number)


@organizer_required
@require_POST
def series_seat(request, tournament, number):
    series = _series(tournament, number)
    form = SeatForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a seating method.")
        return redirect("tournament:series", tournament.slug, number)

    def seat():
        plan = plans.seat_series(series, form.cleaned_data["method"],
                                 form.cleaned_data["seed"], request.user)
        repeats = (f", {plan.repeat_pairs} pair(s) meet again" if plan.repeat_pairs
                   else ", no pair meets again" if number > 1 else "")
        messages.success(request, f"Series {number} seated at {len(plan.tables)} tables "
                                  f"from seed {plan.seed}{repeats}.")

    return _done(request, tournament, number, seat)


@organizer_required
@require_POST
def series_swap(request, tournament, number):
    series = _series(tournament, number)
    form = SwapForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Enter the numbers of the two players to swap.")
        return redirect("tournament:series", tournament.slug, number)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]

    def swap():
        plans.swap_players(series, first, second, request.user)
        messages.success(request, f"Players {first} and {second} swapped seats.")

    return _done(request, tournament, number, swap)


@organizer_required
@require_POST
def series_move(request, tournament, number):
    series = _series(tournament, number)
    form = MoveForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Enter a player number and a table number.")
        return redirect("tournament:series", tournament.slug, number)
    player, table = form.cleaned_data["number"], form.cleaned_data["table"]

    def move():
        plans.move_player(series, player, table, request.user)
        messages.success(request, f"Player {player} moved to table {table}.")

    return _done(request, tournament, number, move)


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
