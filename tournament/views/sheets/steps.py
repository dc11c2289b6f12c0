"""Penalties, and the sheet's steps: submitted by its scorekeeper, confirmed by a second person."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine import EngineError, InvalidRecord
from tournament.models import Penalty, SheetStatus
from tournament.numbers import grouped
from tournament.permissions import Role, session_tag
from tournament.sheets import services as deals
from tournament.sheets.entry_forms import confirm_form
from tournament.sheets.forms import PenaltyForm, SubmitForm
from tournament.sheets.page import seat_label
from tournament.sheets.services import SheetError
from tournament.views.confirm import Question, ask, confirmed
from tournament.views.sheets.requests import (
    own_submission,
    playable_table,
    refused,
    render_sheet,
    sheet_url,
    who_enters,
)
from tournament.words import refusal


def _charged(info: deals.TableInfo, seat: int, deal: int | None,
             penalty: Penalty | None = None) -> str:
    """Who a penalty counts for: a misdeal's dealer, else whoever played the seat in the deal
    before it (a substitute from his first deal on), as ``scoring.results.tables`` charges it."""
    if not info.substitutes:
        return info.name(seat)
    after = penalty.after_deal if penalty is not None else info.table.deals.count()
    return info.name_at(seat, deal or max(after, 1))


@require_POST
@playable_table
def penalty_add(request, info, role):
    table = info.table
    actor = who_enters(request, table, role)
    form = PenaltyForm(info, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        if table.is_submitted and not confirmed(request):
            return ask(request, Question(
                _("Enter a penalty for %(name)s?")
                % {"name": _charged(info, data["seat"], data["deal"])},
                [_("%(name)s submitted this sheet. Entering a penalty withdraws the "
                   "submission: the sheet must be submitted and confirmed again.")
                 % {"name": table.submitted_by},
                 _("The sheet page will say so.")],
                yes=_("Enter the penalty and withdraw the submission"),
                cancel=sheet_url(table)),
                info.tournament)
        try:
            penalty = deals.add_penalty(table, data["seat"], data["reason"], data["points"],
                                        data["note"], data["version"], actor, request.user,
                                        session=session_tag(request), deal=data["deal"])
        except InvalidRecord as exc:
            form.add_error(exc.field if exc.field in form.fields else None, refusal(exc))
        except (SheetError, EngineError) as exc:
            return refused(request, table, exc)
        else:
            messages.success(request, _("Penalty for %(name)s: −%(points)s.")
                             % {"name": _charged(info, penalty.seat, penalty.deal),
                                "points": grouped(penalty.points)})
            return redirect(sheet_url(table))
    return render_sheet(request, table, role, info=info, penalty_form=form)


@require_POST
@playable_table
def penalty_delete(request, info, role, pk):
    table = info.table
    penalty = get_object_or_404(Penalty, pk=pk, table=table)
    try:
        deals.check_penalty_removal(penalty, request.user, info.tournament)
    except SheetError as exc:
        return refused(request, table, exc)
    if not confirmed(request):  # a penalty the table recorded goes only after a question
        return ask(request, Question(
            _("Remove the penalty of %(name)s?")
            % {"name": _charged(info, penalty.seat, penalty.deal, penalty)},
            _penalty_removal_words(info, penalty),
            yes=_("Remove the penalty"), cancel=sheet_url(table)), info.tournament)
    try:
        deals.delete_penalty(table, penalty.pk, who_enters(request, table, role), request.user,
                             session=session_tag(request))
    except SheetError as exc:
        return refused(request, table, exc)
    messages.success(request, _("Penalty removed."))
    return redirect(sheet_url(table))


def _penalty_removal_words(info: deals.TableInfo, penalty: Penalty) -> list[str]:
    table = info.table
    said = {"penalty": deals.penalty_text(info, penalty), "points": grouped(penalty.points),
            "player": seat_label(info, penalty.seat,
                                 penalty.deal or max(penalty.after_deal, 1)),
            # Translators: who entered a penalty when no name was kept
            "by": penalty.entered_by or _("the table")}
    if penalty.by_organizer:
        entered = _("%(penalty)s: −%(points)s for %(player)s, entered by %(by)s (an "
                    "organizer).") % said
    elif penalty.entered_by:
        entered = _("%(penalty)s: −%(points)s for %(player)s, entered by %(by)s.") % said
    else:
        entered = _("%(penalty)s: −%(points)s for %(player)s, entered by the table.") % said
    words = [entered,
             _("%(name)s's total rises by %(points)s. The removal is kept in the audit log.")
             % {"name": _charged(info, penalty.seat, penalty.deal, penalty),
                "points": grouped(penalty.points)}]
    if table.is_submitted:
        words.append(_("%(name)s submitted this sheet: removing the penalty withdraws the "
                       "submission, and the sheet is submitted and confirmed again.")
                     % {"name": table.submitted_by})
    return words


@playable_table
def sheet_submit(request, info, role):
    table = info.table
    if request.method != "POST":
        return redirect(sheet_url(table))
    form = SubmitForm(request.POST)
    if not form.is_valid():
        return render_sheet(request, table, role, info=info, submit_form=form)
    try:
        deals.submit_sheet(table, form.cleaned_data["name"], request.user,
                           session=session_tag(request))
    except SheetError as exc:
        return refused(request, table, exc)
    messages.success(request, _("Submitted by %(name)s. Another player of the table confirms "
                                "the sheet now.") % {"name": form.cleaned_data["name"]})
    return redirect(sheet_url(table))


@playable_table
def sheet_confirm(request, info, role):
    table = info.table
    if request.method != "POST":
        return redirect(sheet_url(table))
    form = confirm_form(info, role is Role.ORGANIZER, request.POST,
                        own=own_submission(request, table))
    if not form.is_valid():
        return render_sheet(request, table, role, info=info, confirm=form)
    try:
        deals.confirm_sheet(table, form.cleaned_data["name"], request.user,
                            totals=form.totals(),
                            override=bool(form.cleaned_data.get("override")),
                            session=session_tag(request))
    except SheetError as exc:
        table.refresh_from_db()
        if table.sheet_status != SheetStatus.SUBMITTED:
            return refused(request, table, exc)
        # the confirmer's typed name and totals stay on the form beside the reason
        form.add_error(None, str(exc))
        return render_sheet(request, table, role, info=info, confirm=form)
    table.refresh_from_db()
    messages.success(request, _("Confirmed by %(name)s.") % {"name": table.confirmed_by})
    return redirect(sheet_url(table))
