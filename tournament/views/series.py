"""The organizer's series page: draw or re-seat, swap and move players, publish."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.live import live_staff, progress_of
from tournament.models import SeatingMethod, Series
from tournament.parsing import INT_MAX, clean_text, int_param, page_number
from tournament.permissions import IN_PLAY_STATES, organizer_required
from tournament.seating import arrivals, charts, loaders
from tournament.seating import page as pages
from tournament.seating import services as plans
from tournament.seating.forms import LateArrivalForm, MoveForm, SeatForm, SitOutForm, SwapForm


def _series(tournament, number: int) -> Series:
    return get_object_or_404(Series, tournament=tournament, number=number)


@organizer_required
@live_staff  # the progress of a series in play updates by itself (static/js/live.js)
def series_plan(request, tournament, number):
    series = _series(tournament, number)
    typed = clean_text(request.GET.get("table", ""))
    if typed:
        address = pages.table_address(series, typed)
        if address:
            return redirect(request.path + address)
        messages.error(request, pages.no_such_table(series, typed))
    method = SeatingMethod.RESEAT if number > 1 else SeatingMethod.DRAW
    chart = pages.tables_page(series, page_number(request))
    unseated = loaders.unseated(series) if chart.count else []
    return render(request, "tournament/organize/series.html", {
        "tournament": tournament, "series": series,
        "chart": chart, "page": chart.page, "jumps": chart.jumps,
        "problems": loaders.plan_problems(series) if chart.count else [],
        "unseated": unseated, "sitting_out": loaders.sitting_out(series),
        "tables_with_room": arrivals.tables_with_room(series) if unseated else [],
        "checked_in": len(loaders.checked_in_ids(tournament)),
        "seat_form": SeatForm(initial={"method": method}),
        "swap_form": SwapForm(), "move_form": MoveForm(),
        "other_series": tournament.series.order_by("number"),
        "repeats": charts.repeat_pairs(series) if series.repeat_pairs else [],
        "progress": progress_of(tournament, [number] if series.status in IN_PLAY_STATES
                                else []),
    })


def _posted_page(request) -> int:
    """The page of tables the organizer sent a form from (the forms carry it)."""
    return int_param(request.POST.get("page"), 1, INT_MAX) or 1


def _plan(tournament, number, *, page: int = 1, table: int | None = None):
    """Back to the plan: at the table a change concerns, else on the page of tables the
    organizer was on."""
    address = reverse("tournament:series", args=[tournament.slug, number])
    if table is not None:
        return redirect(f"{address}?{urlencode({'table': table})}")
    return redirect(f"{address}?page={page}" if page > 1 else address)


def _done(request, tournament, number, action, *, table: int | None = None):
    page = _posted_page(request)
    try:
        action()
    except plans.PlanError as exc:
        messages.error(request, str(exc))
        table = None
    return _plan(tournament, number, page=page, table=table)


def _form_action(request, tournament, number, form_class, invalid: str, action,
                 table_field: str = ""):
    """Validate a small plan form, run ``action(series, data)`` and show what it returns;
    back to the table ``table_field`` names, else to the organizer's page of tables."""
    series = _series(tournament, number)
    form = form_class(request.POST)
    if not form.is_valid():
        messages.error(request, invalid)
        return _plan(tournament, number, page=_posted_page(request))
    table = form.cleaned_data[table_field] if table_field else None
    return _done(request, tournament, number, lambda: messages.success(
        request, action(series, form.cleaned_data)), table=table)


@organizer_required
@require_POST
def series_seat(request, tournament, number):
    def seat(series, data):
        plan = plans.seat_series(series, data["method"], data["seed"], request.user)
        said = {"series": number, "seed": plan.seed, "count": plan.repeat_pairs,
                # Translators: "Series 2 seated at %(tables)s from seed …"
                "tables": ngettext("%(count)s table", "%(count)s tables", len(plan.tables))
                % {"count": len(plan.tables)}}
        if plan.repeat_pairs:
            said["pairs"] = "; ".join(str(p) for p in charts.repeat_pairs(series))
            return ngettext("Series %(series)s seated at %(tables)s from seed %(seed)s; "
                            "%(count)s pair meets again: %(pairs)s.",
                            "Series %(series)s seated at %(tables)s from seed %(seed)s; "
                            "%(count)s pairs meet again: %(pairs)s.", plan.repeat_pairs) % said
        if number > 1:
            return _("Series %(series)s seated at %(tables)s from seed %(seed)s, no pair meets "
                     "again.") % said
        return _("Series %(series)s seated at %(tables)s from seed %(seed)s.") % said

    return _form_action(request, tournament, number, SeatForm, _("Choose a seating method."),
                        seat)


@organizer_required
@require_POST
def series_swap(request, tournament, number):
    def swap(series, data):
        plans.swap_players(series, data["first"], data["second"], request.user)
        return (_("Players %(first)s and %(second)s swapped seats.")
                % {"first": data["first"], "second": data["second"]})

    return _form_action(request, tournament, number, SwapForm,
                        _("Enter the numbers of the two players to swap."), swap)


@organizer_required
@require_POST
def series_move(request, tournament, number):
    def move(series, data):
        seated = series.seats.filter(entry__number=data["number"]).exists()
        arrivals.move_in(series, data["number"], data["table"], request.user)
        if not seated:
            return _seated_late(data)
        return (_("Player %(number)s moved to table %(table)s.")
                % {"number": data["number"], "table": data["table"]})

    return _form_action(request, tournament, number, MoveForm,
                        _("Enter a player number and a table number."), move,
                        table_field="table")


def _seated_late(data) -> str:
    return (_("Player %(number)s is seated at table %(table)s; the table keeps its link, so its "
              "printed card still opens the sheet (reprint it for the new name).")
            % {"number": data["number"], "table": data["table"]})


@organizer_required
@require_POST
def series_seat_late(request, tournament, number):
    def seat(series, data):
        arrivals.seat_late_arrival(series, data["number"], data["table"], request.user)
        return _seated_late(data)

    return _form_action(request, tournament, number, LateArrivalForm,
                        _("Choose the late arrival and a table with room."), seat,
                        table_field="table")


@organizer_required
@require_POST
def series_sit_out(request, tournament, number):
    def sit_out(series, data):
        plans.sit_out(series, [data["number"]], request.user)
        return (_("Player %(number)s sits out series %(series)s; it is recorded.")
                % {"number": data["number"], "series": number})

    return _form_action(request, tournament, number, SitOutForm,
                        _("Choose the player who sits out."), sit_out)


@organizer_required
@require_POST
def series_publish(request, tournament, number):
    series = _series(tournament, number)

    def publish():
        if request.POST.get("undo"):
            plans.unpublish(series, request.user)
            messages.success(request, _("Series %(series)s is a draft again.")
                             % {"series": number})
        else:
            plans.publish(series, request.user,
                          sit_out_unseated=bool(request.POST.get("sit_out")))
            messages.success(request, _("Series %(series)s is published: the seating chart is "
                                        "up.") % {"series": number})

    return _done(request, tournament, number, publish)
