"""The site's side of the money: a tournament's money settings, the money document built from
its results, and the ledger of that document (``money.settle``, the function ``python -m money``
runs). Every money number a page, the door, a sheet, a PDF or a download shows is read from
here; nothing is recomputed elsewhere (docs/money.md)."""

from __future__ import annotations

import copy
import hashlib
import json
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.db.models import Count

from engine import at_rate, settle
from money.currency import default_currency
from money.ledger import Ledger, on_arrival
from money.ledger import settle as settle_ledger
from money.models import MoneySettings
from money.presets import PRESETS
from money.rules import MoneyError, Rules, read_document, read_rules
from scoring.cache import cached
from scoring.results.loaders import counted_seats
from scoring.results.services import compute
from scoring.standings import ranked_entry
from tournament.audit import record_change
from tournament.models import (
    AuditAction,
    Deal,
    Entry,
    Penalty,
    Seat,
    Table,
    Tournament,
)
from tournament.versions import version

logger = logging.getLogger(__name__)
# What a kept money book was built by: raise it with any change to money/ledger.py,
# money/rules.py or ``document_of``, so that no book an earlier release kept is read.
MONEY_VERSION = 1

# The League's settlement at a rate a point is a preset of its own: no fees, the players of
# each table settle among themselves (engine.settle) at the tournament's rate.
SETTLEMENT_PRESET = "settlement_at_rate"
PRESET_KEYS = (*PRESETS, SETTLEMENT_PRESET)


class MoneyLocked(ValueError):
    """The rules cannot change: deals are recorded, and the money already counted by them."""


def money_settings(tournament: Tournament) -> MoneySettings:
    """The stored settings, or the defaults unsaved (no fees; the currency of the tournament's
    language): reading never writes."""
    found = MoneySettings.objects.filter(tournament=tournament).first()
    if found is not None:
        return found
    from django.conf import settings

    return MoneySettings(tournament=tournament,
                         currency=default_currency(tournament.language
                                                   or settings.LANGUAGE_CODE))


def rules_problem(settings: MoneySettings) -> str:
    """What is wrong with the stored rules ("" when they read): ``save_money`` refuses what
    ``read_rules`` refuses, but a stored value may be older than a rule of the reader."""
    try:
        read_rules(settings.rules)
    except MoneyError as error:
        return str(error)
    return ""


def rules_of(settings: MoneySettings) -> Rules:
    """The stored rules, read as the command reads them; no fees when they cannot be read
    (``rules_problem`` says why and the Money page shows it): a stored value never takes the
    door, a sheet or the standings down."""
    try:
        return read_rules(settings.rules)
    except MoneyError as error:
        logger.warning("the money rules of tournament %s cannot be read: %s",
                       settings.tournament_id, error)
        return Rules()


def has_money(settings: MoneySettings) -> bool:
    """Whether the tournament moves any money: a fee, or the settlement at the tables."""
    return bool(settings.rules) or settings.settle_at_rate


def locked(tournament: Tournament) -> bool:
    """The rules are fixed once the first deal is recorded, like the scoring settings; but
    stored rules that cannot be read may be set again (they count nothing meanwhile)."""
    if not Deal.objects.filter(table__series__tournament=tournament).exists():
        return False
    return not rules_problem(money_settings(tournament))


def save_money(tournament: Tournament, user, *, rules: dict[str, object], preset: str = "",
               currency: str | None = None, settle_at_rate: bool = False,
               session: str = "") -> MoneySettings:
    """Store the money rules (checked by ``read_rules``: a ``MoneyError`` names the rule), in
    one transaction with their audit entry. Once deals are recorded only the currency may
    change (``MoneyLocked``)."""
    read_rules(rules)
    if preset and preset not in PRESET_KEYS:
        raise MoneyError("preset", f"is no preset ({', '.join(PRESET_KEYS)})")
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        settings = money_settings(tournament)
        before = snapshot(settings) if settings.pk else None
        changes_rules = (rules != settings.rules or settle_at_rate != settings.settle_at_rate)
        if changes_rules and locked(tournament):
            raise MoneyLocked(
                "The money rules are locked: deals are recorded, and changing the rules would "
                "change what the players already owe.")
        settings.rules = rules
        settings.preset = preset
        settings.settle_at_rate = settle_at_rate
        if currency is not None:
            settings.currency = currency
        if before == snapshot(settings):
            return settings  # nothing changed: no audit entry, no results made stale
        settings.save()
        record_change(tournament, user, AuditAction.MONEY_RULES_CHANGED, tournament.name,
                      before=before, after=snapshot(settings), session=session)
    return settings


def plain(rate) -> Decimal:
    """A rate without its trailing zeros: 0.2500 → 0.25, 10.0000 → 10 (never 1E+1)."""
    number = Decimal(rate).normalize()
    return number.quantize(Decimal(1)) if number == number.to_integral() else number


