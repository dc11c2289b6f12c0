"""The money document the site builds from a tournament's results (``document_of``) is the one
``python -m money`` reads, and the command's answer is the ledger the pages show: the pages and
the command are the same function. Who and what the document holds: who came (not the
withdrawn who never sat, nor who never came), only series with results, only released ones for
the public."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.conf import settings

from money.presets import PRESETS
from money.services import document_of, money_book, save_money
from scoring.release.services import release_series
from scoring.results.services import compute
from tests.money.conftest import configure, play
from tests.money.test_schemes import EVERY_RULE
from tournament import lifecycle
from tournament.models import Entry, Seat, SeriesStatus
from tournament.registration.attendance import withdraw

pytestmark = pytest.mark.django_db


def command(document: dict) -> dict:
    """``python -m money`` on ``document``, as a club's treasurer would run it."""
    done = subprocess.run([sys.executable, "-m", "money"], input=json.dumps(document),
                          capture_output=True, text=True, cwd=settings.BASE_DIR, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def as_read(value: object) -> object:
    """``value`` as JSON gives it back (tuples become lists)."""
    return json.loads(json.dumps(value))


def seats_of(tournament, number: int) -> list[list[int]]:
    """The entries at each table of series ``number``, by table and seat."""
    found: dict[int, list[int]] = {}
    for table, entry in (Seat.objects.filter(series__tournament=tournament,
                                             series__number=number)
                         .order_by("table__number", "position")
                         .values_list("table__number", "entry_id")):
        found.setdefault(table, []).append(entry)
    return [found[t] for t in sorted(found)]


@pytest.mark.parametrize("rules", ["passed_deals_and_missed_series", "every_rule"])
def test_the_command_answers_what_the_pages_show(rules, money_client, money_organizer,
                                                 unplayed_demo):
    if rules in PRESETS:
        configure(money_client, unplayed_demo, rules)
    else:
        save_money(unplayed_demo, money_organizer, rules=EVERY_RULE)
    play(unplayed_demo)
    document, _, numbers = document_of(unplayed_demo)
    book = money_book(unplayed_demo)
    assert numbers == (1, 2, 3) and book.document == document
    assert [t["seats"] for t in document["series"][1]["tables"]] == seats_of(unplayed_demo, 2)
    assert command(document) == as_read(book.ledger.as_json())


def test_a_withdrawn_player_who_never_sat_is_not_in_it(money_client, money_organizer,
                                                       unplayed_demo):
    configure(money_client, unplayed_demo, "passed_deals_and_missed_series")
    play(unplayed_demo)
    entries = Entry.objects.filter(tournament=unplayed_demo)
    unseated = list(entries.filter(seats__isnull=True).order_by("number"))
    late, never, never_too = unseated
    assert late.checked_in and not never.checked_in and not never_too.checked_in
    seated = Seat.objects.filter(series__tournament=unplayed_demo, series__number=1).first()
    withdraw(seated.entry, money_organizer)  # after the series: they played, and pay
    document = document_of(unplayed_demo)[0]
    assert {late.pk, seated.entry_id} <= set(document["players"])
    # who never came pays nothing: not checked in, never seated
    assert never.pk not in document["players"] and never_too.pk not in document["players"]
    assert len(document["players"]) == 60
    ledger = command(document)
    # the late arrival, checked in but never seated, pays 3 € for each of the three series
    assert ledger["players"][str(late.pk)]["paid"]["missed_series_fee"] == 900

    withdraw(late, money_organizer)  # gone home: the door gave the money back
    assert late.pk not in document_of(unplayed_demo)[0]["players"]


def test_a_series_without_results_is_not_in_it(money_client, money_organizer, unplayed_demo):
    configure(money_client, unplayed_demo, "passed_deals_and_missed_series")
    play(unplayed_demo, numbers=(1, 2))
    third = unplayed_demo.series.get(number=3)
    assert third.status == SeriesStatus.SEATED and document_of(unplayed_demo)[2] == (1, 2)
    lifecycle.move(third, SeriesStatus.DRAFT, money_organizer)  # the plan taken back

    document, tables, numbers = document_of(unplayed_demo)
    assert numbers == (1, 2) and len(document["series"]) == 2
    assert {t.series for t in tables} == {1, 2}
    assert [[t["seats"] for t in s["tables"]] for s in document["series"]] == [
        seats_of(unplayed_demo, 1), seats_of(unplayed_demo, 2)]
    late = Entry.objects.get(tournament=unplayed_demo, number=60)
    assert command(document)["players"][str(late.pk)]["paid"]["missed_series_fee"] == 600
    never_came = Entry.objects.filter(tournament=unplayed_demo, checked_in=False).first()
    assert str(never_came.pk) not in command(document)["players"]


def test_the_public_document_has_only_released_series(money_client, money_organizer,
                                                      unplayed_demo):
    configure(money_client, unplayed_demo, "stake_paid_out_each_series")
    play(unplayed_demo)
    assert document_of(unplayed_demo, released_only=True)[0]["series"] == []
    release_series(unplayed_demo.series.get(number=1), money_organizer)

    public, _, numbers = document_of(unplayed_demo, released_only=True)
    assert numbers == (1,) and len(public["series"]) == 1
    assert [t["seats"] for t in public["series"][0]["tables"]] == seats_of(unplayed_demo, 1)
    ranks: dict[int, list[int]] = {}
    for standing in compute(unplayed_demo, released_only=True).standings:
        ranks.setdefault(standing.rank, []).append(standing.entry)
    assert public["standings"] == [sorted(ranks[r]) for r in sorted(ranks)]
    assert len(document_of(unplayed_demo)[0]["series"]) == 3

    ledger = command(public)
    assert ledger == as_read(money_book(unplayed_demo, released_only=True).ledger.as_json())
    assert {p["series"] for p in ledger["payouts"]} == {1}
    # the stake of series 1 only: 5 € from each of its 59 players
    assert ledger["pools"]["series_prizes"]["in"] == 500 * 59
