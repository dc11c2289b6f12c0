"""Issue 25 point 4: the decks' open-card analysis is made in the background, never in a
request. Dealing a set queues one task a series once the dealing commits; the hand records
page shows how far it is; `manage.py db_worker` makes it, and the page and the PDF show each
deck's table beside the hands. The public sees none of it before the release."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from engine import Letter
from engine.analysis import GAMES
from tests.factories import add_entries, new_tournament
from tournament.comparative import analysis
from tournament.comparative.services import make_comparative
from tournament.models import DeckAnalysis, SeriesStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(django_user_model, django_capture_on_commit_callbacks):
    boss = django_user_model.objects.create_user("boss", password="pw-boss-1234")
    tournament = new_tournament("open-cards", boss, rule_set="isko", public=True, series_count=1)
    add_entries(tournament, 6)
    with django_capture_on_commit_callbacks(execute=True):
        make_comparative(tournament, table_size=3, decks=3, seed="open-cards", user=boss)
    return boss, tournament, tournament.series.get()


def test_dealing_queues_the_analysis_and_a_request_never_solves(evening, client):
    boss, tournament, series = evening
    (task,) = DBTaskResult.objects.all()
    assert task.task_path == "tournament.comparative.tasks.analyse_series"
    assert task.args_kwargs["args"] == [series.pk]
    client.force_login(boss)
    page = client.get(reverse("tournament:hands", args=[tournament.slug, series.number]))
    assert page.status_code == 200
    assert "0 of 3 decks analysed" in page.content.decode()
    assert not DeckAnalysis.objects.exists()


# the worker closes its database connection between tasks, as a process of its own does:
# outside a test's transaction
@pytest.mark.django_db(transaction=True)
def test_the_worker_analyses_every_deck_and_the_pages_show_it(evening, client):
    boss, tournament, series = evening
    call_command("db_worker", batch=True, startup_delay=False, reload=False, interval=0)
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    assert analysis.progress(series).complete
    for stored in DeckAnalysis.objects.filter(deck__series=series):
        assert sorted(stored.solved) == ["E", "N", "S"]
        assert all([g["game"] for g in games] == list(GAMES) for games in stored.solved.values())
    client.force_login(boss)
    html = client.get(reverse("tournament:hands", args=[tournament.slug, series.number])
                      ).content.decode()
    assert html.count('<table class="open-cards">') == 3
    assert "decks analysed" not in html
    deck = series.decks.get(number=1)
    (north, *_rest) = analysis.analyses([deck], tournament.rules)[deck.pk]
    assert north.letter is Letter.N
    assert north.best.value in [g.value for g in north.games]
    pdf = client.get(reverse("printing:hands_pdf", args=[tournament.slug, series.number]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_a_second_run_finds_nothing_waiting(evening):
    _, _, series = evening
    assert analysis.analyse_waiting(series.pk) == 3
    assert analysis.analyse_waiting(series.pk) == 0


def test_the_public_sees_the_analysis_only_after_the_release(evening, client):
    _, tournament, series = evening
    analysis.analyse_waiting(series.pk)
    url = reverse("tournament:hands", args=[tournament.slug, series.number])
    assert client.get(url).status_code == 404
    series.status = SeriesStatus.RELEASED
    series.save(update_fields=["status"])
    assert client.get(url).content.decode().count('<table class="open-cards">') == 3


def test_the_command_analyses_what_a_lost_task_left_waiting(evening, capsys):
    _, tournament, series = evening
    call_command("analyse_decks", "--tournament", tournament.slug)
    assert analysis.progress(series).complete
    assert "3 decks analysed in all." in capsys.readouterr().out
    call_command("analyse_decks")
    assert "0 decks analysed in all." in capsys.readouterr().out
