"""The organizer's registration pages: player list, add, edit, door, import, clubs, keep-apart.

Each view parses the request, calls one function of ``tournament.registration.services`` or
``tournament.registration.importing`` and renders; refusals come back as ``RegistrationError``.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.models import Club, Entry, KeepApart
from tournament.parsing import BIG_INT_MAX, configure_table, int_param, safe_next
from tournament.permissions import organizer_required, staff_required
from tournament.refusals import Refusal
from tournament.registration import attendance, clubs
from tournament.registration import keep_apart as apart
from tournament.registration import services as registration
from tournament.registration.forms import (
    ClubForm,
    ClubMergeForm,
    DoorSearchForm,
    EntryFilterForm,
    ImportConfirmForm,
    ImportUploadForm,
    KeepApartForm,
    PlayerForm,
    QuickAddForm,
    add_refusal,
)
from tournament.registration.importing import import_players, parse_players_csv
from tournament.registration.listings import ClubTable, EntryTable
from tournament.registration.services import RegistrationError
from tournament.seating import arrivals
from tournament.views.confirm import Question, ask, confirmed

PER_PAGE = 50
TEMPLATES = "tournament/players/"


def _entry(tournament, number: int) -> Entry:
    return get_object_or_404(Entry.objects.select_related("club"),
                             tournament=tournament, number=number)


def _flag(value, current: bool) -> bool:
    """ "1"/"0" from a form; anything else (or nothing) toggles."""
    if value in ("1", "true", "on", "yes"):
        return True
    if value in ("0", "false", "off", "no"):
        return False
    return not current


def _back(request, tournament):
    return safe_next(request, reverse("tournament:players", args=[tournament.slug]))


def _club_names(tournament, user) -> list[str]:
    """The clubs a club input offers as one types (its datalist)."""
    return list(clubs.clubs_for(tournament, user).values_list("name", flat=True))


@organizer_required
def player_list(request, tournament):
    clubs = Club.objects.filter(entries__tournament=tournament).distinct()
    filters = EntryFilterForm(request.GET or None, clubs=clubs)
    entries = attendance.search_entries(tournament, **filters.filters())
    table = EntryTable(entries, slug=tournament.slug, publication=tournament.publication)
    configure_table(request, table, PER_PAGE)
    return render(request, TEMPLATES + "list.html", {
        "tournament": tournament, "table": table, "filters": filters,
        "counts": attendance.entry_counts(tournament),
    })


@organizer_required
def player_add(request, tournament):
    form = PlayerForm(request.POST or None, next_number=registration.next_number(tournament),
                      clubs=clubs.clubs_for(tournament, request.user))
    if request.method == "POST" and form.is_valid():
        try:
            entry = registration.register_player(tournament, user=request.user,
                                                 **form.new_entry_kwargs())
        except RegistrationError as error:
            add_refusal(form, error)
        else:
            if entry.reused_player:
                messages.info(request, _("%(name)s is linked to the same person in your "
                                         "other tournaments.") % {"name": entry.name})
            messages.success(request, _("Registered %(name)s as number %(number)s.")
                             % {"name": entry.name, "number": entry.number})
            return redirect("tournament:player_add", tournament.slug)
    return render(request, TEMPLATES + "form.html", {
        "tournament": tournament, "form": form, "title": _("Add a player"),
        # Translators: the button that registers a player
        "button": _("Register"), "club_names": _club_names(tournament, request.user)})


@organizer_required
def entry_edit(request, tournament, number):
    entry = _entry(tournament, number)
    initial = {"first_name": entry.first_name, "last_name": entry.last_name,
               "club": entry.club_id, "email": entry.email, "number": entry.number,
               "publication": entry.publication, "pseudonym": entry.pseudonym}
    form = PlayerForm(request.POST or None, initial=initial,
                      clubs=clubs.clubs_for(tournament, request.user))
    if request.method == "POST" and form.is_valid():
        kwargs = form.registration_kwargs()
        try:
            entry = registration.update_entry(entry, user=request.user, **kwargs)
        except RegistrationError as error:
            add_refusal(form, error)
        else:
            messages.success(request, _("Saved number %(number)s, %(name)s.")
                             % {"number": entry.number, "name": entry.name})
            return redirect("tournament:players", tournament.slug)
    return render(request, TEMPLATES + "form.html", {
        "tournament": tournament, "form": form, "entry": entry,
        "club_names": _club_names(tournament, request.user),
        "title": _("Number %(number)s: %(name)s") % {"number": entry.number, "name": entry.name},
        "button": _("Save")})


@require_POST
@staff_required
def entry_check_in(request, tournament, number):
    entry = _entry(tournament, number)
    wanted = _flag(request.POST.get("checked_in"), entry.checked_in)
    try:
        entry = attendance.check_in(entry, request.user, checked_in=wanted)
    except RegistrationError as error:
        messages.error(request, error.message)
    else:
        said = {"number": entry.number, "name": entry.name}
        if entry.checked_in:
            messages.success(request, _("%(number)s %(name)s is checked in.") % said
                             + arrivals.late_notice(entry))
        else:
            messages.success(request, _("%(number)s %(name)s is not checked in any more.")
                             % said)
    return _back(request, tournament)


@require_POST
@organizer_required
def entry_withdraw(request, tournament, number):
    entry = _entry(tournament, number)
    wanted = _flag(request.POST.get("withdrawn"), entry.withdrawn)
    refused = attendance.withdrawal_refused(entry) if wanted and not entry.withdrawn else None
    if refused:  # refused at once, without asking first
        messages.error(request, refused.message)
        return _back(request, tournament)
    if wanted and not entry.withdrawn and not confirmed(request):
        return ask(request, Question(
            _("Withdraw %(name)s?") % {"name": entry.name},
            [_("%(name)s (No. %(number)s) leaves the players of this tournament: their check-in "
               "is undone and no later series seats them. Results they have played stay in the "
               "standings.") % {"name": entry.name, "number": entry.number},
             _("From a series plan not yet published their seat is removed; that plan must "
               "then be seated again."),
             _("Reinstating them later is possible, but they must check in again.")],
            yes=_("Withdraw %(name)s") % {"name": entry.name},
            cancel=reverse("tournament:players", args=[tournament.slug])), tournament)
    try:
        entry = attendance.withdraw(entry, request.user, withdrawn=wanted)
    except RegistrationError as error:
        messages.error(request, error.message)
    else:
        said = {"number": entry.number, "name": entry.name}
        messages.success(request, _("%(number)s %(name)s is withdrawn.") % said
                         if entry.withdrawn else _("%(number)s %(name)s is reinstated.") % said)
    return _back(request, tournament)


@staff_required
def door(request, tournament):
    search = DoorSearchForm(request.GET or None)
    q = search.cleaned_data["q"] if search.is_valid() else ""
    matches = list(attendance.search_entries(tournament, q=q)[:20]) if q else []
    if len(matches) == 1 and matches[0].status == "registered":
        # One hit: the focus goes to its check-in button, so Enter checks in.
        search.fields["q"].widget.attrs.pop("autofocus", None)
    quick = QuickAddForm(request.POST or None)
    if request.method == "POST" and quick.is_valid():
        try:
            entry = registration.register_player(tournament, user=request.user,
                                                 **quick.registration_kwargs())
        except RegistrationError as error:
            add_refusal(quick, error)
        else:
            messages.success(request, _("Registered and checked in %(name)s as number "
                                        "%(number)s.")
                             % {"name": entry.name, "number": entry.number}
                             + arrivals.late_notice(entry))
            return redirect("tournament:door", tournament.slug)
    return render(request, TEMPLATES + "door.html", {
        "tournament": tournament, "search": search, "q": q, "matches": matches,
        "quick": quick, "recent": attendance.recent_check_ins(tournament),
        # while searching, the search's answer alone
        "expected": [] if q else attendance.still_expected(tournament),
        "club_names": _club_names(tournament, request.user),
        "counts": attendance.entry_counts(tournament),
        "here": request.get_full_path(),
    })


@organizer_required
def player_import(request, tournament):
    context = {"tournament": tournament}
    if request.method != "POST":
        context["upload"] = ImportUploadForm()
        return render(request, TEMPLATES + "import.html", context)
    if "confirm" not in request.POST:
        upload = ImportUploadForm(request.POST, request.FILES)
        if not upload.is_valid():
            context["upload"] = upload
            return render(request, TEMPLATES + "import.html", context)
        text = upload.cleaned_data["csv_text"]
        preview = parse_players_csv(text, tournament, request.user)
        preview.encoding = upload.cleaned_data["encoding"]
        return _preview(request, tournament, text, preview=preview)
    confirm = ImportConfirmForm(request.POST)
    if not confirm.is_valid():
        messages.error(request, _("The CSV text was lost; please upload the file again."))
        return redirect("tournament:player_import", tournament.slug)
    text, skip_bad = confirm.cleaned_data["csv_text"], confirm.cleaned_data["skip_bad"]
    preview = parse_players_csv(text, tournament, request.user)
    if not preview.rows:
        messages.error(request, _("There is no good row to import; nothing was saved."))
        return _preview(request, tournament, text, preview=preview)
    if preview.errors and not skip_bad:
        messages.error(request, ngettext(
            "Nothing was imported: some rows are bad. Correct the file, or tick “import the "
            "%(count)s good rows and skip the bad ones”.",
            "Nothing was imported: some rows are bad. Correct the file, or tick “import the "
            "%(count)s good rows and skip the bad ones”.", len(preview.rows))
            % {"count": len(preview.rows)})
        return _preview(request, tournament, text, preview=preview)
    try:
        count = import_players(tournament, preview, request.user,
                               link_known=confirm.cleaned_data["link_known"])
    except RegistrationError as error:
        messages.error(request, error.message)
        return _preview(request, tournament, text)
    messages.success(request, _imported_words(count, preview))
    return redirect("tournament:players", tournament.slug)


def _imported_words(count: int, preview) -> str:
    """What the import did, each row counted once: "Imported 2 players; skipped 1 bad row;
    1 repeated row read once." """
    words = [ngettext("Imported %(count)s player", "Imported %(count)s players", count)
             % {"count": count}]
    if preview.errors:
        bad = len(preview.bad_rows)
        words.append(ngettext("skipped %(count)s bad row", "skipped %(count)s bad rows", bad)
                      % {"count": bad})
    if preview.repeats:
        repeats = len(preview.repeats)
        words.append(ngettext("%(count)s repeated row read once",
                              "%(count)s repeated rows read once", repeats)
                     % {"count": repeats})
    return "; ".join(words) + "."


