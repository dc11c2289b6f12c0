"""Result pages: standings per series and overall, clubs, teams, prizes, a player's deals;
the organizer's results page (settings, release, lots, teams, extra prizes)."""

from __future__ import annotations

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from scoring import services
from scoring.forms import CustomPrizeForm, LotForm, SeatByResultsForm, SettingsForm, TeamForm
from scoring.listings import DealsTable, GroupTable, StandingsTable
from scoring.models import Team
from scoring.prizes import describe_game
from tournament.audit import record_change
from tournament.models import Club, Entry
from tournament.parsing import configure_table
from tournament.permissions import organizer_required, visible_tournament

PER_PAGE = 50


def _context(tournament, organizer, comp, **extra):
    series = tournament.series.order_by("number")
    released = [s.number for s in series if s.is_released]
    correcting = [s.number for s in series if s.is_correcting]
    return {"tournament": tournament, "organizer": organizer, "comp": comp,
            "series_numbers": [s.number for s in series], "released": released,
            "correcting": correcting,
            "public_view": not organizer, **extra}


def _standings_page(request, slug, number=None):
    tournament, organizer = visible_tournament(request, slug)
    if number is not None and not tournament.series.filter(number=number).exists():
        raise Http404("No such series.")
    comp = services.compute(tournament, series=number, released_only=not organizer)
    club_filter = request.GET.get("club") or ""
    rows = []
    for s in comp.standings:
        player = comp.player(s.entry)
        if club_filter and str(player.club_id) != club_filter:
            continue
        rows.append({"place": s.place, "rank": s.rank, "tied": s.tied,
                     "number": player.number, "name": player.name,
                     "sort_name": player.sort_name, "club": player.club, "points": s.points,
                     "won": s.won, "lost": s.lost, "games": s.games, "score": s.score})
    table = StandingsTable(rows, slug=slug, seeger_fabian=comp.system.value == "seeger-fabian")
    configure_table(request, table, PER_PAGE)
    club_ids = {p.club_id for p in comp.players.values() if p.club_id}
    clubs = Club.objects.filter(id__in=club_ids).order_by("name")
    return render(request, "scoring/standings.html", _context(
        tournament, organizer, comp, table=table, number=number, clubs=clubs,
        club_filter=club_filter, absent=comp.absent_players(club_filter)))


def standings_overall(request, slug):
    return _standings_page(request, slug)


def standings_series(request, slug, number):
    return _standings_page(request, slug, number)


def club_standings(request, slug):
    tournament, organizer = visible_tournament(request, slug)
    comp = services.compute(tournament, released_only=not organizer)
    names = dict(Club.objects.values_list("id", "name"))
    rows = [{"place": f"{c.rank}=" if c.tied else str(c.rank), "rank": c.rank,
             "name": names.get(c.club, "?"), "score": c.score, "counted": len(c.counted),
             "members": ", ".join(comp.player(e).name for e in c.counted)}
            for c in services.clubs(comp)]
    table = GroupTable(rows)
    configure_table(request, table, PER_PAGE)
    best = services.scoring_settings(tournament).club_best
    return render(request, "scoring/groups.html", _context(
        tournament, organizer, comp, table=table, title="Clubs",
        explain=f"The sum of each club's {'best ' + str(best) if best else 'players'}' "
                "scores; only players who played count.",
        absent=[p for p in comp.absent_players() if p.club_id]))


def team_standings(request, slug):
    tournament, organizer = visible_tournament(request, slug)
    comp = services.compute(tournament, released_only=not organizer)
    ranked, members = services.teams(comp)
    rows = [{"place": f"{t.rank}=" if t.tied else str(t.rank), "rank": t.rank,
             "name": t.team, "score": t.score, "counted": len(members.get(t.team, [])),
             "members": ", ".join(comp.player(e).name for e in members.get(t.team, []))}
            for t in ranked]
    table = GroupTable(rows)
    configure_table(request, table, PER_PAGE)
    return render(request, "scoring/groups.html", _context(
        tournament, organizer, comp, table=table, title="Teams",
        explain="Registered tandems and teams: the sum of their players' scores."))


def prize_list(request, slug):
    tournament, organizer = visible_tournament(request, slug)
    comp = services.compute(tournament, released_only=not organizer)
    prizes = [(p, [comp.player(e) for e in p.winners],
               [comp.player(e) for e in p.candidates]) for p in services.prizes(comp)]
    return render(request, "scoring/prizes.html", _context(
        tournament, organizer, comp, prizes=prizes, lot_form=LotForm(),
        absent=comp.absent_players()))


