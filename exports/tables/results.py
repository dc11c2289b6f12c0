"""The result pages' tables as files: the same columns over the same rows, with the values a
spreadsheet sorts and adds up (a place as its rank, Games as a signed number, matchpoints and
percentages as two-decimal numbers) instead of the page's links and formatted figures.

Ties show as equal places, as the pages say ("Equal places are ties."); the "=" the pages add
would turn the place into text."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from exports.cells import exact
from scoring.listings import (
    ComparativeTable,
    DealsTable,
    GroupTable,
    PlayerDecksTable,
    StandingsTable,
)


def _rank(record) -> int:
    return record.rank


class StandingsExport(StandingsTable):
    def value_place(self, record):
        return _rank(record)

    def value_name(self, record):
        return record.sort_label  # as the page shows it, the number beside a namesake's

    def value_games(self, value):
        return value


class GroupExport(GroupTable):
    """Clubs or teams."""

    def value_place(self, record):
        return _rank(record)


class ComparativeExport(ComparativeTable):
    def value_place(self, record):
        return _rank(record)

    def value_name(self, record):
        return record.sort_name

    def value_matchpoints(self, value):
        return exact(value)

    def value_percent(self, value):
        return exact(value)


class DealsExport(DealsTable):
    """A player's deals: the page's "series / table / deal" as three numbers (a penalty has
    no deal)."""

    where = tables.Column(order_by=("order",), exclude_from_export=True)
    series = tables.Column(verbose_name=_("Series"), accessor="order__0")
    table = tables.Column(verbose_name=_("Table"), accessor="order__1")
    deal = tables.Column(verbose_name=_("Deal"), accessor="order__2")
    role = tables.Column(verbose_name=_("Role"))

    class Meta(DealsTable.Meta):
        sequence = ("where", "series", "table", "deal", "game", "role", "points")

    def value_table(self, value):
        return value or None  # a penalty given outside any table

    def value_deal(self, record, value):
        return None if record.penalty else value

    def value_points(self, value):
        return value


class PlayerDecksExport(PlayerDecksTable):
    """A player's decks: the page's "series / deck" as two numbers, "12.50 / 16" as the
    matchpoints and their top."""

    deck = tables.Column(order_by=("order",), exclude_from_export=True)
    series = tables.Column(verbose_name=_("Series"), accessor="order__0")
    deck_number = tables.Column(verbose_name=_("Deck"), accessor="order__1")
    top = tables.Column(verbose_name=_("Top"))

    class Meta(PlayerDecksTable.Meta):
        sequence = ("deck", "series", "deck_number", "letter", "score", "field", "verdict",
                    "matchpoints", "top", "percent")

    def value_field(self, value):
        return exact(value)

    def value_matchpoints(self, value):
        return exact(value)

    def value_percent(self, value):
        return exact(value)
