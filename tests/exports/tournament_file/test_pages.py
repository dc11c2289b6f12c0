"""The organizer's pages: the download from the dashboard, and a new tournament from a file
through its preview (nothing saved before the confirmation) and its confirmation."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from exports.tournament_file import forms as upload_forms
from exports.tournament_file.dump import dumps, tournament_document
from exports.tournament_file.models import PendingFile
from tests.exports.tournament_file.conftest import results, rows
from tournament.models import AuditAction, AuditEntry, Tournament

pytestmark = pytest.mark.django_db

UPLOAD = reverse("exports:tournament_file_upload")
PREVIEW = reverse("exports:tournament_file_preview")


@pytest.fixture
def stranger(django_user_model):
    """Any account: no tournament of his own yet."""
    client = Client()
    client.force_login(django_user_model.objects.create_user("bea"))
    return client


def as_file(night, change=None, name="club-night.json") -> SimpleUploadedFile:
    document = json.loads(dumps(tournament_document(night)))
    if change:
        change(document)
    return SimpleUploadedFile(name, json.dumps(document).encode(), "application/json")


def test_the_dashboard_offers_the_organizer_the_file_of_the_whole_tournament(night, owner):
    client = Client()
    client.force_login(owner)
    dashboard = client.get(reverse("tournament:dashboard", args=[night.slug]))
    url = reverse("exports:tournament_file", args=[night.slug])
    assert f'href="{url}"' in dashboard.content.decode()
    response = client.get(url)
    assert response["Content-Type"] == "application/json; charset=utf-8"
    day = response["Content-Disposition"].split("club-night-tournament-")[1][:10]
    assert response["Content-Disposition"] == (
        f'attachment; filename="club-night-tournament-{day}.json"')
    document = json.loads(response.content)
    assert {k: v for k, v in document.items() if k != "exported_at"} == {
        k: v for k, v in tournament_document(night).items() if k != "exported_at"}


def test_upload_preview_and_confirm_make_the_new_tournament(night, stranger):
    assert "from-file" in stranger.get(reverse("tournament:list")).content.decode()
    before = rows()
    response = stranger.post(UPLOAD, {"file": as_file(night)})
    assert response.status_code == 302 and response.url == PREVIEW
    assert {k: v for k, v in rows().items() if v != before[k]} == {"exports.PendingFile": 1}

    page = stranger.get(PREVIEW).content.decode()
    for fact in ("Club Night", "club-night-2", "North American Skat League", "Series 1"):
        assert fact in page, fact
    assert '<dd>8</dd>' in page and '<dd>5</dd>' in page  # players, deals
    key = PendingFile.objects.get().key

    done = stranger.post(PREVIEW, {"key": key, "confirm": "1"})
    assert done.status_code == 302 and done.url == reverse("tournament:dashboard",
                                                           args=["club-night-2"])
    new = Tournament.objects.get(slug="club-night-2")
    assert new.organizers.get().username == "bea"
    assert results(new) == results(night)
    assert AuditEntry.objects.get(tournament=new).action == AuditAction.TOURNAMENT_IMPORTED
    assert not PendingFile.objects.exists()
    assert "imported as a new tournament" in stranger.get(done.url).content.decode()


def test_a_refused_file_lists_its_problems_and_nothing_waits(night, stranger):
    def break_it(document):
        document["series"][0]["tables"][0]["deals"][1]["outcome"]["value"] = 999
        document["entries"][0]["number"] = "one"
    before = rows()
    page = stranger.post(UPLOAD, {"file": as_file(night, break_it)})
    assert page.status_code == 200
    text = page.content.decode()
    assert "club-night.json cannot be imported" in text
    assert "series[0].tables[0].deals[1].outcome" not in text  # shape first, the rules after
    assert "entries[0].number: must be a whole number." in text
    assert rows() == before
    page = stranger.post(UPLOAD, {"file": as_file(night, lambda d: d["series"][0]["tables"][0]
                                                  ["deals"][1]["outcome"].update(value=999))})
    assert "series[0].tables[0].deals[1].outcome: series 1, table " in page.content.decode()
    assert rows() == before


def test_a_file_over_the_limit_is_refused_before_it_is_read(night, stranger, monkeypatch):
    from exports.tournament_file import views

    def never(*args):
        raise AssertionError("read although too large")

    monkeypatch.setattr(upload_forms, "MAX_BYTES", 1000)
    monkeypatch.setattr(views, "preview_file", never)
    page = stranger.post(UPLOAD, {"file": as_file(night)})
    assert "the most a tournament file may have; nothing was read" in page.content.decode()
    assert not PendingFile.objects.exists()


def test_an_upload_without_a_file(stranger):
    page = stranger.post(UPLOAD, {})
    assert page.status_code == 200 and "This field is required." in page.content.decode()


def test_not_json_at_all(stranger):
    page = stranger.post(UPLOAD, {"file": SimpleUploadedFile("players.csv", b"a;b\n1;2\n")})
    assert "The file is not JSON" in page.content.decode()


def test_a_dropped_file_saves_nothing_and_a_stale_key_confirms_nothing(night, stranger):
    stranger.post(UPLOAD, {"file": as_file(night)})
    old = PendingFile.objects.get().key
    stranger.post(UPLOAD, {"file": as_file(night, name="again.json")})  # replaces the first
    assert PendingFile.objects.count() == 1
    refused = stranger.post(PREVIEW, {"key": old, "confirm": "1"})
    assert refused.url == PREVIEW and not Tournament.objects.filter(slug="club-night-2")
    dropped = stranger.post(PREVIEW, {"key": PendingFile.objects.get().key, "drop": "1"})
    assert dropped.url == UPLOAD and not PendingFile.objects.exists()
    assert stranger.get(PREVIEW).url == UPLOAD  # nothing waits
    assert Tournament.objects.count() == 1


def test_only_its_owner_sees_a_waiting_file(night, stranger, owner):
    stranger.post(UPLOAD, {"file": as_file(night)})
    other = Client()
    other.force_login(owner)
    assert other.get(PREVIEW).url == UPLOAD
    key = PendingFile.objects.get().key
    assert other.post(PREVIEW, {"key": key, "confirm": "1"}).url == UPLOAD
    assert Tournament.objects.count() == 1


def test_a_waiting_file_is_imported_once_however_often_confirmed(night, stranger):
    from exports.tournament_file import pending

    stranger.post(UPLOAD, {"file": as_file(night)})
    waiting = PendingFile.objects.get()
    assert pending.claim(waiting).startswith(b"{")
    assert pending.claim(waiting) is None  # the second click finds it taken
    assert stranger.post(PREVIEW, {"key": waiting.key, "confirm": "1"}).url == UPLOAD
