"""The organizer's switch "Show provisional standings to the public during play"
(``Visitor.playing``): off, the public reads released series only; on, its standings and
player pages count the series in play, marked provisional, and nothing else of them reaches
the public: not the sheets, the prizes, the PDFs, the downloads or the API."""

import subprocess
from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import play
from tournament.models import AuditAction, AuditEntry
from tournament.permissions import Visitor
from tournament.privacy import Publication

pytestmark = pytest.mark.django_db


def text(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def switch(tournament, on: bool = True):
    tournament.provisional_public = on
    tournament.save()


def test_off_the_public_reads_released_series_only(room):
    night, boss, table = room
    page = text(Client().get(reverse("scoring:standings", args=[night.slug])))
    assert "Series 1 of 2 counted" in page
    assert "Provisional:" not in page
    series_two = text(Client().get(reverse("scoring:series_standings", args=[night.slug, 2])))
    assert "Nothing is released yet" in series_two
    entry = table.seats.order_by("position").first().entry
    player = text(Client().get(reverse("scoring:player", args=[night.slug, entry.number])))
    assert "2 / 1 / 1" not in player  # his deal of series 2, table 1, deal 1


def test_on_the_public_follows_the_series_in_play_marked_provisional(room):
    night, boss, table = room
    switch(night)
    page = text(Client().get(reverse("scoring:standings", args=[night.slug])))
    assert "All 2 series counted" in page
    assert "Provisional:" in page and "series 2 is being played" in page
    assert reverse("scoring:series_standings", args=[night.slug, 2]) in page  # its page linked
    series_two = text(Client().get(reverse("scoring:series_standings", args=[night.slug, 2])))
    assert "Series 2 of 2 counted" in series_two and "Provisional:" in series_two
    entry = table.seats.order_by("position").first().entry
    player = text(Client().get(reverse("scoring:player", args=[night.slug, entry.number])))
    assert "2 / 1 / 1" in player and "Provisional:" in player
    tournament_page = text(Client().get(reverse("tournament:public", args=[night.slug])))
    assert "Series 2 is being played" in tournament_page


def test_on_the_names_stay_as_the_public_reads_them(room):
    night, boss, table = room
    night.publication = Publication.INITIAL
    switch(night)
    entry = table.seats.order_by("position").first().entry
    page = text(Client().get(reverse("scoring:standings", args=[night.slug])))
    assert f"{entry.last_name[0]}., {entry.first_name}" in page  # as the list sorts him
    assert entry.last_name not in page


def pdf_text(content: bytes, tmp_path) -> str:
    path = tmp_path / "standings.pdf"
    path.write_bytes(content)
    return subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def test_on_sheets_prizes_pdfs_downloads_and_the_api_stay_released_only(room, tmp_path):
    night, boss, table = room
    slug = night.slug
    csv_before = text(Client().get(reverse("exports:standings", args=[slug, "csv"])))
    switch(night)
    play(table)
    public = Client()
    # the table's public page shows no sheet of a series in play
    table_page = public.get(reverse("tournament:table", args=[slug, 2, table.number]))
    assert table_page.status_code == 200 and table_page.context["page"] is None
    # the prizes count series 1
    assert "Series 1 of 2 counted" in text(public.get(reverse("scoring:prizes", args=[slug])))
    # the standings PDF and download count series 1 (the same rows as before the switch)
    pdf = public.get(reverse("printing:standings_pdf", args=[slug]))
    printed = pdf_text(b"".join(pdf.streaming_content), tmp_path)
    assert "Released series counted: 1." in printed
    assert text(public.get(reverse("exports:standings", args=[slug, "csv"]))) == csv_before
    # the API: series 1 counted, series 2's results not visible
    answer = public.get(f"/api/tournaments/{slug}/standings")
    assert answer.status_code == 200 and answer.json()["counted"] == [1]
    about = public.get(f"/api/tournaments/{slug}").json()
    assert [s["results_visible"] for s in about["series"]] == [True, False]
    # the public's player download has none of the series 2 deal
    entry = table.seats.order_by("position").first().entry
    deals = text(public.get(reverse("exports:player_deals", args=[slug, entry.number, "csv"])))
    assert "2 / 1 / 1" not in deals


def test_the_switch_is_on_the_edit_form_off_by_default_and_audited(room):
    night, boss, table = room
    assert night.provisional_public is False
    organizer = Client()
    organizer.force_login(boss)
    url = reverse("tournament:edit", args=[night.slug])
    assert "Show provisional standings to the public during play" in text(organizer.get(url))
    form = organizer.get(url).context["form"]
    data = {name: value for name, value in form.initial.items()
            if value is not None and not isinstance(value, (list, dict))}
    data.update(start_date="2027-05-01", provisional_public="on")
    data = {k: v for k, v in data.items() if v is not False}
    saved = organizer.post(url, data)
    assert saved.status_code == 302, saved.content.decode()[:2000]
    night.refresh_from_db()
    assert night.provisional_public is True
    entry = AuditEntry.objects.filter(tournament=night,
                                      action=AuditAction.TOURNAMENT_EDITED).latest("id")
    assert entry.before["provisional_public"] is False
    assert entry.after["provisional_public"] is True


def test_the_staff_and_comparative_skat_never_follow_the_switch():
    """The staff read every series anyway; at comparative Skat a deal's result would tell the
    tables still to play its deck the cards."""
    plain = SimpleNamespace(provisional_public=True, blind_check=False, deal_set=None)
    assert Visitor(plain, staff=False).playing().in_play
    assert not Visitor(plain, staff=True).playing().in_play
    comparative = SimpleNamespace(provisional_public=True, blind_check=False, deal_set=object())
    assert not Visitor(comparative, staff=False).playing().in_play
    off = SimpleNamespace(provisional_public=False, blind_check=False, deal_set=None)
    assert not Visitor(off, staff=False).playing().in_play


def test_the_blind_check_keeps_the_series_in_play_from_the_public():
    """With the blind check a submitted sheet's totals are hidden until its confirmation:
    provisional standings would show them, so the switch does nothing there."""
    blind = SimpleNamespace(provisional_public=True, blind_check=True, deal_set=None)
    assert not Visitor(blind, staff=False).playing().in_play
