"""The tournament file's pages: its organizers download it from the dashboard; any account
uploads one as a new tournament, sees its preview (nothing saved yet) and confirms it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.numbers import grouped
from tournament.permissions import organizer_required

from . import pending
from .document import FileRefused
from .dump import dumps, file_name, tournament_document
from .forms import ConfirmForm, UploadForm
from .load import read_file
from .preview import Preview, preview_file

TEMPLATES = "exports/file/"


@organizer_required
def download(request, tournament):
    """The whole tournament as its file (full names, e-mail addresses: organizers only)."""
    response = HttpResponse(dumps(tournament_document(tournament)),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{file_name(tournament)}"'
    return response


@login_required
def upload(request):
    """A file uploaded and read through in full, then rolled back: refused with every
    problem, or kept for the preview."""
    form = UploadForm(request.POST, request.FILES) if request.method == "POST" else UploadForm()
    if form.is_bound and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read()
        preview = preview_file(data, request.user)
        if preview.ok:
            pending.keep(request.user, upload.name or "", data, preview)
            return redirect("exports:tournament_file_preview")
        return render(request, TEMPLATES + "upload.html",
                      {"form": UploadForm(), "refused": preview, "file_name": upload.name})
    return render(request, TEMPLATES + "upload.html", {"form": form})


@login_required
def preview(request):
    """The waiting file's preview; its confirmation imports it, or it is dropped."""
    waiting = pending.waiting(request.user)
    if waiting is None:
        if request.method == "POST":
            messages.error(request, _("No tournament file is waiting any more: upload it "
                                      "again."))
        return redirect("exports:tournament_file_upload")
    shown = Preview.from_json(waiting.preview)
    if request.method != "POST":
        return render(request, TEMPLATES + "preview.html",
                      {"preview": shown, "form": ConfirmForm(initial={"key": waiting.key}),
                       "file_name": waiting.name})
    form = ConfirmForm(request.POST)
    if not form.is_valid() or form.cleaned_data["key"] != waiting.key:
        messages.error(request, _("Another file is waiting now; check its preview before "
                                  "you confirm it."))
        return redirect("exports:tournament_file_preview")
    if "drop" in request.POST:
        pending.drop(waiting)
        messages.info(request, _("The file was dropped; nothing was saved."))
        return redirect("exports:tournament_file_upload")
    data = pending.claim(waiting)
    if data is None:  # a second click: the first is importing it
        return redirect("tournament:list")
    try:
        imported = read_file(data, request.user)
    except FileRefused as refused:  # the site changed since the preview (a rule, a club)
        return render(request, TEMPLATES + "upload.html", {
            "form": UploadForm(), "file_name": waiting.name,
            "refused": Preview(problems=tuple(str(p) for p in refused.problems))})
    messages.success(request, _("%(name)s is imported as a new tournament: %(entries)s "
                                "players, %(deals)s deals.")
                     % {"name": imported.tournament.name, "entries": grouped(imported.entries),
                        "deals": grouped(imported.deals)})
    return redirect("tournament:dashboard", imported.slug)