def _preview(request, tournament, text: str, preview=None, skip_bad: bool = False):
    preview = preview or parse_players_csv(text, tournament, request.user)
    return render(request, TEMPLATES + "import_preview.html", {
        "tournament": tournament, "preview": preview,
        "confirm": ImportConfirmForm(initial={"csv_text": preview.text, "skip_bad": skip_bad}),
    })


@organizer_required
def club_list(request, tournament):
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = clubs.add_club(form.cleaned_data["name"], form.cleaned_data["city"],
                                  tournament=tournament, user=request.user)
        except Refusal as error:
            add_refusal(form, error)
        else:
            messages.success(request, _("Added the club %(club)s.") % {"club": club.name})
            return redirect("tournament:clubs", tournament.slug)
    table = ClubTable(clubs.clubs_with_counts(tournament, request.user), slug=tournament.slug)
    configure_table(request, table, PER_PAGE)
    no_club = tournament.entries.filter(club__isnull=True, withdrawn=False).aggregate(
        n=Count("pk"))["n"]
    return render(request, TEMPLATES + "clubs.html", {
        "tournament": tournament, "table": table, "form": form, "no_club": no_club})


@organizer_required
def club_detail(request, tournament, club):
    """Merge a club into another or delete it; both ask to confirm first. A club run on its
    club page (members, seasons) opens for its organizers, saying it is not merged here."""
    mine = clubs.own_clubs(request.user).values("pk")
    club = get_object_or_404(clubs.clubs_for(tournament, request.user)
                             .filter(Q(pk__in=mine) | Q(organizers=request.user)).distinct(),
                             pk=club)
    kept = clubs.run_as_club(club)
    if kept is not None:
        return render(request, TEMPLATES + "club.html", {
            "tournament": tournament, "club": club, "use": clubs.club_use(club),
            "kept": kept.message})
    others = clubs.clubs_for(tournament, request.user).exclude(pk=club.pk)
    merge = ClubMergeForm(request.POST if request.POST.get("action") == "merge" else None,
                          clubs=others)
    use = clubs.club_use(club)
    confirming = None
    if request.method == "POST" and request.POST.get("action") == "delete":
        if request.POST.get("confirm") != "yes":
            confirming = "delete"
        else:
            try:
                clubs.delete_club(club, tournament=tournament, user=request.user)
            except Refusal as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Deleted the club %(club)s.") % {"club": club.name})
                return redirect("tournament:clubs", tournament.slug)
    elif merge.is_bound and merge.is_valid():
        into = merge.cleaned_data["into"]
        if not merge.cleaned_data["confirm"]:
            confirming = "merge"
        else:
            try:
                moved = clubs.merge_club(club, into, tournament=tournament, user=request.user)
            except Refusal as error:
                add_refusal(merge, error)
            else:
                messages.success(request, ngettext(
                    "Merged %(club)s into %(into)s: %(count)s player moved.",
                    "Merged %(club)s into %(into)s: %(count)s players moved.", moved)
                    % {"club": club.name, "into": into.name, "count": moved})
                return redirect("tournament:clubs", tournament.slug)
    return render(request, TEMPLATES + "club.html", {
        "tournament": tournament, "club": club, "merge": merge, "use": use,
        "confirming": confirming})


