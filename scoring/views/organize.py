"""The organizer's results page: settings, release, lots, teams, extra prizes, and seating a
later series by the results. Each view parses the request, calls one service, says what
happened."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from scoring import refusals, reseat
from scoring.awards import services as awards
from scoring.forms import CustomPrizeForm, LotForm, SeatByResultsForm, SettingsForm, TeamForm
from scoring.models import Team
from scoring.release import checks
from scoring.release import services as releases
from scoring.settings import services as results_settings
from scoring.teams import services as team_services
from tournament import lifecycle
from tournament.models import SeatingMethod
from tournament.permissions import organizer_required
from tournament.refusals import show_on_form
from tournament.views.confirm import Question, ask, confirmed


def _errors(request, form) -> None:
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        for error in errors:
            # Translators: a form field's name and what is wrong with it
            messages.error(request, gettext("%(field)s: %(error)s") % {
                "field": label, "error": error} if label else error)


@organizer_required
def results_admin(request, tournament):
    settings = results_settings.scoring_settings(tournament)
    form = SettingsForm(request.POST or None, instance=settings, prefix="settings")
    if request.method == "POST" and form.is_valid():
        results_settings.save_settings(tournament, form, request.user)
        messages.success(request, gettext("Scoring settings saved."))
        return redirect("scoring:results_admin", tournament.slug)
    return _results_admin_page(request, tournament, form)


def _results_admin_page(request, tournament, form=None, team_form=None):
    """The results page; a refused team form comes back with what was typed and its errors
    under its fields (each said once)."""
    form = form or SettingsForm(instance=results_settings.scoring_settings(tournament),
                                prefix="settings")
    return render(request, "scoring/results_admin.html", {
        "tournament": tournament, "form": form, "series_list": tournament.series.all(),
        # the flags of the checks before release, counted where a release is next
        "series_rows": [(s, checks.unchecked(s) if s.can_release else None)
                        for s in tournament.series.all()],
        "teams": Team.objects.filter(tournament=tournament).prefetch_related("members"),
        "team_form": team_form or TeamForm(prefix="team"),
        "prize_form": CustomPrizeForm(prefix="prize", tournament=tournament),
        "custom_prizes": tournament.custom_prizes.all(),
        "release_checks": lifecycle.release_checks(tournament.series.all()),
    })


def _warn_members_not_playing(request, team) -> None:
    for warning in team_services.members_not_playing(team):
        messages.warning(request, warning)


@organizer_required
@require_POST
def release(request, tournament, number):
    series = get_object_or_404(tournament.series, number=number)
    release = not request.POST.get("undo")
    # a release that would be refused is refused at once, without asking first
    if not confirmed(request) and (series.can_release if release else series.is_released):
        return ask(request, _release_question(tournament, series, release), tournament)
    try:
        releases.release_series(series, request.user, release=release)
    except refusals.ScoringError as exc:
        messages.error(request, str(exc))
    else:
        series.refresh_from_db()
        # Translators: a series and its state after a release: "Series 2: Released."
        messages.success(request, gettext("Series %(number)s: %(status)s.") % {
            "number": number, "status": series.get_status_display()})
    return redirect("scoring:results_admin", tournament.slug)


def _release_question(tournament, series, release: bool) -> Question:
    back = reverse("scoring:results_admin", args=[tournament.slug])
    words = {"number": series.number}
    if release:
        flags = checks.unchecked(series)
        unchecked = [ngettext(
            "%(count)s flag of the checks before release is not marked checked.",
            "%(count)s flags of the checks before release are not marked checked.", flags)
            % {"count": flags}] if flags else []
        return Question(
            gettext("Release the results of series %(number)s?") % words,
            [gettext("Everyone who opens the tournament's public pages sees the standings, "
                     "prizes and players' deals of series %(number)s at once.") % words,
             *unchecked,
             gettext("Taking a release back later is possible, but whoever looked has seen "
                     "them.")],
            yes=gettext("Release series %(number)s") % words, cancel=back)
    return Question(
        gettext("Withdraw the release of series %(number)s?") % words,
        [gettext("The public pages stop showing series %(number)s: the standings and prizes "
                 "go back to the released series only, while the players may already have "
                 "seen them.") % words,
         gettext("The series can be released again once every sheet is confirmed.")],
        yes=gettext("Withdraw the release of series %(number)s") % words, cancel=back)


@organizer_required
@require_POST
def lot(request, tournament):
    form = LotForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Enter the number of the player drawn."))
        return redirect("scoring:prizes", tournament.slug)
    data = form.cleaned_data
    try:
        awards.record_lot(tournament, data["prize"], data["winner"], request.user,
                            data["note"])
    except refusals.ScoringError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, gettext("The lot for prize %(number)s is recorded.")
                         % {"number": data["prize"]})
    return redirect("scoring:prizes", tournament.slug)


@organizer_required
@require_POST
def add_team(request, tournament):
    form = TeamForm(request.POST, prefix="team")
    if not form.is_valid():
        return _results_admin_page(request, tournament, team_form=form)
    try:
        team = team_services.add_team(tournament, form.cleaned_data["name"],
                                 form.cleaned_data["members"], request.user)
    except refusals.ScoringError as exc:
        show_on_form(form, exc)
        return _results_admin_page(request, tournament, team_form=form)
    messages.success(request, gettext("Team %(name)s registered.") % {"name": team.name})
    _warn_members_not_playing(request, team)
    return redirect("scoring:results_admin", tournament.slug)


@organizer_required
@require_POST
def add_prize(request, tournament):
    form = CustomPrizeForm(request.POST, prefix="prize", tournament=tournament)
    if not form.is_valid():
        _errors(request, form)
        return redirect("scoring:results_admin", tournament.slug)
    try:
        prize = awards.add_custom_prize(tournament, form.save(commit=False), request.user)
    except refusals.ScoringError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, gettext("Prize %(number)s added.") % {"number": prize.number})
    return redirect("scoring:results_admin", tournament.slug)


@organizer_required
def edit_team(request, tournament, team):
    team = get_object_or_404(Team.objects.prefetch_related("members"), tournament=tournament,
                             pk=team)
    numbers = ", ".join(str(m.number) for m in sorted(team.members.all(), key=lambda m: m.number))
    form = TeamForm(request.POST or None, initial={"name": team.name, "members": numbers})
    if request.method == "POST" and form.is_valid():
        try:
            team_services.edit_team(team, form.cleaned_data["name"], form.cleaned_data["members"],
                               request.user)
        except refusals.ScoringError as error:
            show_on_form(form, error)
        else:
            messages.success(request, gettext("Team %(name)s saved.") % {"name": team.name})
            _warn_members_not_playing(request, team)
            return redirect("scoring:results_admin", tournament.slug)
    return render(request, "scoring/edit.html", {
        "tournament": tournament, "form": form,
        "title": gettext("Team %(name)s") % {"name": team.name},
        "delete_url": reverse("scoring:delete_team", args=[tournament.slug, team.pk])})


@organizer_required
def delete_team(request, tournament, team):
    team = get_object_or_404(Team, tournament=tournament, pk=team)
    if request.method == "POST":
        team_services.delete_team(team, request.user)
        messages.success(request, gettext("Team %(name)s deleted.") % {"name": team.name})
        return redirect("scoring:results_admin", tournament.slug)
    return render(request, "scoring/confirm_delete.html", {
        # Translators: what the delete page deletes: "Delete the team Kreuz?"
        "tournament": tournament, "what": gettext("the team %(name)s") % {"name": team.name},
        "back": reverse("scoring:edit_team", args=[tournament.slug, team.pk])})


@organizer_required
def edit_prize(request, tournament, prize):
    prize = get_object_or_404(tournament.custom_prizes, number=prize)
    form = CustomPrizeForm(request.POST or None, instance=prize, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            awards.edit_custom_prize(form.instance, request.user)
        except refusals.ScoringError as error:
            show_on_form(form, error)
        else:
            messages.success(request, gettext("Prize %(number)s saved.")
                             % {"number": prize.number})
            return redirect("scoring:results_admin", tournament.slug)
    return render(request, "scoring/edit.html", {
        "tournament": tournament, "form": form,
        # Translators: an extra prize with its number and title: "Extra prize 8. Best Grand"
        "title": gettext("Extra prize %(prize)s") % {"prize": prize},
        "delete_url": reverse("scoring:delete_prize", args=[tournament.slug, prize.number])})


@organizer_required
def delete_prize(request, tournament, prize):
    prize = get_object_or_404(tournament.custom_prizes, number=prize)
    if request.method == "POST":
        awards.delete_custom_prize(prize, request.user)
        messages.success(request, gettext("Prize %(number)s, %(title)s, deleted.") % {
            "number": prize.number, "title": prize.title})
        return redirect("scoring:results_admin", tournament.slug)
    return render(request, "scoring/confirm_delete.html", {
        # Translators: what the delete page deletes: "Delete prize 8. Best Grand?"
        "tournament": tournament, "what": gettext("prize %(prize)s") % {"prize": prize},
        "back": reverse("scoring:edit_prize", args=[tournament.slug, prize.number])})


@organizer_required
@require_POST
def seat_by_results(request, tournament, number):
    series = get_object_or_404(tournament.series, number=number)
    form = SeatByResultsForm(request.POST)
    if not form.is_valid():
        _errors(request, form)
        return redirect("tournament:series", tournament.slug, number)
    method = form.cleaned_data["method"]
    try:
        plan = reseat.seat_by_results(series, method, form.cleaned_data["seed"], request.user)
    except refusals.ScoringError as exc:
        messages.error(request, str(exc))
    else:
        tables = ngettext("%(count)s table", "%(count)s tables", len(plan.tables)) % {
            "count": len(plan.tables)}
        pairs = ngettext("%(count)s pair meets again", "%(count)s pairs meet again",
                         plan.repeat_pairs) % {"count": plan.repeat_pairs}
        words = {"number": number, "tables": tables, "seed": plan.seed, "pairs": pairs}
        messages.success(request, (
            # Translators: "Series 2 seated by standings (the best together): 4 tables from
            # seed x, 1 pair meets again."
            gettext("Series %(number)s seated by standings (the best together): %(tables)s "
                    "from seed %(seed)s, %(pairs)s.")
            if method == SeatingMethod.STANDINGS else
            gettext("Series %(number)s seated progressive (winners move up a table): "
                    "%(tables)s from seed %(seed)s, %(pairs)s.")) % words)
    return redirect("tournament:series", tournament.slug, number)
