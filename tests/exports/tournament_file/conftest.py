"""The worlds the tournament file is tested on: the demo congress with every kind of row a
tournament keeps added through the services (a release, a substitute, a sheet ended early and
submitted, a misdeal, keep-apart, sits-out, teams, a prize and its lot, privacy choices,
results settings), the comparative demo, and a small club night for the hostile files."""

from __future__ import annotations

import pytest
from django.apps import apps

from scoring.awards.services import prizes
from scoring.models import CustomPrize, PrizeLot, ScoringSettings
from scoring.release.services import release_series
from scoring.results.services import compute
from scoring.teams.services import add_team
from tests.factories import club_night, enter, play, table_of_size
from tournament.demo import build_comparative_demo, build_demo_congress
from tournament.models import KeepApart, Tournament
from tournament.sheets import services as sheets
from tournament.sheets.absence import end_sheet, seat_substitute
from tournament.sheets.loaders import table_info


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("marta")  # no password: no hashing


@pytest.fixture
def congress(owner) -> Tournament:
    """The demo congress (series 1 and 2 confirmed, series 3 half played), and more."""
    tournament = build_demo_congress(with_deals=True)
    tournament.organizers.add(owner)
    Tournament.objects.filter(pk=tournament.pk).update(publication="initial",
                                                       settlement_rate="0.5000")
    tournament.refresh_from_db()
    entries = {e.number: e for e in tournament.entries.all()}
    tournament.entries.filter(number=1).update(email="anna@example.org", publication="pseudonym",
                                               pseudonym="Grand Hand")
    tournament.entries.filter(number=62).update(withdrawn=True)
    KeepApart.objects.create(tournament=tournament, first=entries[3], second=entries[4],
                             reason="couple")
    ScoringSettings.objects.create(tournament=tournament, club_best=3, substitutes="each_own",
                                   missing_deals="table_average")
    first, _second, third = tournament.series.order_by("number")
    release_series(first, owner)
    third.sits_out.add(entries[61])
    add_team(tournament, "Milwaukee Tandem", [1, 2], owner)
    add_team(tournament, "Four of Chicago", [5, 6, 7, 8], owner)
    CustomPrize.objects.create(tournament=tournament, number=8, title="Most Grands",
                               kind="COUNT_WON", games="grand,grand_tourne", label="Grands")
    PrizeLot.objects.create(tournament=tournament, prize_number=8, winner=entries[9],
                            note="drawn by the director")
    tables = list(third.tables.order_by("number"))
    ended = tables[0]
    played = ended.deals.count()
    seat_substitute(ended, 2, played + 1, 60, owner, reason="went home")
    enter(ended, 2)
    end_sheet(ended, played + 2, owner, reason="the hall closed")
    sheets.submit_sheet(ended, "Emil Weber", session="phone-1")
    penalised = tables[1]
    dealing = penalised.deals.count() + 1
    sheets.add_penalty(penalised, table_info(penalised).dealer(dealing), "misdeal", None,
                       "dealt 11 cards", penalised.sheet_version, "scorekeeper", deal=dealing)
    play(penalised, {"game": "grand", "matadors": 2, "card_points": 61})
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def comparative(owner) -> Tournament:
    """The comparative demo: 18 players at six three-tables, 12 decks, released."""
    tournament = build_comparative_demo()
    tournament.organizers.add(owner)
    return tournament


@pytest.fixture
def night(owner) -> Tournament:
    """A club night of seven (a four- and a three-table), some deals and a misdeal."""
    tournament = club_night(owner)
    four, three = table_of_size(tournament, 4), table_of_size(tournament, 3)
    enter(four, 3)
    sheets.add_penalty(four, table_info(four).dealer(4), "misdeal", None, "", four.sheet_version,
                       "scorekeeper", deal=4)
    enter(three, 2)
    return tournament


def rows() -> dict[str, int]:
    """How many rows every model of the site holds: what a refused import must leave."""
    return {model._meta.label: model.objects.count() for model in apps.get_models()
            if not model._meta.label.startswith(("sessions.", "contenttypes.", "axes."))}


def results(tournament: Tournament) -> dict:
    """Everything the result pages rank, each player by his number (ids differ between
    the original and the import): overall and per series, and the prize list."""
    found = {}
    for series in (None, *tournament.series.values_list("number", flat=True)):
        comp = compute(tournament, series=series)
        number = {e: p.number for e, p in comp.players.items()}
        found[series] = sorted(
            (number[s.entry], s.points, s.won, s.lost, s.score, s.rank, s.tied, s.others_lost,
             s.bonus, s.credit) for s in comp.standings)
    comp = compute(tournament)
    number = {e: p.number for e, p in comp.players.items()}
    found["prizes"] = [(p.number, p.title, tuple(number[w] for w in p.winners), p.tie,
                        p.by_lot, p.reason) for p in prizes(comp)]
    return found
