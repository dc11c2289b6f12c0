"""Score sheets: a table's secret link for its scorekeeper, and the organizer's sheet pages.

Everything under ``s/<token>/`` acts on the one table the token names. Anyone with the link
enters and corrects that table's deals; the tournament's assistants do the same for every table;
deleting deals, removing an organizer's penalty and reopening a sheet are for organizers.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from engine import EngineError, InvalidRecord
from tournament.models import Deal, Penalty, Series, SheetStatus, Table
from tournament.parsing import INT_MAX, clean_text, int_param, page_number
from tournament.permissions import (
    Role,
    organizer_required,
    session_tag,
    staff_required,
    table_of_link,
)
from tournament.seating.page import no_such_table
from tournament.sheets import edits
from tournament.sheets import services as deals
from tournament.sheets.confirmation import real_name, totals_hidden
from tournament.sheets.forms import PenaltyForm, SubmitForm, posted_stamp
from tournament.sheets.page import (
    SHEETS_PER_PAGE,
    confirm_form,
    confirm_names,
    edit_deal_form,
    form_fields,
    matadors_pending,
    new_deal_form,
    seat_label,
    series_sheets,
    series_tables,
    sheet_page,
    without_matadors,
)
from tournament.sheets.services import SheetError, StaleSheet
from tournament.views.confirm import Question, ask, confirmed

SHEET_TEMPLATE = "tournament/sheet/sheet.html"


# --- request parsing -------------------------------------------------------------------------

def playable_table(view):
    """A change through the table's link: ``view(request, info, role, ...)``, ``info`` the
    table with its players (``info.table``), read once for the whole request. A table whose
    plan seats other than 3 or 4 players has no sheet to change: say so, change nothing."""

    @wraps(view)
    def wrapped(request, token, *args, **kwargs):
        table, role = table_of_link(request, token)
        info = deals.table_info(table)
        if info.size not in (3, 4):
            messages.error(request, f"Table {table.number} has {info.size} players; a score "
                                    "sheet needs 3 or 4. An organizer corrects the series plan "
                                    "first.")
            return redirect(_sheet_url(table))
        return view(request, info, role, *args, **kwargs)

    return wrapped


def _session_key(table: Table) -> str:
    return f"scorekeeper:{table.token}"


def _scorekeeper(request, table: Table) -> str:
    """The name the scorekeeper chose on this device (kept per table link)."""
    return real_name(clean_text(request.session.get(_session_key(table), ""))[:120])


def _actor(request, table: Table, role: Role) -> str:
    """Who is entering: the staff member's username, or the scorekeeper's chosen name."""
    if role >= Role.ASSISTANT:
        return request.user.get_username()
    name = real_name(clean_text(request.POST.get("scorekeeper", ""))[:120])
    if name and name != request.session.get(_session_key(table)):
        request.session[_session_key(table)] = name  # a session write only when it changes
    # no name given: none is made up; the audit log's device tag tells the phones apart
    return name or _scorekeeper(request, table)


def _sheet_url(table: Table) -> str:
    return reverse("tournament:sheet", args=[table.token])


def _render_sheet(request, table: Table, role: Role, status: int = 200,
                  info: deals.TableInfo | None = None, **forms):
    page = sheet_page(table, role, _scorekeeper(request, table),
                      own_submission=_own_submission(request, table), info=info, **forms)
    return render(request, SHEET_TEMPLATE, {
        "page": page, "tournament": page.info.tournament, "series": table.series,
        "table": table, "sheet": page.sheet,
        "player_names": [p.name for p in page.info.players],
        "confirm_names": confirm_names(page.info, table.submitted_by),
    }, status=status)


def _own_submission(request, table: Table) -> bool:
    """This device or this account submitted the sheet (an organizer may then override)."""
    if not table.submitted_by:
        return False
    user = request.user
    return (table.submitted_session == session_tag(request) or
            (user.is_authenticated and user.get_username().lower() == table.submitted_by.lower()))


def _deal_message(deal: Deal) -> str:
    return f"Deal {deal.number}: {deal.description}: {deal.value:+d}"


def _refused(request, table: Table, exc: Exception, to: str | None = None):
    messages.error(request, str(exc))
    return redirect(to or _sheet_url(table))


# --- the table's link ------------------------------------------------------------------------

def sheet(request, token):
    table, role = table_of_link(request, token)
    return _render_sheet(request, table, role)


@require_POST
@playable_table
def deal_add(request, info, role):
    table = info.table
    actor = _actor(request, table, role)
    stamp = posted_stamp(request.POST)
    if stamp.stale(table.sheet_version):
        return _refused(request, table, StaleSheet(deals.STALE_ENTRY))
    number = stamp.number_or(lambda: table.deals.count() + 1)
    form = new_deal_form(info, number, request.POST)
    if not form.is_valid():
        return _render_sheet(request, table, role, info=info, deal_form=form)
    try:
        deal = deals.add_deal(table, form.input, form.cleaned_data["version"], actor,
                              request.user, session=session_tag(request), number=number,
                              info=info)
    except InvalidRecord as exc:  # scored under the lock: on its field, as the form's own
        form.refuse(exc)
        return _render_sheet(request, table, role, info=info, deal_form=form)
    except (SheetError, EngineError) as exc:
        return _refused(request, table, exc)
    messages.success(request, _deal_message(deal))
    return redirect(_sheet_url(table))


@playable_table
def deal_edit(request, info, role, number):
    table = info.table
    deal = get_object_or_404(Deal, table=table, number=number)
    if request.method == "POST":
        actor = _actor(request, table, role)
        form = edit_deal_form(info, deal, request.POST)
        if form.is_valid():
            try:
                deal = deals.correct_deal(table, number, form.input,
                                          form.cleaned_data["version"], actor, request.user,
                                          session=session_tag(request))
            except InvalidRecord as exc:
                form.refuse(exc)
            except StaleSheet as exc:
                return _refused(request, table, exc, request.path)
            except (SheetError, EngineError) as exc:
                return _refused(request, table, exc)
            else:
                messages.success(request, f"Corrected. {_deal_message(deal)}")
                return redirect(_sheet_url(table))
    else:
        form = edit_deal_form(info, deal)
    page = sheet_page(table, role, _scorekeeper(request, table), info=info)
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
        return JsonResponse({"ok": False, "errors": {}, "non_field": [deals.STALE_PREVIEW]})
    number = playing if stamp.number is None else stamp.number
    if not 1 <= number <= min(info.deal_count, playing):
        return JsonResponse({"ok": False, "errors": {},
                             "non_field": [f"Deal {number} is not played yet: the preview "
                                           f"covers deals 1 to {playing}."]})
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
            "ok": True, "number": number, "text": without_matadors(scored.text), "value": None,
            "entries": {}, "totals": None, "totals_after": None,
            "pending": matadors_pending(info, number)})
    blind = totals_hidden(table)
    return JsonResponse({
        "ok": True, "number": number, "text": scored.text, "value": scored.outcome.value,
        "entries": {str(k): v for k, v in scored.entries.items()},
        # at the end of the sheet, and after this deal (a correction, an inserted deal)
        "totals": None if blind else list(shown.end),
        "totals_after": None if blind else list(shown.after),
    })


def _charged(info: deals.TableInfo, seat: int, deal: int | None,
             penalty: Penalty | None = None) -> str:
    """Who a penalty counts for: a misdeal's dealer, else whoever played the seat in the deal
    before it (a substitute from his first deal on), as ``scoring.loaders`` charges it."""
    if not info.substitutes:
        return info.name(seat)
    after = penalty.after_deal if penalty is not None else info.table.deals.count()
    return info.name_at(seat, deal or max(after, 1))


@require_POST
@playable_table
def penalty_add(request, info, role):
    table = info.table
    actor = _actor(request, table, role)
    form = PenaltyForm(info, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        if table.is_submitted and not confirmed(request):
            return ask(request, Question(
                f"Enter a penalty for {_charged(info, data['seat'], data['deal'])}?",
                [f"{table.submitted_by} submitted this sheet. Entering a penalty withdraws "
                 "the submission: the sheet must be submitted and confirmed again.",
                 "The sheet page will say so."],
                yes="Enter the penalty and withdraw the submission", cancel=_sheet_url(table)),
                info.tournament)
        try:
            penalty = deals.add_penalty(table, data["seat"], data["reason"], data["points"],
                                        data["note"], data["version"], actor, request.user,
                                        session=session_tag(request), deal=data["deal"])
        except InvalidRecord as exc:
            form.add_error(exc.field if exc.field in form.fields else None, str(exc))
        except (SheetError, EngineError) as exc:
            return _refused(request, table, exc)
        else:
            messages.success(request, f"Penalty for {_charged(info, penalty.seat, penalty.deal)}: "
                                      f"−{penalty.points}.")
            return redirect(_sheet_url(table))
    return _render_sheet(request, table, role, info=info, penalty_form=form)


@require_POST
@playable_table
def penalty_delete(request, info, role, pk):
    table = info.table
    penalty = get_object_or_404(Penalty, pk=pk, table=table)
    try:
        deals.check_penalty_removal(penalty, request.user, info.tournament)
    except SheetError as exc:
        return _refused(request, table, exc)
    if not confirmed(request):  # a penalty the table recorded goes only after a question
        return ask(request, Question(
            f"Remove the penalty of {_charged(info, penalty.seat, penalty.deal, penalty)}?",
            _penalty_removal_words(info, penalty),
            yes="Remove the penalty", cancel=_sheet_url(table)), info.tournament)
    try:
        deals.delete_penalty(table, penalty.pk, _actor(request, table, role), request.user,
                             session=session_tag(request))
    except SheetError as exc:
        return _refused(request, table, exc)
    messages.success(request, "Penalty removed.")
    return redirect(_sheet_url(table))


def _penalty_removal_words(info: deals.TableInfo, penalty: Penalty) -> list[str]:
    table = info.table
    words = [f"{deals.penalty_text(info, penalty)}: −{penalty.points} for "
             f"{seat_label(info, penalty.seat, penalty.deal or max(penalty.after_deal, 1))}, "
             f"entered by {penalty.entered_by or 'the table'}"
             f"{' (an organizer)' if penalty.by_organizer else ''}.",
             f"{_charged(info, penalty.seat, penalty.deal, penalty)}'s total rises by "
             f"{penalty.points}. The removal is kept "
             "in the audit log."]
    if table.is_submitted:
        words.append(f"{table.submitted_by} submitted this sheet: removing the penalty "
                     "withdraws the submission, and the sheet is submitted and confirmed "
                     "again.")
    return words


@playable_table
def sheet_submit(request, info, role):
    table = info.table
    if request.method != "POST":
        return redirect(_sheet_url(table))
    form = SubmitForm(request.POST)
    if not form.is_valid():
        return _render_sheet(request, table, role, info=info, submit_form=form)
    try:
        deals.submit_sheet(table, form.cleaned_data["name"], request.user,
                           session=session_tag(request))
    except SheetError as exc:
        return _refused(request, table, exc)
    messages.success(request, f"Submitted by {form.cleaned_data['name']}. Another player of "
                              "the table confirms the sheet now.")
    return redirect(_sheet_url(table))


@playable_table
def sheet_confirm(request, info, role):
    table = info.table
    if request.method != "POST":
        return redirect(_sheet_url(table))
    form = confirm_form(info, role is Role.ORGANIZER, request.POST,
                        own=_own_submission(request, table))
    if not form.is_valid():
        return _render_sheet(request, table, role, info=info, confirm=form)
    try:
        deals.confirm_sheet(table, form.cleaned_data["name"], request.user,
                            totals=form.totals(),
                            override=bool(form.cleaned_data.get("override")),
                            session=session_tag(request))
    except SheetError as exc:
        table.refresh_from_db()
        if table.sheet_status != SheetStatus.SUBMITTED:
            return _refused(request, table, exc)
        # the confirmer's typed name and totals stay on the form beside the reason
        form.add_error(None, str(exc))
        return _render_sheet(request, table, role, info=info, confirm=form)
    table.refresh_from_db()
    messages.success(request, f"Confirmed by {table.confirmed_by}.")
    return redirect(_sheet_url(table))


# --- organizers and assistants ---------------------------------------------------------------

def _table(tournament, number: int, table: int) -> Table:
    return get_object_or_404(Table.objects.select_related("series__tournament"),
                             series__tournament=tournament, series__number=number,
                             number=table)


@staff_required
def organizer_sheet(request, tournament, number, table):
    return redirect(_sheet_url(_table(tournament, number, table)))


@require_POST
@organizer_required
def deal_delete(request, tournament, number, table, deal):
    """Asks first, naming the later deals that change dealer and those that would become
    invalid, with a choice of seat for each; the answer deletes and mends in one step."""
    table = _table(tournament, number, table)
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
        return _refused(request, table, exc)
    moved = f" Deals {deal + 1} and later moved up one number." if plan.moved else ""
    messages.success(request, f"Deal {deal} deleted.{moved}")
    return redirect(_sheet_url(table))


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
    return [f"The misdeal penalty of deal {p.deal_before} moves to deal {p.deal_after} and is "
            f"charged to its dealer, {seat_label(info, p.seat_after)} (was "
            f"{seat_label(info, p.seat_before)})." for p in plan.penalties]


@playable_table
def deal_insert(request, info, role, number):
    """A forgotten deal entered before deal ``number``: the form of that deal (its dealer),
    and what happens to the later deals, with a choice of seat for each that would become
    invalid."""
    table = info.table
    get_object_or_404(Deal, table=table, number=number)
    if info.decks:
        return _refused(request, table, SheetError(edits.COMPARATIVE_INSERT))
    plan = edits.plan_insert(info, number)
    fixes: dict = {}
    if request.method == "POST":
        actor = _actor(request, table, role)
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
                return _refused(request, table, exc)
            except (SheetError, EngineError) as exc:
                return _refused(request, table, exc, request.path)
            else:
                messages.success(request, f"Inserted. {_deal_message(deal)}"
                                          + (f" Deals {number + 1} and later moved down one "
                                             "number." if plan.moved else ""))
                return redirect(_sheet_url(table))
    else:
        form = new_deal_form(info, number)
    page = sheet_page(table, role, _scorekeeper(request, table), info=info)
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


@require_POST
@organizer_required
def sheet_reopen(request, tournament, number, table):
    table = _table(tournament, number, table)
    if not confirmed(request) and not table.is_open:
        said = [f"The sheet of table {table.number} of series {number} goes back to its "
                f"players: deals can be changed again, and its "
                f"{'confirmation' if table.is_confirmed else 'submission'} is void.",
                "The sheet must be submitted and confirmed again before the series' results "
                "count as final."]
        if table.series.is_released:
            said.append(f"The results of series {number} are released. Until this sheet is "
                        "confirmed again and the series is released again, the public pages "
                        f"show no results of series {number}, only “a correction is in "
                        "progress”; then the corrected results.")
        return ask(request, Question(f"Reopen the sheet of table {table.number}?", said,
                                     yes="Reopen the sheet", cancel=_sheet_url(table)),
                   tournament)
    try:  # the one question above was the organizer's consent to the correction
        deals.reopen_sheet(table, request.user, released_ok=True, session=session_tag(request))
    except SheetError as exc:
        return _refused(request, table, exc)
    messages.success(request, f"The sheet of table {table.number} is open again.")
    return redirect(_sheet_url(table))


@staff_required
def series_sheets_page(request, tournament, number):
    series = get_object_or_404(Series, tournament=tournament, number=number)
    typed = clean_text(request.GET.get("table", ""))
    if typed:  # "Table … Go": straight to that table's sheet
        found = series.tables.filter(number=int_param(typed, 1, INT_MAX) or 0).first()
        if found is not None:
            return redirect("tournament:sheet", found.token)
        messages.error(request, no_such_table(series, typed))
    status = request.GET.get("status", "")
    status = status if status in SheetStatus.values else ""
    page = Paginator(series_tables(series, status), SHEETS_PER_PAGE).get_page(
        page_number(request))
    return render(request, "tournament/sheet/series_sheets.html", {
        "tournament": tournament, "series": series, "page": page,
        "tables": series_sheets(series, page.object_list), "status": status,
        "statuses": SheetStatus.choices, "has_tables": series.tables.exists(),
        "query": f"status={status}&" if status else "",
        "is_organizer": tournament.organized_by(request.user),
    })
