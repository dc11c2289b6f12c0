"""Shared worlds of the money tests: the demo congress before its first deal with an organizer,
a money scheme set as the organizer sets it on the Money page, and the series then played with
passed deals among them (the demo alone never passes a deal).

Other test modules may import ``configure`` and ``play``; keep their signatures stable."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from django.urls import reverse

from engine import GameKey, PassedDeal, to_record
from money.models import MoneySettings
from money.presets import PRESETS
from money.services import SETTLEMENT_PRESET
from tournament import demo
from tournament.models import Tournament
from tournament.sheets.loaders import DealInput

# Every how many deals a table passes one, by (table + series) modulo 4: at a four-table (48
# deals) 0, 4 (below the passed-deal fee's 5th), 5 (the 5th charged) or 9 passed deals; at
# the three-table (36 deals, table 15) none in series 1, 3 (below the fee's 4th) in series 2,
# 4 (the 4th charged) in series 3.
PASSED_EVERY = (None, 12, 9, 5)


def passes(series: int, table: int, deal: int) -> bool:
    every = PASSED_EVERY[(table + series) % 4]
    return every is not None and deal % every == 0


@pytest.fixture
def money_organizer(django_user_model):
    return django_user_model.objects.create_user("treasurer", password="treasurer-pw-1908")


@pytest.fixture
def money_client(client, money_organizer):
    client.force_login(money_organizer)
    return client


@pytest.fixture
def unplayed_demo(db, money_organizer) -> Tournament:
    """The demo congress (62 entered, 59 checked in and seated in 3 series of 15 tables: 14
    four-tables and a three-table each), no deal yet, run by ``money_organizer``; Ramsch
    switched off, so that a deal everybody passes is a passed deal. Number 60 came late,
    after the seating: checked in, never seated, they miss every series (and pay for it);
    61 and 62 never came."""
    tournament = demo.build_demo_congress(reset=True, with_deals=False)
    late = tournament.entries.get(number=60)
    assert not late.checked_in and not late.seats.exists()
    late.checked_in = True
    late.save()
    tournament.organizers.add(money_organizer)
    Tournament.objects.filter(pk=tournament.pk).update(
        options={**tournament.options, "ramsch": False})
    tournament.refresh_from_db()
    return tournament


def configure(client, tournament: Tournament, key: str) -> MoneySettings:
    """Choose the scheme ``key`` (a preset, or the League's settlement at a rate) on the
    Money page as the organizer logged in on ``client`` does, and check what was stored."""
    page = reverse("money:settings", args=[tournament.slug])
    response = client.post(page, {"action": "preset", "preset": key})
    assert (response.status_code, response.url) == (302, page)
    stored = MoneySettings.objects.get(tournament=tournament)
    assert stored.preset == key
    assert stored.rules == ({} if key == SETTLEMENT_PRESET else PRESETS[key])
    assert stored.settle_at_rate is (key == SETTLEMENT_PRESET)
    return stored


def play(tournament: Tournament, numbers: tuple[int, ...] = (1, 2, 3)) -> None:
    """Play series ``numbers`` in order to the end, every sheet confirmed, each from its own
    seed; some of the deals are passed (``passes``)."""
    drawn = demo.random_deal
    playing = 0  # the series being played

    def with_passed_deals(rng, info, number):
        if passes(playing, info.table.number, number):
            return DealInput(record=to_record(PassedDeal(info.rules.game(GameKey.PASSED))))
        return drawn(rng, info, number)

    with mock.patch.object(demo, "random_deal", with_passed_deals):
        for series in tournament.series.filter(number__in=numbers).order_by("number"):
            playing = series.number
            demo.play_demo_series(series, random.Random(f"money-{series.number}"), share=1.0,
                                  confirm=True)
