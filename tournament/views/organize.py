"""The organizer's tournament pages: list, create, edit, dashboard, audit log."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count, Q
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine import EngineError
from tournament.audit import record_change, shown_changes
from tournament.forms import AuditFilterForm, TournamentForm
from tournament.guide import listed, next_steps
from tournament.models import AuditAction, Tournament
from tournament.parsing import page_number
from tournament.permissions import (
    Role,
    organizer_required,
    role_of,
    staff_required,
    tournaments_of,
)
from tournament.registration import anonymizing
from tournament.seating.services import ensure_series, remove_unused_series
from tournament.speech import word


@login_required
def tournament_list(request):
    """The tournaments the user organizes or assists (a superuser: all)."""
    tournaments = Tournament.objects.filter(pk__in=tournaments_of(request.user).values("pk"))
    tournaments = tournaments.annotate(
        registered=Count("entries", filter=Q(entries__withdrawn=False)),
        checked_in=Count("entries", filter=Q(entries__checked_in=True)),
    )
    return render(request, "tournament/organize/list.html", {"tournaments": tournaments})


@login_required
def tournament_create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            tournament = form.save(commit=False)
            tournament.created_by = request.user
            tournament.save()
            form.save_m2m()
            tournament.organizers.add(request.user)
            ensure_series(tournament)
            record_change(tournament, request.user, AuditAction.TOURNAMENT_CREATED, tournament.name,
                          after=_summary(tournament))
        messages.success(request, _("%(name)s is created. Register the players next.")
                         % {"name": tournament.name})
        return redirect(tournament)
    return render(request, "tournament/organize/form.html",
                  {"form": form, "title": _("New tournament")})


@organizer_required
def tournament_edit(request, tournament):
    before = _summary(tournament)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            tournament = form.save()
            removed = remove_unused_series(tournament)
            ensure_series(tournament)
            after = _summary(tournament)
            if removed:
                after["series_removed"] = removed
            record_change(tournament, request.user, AuditAction.TOURNAMENT_EDITED, tournament.name,
                          before=before, after=after)
        messages.success(request, ngettext("Saved. Draft series %(listed)s removed.",
                                           "Saved. Draft series %(listed)s removed.",
                                           len(removed))
                         % {"listed": listed([str(n) for n in removed])} if removed
                         else _("Saved."))
        return redirect(tournament)
    return render(request, "tournament/organize/form.html",
                  {"form": form, "title": _("Edit %(name)s") % {"name": tournament.name},
                   "tournament": tournament, "anonymize_refusal": anonymizing.refusal(tournament)})


def _summary(t: Tournament) -> dict:
    return {"name": t.name, "rule_set": t.rule_set, "options": t.options,
            "scoring_system": t.scoring_system, "series_count": t.series_count,
            "deals_per_player": t.deals_per_player, "table_policy": t.table_policy,
            "public": t.public, "start_date": str(t.start_date), "venue": t.venue,
            "blind_check": t.blind_check, "time_zone": t.time_zone, "paper": t.paper,
            "language": t.language, "publication": t.publication,
            "provisional_public": t.provisional_public,
            "settlement_rate": str(Decimal(t.settlement_rate).normalize())}


@staff_required
def dashboard(request, tournament):
    counts = tournament.entries.aggregate(
        registered=Count("id", filter=Q(withdrawn=False)),
        checked_in=Count("id", filter=Q(checked_in=True, withdrawn=False)),
        withdrawn=Count("id", filter=Q(withdrawn=True)),
    )
    series = ensure_series(tournament)
    table_counts = dict(
        tournament.series.annotate(n=Count("tables")).values_list("number", "n")
    )
    series_list = [(s, table_counts.get(s.number, 0)) for s in series]
    return render(request, "tournament/organize/dashboard.html", {
        "tournament": tournament, "counts": counts, "series_list": series_list,
        # each option by the rule set's words for it, on or off
        "options": [(word(o.help), tournament.resolved_options[o.key])
                    for o in tournament.rules.options],
        "steps": next_steps(tournament, counts, series_list,
                            role_of(request.user, tournament) is Role.ORGANIZER),
    })


@organizer_required
def audit_log(request, tournament):
    filters = AuditFilterForm(request.GET)
    page = Paginator(filters.filter(tournament.audit.all()), 50).get_page(page_number(request))
    try:
        rules, options = tournament.rules, tournament.resolved_options
    except EngineError:  # a rule set or option gone since: games and deals as stored
        rules = options = None
    for entry in page:
        entry.changes = shown_changes(entry, rules, options)
    query = request.GET.copy()
    query.pop("page", None)
    return render(request, "tournament/organize/audit.html", {
        "tournament": tournament, "page": page, "filters": filters,
        "query": query.urlencode() + "&" if query else ""})
