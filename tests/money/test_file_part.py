"""The money's rules travel with the tournament file (exports.tournament_file.parts): written,
read back as they were, and a broken part refused at its place with nothing saved."""

from __future__ import annotations

import json

import pytest

from exports.tournament_file.document import FileRefused
from exports.tournament_file.dump import tournament_document
from exports.tournament_file.load import read_file
from money.models import MoneySettings
from money.presets import PRESETS
from money.services import save_money
from tests.exports.tournament_file.conftest import rows
from tournament.demo import build_demo_congress

pytestmark = pytest.mark.django_db

RULES = PRESETS["table_rank_obolus"]


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("marta")


@pytest.fixture
def evening(owner):
    tournament = build_demo_congress(players=14, checked_in=14, reset=True)
    tournament.organizers.add(owner)
    save_money(tournament, owner, rules=RULES, preset="table_rank_obolus", currency="CHF",
               settle_at_rate=True)
    return tournament


def test_the_money_rules_come_back_as_they_were(evening, owner):
    document = tournament_document(evening)
    assert document["money"] == {"preset": "table_rank_obolus", "currency": "CHF",
                                 "settle_at_rate": True, "rules": RULES}
    imported = read_file(json.dumps(document).encode(), owner).tournament
    kept = MoneySettings.objects.get(tournament=imported)
    assert (kept.preset, kept.currency, kept.settle_at_rate, kept.rules) == (
        "table_rank_obolus", "CHF", True, RULES)


def test_a_tournament_without_money_writes_no_part_and_reads_none(owner):
    tournament = build_demo_congress(players=14, checked_in=14, reset=True)
    document = tournament_document(tournament)
    assert "money" not in document
    imported = read_file(json.dumps(document).encode(), owner).tournament
    assert not MoneySettings.objects.filter(tournament=imported).exists()


@pytest.mark.parametrize("breaks, place, words", [
    (lambda m: m["rules"]["destinations"]["table_rank_fee"].update(table=90),
     "money.rules.destinations.table_rank_fee", "sum to 90"),
    (lambda m: m.update(currency="DM"), "money.currency", "EUR"),
    (lambda m: m.update(preset="free_beer"), "money.preset", "no preset"),
    (lambda m: m.update(settle_at_rate="yes"), "money.settle_at_rate", "true or false"),
    (lambda m: m.update(tip=5), "money.tip", "not a key"),
    (lambda m: m.pop("rules"), "money.rules", "missing"),
])
def test_a_broken_money_part_is_refused_at_its_place(evening, owner, breaks, place, words):
    document = tournament_document(evening)
    breaks(document["money"])
    before = rows()
    with pytest.raises(FileRefused) as refused:
        read_file(json.dumps(document).encode(), owner)
    said = [str(p) for p in refused.value.problems]
    assert any(p.startswith(place) and words in p for p in said), said
    assert rows() == before


def test_a_part_the_site_does_not_know_is_refused(evening, owner):
    document = tournament_document(evening)
    document["wallet"] = {}
    with pytest.raises(FileRefused) as refused:
        read_file(json.dumps(document).encode(), owner)
    assert any(str(p).startswith("wallet") for p in refused.value.problems)


def test_a_file_of_version_1_is_read_and_has_no_money_part(evening, owner):
    """Version 1 is version 2 without the outer apps' parts: still read."""
    document = tournament_document(evening)
    assert document["version"] == 3
    older = {**document, "version": 1}
    older.pop("money")
    imported = read_file(json.dumps(older).encode(), owner).tournament
    assert not MoneySettings.objects.filter(tournament=imported).exists()
    with pytest.raises(FileRefused) as refused:
        read_file(json.dumps({**document, "version": 1}).encode(), owner)
    assert any(str(p).startswith("money") for p in refused.value.problems)
