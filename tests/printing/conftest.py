"""Plain data for the PDF tests: a table built from unsaved models, no database."""

import datetime

import pytest

from engine import get_rule_set
from tournament.models import Series, Table, Tournament
from tournament.sheets.loaders import Player, TableInfo
from tournament.sheets.sheet import SheetDeal, SheetPenalty, build_sheet

LINK = "https://skat.example.org/s/Tk9-table-link-token/"
PRINTED = datetime.datetime(2027, 5, 1, 21, 30)


def plain_info(size=3, deals=4, *, name="Skatclub Grün-Weiß Köln", scoring="league",
               decks=()):
    tournament = Tournament(name=name, slug="gruen-weiss", scoring_system=scoring,
                            start_date=datetime.date(2027, 5, 1), deals_per_player=deals)
    series = Series(tournament=tournament, number=2)
    table = Table(series=series, number=7, token="Tk9-table-link-token")
    names = ["Jürgen Müller", "Änne Schröder", "Björn Weiß", "Zoë Brandt"][:size]
    players = tuple(Player(i, 10 + i, n) for i, n in enumerate(names, start=1))
    rules = get_rule_set("nasl-1908")
    return TableInfo(table=table, rules=rules, options={}, players=players,
                     deal_count=deals * size, decks=tuple(decks))


def book_sheet(info):
    """Totals 140, 85 and 24 (seed 000 L4783-4822)."""
    deals = [SheetDeal(n, info.dealer(n), seat, text, value, {seat: value}, True)
             for n, (seat, text, value) in enumerate([
                 (2, "Grand with 2, won", 60), (1, "Grand with 3, won", 80),
                 (1, "Grand with 2, won", 60), (2, "♦ Tourné with 4, won", 25),
                 (3, "Grand Tourné with 1, won", 24)], start=1)]
    return build_sheet(info.size, info.deal_count, deals, [], info.rules, [])


def penalty_sheet(info):
    deals = [SheetDeal(1, info.dealer(1), 3, "♥ Solo with 1, Schneider, won", 30, {3: 30}, True)]
    penalties = [SheetPenalty(1, 4, 10, "Penalty: misdeal")]
    return build_sheet(info.size, info.deal_count, deals, penalties, info.rules, [])


@pytest.fixture
def info():
    return plain_info()


SURNAMES = ["Müller", "Krüger", "Schröder", "Weiß", "Bäcker", "Öztürk", "Abel", "Adler",
            "Brandt", "Fischer", "Hahn", "Jäger", "Koch", "Lange", "Meyer", "Mustermann",
            "Neumann", "Peters", "Richter", "Schmidt-Rottluff", "Vogel", "Wagner", "Zimmermann",
            "Ünal", "Yıldız"]
FIRST_NAMES = ["Jürgen", "Änne", "Björn", "Zoë", "Anna", "Carl", "Emma", "Franz", "Ida",
               "Otto", "Rosa", "Hans-Joachim"]
CLUBS = ["Grün-Weiß Köln", "Kreuz Bube Düsseldorf", "SC Herz Dame München-Schwabing", ""]


def many_rows(count, table_size=4):
    """``count`` seated players, ``table_size`` a table (the last tables take one less when
    the count does not divide), with umlauts, long names and clubs."""
    from tournament.seating.charts import SeatRow

    rows, number, table = [], 0, 0
    while number < count:
        table += 1
        left = count - number
        tables_left = -(-left // table_size)
        size = -(-left // tables_left)
        for position in range(1, size + 1):
            number += 1
            last = SURNAMES[number % len(SURNAMES)]
            first = FIRST_NAMES[(number // len(SURNAMES)) % len(FIRST_NAMES)]
            club = CLUBS[number % len(CLUBS)]
            rows.append(SeatRow(table, position, number, f"{first} {last}",
                                f"{last}, {first}", club))
    return rows
