"""A club's organizer pages: the clubs one organizes, a club's page (its evenings, seasons,
members and organizers), its members, its organizers, and the next evening made from the
last one. Thin: the work is ``seasons.clubs``'s."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.shortcuts import redirect, render
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from engine import DEFAULT_RULE_SET
from scoring.listings import NUM, secondary
from seasons import clubs as services
from seasons.forms_clubs import ClubForm, MemberForm, NextEveningForm, OrganizerForm
from seasons.models import Member
from tournament.models import SeriesStatus
from tournament.parsing import BIG_INT_MAX, configure_table, int_param
from tournament.permissions import club_organizer_required, clubs_of
from tournament.refusals import show_on_form

TEMPLATES = "seasons/clubs/"
EVENINGS_PER_PAGE = 20
# a series' progress, least advanced first: an evening is as far as its least series
PROGRESS = [SeriesStatus.DRAFT, SeriesStatus.SEATED, SeriesStatus.PLAYING,
            SeriesStatus.CONFIRMED, SeriesStatus.CORRECTING, SeriesStatus.RELEASED]


class EveningTable(tables.Table):
    """A club's evenings, newest first: date, name (to its dashboard), players, status."""

    start_date = tables.DateColumn(verbose_name=gettext_lazy("Date"), short=True)
    name = tables.Column(verbose_name=gettext_lazy("Evening"), linkify=lambda record: record
                         .get_absolute_url())
    players = tables.Column(verbose_name=gettext_lazy("Players"), attrs=NUM)
    status = tables.Column(verbose_name=pgettext_lazy("series", "Status"), empty_values=(),
                           orderable=False, attrs=secondary())

    class Meta:
        attrs = {"class": "data evenings"}
        order_by = ("-start_date",)
        empty_text = gettext_lazy("No evening yet: create the first one.")

    def render_status(self, record):
        statuses = [s.status for s in record.series.all()]
        if not statuses:
            return ""
        least = min(statuses, key=lambda s: PROGRESS.index(s) if s in PROGRESS else 0)
        return SeriesStatus(least).label


def _tab(request, club, here: str, context: dict, template: str):
    return render(request, TEMPLATES + template, {"club": club, "here": here, **context})