def save_rate(tournament: Tournament, user, rate: Decimal, session: str = "") -> None:
    """The tournament's settlement rate (cents a point), audited as the tournament's page
    audits it."""
    before = {"settlement_rate": f"{plain(tournament.settlement_rate):f}"}
    tournament.settlement_rate = rate
    tournament.save(update_fields=["settlement_rate"])
    record_change(tournament, user, AuditAction.TOURNAMENT_EDITED, tournament.name,
                  before=before, after={"settlement_rate": f"{plain(rate):f}"},
                  session=session)


def apply_preset(tournament: Tournament, user, key: str, session: str = "") -> MoneySettings:
    """Store preset ``key``'s rules as they are, keeping the currency: the settlement at a
    rate is no fees and the players of each table settling (``MoneyLocked`` once deals are
    recorded)."""
    settle = key == SETTLEMENT_PRESET
    rules = {} if settle else copy.deepcopy(PRESETS[key])
    return save_money(tournament, user, rules=rules, preset=key, settle_at_rate=settle,
                      session=session)


def snapshot(settings: MoneySettings) -> dict[str, object]:
    """What the audit log keeps of the money settings."""
    return {"preset": settings.preset, "currency": settings.currency,
            "settle_at_rate": settings.settle_at_rate,
            "rules": json.dumps(settings.rules, sort_keys=True)}


# -- the money document of a tournament -------------------------------------------------------


@dataclass(frozen=True)
class TableSeats:
    """One table of a series as the money document lists it, with its ids for the pages."""

    series: int  # the series' number
    table: int  # the table's number
    table_id: int
    seats: tuple[int, ...]  # entry ids, by position
    scores: tuple[int, ...]
    lost_games: tuple[int, ...]
    passed_deals: int


@dataclass(frozen=True)
class MoneyBook:
    """A tournament's money: its settings, the document its results make and the ledger of
    that document, plus the League settlement at the tables where the rules ask for it."""

    settings: MoneySettings
    document: dict[str, object]
    tables: tuple[TableSeats, ...]
    series_numbers: tuple[int, ...]  # the document's series, by their numbers
    ledger: Ledger
    settled: dict[int, int] = field(default_factory=dict)  # entry -> cents won (+) or paid

    @property
    def currency(self) -> str:
        return self.settings.currency

    @property
    def problem(self) -> str:
        """Why the stored rules cannot be read ("": they can); the book then moves nothing."""
        return rules_problem(self.settings)

    def series_number(self, index: int | None) -> int | None:
        """A payout's series (1-based in the document's list) as the tournament numbers it."""
        return None if index is None else self.series_numbers[index - 1]


def document_of(tournament: Tournament, released_only: bool = False,
                rules: dict[str, object] | None = None) -> tuple[dict[str, object],
                                                                 tuple[TableSeats, ...],
                                                                 tuple[int, ...]]:
    """The money document of ``tournament`` (docs/money.md): its entered players, the tables
    of every series with results (the released ones for the public) with each seat's score of
    that series, lost games and the table's passed deals, and the final standings in groups
    of equals. Also the tables with their ids and the series' numbers."""
    if rules is None:
        rules = money_settings(tournament).rules
    overall = compute(tournament, released_only=released_only)
    numbers = overall.counted
    # the tables the standings count (a sheet not yet confirmed may not count): their lost
    # games and passed deals with their scores, never one without the other
    seats = list(counted_seats(overall.scope).filter(series__number__in=numbers)
                 .values_list("series__number", "table_id", "table__number", "entry_id", "lost")
                 .order_by("series__number", "table__number", "position"))
    passed = dict(Deal.objects.filter(table_id__in=sorted({s[1] for s in seats}),
                                      game="passed")
                  .values_list("table_id").annotate(Count("id")).order_by())
    scores = {n: {s.entry: s.score for s in compute(tournament, series=n,
                                                     released_only=released_only).standings}
              for n in numbers}
    by_table: dict[tuple[int, int, int], list[tuple[int, int]]] = defaultdict(list)
    for number, table_id, table_number, entry, lost in seats:
        by_table[(number, table_number, table_id)].append((entry, lost))
    tables = tuple(
        TableSeats(number, table_number, table_id, tuple(e for e, _ in at),
                   tuple(scores[number].get(e, 0) for e, _ in at),
                   tuple(lost for _, lost in at), passed.get(table_id, 0))
        for (number, table_number, table_id), at in sorted(by_table.items())
        if len(at) in (3, 4))
    seated = {e for t in tables for e in t.seats}
    # who came: checked in and not withdrawn, or seated at a table (a player who withdrew
    # after playing pays what they played); a registered player who never came pays nothing
    players = sorted({*Entry.objects.filter(tournament=tournament, withdrawn=False,
                                            checked_in=True).values_list("id", flat=True),
                      *seated})
    groups: dict[int, list[int]] = defaultdict(list)
    known = set(players)
    for standing in overall.standings:
        if ranked_entry(standing.entry) and standing.entry in known:
            groups[standing.rank].append(standing.entry)
    document = {
        "rules": rules,
        "players": players,
        "series": [{"tables": [{"seats": list(t.seats), "scores": list(t.scores),
                                "lost_games": list(t.lost_games),
                                "passed_deals": t.passed_deals}
                               for t in tables if t.series == number]}
                   for number in numbers],
        "standings": [sorted(groups[r]) for r in sorted(groups)],
    }
    return document, tables, numbers


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def money_book(tournament: Tournament, released_only: bool = False) -> MoneyBook:
    """The ledger of the tournament's money as its results stand (the released ones for the
    public), kept in the cache under the tournament's version and the rules."""
    settings = money_settings(tournament)
    at = version(tournament, public=released_only)
    key = ("money", MONEY_VERSION, released_only,
           _digest([settings.rules, settings.settle_at_rate, str(tournament.settlement_rate)]))

    def build() -> tuple[dict[str, object], tuple[TableSeats, ...], tuple[int, ...], Ledger,
                         dict[int, int]]:
        rules = {} if rules_problem(settings) else settings.rules
        document, tables, numbers = document_of(tournament, released_only, rules)
        ledger = settle_ledger(read_document(document))
        settled = (settlement_at_tables(tournament, tables) if settings.settle_at_rate
                   else {})
        return document, tables, numbers, ledger, settled

    document, tables, numbers, ledger, settled = cached(tournament, at, key, build)
    return MoneyBook(settings, document, tables, numbers, ledger, settled)


