"""Issue 18, point 7: where two entries share a name, the result pages, team and club lists and
their PDFs show the number with the name, on a phone too (the number column hides there)."""

import datetime
import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import Team
from scoring.results import loaders as results_loaders
from tests.factories import add_entry
from tournament.models import Club, SeatingMethod, SeriesStatus, Tournament
from tournament.seating import services as plans
from tournament.sheets import services as deals
from tournament.sheets.forms import DealForm

pytestmark = pytest.mark.django_db

FIRST, SECOND = "Jürgen Müller (no. 1)", "Jürgen Müller (no. 2)"


@pytest.fixture
def namesakes():
    """Two Jürgen Müllers of two clubs, Anna and Bert at one four-table; a third Jürgen Müller
    (no. 5) registered but never seated. The Müllers are a tandem."""
    tournament = Tournament.objects.create(name="Namensvettern", slug="namesakes", public=True,
                                           start_date=datetime.date(2027, 9, 4))
    grun, pik = Club.objects.create(name="SC Grün"), Club.objects.create(name="Pik As")
    series = plans.ensure_series(tournament)[0]
    add_entry(tournament, 1, "Jürgen", "Müller", club=grun)
    add_entry(tournament, 2, "Jürgen", "Müller", club=pik)
    add_entry(tournament, 3, "Anna", "Becker", club=grun)
    add_entry(tournament, 4, "Bert", "Schulz", club=pik)
    plans.seat_series(series, SeatingMethod.DRAW, "namesakes", user=None)
    plans.publish(series, user=None)
    add_entry(tournament, 5, "Jürgen", "Müller", checked_in=False)
    table = series.tables.get()
    seats = {s.entry.number: s.position for s in table.seats.select_related("entry")}
    for number, player in enumerate((1, 2, 3), start=1):
        form = DealForm(deals.table_info(table), number, {
            "game": "grand", "declarer": seats[player], "matadors": 1,
            "card_points": 60 + 10 * player, "version": table.sheet_version})
        assert form.is_valid(), form.errors
        deals.add_deal(table, form.input, table.sheet_version, "x")
        table.refresh_from_db()
    team = Team.objects.create(tournament=tournament, name="Die Müllers")
    team.members.set(tournament.entries.filter(number__in=(1, 2)))
    series.status = SeriesStatus.RELEASED
    series.save()
    return tournament


def _html(client, name, tournament):
    response = client.get(reverse(name, args=[tournament.slug]))
    assert response.status_code == 200
    return response.content.decode()


def _pdf(client, name, tournament):
    response = client.get(reverse(name, args=[tournament.slug]))
    assert response.status_code == 200
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))


def test_players_of_marks_only_namesakes(namesakes):
    players = {p.number: p for p in results_loaders.players_of(namesakes).values()}
    assert [players[n].label for n in (1, 2, 3, 5)] == [FIRST, SECOND, "Anna Becker",
                                                        "Jürgen Müller (no. 5)"]
    assert players[2].sort_label == "Müller, Jürgen (no. 2)"


def test_the_standings_name_cell_carries_the_number_on_every_width(client, namesakes):
    html = _html(client, "scoring:standings", namesakes)
    for label in ("Müller, Jürgen (no. 1)", "Müller, Jürgen (no. 2)"):
        # in the Player cell, which a phone keeps (the No. and Club cells it hides)
        cell = re.search(r'<td\s*(class="([^"]*)")?\s*>\s*<a href="[^"]*">'
                         + re.escape(label) + "</a>", html)
        assert cell and "col-secondary" not in (cell.group(2) or ""), label
    assert "Becker, Anna</a>" in html
    assert "Did not play: Jürgen Müller (no. 5)." in html


def test_team_and_club_lists_tell_them_apart(client, namesakes):
    assert f"{FIRST}, {SECOND}" in _html(client, "scoring:teams", namesakes)
    clubs = _html(client, "scoring:clubs", namesakes)
    assert FIRST in clubs and SECOND in clubs


def test_the_pdfs_tell_them_apart(client, namesakes):
    assert f"{FIRST}, {SECOND}" in _pdf(client, "printing:team_standings_pdf", namesakes)
    clubs = _pdf(client, "printing:club_standings_pdf", namesakes)
    assert FIRST in clubs and SECOND in clubs
    standings = _pdf(client, "printing:standings_pdf", namesakes)
    assert "Müller, Jürgen (no. 1)" in standings and "Müller, Jürgen (no. 2)" in standings
    assert "Did not play: Jürgen Müller (no. 5)." in standings
