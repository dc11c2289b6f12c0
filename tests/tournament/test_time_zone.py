"""Issue 12, point 15: times are shown in the tournament's time zone, a setting of the
tournament; the next request of another tournament is back in its own zone."""

import datetime

import pytest
from django.urls import reverse

from tournament.audit import record_change
from tournament.models import AuditAction, AuditEntry

pytestmark = pytest.mark.django_db

NOON_UTC = datetime.datetime(2027, 7, 1, 12, 0, 5, tzinfo=datetime.UTC)


def stamped(tournament, user):
    record_change(tournament, user, AuditAction.PENALTY_ENTERED, "series 1 table 2",
                  series=1, table=2,
                  after={"seat": 3, "points": 10})
    AuditEntry.objects.filter(tournament=tournament).update(at=NOON_UTC)


def test_the_audit_log_shows_the_tournaments_local_time(organizer_client, tournament,
                                                        organizer):
    stamped(tournament, organizer)
    url = reverse("tournament:audit", args=[tournament.slug])
    assert "2027-07-01 12:00:05" in organizer_client.get(url).content.decode()
    tournament.time_zone = "America/Chicago"  # CDT, five hours behind
    tournament.save()
    assert "2027-07-01 07:00:05" in organizer_client.get(url).content.decode()
    tournament.time_zone = "Europe/Berlin"
    tournament.save()
    assert "2027-07-01 14:00:05" in organizer_client.get(url).content.decode()


def test_the_zone_does_not_leak_into_the_next_request(organizer_client, tournament,
                                                      other_tournament, organizer):
    tournament.time_zone = "Asia/Tokyo"
    tournament.save()
    organizer_client.get(reverse("tournament:audit", args=[tournament.slug]))
    from django.utils import timezone

    assert timezone.get_current_timezone_name() == "UTC"


def test_the_form_offers_every_zone_and_refuses_an_unknown_one(organizer_client, tournament):
    url = reverse("tournament:edit", args=[tournament.slug])
    html = organizer_client.get(url).content.decode()
    assert '<option value="America/Chicago"' in html and '<option value="Europe/Berlin"' in html
    assert "Settlement rate (cents a point)" in html
    from tournament.forms import TournamentForm

    form = TournamentForm(instance=tournament)
    data = {name: form[name].value() for name in form.fields}
    data.update({"time_zone": "Mars/Olympus", "settlement_rate": "0", "paper": "legal"})
    bound = TournamentForm(data=data, instance=tournament)
    assert not bound.is_valid()
    assert set(bound.errors) >= {"time_zone", "settlement_rate", "paper"}


def test_a_zone_this_server_does_not_know_falls_back_to_the_sites(tournament):
    tournament.time_zone = "Mars/Olympus_Mons"
    assert str(tournament.zone) == "UTC"


def test_the_audit_of_an_edit_names_the_print_and_clock_settings(organizer_client, tournament):
    from tournament.forms import TournamentForm

    form = TournamentForm(instance=tournament)
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update({"settlement_rate": "0.5", "time_zone": "Europe/Berlin", "paper": "letter"})
    response = organizer_client.post(reverse("tournament:edit", args=[tournament.slug]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    entry = AuditEntry.objects.filter(tournament=tournament,
                                      action=AuditAction.TOURNAMENT_EDITED).latest("at")
    assert entry.before["settlement_rate"] == "0.25"
    assert (entry.after["settlement_rate"], entry.after["time_zone"], entry.after["paper"]) == (
        "0.5", "Europe/Berlin", "letter")
