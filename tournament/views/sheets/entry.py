"""The sheet through the table's link, and its deals: entered, corrected, previewed."""

from __future__ import annotations

from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine import EngineError, InvalidRecord
from tournament.deal_words import say_words
from tournament.models import Deal
from tournament.permissions import session_tag, table_of_link
from tournament.sheets import services as deals
from tournament.sheets.confirmation import totals_hidden
from tournament.sheets.entry_forms import (
    edit_deal_form,
    form_fields,
    matadors_pending,
    new_deal_form,
    without_matadors,
)
from tournament.sheets.forms import posted_stamp
from tournament.sheets.page import sheet_page
from tournament.sheets.services import SheetError, StaleSheet
from tournament.views.sheets.requests import (
    deal_message,
    playable_table,
    refused,
    render_sheet,
    scorekeeper,
    sheet_url,
    who_enters,
)


def sheet(request, token):
    table, role = table_of_link(request, token)
    return render_sheet(request, table, role)


@require_POST
@playable_table
def deal_add(request, info, role):
    table = info.table
    actor = who_enters(request, table, role)
    stamp = posted_stamp(request.POST)
    if stamp.stale(table.sheet_version):
        return refused(request, table, StaleSheet(deals.STALE_ENTRY))
    number = stamp.number_or(lambda: table.deals.count() + 1)
    form = new_deal_form(info, number, request.POST)
    if not form.is_valid():
        return render_sheet(request, table, role, info=info, deal_form=form)
    try:
        deal = deals.add_deal(table, form.input, form.cleaned_data["version"], actor,
                              request.user, session=session_tag(request), number=number,
                              info=info)
    except InvalidRecord as exc:  # scored under the lock: on its field, as the form's own
        form.refuse(exc)
        return render_sheet(request, table, role, info=info, deal_form=form)
    except (SheetError, EngineError) as exc:
        return refused(request, table, exc)
    messages.success(request, deal_message(deal))
    return redirect(sheet_url(table))


@playable_table
def deal_edit(request, info, role, number):
    table = info.table
    deal = get_object_or_404(Deal, table=table, number=number)
    if request.method == "POST":
        actor = who_enters(request, table, role)
        form = edit_deal_form(info, deal, request.POST)
        if form.is_valid():
            try:
                deal = deals.correct_deal(table, number, form.input,
                                          form.cleaned_data["version"], actor, request.user,
                                          session=session_tag(request))
            except InvalidRecord as exc:
                form.refuse(exc)
            except StaleSheet as exc:
                return refused(request, table, exc, request.path)
            except (SheetError, EngineError) as exc:
                return refused(request, table, exc)
            else:
                messages.success(request, _("Corrected. %(deal)s") % {"deal": deal_message(deal)})
                return redirect(sheet_url(table))
    else:
        form = edit_deal_form(info, deal)
    page = sheet_page(table, role, scorekeeper(request, table), info=info)
    row = next((r for r in page.rows if r.row.kind == "deal" and r.row.number == number), None)
    return render(request, "tournament/sheet/deal_edit.html", {
        "page": page, "tournament": info.tournament, "series": table.series, "table": table,
        "deal": deal, "row": row, "form": form, "fields": form_fields(form),
        "dealer": info.name_at(deal.dealer, deal.number),
    })


@require_POST
@playable_table
def deal_preview(request, info, role):
    table = info.table
    playing = table.deals.count() + 1  # the deal at the table now; later ones are not played
    insert = request.POST.get("entry") == "insert" and not info.decks
    stamp = posted_stamp(request.POST)
    if request.POST.get("entry") == "new" and stamp.stale(table.sheet_version, playing - 1):
        return JsonResponse({"ok": False, "errors": {},
                             "non_field": [str(deals.STALE_PREVIEW)]})
    number = playing if stamp.number is None else stamp.number
    if not 1 <= number <= min(info.deal_count, playing):
        return JsonResponse({"ok": False, "errors": {},
                             "non_field": [_("Deal %(number)s is not played yet: the preview "
                                             "covers deals 1 to %(playing)s.")
                                           % {"number": number, "playing": playing}]})
    form = new_deal_form(info, number, request.POST, cards=False)
    shown = None
    if form.is_valid():
        try:
            shown = deals.preview_totals(info, number, form.input, insert=insert)
        except EngineError as exc:
            form.refuse(exc)
    if shown is None:
        return JsonResponse({
            "ok": False,
            "errors": {name: list(errs) for name, errs in form.errors.items()
                       if name != "__all__"},
            "non_field": list(form.non_field_errors()),
        })
    scored = shown.scored
    if form.matadors_pending:  # a comparative deck: nothing that depends on its cards
        return JsonResponse({
            "ok": True, "number": number, "text": without_matadors(scored.words), "value": None,
            "entries": {}, "totals": None, "totals_after": None,
            "pending": matadors_pending(info, number)})
    blind = totals_hidden(table)
    return JsonResponse({
        "ok": True, "number": number, "text": say_words(scored.words),
        "value": scored.outcome.value,
        "entries": {str(k): v for k, v in scored.entries.items()},
        # at the end of the sheet, and after this deal (a correction, an inserted deal)
        "totals": None if blind else list(shown.end),
        "totals_after": None if blind else list(shown.after),
    })