@login_required
def club_list(request):
    """The clubs the user organizes, and a new club."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.create_club(form.cleaned_data["name"], form.cleaned_data["city"],
                                        request.user)
        except services.ClubError as refusal:
            show_on_form(form, refusal)
        else:
            messages.success(request, _("You organize %(club)s now. Add its members next.")
                             % {"club": club.name})
            return redirect("seasons:club", club.pk)
    found = clubs_of(request.user).annotate(
        evening_count=Count("evenings", distinct=True),
        member_count=Count("members", filter=Q(members__left_on__isnull=True), distinct=True))
    return render(request, TEMPLATES + "list.html", {"clubs": found, "form": form})


@club_organizer_required
def club_page(request, club):
    evenings = (club.evenings.annotate(players=Count("entries",
                                                     filter=Q(entries__withdrawn=False)))
                .prefetch_related("series"))
    table = configure_table(request, EveningTable(evenings), EVENINGS_PER_PAGE)
    members = list(Member.objects.filter(club=club).select_related("player"))
    return _tab(request, club, "club", {
        "evenings": table, "last": services.latest_evening(club),
        "seasons": club.seasons.all(),
        "active": [m for m in members if m.active],
        "left": [m for m in members if not m.active],
        "organizers": club.organizers.order_by("username"),
    }, "club.html")


@club_organizer_required
def members(request, club):
    """The club's members: add one (a player of its evenings, or a new person), mark one as
    left, take one back."""
    form = MemberForm(candidates=services.candidates(club))
    if request.method == "POST":
        action = request.POST.get("action", "add")
        if action == "add":
            form = MemberForm(request.POST, candidates=services.candidates(club))
            if form.is_valid():
                data = form.cleaned_data
                try:
                    member = services.add_member(
                        club, request.user, player=data["player"],
                        first_name=data["first_name"], last_name=data["last_name"],
                        new_person=data["new_person"], joined_on=data["joined_on"])
                except services.ClubError as refusal:
                    show_on_form(form, refusal)
                else:
                    messages.success(request, _("%(name)s is a member now.")
                                     % {"name": member.player.name})
                    return redirect("seasons:members", club.pk)
        elif action in ("leave", "rejoin"):
            member = int_param(request.POST.get("member"), 1, BIG_INT_MAX) or 0
            try:
                if action == "leave":
                    done = services.leave(club, member, request.user)
                    said = _("%(name)s has left the club; the seasons keep their results.")
                else:
                    done = services.rejoin(club, member, request.user)
                    said = _("%(name)s is a member again.")
            except services.ClubError as refusal:
                messages.error(request, refusal.message)
            else:
                messages.success(request, said % {"name": done.player.name})
            return redirect("seasons:members", club.pk)
    listed = list(Member.objects.filter(club=club).select_related("player"))
    return _tab(request, club, "members", {
        "form": form, "active": [m for m in listed if m.active],
        "left": [m for m in listed if not m.active]}, "members.html")


@club_organizer_required
def club_organizers(request, club):
    """The club's organizers: add one by user name, remove one (never the last)."""
    form = OrganizerForm()
    if request.method == "POST":
        if request.POST.get("action") == "remove":
            organizer = int_param(request.POST.get("organizer"), 1, BIG_INT_MAX) or 0
            try:
                services.remove_organizer(club, organizer, request.user)
            except services.ClubError as refusal:
                messages.error(request, refusal.message)
            else:
                messages.success(request, _("Removed from the club's organizers."))
                if organizer == request.user.pk:
                    return redirect("seasons:clubs")
            return redirect("seasons:club_organizers", club.pk)
        form = OrganizerForm(request.POST)
        if form.is_valid():
            try:
                added = services.add_organizer(club, form.cleaned_data["username"],
                                               request.user)
            except services.ClubError as refusal:
                show_on_form(form, refusal)
            else:
                messages.success(request, _("%(name)s organizes the club now.")
                                 % {"name": added.get_username()})
                return redirect("seasons:club_organizers", club.pk)
    return _tab(request, club, "organizers", {
        "form": form, "organizers": club.organizers.order_by("username")}, "organizers.html")


def _evening_name(day) -> str:
    # Translators: the name of a club evening, "Skatabend 14.01.2027"
    return _("Skat evening %(date)s") % {"date": formats.date_format(day, "SHORT_DATE_FORMAT")}


@club_organizer_required
def next_evening(request, club):
    """The next evening in one click: prefilled with the day a week after the last one; it
    lands on the new evening's door, where the members are listed for check-in."""
    last = services.latest_evening(club)
    day = services.default_day(club)
    initial = {"day": day, "name": _evening_name(day), "rule_set": DEFAULT_RULE_SET}
    form = NextEveningForm(request.POST or None, initial=initial, first=last is None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            evening = services.next_evening(
                club, request.user, data["day"], data["name"],
                rule_set=data.get("rule_set"), series_count=data.get("series_count"),
                deals_per_player=data.get("deals_per_player"))
        except services.ClubError as refusal:
            show_on_form(form, refusal)
        else:
            registered = evening.entries.count()
            messages.success(request, ngettext(
                "%(name)s is created with %(count)s member registered; check in who comes.",
                "%(name)s is created with %(count)s members registered; check in who comes.",
                registered) % {"name": evening.name, "count": registered})
            return redirect("tournament:door", evening.slug)
    return _tab(request, club, "next", {
        "form": form, "last": last,
        "members": Member.objects.filter(club=club, left_on__isnull=True).count(),
    }, "next_evening.html")
