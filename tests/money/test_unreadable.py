"""Stored money rules that cannot be read (an older value, a database edit) take no page down:
the door, the sheets and the standings show no money, the organizer's money pages say why,
and the Money page lets the organizer set them again, even after the first deal."""

from __future__ import annotations

import pytest
from django.urls import reverse

from money.models import MoneySettings
from money.presets import PRESETS
from money.services import locked, money_book, rules_problem, save_money
from tests.factories import club_night, confirm_series, enter, release, table_of_size
from tournament.models import AuditAction, AuditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def broken(django_user_model):
    boss = django_user_model.objects.create_user("boss")
    night = club_night(boss, slug="broken-money")
    save_money(night, boss, rules=PRESETS["prizes_from_entry_fees"], preset="")
    table = table_of_size(night, 4)
    enter(table, 2)
    MoneySettings.objects.filter(tournament=night).update(rules={"entry_fee": -1})
    return boss, night, table


def test_every_page_answers_and_says_why(broken, client):
    boss, night, table = broken
    settings = MoneySettings.objects.get(tournament=night)
    assert rules_problem(settings).startswith("rules.entry_fee: must be between 0")
    assert money_book(night).ledger.pools_in["organizer"] == 0  # counts nothing
    client.force_login(boss)
    slug = night.slug
    for name in ("settings", "payouts", "cash_book"):
        page = client.get(reverse(f"money:{name}", args=[slug]))
        assert page.status_code == 200, name
        assert 'id="rules-problem"' in page.content.decode(), name
        assert "rules.entry_fee" in page.content.decode(), name
    for url in (reverse("money:payouts_pdf", args=[slug]),
                reverse("money:payouts_export", args=[slug, "csv"]),
                reverse("money:cash_book_export", args=[slug, "xlsx"]),
                reverse("tournament:door", args=[slug]),
                reverse("scoring:standings", args=[slug]),
                f"/s/{table.token}/"):
        assert client.get(url).status_code == 200, url


def test_the_organizer_sets_them_again_after_the_first_deal(broken, client):
    boss, night, _ = broken
    assert not locked(night)  # unreadable rules may be set again
    client.force_login(boss)
    page = reverse("money:settings", args=[night.slug])
    assert client.post(page, {"action": "preset",
                              "preset": "passed_deals_and_missed_series"}).status_code == 302
    settings = MoneySettings.objects.get(tournament=night)
    assert settings.rules == PRESETS["passed_deals_and_missed_series"]
    assert rules_problem(settings) == "" and locked(night)  # readable again: locked again


def test_saving_the_same_rules_again_writes_no_audit_entry(django_user_model):
    boss = django_user_model.objects.create_user("boss")
    night = club_night(boss, slug="same-money")
    for _ in range(3):
        save_money(night, boss, rules=PRESETS["season_day"], preset="season_day")
    assert AuditEntry.objects.filter(tournament=night,
                                     action=AuditAction.MONEY_RULES_CHANGED).count() == 1
    save_money(night, boss, rules=PRESETS["season_day"], preset="season_day", currency="CHF")
    assert AuditEntry.objects.filter(tournament=night,
                                     action=AuditAction.MONEY_RULES_CHANGED).count() == 2


def test_the_public_standings_answer_without_prize_money(broken, client):
    _, night, _ = broken
    release(confirm_series(night.series.get(number=1)))
    page = client.get(reverse("scoring:standings", args=[night.slug]))
    assert page.status_code == 200 and "standings" in page.content.decode()
    assert "Prize money" not in page.content.decode()  # the rules pay nothing while unread