@organizer_required
def keep_apart(request, tournament):
    adding = request.method == "POST" and request.POST.get("action") != "delete"
    form = KeepApartForm(request.POST if adding else None)  # a plain load is unbound: quiet
    if request.method == "POST" and request.POST.get("action") == "delete":
        pair = get_object_or_404(KeepApart.objects.select_related("first", "second"),
                                 tournament=tournament,
                                 pk=int_param(request.POST.get("pair"), 1, BIG_INT_MAX) or 0)
        apart.remove_keep_apart(pair, user=request.user)
        messages.success(request, _("%(first)s and %(second)s may sit together again.")
                         % {"first": pair.first.number, "second": pair.second.number})
        return redirect("tournament:keep_apart", tournament.slug)
    if adding and form.is_valid():
        data = form.cleaned_data
        try:
            pair = apart.add_keep_apart(tournament, data["first"], data["second"],
                                               data["reason"], user=request.user)
        except RegistrationError as error:
            add_refusal(form, error)
        else:
            messages.success(request, _("%(first)s and %(second)s are kept apart.")
                             % {"first": pair.first.name, "second": pair.second.name})
            return redirect("tournament:keep_apart", tournament.slug)
    pairs = (tournament.keep_apart.select_related("first__club", "second__club")
             .order_by("first__number", "second__number"))
    return render(request, TEMPLATES + "keep_apart.html", {
        "tournament": tournament, "pairs": pairs, "form": form})
