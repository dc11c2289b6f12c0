"""A table that cannot finish: the director seats a substitute or ends the sheet early, from
the table's sheet page (organizers only; the work is in ``tournament.sheets.absence``)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.models import Table
from tournament.permissions import organizer_required, session_tag
from tournament.sheets import absence
from tournament.sheets.confirmation import SheetError
from tournament.sheets.forms import EndSheetForm, SubstituteForm
from tournament.sheets.loaders import table_info


def _table(tournament, number: int, table: int) -> Table:
    return get_object_or_404(Table.objects.select_related("series__tournament"),
                             series__tournament=tournament, series__number=number,
                             number=table)


def _back(table: Table):
    return redirect(reverse("tournament:sheet", args=[table.token]) + "#absence")


def _form_refused(request, form) -> None:
    """Each error of the form with its field's label, as the services word theirs."""
    for name, errors in form.errors.items():
        label = form.fields[name].label or name.replace("_", " ").capitalize()
        for error in errors:
            # Translators: a refusal of one field of a form: the field's name, then what is wrong.
            messages.error(request, _("%(field)s: %(reason)s") % {"field": label, "reason": error})


@require_POST
@organizer_required
def substitute_add(request, tournament, number, table):
    table = _table(tournament, number, table)
    form = SubstituteForm(table_info(table), request.POST)
    if not form.is_valid():
        _form_refused(request, form)
        return _back(table)
    data = form.cleaned_data
    try:
        sub = absence.seat_substitute(table, data["seat"], data["from_deal"], data["substitute"],
                                      request.user, reason=data["reason"],
                                      session=session_tag(request))
    except SheetError as exc:
        messages.error(request, str(exc))
        return _back(table)
    messages.success(request, _("From deal %(deal)s %(name)s plays seat %(seat)s in place of "
                                "%(replaces)s.")
                     % {"deal": sub.from_deal, "name": sub.substitute.name, "seat": sub.seat,
                        "replaces": sub.replaced.name})
    return _back(table)


@require_POST
@organizer_required
def substitute_remove(request, tournament, number, table, pk):
    table = _table(tournament, number, table)
    try:
        absence.remove_substitute(table, pk, request.user, session=session_tag(request))
    except SheetError as exc:
        messages.error(request, str(exc))
        return _back(table)
    messages.success(request, _("The substitute is removed."))
    return _back(table)


@require_POST
@organizer_required
def sheet_end(request, tournament, number, table):
    table = _table(tournament, number, table)
    form = EndSheetForm(request.POST)
    if not form.is_valid():
        _form_refused(request, form)
        return _back(table)
    after = form.cleaned_data["after_deal"]
    try:
        absence.end_sheet(table, after, request.user, reason=form.cleaned_data["reason"],
                          session=session_tag(request))
    except SheetError as exc:
        messages.error(request, str(exc))
        return _back(table)
    messages.success(request, _("The sheet of table %(table)s ends after deal %(deal)s; once "
                                "those deals are in, it can be submitted and confirmed.")
                     % {"table": table.number, "deal": after})
    return _back(table)


@require_POST
@organizer_required
def sheet_end_undo(request, tournament, number, table):
    table = _table(tournament, number, table)
    try:
        absence.undo_end(table, request.user, session=session_tag(request))
    except SheetError as exc:
        messages.error(request, str(exc))
        return _back(table)
    messages.success(request, _("The sheet of table %(table)s runs to its last deal again.")
                     % {"table": table.number})
    return _back(table)