def player_deals(request, slug, number):
    tournament, organizer = visible_tournament(request, slug)
    entry = get_object_or_404(Entry, tournament=tournament, number=number)
    comp = services.compute(tournament, released_only=not organizer)
    rows = []
    for d in comp.results.deals:
        if entry.id != d.declarer and entry.id not in d.entries:
            continue
        role = ("declarer" if d.declarer == entry.id else
                "lost the Ramsch" if d.game == "ramsch" else "opponent")
        rows.append({"where": f"{d.series} / {d.table_number} / {d.number}",
                     "order": (d.series, d.table_number or 0, d.number),
                     "game": describe_game(d).split(" (series")[0], "role": role,
                     "points": d.entries.get(entry.id, 0)})
    table = DealsTable(rows)
    configure_table(request, table, PER_PAGE)
    standing = next((s for s in comp.standings if s.entry == entry.id), None)
    return render(request, "scoring/player.html", _context(
        tournament, organizer, comp, table=table, entry=entry, standing=standing))


@organizer_required
def results_admin(request, tournament):
    settings = services.scoring_settings(tournament)
    form = SettingsForm(request.POST or None, instance=settings, prefix="settings")
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            record_change(tournament, request.user, "scoring settings changed",
                          tournament.name, after=form.cleaned_data)
        messages.success(request, "Scoring settings saved.")
        return redirect("scoring:results_admin", tournament.slug)
    return render(request, "scoring/results_admin.html", {
        "tournament": tournament, "form": form, "series_list": tournament.series.all(),
        "teams": Team.objects.filter(tournament=tournament).prefetch_related(
            "members"),
        "team_form": TeamForm(prefix="team"), "prize_form": CustomPrizeForm(prefix="prize"),
        "custom_prizes": tournament.custom_prizes.all(),
    })


@organizer_required
@require_POST
def release(request, tournament, number):
    series = get_object_or_404(tournament.series, number=number)
    try:
        services.release_series(series, request.user, release=not request.POST.get("undo"))
        messages.success(request, f"Series {number}: {series.get_status_display()}.")
    except services.ScoringError as exc:
        messages.error(request, str(exc))
    return redirect("scoring:results_admin", tournament.slug)


@organizer_required
@require_POST
def lot(request, tournament):
    form = LotForm(request.POST)
    if form.is_valid():
        try:
            services.record_lot(tournament, form.cleaned_data["prize"],
                                form.cleaned_data["winner"], request.user,
                                form.cleaned_data["note"])
            messages.success(request, f"The lot for prize {form.cleaned_data['prize']} is "
                                      "recorded.")
        except services.ScoringError as exc:
            messages.error(request, str(exc))
    else:
        messages.error(request, "Enter the number of the player drawn.")
    return redirect("scoring:prizes", tournament.slug)


@organizer_required
@require_POST
def add_team(request, tournament):
    form = TeamForm(request.POST, prefix="team")
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("scoring:results_admin", tournament.slug)
    numbers = form.cleaned_data["members"]
    entries = list(Entry.objects.filter(tournament=tournament, number__in=numbers))
    if len(entries) != len(numbers):
        messages.error(request, "Members: every number must be a player of this tournament.")
        return redirect("scoring:results_admin", tournament.slug)
    try:
        with transaction.atomic():
            team = Team.objects.create(tournament=tournament, name=form.cleaned_data["name"])
            team.members.set(entries)
            record_change(tournament, request.user, "team registered", team.name,
                          after={"members": sorted(numbers)})
        messages.success(request, f"Team {team.name} registered.")
    except IntegrityError:
        messages.error(request, "A team of that name exists already.")
    return redirect("scoring:results_admin", tournament.slug)


@organizer_required
@require_POST
def add_prize(request, tournament):
    form = CustomPrizeForm(request.POST, prefix="prize")
    if form.is_valid():
        prize = form.save(commit=False)
        prize.tournament = tournament
        if prize.number <= 7:
            messages.error(request, "Numbers 1 to 7 are the League's prizes; use 8 or more.")
        else:
            try:
                prize.save()
                record_change(tournament, request.user, "prize added", prize.title,
                              after={"number": prize.number, "kind": prize.kind})
                messages.success(request, f"Prize {prize.number} added.")
            except IntegrityError:
                messages.error(request, f"Prize number {prize.number} exists already.")
    else:
        messages.error(request, "Check the prize: " + "; ".join(
            f"{k}: {' '.join(v)}" for k, v in form.errors.items()))
    return redirect("scoring:results_admin", tournament.slug)


@organizer_required
@require_POST
def seat_by_results(request, tournament, number):
    series = get_object_or_404(tournament.series, number=number)
    form = SeatByResultsForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a seating method.")
    else:
        try:
            plan = services.seat_by_results(series, form.cleaned_data["method"],
                                            form.cleaned_data["seed"], request.user)
            label = dict(form.fields["method"].choices)[form.cleaned_data["method"]]
            messages.success(request, f"Series {number} seated {label.lower()}: "
                                      f"{len(plan.tables)} tables from seed {plan.seed}, "
                                      f"{plan.repeat_pairs} pair(s) meet again.")
        except services.ScoringError as exc:
            messages.error(request, str(exc))
    return redirect("tournament:series", tournament.slug, number)