def settlement_at_tables(tournament: Tournament,
                         tables: tuple[TableSeats, ...]) -> dict[int, int]:
    """The League's settlement (docs/rules.md §9), as the score sheet settles its totals: at
    each table every seat's total (its Points less its penalties) to whole cents at the
    tournament's rate, then every two players settle; each player's sum over their tables.
    It sums to 0 at every table."""
    ids = [t.table_id for t in tables]
    fined: dict[tuple[int, int], int] = defaultdict(int)
    for table_id, position, points in Penalty.objects.filter(table_id__in=ids).values_list(
            "table_id", "seat", "points"):
        fined[(table_id, position)] += points
    points = {(table_id, entry): total - fined[(table_id, position)]
              for table_id, entry, position, total in Seat.objects.filter(
                  table_id__in=ids).values_list("table_id", "entry_id", "position", "points")}
    settled: dict[int, int] = defaultdict(int)
    for table in tables:
        cents = [at_rate(points.get((table.table_id, e), 0), tournament.cents_per_point)
                 for e in table.seats]
        for entry, balance in zip(table.seats, settle(cents), strict=True):
            settled[entry] += balance
    return dict(settled)


# -- what one table owes, for its score sheet -------------------------------------------------


@dataclass(frozen=True)
class TableMoney:
    """The money of one table in its series, as its score sheet shows it: each seat's lost
    games and lost-game money, and what the table's passed deals cost each player."""

    currency: str
    lost_games: tuple[int, ...]
    lost_game_cents: tuple[int, ...]
    passed_deals: int
    passed_deal_cents: int  # what each player of the table pays for them


def table_money(table: Table) -> TableMoney | None:
    """The money of ``table``'s sheet as it stands (None: the tournament moves no lost-game
    or passed-deal money): the ledger of a document of this one table."""
    tournament = table.series.tournament
    settings = money_settings(tournament)
    rules = rules_of(settings)
    if not rules.lost_game_fee and rules.passed_deal_fee is None:
        return None
    seats = list(Seat.objects.filter(table=table).order_by("position")
                 .values_list("entry_id", "lost"))
    if len(seats) not in (3, 4):
        return None
    passed = Deal.objects.filter(table=table, game="passed").count()
    entries = [e for e, _ in seats]
    lost_games = [lost for _, lost in seats]
    # the scores rank nothing here: only the lost-game and passed-deal rules are read
    ledger = settle_ledger(read_document({
        "rules": {k: v for k, v in settings.rules.items()
                  if k in ("lost_game_fee", "passed_deal_fee")},
        "players": entries,
        "series": [{"tables": [{"seats": entries, "scores": [0] * len(entries),
                                "lost_games": lost_games, "passed_deals": passed}]}],
        "standings": []}))
    return TableMoney(settings.currency, tuple(lost_games),
                      tuple(ledger.paid[e]["lost_game_fee"] for e in entries), passed,
                      ledger.paid[entries[0]]["passed_deal_fee"])


# -- what the door takes ----------------------------------------------------------------------


def arrival_fees(tournament: Tournament) -> dict[str, int]:
    """What each player pays on arrival, by kind (the entry fee and the first series' fees;
    ``money.ledger.on_arrival``); empty if nothing."""
    settings = money_settings(tournament)
    return {kind: cents for kind, cents in on_arrival(rules_of(settings)).items() if cents}
