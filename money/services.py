"""The site's side of the money: a tournament's money settings, the money document built from
its results, and the ledger of that document (``money.settle``, the function ``python -m money``
runs). Every money number a page, the door, a sheet, a PDF or a download shows is read from
here; nothing is recomputed elsewhere (docs/money.md)."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Count

from engine import ScoringSystem, at_rate, settle
from money.currency import amount, default_currency
from money.ledger import Ledger, on_arrival
from money.ledger import settle as settle_ledger
from money.models import MoneySettings
from money.presets import PRESETS
from money.rules import MoneyError, Rules, read_document, read_rules
from scoring.cache import cached
from scoring.ranking import rank
from scoring.results.services import compute
from scoring.standings import Tally, ranked_entry
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


def rules_of(settings: MoneySettings) -> Rules:
    """The stored rules, read as the command reads them (checked again: a stored document
    never takes a page down; ``save_money`` refused anything else)."""
    return read_rules(settings.rules)


def has_money(settings: MoneySettings) -> bool:
    """Whether the tournament moves any money: a fee, or the settlement at the tables."""
    return bool(settings.rules) or settings.settle_at_rate


def locked(tournament: Tournament) -> bool:
    """The rules are fixed once the first deal is recorded, like the scoring settings."""
    return Deal.objects.filter(table__series__tournament=tournament).exists()


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
        settings.save()
        record_change(tournament, user, AuditAction.MONEY_RULES_CHANGED, tournament.name,
                      before=before, after=snapshot(settings), session=session)
    return settings


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
    seats = (Seat.objects.filter(series__tournament=tournament, series__number__in=numbers)
             .values_list("series__number", "table_id", "table__number", "entry_id", "lost")
             .order_by("series__number", "table__number", "position"))
    passed = dict(Deal.objects.filter(table__series__tournament=tournament,
                                      table__series__number__in=numbers, game="passed")
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
    for standing in overall.standings:
        if ranked_entry(standing.entry) and standing.entry in set(players):
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
    key = ("money", released_only, _digest([settings.rules, settings.settle_at_rate,
                                            str(tournament.settlement_rate)]))

    def build() -> tuple[dict[str, object], tuple[TableSeats, ...], tuple[int, ...], Ledger,
                         dict[int, int]]:
        document, tables, numbers = document_of(tournament, released_only, settings.rules)
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
                 .values_list("entry_id", "points", "won", "lost", "bonus", "others_lost"))
    if len(seats) not in (3, 4):
        return None
    system = ScoringSystem(tournament.scoring_system)
    scored = {s.entry: s.score for s in rank(system, {
        e: Tally(points, won, lost, bonus, others) for e, points, won, lost, bonus, others
        in seats})}
    passed = Deal.objects.filter(table=table, game="passed").count()
    entries = [e for e, *_ in seats]
    ledger = settle_ledger(read_document({
        "rules": {k: v for k, v in settings.rules.items()
                  if k in ("lost_game_fee", "passed_deal_fee")},
        "players": entries,
        "series": [{"tables": [{"seats": entries, "scores": [scored.get(e, 0) for e in entries],
                                "lost_games": [lost for _, _, _, lost, _, _ in seats],
                                "passed_deals": passed}]}],
        "standings": []}))
    return TableMoney(settings.currency, tuple(lost for _, _, _, lost, _, _ in seats),
                      tuple(ledger.paid[e]["lost_game_fee"] for e in entries), passed,
                      ledger.paid[entries[0]]["passed_deal_fee"])


# -- what the door takes ----------------------------------------------------------------------


def arrival_fees(tournament: Tournament) -> dict[str, int]:
    """What each player pays on arrival, by kind (the entry fee and the first series' fees;
    ``money.ledger.on_arrival``); empty if nothing."""
    settings = money_settings(tournament)
    return {kind: cents for kind, cents in on_arrival(rules_of(settings)).items() if cents}


def money_text(tournament: Tournament, cents: int, language: str) -> str:
    return amount(cents, money_settings(tournament).currency, language)

