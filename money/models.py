"""A tournament's money rules as the Money page keeps them: the ``rules`` object of the money
document (docs/money.md), the preset they came from, the currency, and whether the players of
a table settle at the tournament's rate a point (the League's way)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from money.currency import CURRENCIES
from tournament.models import Tournament


class MoneySettings(models.Model):
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE,
                                      related_name="money_settings")
    # the key of money.presets.PRESETS the rules were taken from ("": set by hand)
    preset = models.CharField(max_length=40, blank=True, default="")
    # the "rules" object of the money document, checked by money.rules.read_rules on save
    rules = models.JSONField(default=dict, blank=True)
    currency = models.CharField(_("currency"), max_length=3, default="EUR",
                                choices=[(c, c) for c in CURRENCIES])
    # the League's settlement between the players of each table at tournament.settlement_rate
    settle_at_rate = models.BooleanField(default=False)
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"money of {self.tournament}"
