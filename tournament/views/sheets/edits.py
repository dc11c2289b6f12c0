"""Deleting a deal (organizers) and inserting a forgotten one, each after the question of
what happens to the later deals (the work is in ``tournament.sheets.edits``)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine import EngineError, InvalidRecord
from tournament.models import Deal
from tournament.permissions import organizer_required, session_tag
from tournament.sheets import edits
from tournament.sheets import services as deals
from tournament.sheets.entry_forms import form_fields, new_deal_form
from tournament.sheets.page import seat_label, sheet_page
from tournament.sheets.services import SheetError, StaleSheet
from tournament.views.confirm import confirmed
from tournament.views.sheets.requests import (
    deal_message,
    playable_table,
    refused,
    scorekeeper,
    sheet_url,
    staff_table,
    who_enters,
)


@require_POST
@organizer_required
def deal_delete(request, tournament, number, table, deal):
    """Asks first, naming the later deals that change dealer and those that would become
    invalid, with a choice of seat for each; the answer deletes and mends in one step."""
    table = staff_table(tournament, number, table)
    doomed = get_object_or_404(Deal, table=table, number=deal)
    info = deals.table_info(table)
    plan = edits.plan_delete(info, deal)
    fixes = edits.posted_fixes(plan, request.POST)
    if not confirmed(request) or plan.missing(fixes):
        return render(request, "tournament/sheet/deal_delete.html", {
            "tournament": tournament, "series": table.series, "table": table,
            "deal": doomed, "plan": plan, "rows": _plan_rows(info, plan),
            "fixes": _fault_rows(info, plan, fixes), "asked": confirmed(request),
            "penalties": _penalty_rows(info, plan),
            "cancel": reverse("tournament:deal_edit", args=[table.token, deal])})
    try:
        edits.delete_deal(table, deal, request.user, session=session_tag(request), fixes=fixes)
    except SheetError as exc:
        return refused(request, table, exc)
    said = (_("Deal %(number)s deleted. Deals %(next)s and later moved up one number.")
            if plan.moved else _("Deal %(number)s deleted."))
    messages.success(request, said % {"number": deal, "next": deal + 1})
    return redirect(sheet_url(table))


def _plan_rows(info: deals.TableInfo, plan: edits.EditPlan) -> list[dict]:
    """The later deals as the confirmation lists them: number, game, dealer before/after."""
    return [{"old": m.old, "new": m.new, "text": m.text, "changed": m.new_dealer,
             # named as the deal was numbered: a substitute's first deal moves with it
             "before": seat_label(info, m.dealer_before, m.old),
             "after": seat_label(info, m.dealer_after, m.old)} for m in plan.moved]


def _fault_rows(info: deals.TableInfo, plan: edits.EditPlan, fixes) -> list[dict]:
    return [{"fault": f, "chosen": fixes.get(f.old, {}).get(f.field or ""),
             "choices": [(s, seat_label(info, s, f.old)) for s in f.choices]}
            for f in plan.faults]


def _penalty_rows(info: deals.TableInfo, plan: edits.EditPlan) -> list[str]:
    return [_("The misdeal penalty of deal %(before)s moves to deal %(after)s and is charged to "
              "its dealer, %(dealer)s (was %(was)s).")
            % {"before": p.deal_before, "after": p.deal_after,
               "dealer": seat_label(info, p.seat_after), "was": seat_label(info, p.seat_before)}
            for p in plan.penalties]


@playable_table
def deal_insert(request, info, role, number):
    """A forgotten deal entered before deal ``number``: the form of that deal (its dealer),
    and what happens to the later deals, with a choice of seat for each that would become
    invalid."""
    table = info.table
    get_object_or_404(Deal, table=table, number=number)
    if info.decks:
        return refused(request, table, SheetError(edits.COMPARATIVE_INSERT))
    plan = edits.plan_insert(info, number)
    fixes: dict = {}
    if request.method == "POST":
        actor = who_enters(request, table, role)
        fixes = edits.posted_fixes(plan, request.POST)
        form = new_deal_form(info, number, request.POST)
        if form.is_valid() and not plan.missing(fixes):
            try:
                deal = edits.insert_deal(table, number, form.input,
                                         form.cleaned_data["version"], actor, request.user,
                                         session=session_tag(request), fixes=fixes)
            except InvalidRecord as exc:
                form.refuse(exc)
            except StaleSheet as exc:
                return refused(request, table, exc)
            except (SheetError, EngineError) as exc:
                return refused(request, table, exc, request.path)
            else:
                said = {"deal": deal_message(deal), "next": number + 1}
                messages.success(request, _("Inserted. %(deal)s Deals %(next)s and later moved "
                                            "down one number.") % said if plan.moved
                                 else _("Inserted. %(deal)s") % said)
                return redirect(sheet_url(table))
    else:
        form = new_deal_form(info, number)
    page = sheet_page(table, role, scorekeeper(request, table), info=info)
    return render(request, "tournament/sheet/deal_insert.html", {
        "page": page, "tournament": info.tournament, "series": table.series, "table": table,
        "number": number, "form": form, "fields": form_fields(form),
        "dealer": seat_label(info, info.dealer(number)), "plan": plan,
        "rows": _plan_rows(info, plan), "fixes": _fault_rows(info, plan, fixes),
        "penalties": _penalty_rows(info, plan), "asked": request.method == "POST",
        # a sheet ended early ends one deal later: the table played the forgotten deal
        "full": page.sheet.played >= (info.scheduled if info.ended_early
                                      else page.sheet.deal_count),
        "ends_after": table.ended_after + 1 if table.ended_after is not None else None,
    })
