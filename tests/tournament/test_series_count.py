"""Issue 18, point 16: the series count never goes below a published series ("Series 1 and 2
of 1 counted"), and lowering it removes the draft series above it (no phantom "Seat series
3" on the dashboard)."""


import pytest
from django.urls import reverse

from tests.factories import new_tournament, register, seat
from tournament.forms import TournamentForm
from tournament.models import AuditEntry, RetiredLink, SeatingMethod, Series
from tournament.seating import services as plans

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(marta):
    """Three series: 1 published, 2 drawn as a draft, 3 untouched."""
    tournament = new_tournament("count-night", marta, series_count=3)
    register(tournament, [f"First{n} Last{n:02d}" for n in range(1, 9)])
    first, second, _ = tournament.series.order_by("number")
    seat(first, "one", user=marta)
    seat(second, "two", method=SeatingMethod.RESEAT, user=marta, publish=False)
    return tournament


def edit(client, tournament, **changes):
    form = TournamentForm(instance=tournament)
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(changes)
    return client.post(reverse("tournament:edit", args=[tournament.slug]), data)


def test_lowering_the_count_removes_the_draft_series_above_it(marta_client, evening):
    drafted = list(Series.objects.get(tournament=evening, number=2).tables
                   .values_list("token", flat=True))
    response = edit(marta_client, evening, series_count=1)
    assert response.status_code == 302
    assert list(evening.series.values_list("number", flat=True)) == [1]
    # the draft's table cards, if printed, now say why they no longer open
    assert set(RetiredLink.objects.values_list("token", flat=True)) == set(drafted)
    audit = AuditEntry.objects.filter(action="tournament_edited").latest("at")
    assert audit.after["series_removed"] == [2, 3]
    dashboard = marta_client.get(reverse("tournament:dashboard", args=[evening.slug]),
                                 follow=True).content.decode()
    assert "Seat series 2" not in dashboard and "Seat series 3" not in dashboard
    assert "Draft series 2 and 3 removed." in dashboard


def test_the_count_cannot_go_below_a_published_series(marta_client, evening):
    second = evening.series.get(number=2)
    plans.publish(second, None)
    response = edit(marta_client, evening, series_count=1)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["series_count"] == [
        "Series count cannot go below 2: series 2 is published already (a draft series "
        "above the count is removed)."]
    assert "Series count cannot go below 2" in response.content.decode()
    evening.refresh_from_db()
    assert evening.series_count == 3
    assert list(evening.series.values_list("number", flat=True)) == [1, 2, 3]


def test_raising_it_again_brings_fresh_drafts(marta_client, evening):
    edit(marta_client, evening, series_count=1)
    evening.refresh_from_db()
    edit(marta_client, evening, series_count=2)
    second = evening.series.get(number=2)
    assert second.is_draft and not second.tables.exists()


def test_the_tournaments_language_is_in_the_audit_log(marta_client, evening):
    """Issue 20: the language of every public page and PDF changes with the organizer knowing."""
    assert edit(marta_client, evening, language="de").status_code == 302
    audit = AuditEntry.objects.filter(action="tournament_edited").latest("at")
    assert (audit.before["language"], audit.after["language"]) == ("", "de")
    page = marta_client.get(reverse("tournament:audit", args=[evening.slug])).content.decode()
    assert "language: each visitor&#x27;s own → Deutsch" in page
