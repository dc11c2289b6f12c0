"""The checks before release (docs/hand-analysis.md, "Checks before release"): the director's
list of results that look wrong, not a block. Each flag names the table, the deal and why;
the organizer marks it checked (``mark``), and a deal changed since raises its flag again.

* **Bounds** (comparative): a game played from the hand, whose card points lie outside what
  any play of those cards allows (``engine.solver.bounds``, stored with the deck's analysis).
* **Cards** (comparative): matadors the declarer's cards and the Skat do not give, or a
  declarer whose letter held no cards.
* **Field** (comparative): a letter's score more than ``FIELD_DEVIATIONS`` standard
  deviations from the mean of the other tables' scores of that letter on that deck.
* **Sheet** (every table): a deal whose stored value is not what the rules give, a dealer out
  of turn, totals that are not what the deals add up to.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext

from engine import LETTERS, EngineError, Letter, Suit, dealer_seat, evaluate_outcome
from engine.analysis import LetterAnalysis
from engine.decks import deck_matadors
from scoring.cache import cached
from scoring.comparison.open_cards import analysed_game, from_the_hand
from scoring.comparison.services import NotComparative, compare
from scoring.models import CheckedFlag
from tournament.audit import record_change
from tournament.comparative.analysis import analyses
from tournament.comparative.services import engine_deck, seat_of
from tournament.models import AuditAction, Deal, Deck, DeckAnalysis, Seat, Series, Table
from tournament.sheets.foot import DEAL_COLUMNS, FOOT_COLUMNS, GAMES_COLUMN, foot_of
from tournament.versions import version

FIELD_DEVIATIONS = 2  # how far from the field a score is flagged
FIELD_OTHERS = 3  # the fewest other tables a score is compared with
FIELD_SPREAD = 20  # the least standard deviation assumed: a field that scored alike
# does not flag every other score


@dataclass(frozen=True)
class Flag:
    key: str  # the kind, the table, the deal and its version: what a mark keeps
    kind: str  # "bounds", "cards", "field", "sheet"
    table: int
    deal: int | None
    why: str
    checked: CheckedFlag | None = None


@dataclass(frozen=True)
class _Deal:
    pk: int
    table_id: int
    table: int
    number: int
    dealer: int
    declarer: int | None
    deck: int | None
    record: Mapping[str, object]
    value: int
    version: int


def _deals(series: Series) -> list[_Deal]:
    return [_Deal(*row) for row in Deal.objects.filter(table__series=series).values_list(
        "pk", "table_id", "table__number", "number", "dealer", "declarer", "deck_id", "record",
        "value", "version").order_by("table__number", "number")]


def _key(deal: _Deal) -> str:
    """The deal itself (its row, never its place: a deal deleted and entered again is a new
    one) as it is now (its version): a mark holds for that."""
    return f"{deal.pk}:{deal.version}"


def _where(deal: _Deal) -> dict[str, object]:
    return {"table": deal.table, "deal": deal.number}


def _deck_flags(deal: _Deal, deck: Deck, letters: Mapping[str, LetterAnalysis],
                rules) -> list[Flag]:
    if deal.declarer is None or deal.record.get("game") not in {g.key for g in rules.games}:
        return []
    letter = LETTERS[deal.declarer - 1]
    key = _key(deal)
    if letter not in deck.hands:
        return [Flag(f"cards:{key}", "cards", deal.table, deal.number, gettext(
            "Table %(table)s, deal %(deal)s: the declarer's letter %(letter)s dealt deck "
            "%(deck)s and held no cards.") % {**_where(deal), "letter": letter,
                                             "deck": deck.number})]
    flags = []
    game = analysed_game(rules, str(deal.record.get("game")), str(deal.record.get("trump", "")))
    if game is not None and game != "null" and "matadors" in deal.record:
        trump = None if game == "grand" else Suit.from_key(game)
        cards = deck_matadors(engine_deck(deck), Letter(letter), trump)
        if deal.record["matadors"] != cards:
            flags.append(Flag(f"cards:{key}", "cards", deal.table, deal.number, gettext(
                "Table %(table)s, deal %(deal)s: the sheet has %(sheet)s matadors, but the "
                "cards of %(letter)s and the Skat give %(cards)s (+ with, − without).") % {
                **_where(deal), "sheet": f"{deal.record['matadors']:+d}", "letter": letter,
                "cards": f"{cards:+d}"}))
    analysis = letters.get(letter)
    result = analysis.game(game) if analysis and game else None
    points = deal.record.get("card_points")
    if (result is not None and isinstance(points, int) and from_the_hand(rules, deal.record)
            and result.cards.fewest is not None and result.cards.most is not None
            and not result.cards.fewest <= points <= result.cards.most):
        flags.append(Flag(f"bounds:{key}", "bounds", deal.table, deal.number, gettext(
            "Table %(table)s, deal %(deal)s: %(letter)s took %(points)s card points in a game "
            "from the hand, but with these cards the declarer holds between %(fewest)s and "
            "%(most)s under any play.") % {**_where(deal), "letter": letter, "points": points,
                                          "fewest": result.cards.fewest,
                                          "most": result.cards.most}))
    return flags


def _field_flags(series: Series) -> list[Flag]:
    try:
        found = compare(series.tournament, series=series.number)
    except NotComparative:
        return []
    rows = {(t, n): (pk, v) for pk, t, n, v in Deal.objects.filter(
        table__series=series).values_list("pk", "table__number", "number", "version")}
    by_deck: dict[tuple[int, str], list[tuple[int, int, int]]] = defaultdict(list)
    for line in found.data.lines:
        for letter, score in line.scores.items():
            by_deck[(line.deck, letter)].append((line.table, line.deal, score))
    flags = []
    for (_deck, letter), scores in by_deck.items():
        for table, deal, score in scores:
            others = [s for t, _d, s in scores if t != table]
            if len(others) < FIELD_OTHERS:
                continue
            mean = statistics.fmean(others)
            spread = max(statistics.pstdev(others), FIELD_SPREAD)
            if abs(score - mean) > FIELD_DEVIATIONS * spread:
                pk, deal_version = rows.get((table, deal), (0, 0))
                flags.append(Flag(
                    f"field:{pk}:{deal_version}:{letter}", "field",
                    table, deal, gettext(
                        "Table %(table)s, deal %(deal)s: %(letter)s scored %(score)s; the other "
                        "%(others)s tables' %(letter)s scored %(mean)s on average (standard "
                        "deviation %(spread)s).") % {
                        "table": table, "deal": deal, "letter": letter, "score": score,
                        "others": len(others), "mean": round(mean),
                        "spread": round(spread)}))
    return flags


def _sheet_flags(series: Series, deals: list[_Deal], decks: Mapping[int, Deck]) -> list[Flag]:
    tournament = series.tournament
    rules, options = tournament.rules, tournament.resolved_options
    sizes = dict(Seat.objects.filter(table__series=series).values_list("table_id").annotate(
        n=Count("id")).values_list("table_id", "n"))
    flags = []
    for deal in deals:
        key = _key(deal)
        deck = decks.get(deal.deck) if deal.deck is not None else None
        size = sizes.get(deal.table_id, 0)
        expected = (seat_of(deck.dealer) if deck is not None
                    else dealer_seat(deal.number, size, rules) if size in (3, 4) else None)
        if expected is not None and deal.dealer != expected:
            flags.append(Flag(f"dealer:{key}", "sheet", deal.table, deal.number, gettext(
                "Table %(table)s, deal %(deal)s: seat %(seat)s dealt, but the turn gives seat "
                "%(expected)s.") % {**_where(deal), "seat": deal.dealer, "expected": expected}))
        try:
            value = evaluate_outcome(deal.record, rules, options).value
        except EngineError:
            value = None
        if value != deal.value:
            flags.append(Flag(f"value:{key}", "sheet", deal.table, deal.number, gettext(
                "Table %(table)s, deal %(deal)s: the sheet has %(stored)s, the rules give "
                "%(value)s.") % {**_where(deal), "stored": deal.value,
                                 "value": "—" if value is None else value}))
    by_table: dict[int, list[tuple[object, ...]]] = defaultdict(list)
    for row in Deal.objects.filter(table__series=series).values_list("table_id", *DEAL_COLUMNS):
        by_table[row[0]].append(row[1:])
    for table_id, number, sheet_version, *kept in Table.objects.filter(series=series).values_list(
            "id", "number", "sheet_version", *FOOT_COLUMNS, GAMES_COLUMN).order_by("number"):
        columns = dict(zip((*FOOT_COLUMNS, GAMES_COLUMN), kept, strict=True))
        if columns != foot_of(by_table.get(table_id, [])).columns():
            flags.append(Flag(f"totals:{table_id}:{sheet_version}", "sheet", number, None, gettext(
                "Table %(table)s: the sheet's totals are not what its deals add up to.")
                % {"table": number}))
    return flags


def series_flags(series: Series) -> list[Flag]:
    """Every flag of the series, by table and deal, each with its mark if it was checked.
    The flags are kept as results are (computed once per change of the tournament, or of
    the decks analysed); the marks are read each time."""
    tournament = series.tournament
    analysed = DeckAnalysis.objects.filter(deck__series=series).count()
    flags = cached(tournament, version(tournament), ("release-flags", series.pk, analysed),
                   lambda: _flags(series))
    marks = {m.key: m for m in CheckedFlag.objects.filter(series=series).select_related(
        "checked_by")}
    return [replace(f, checked=marks.get(f.key)) for f in flags]


def _flags(series: Series) -> list[Flag]:
    tournament = series.tournament
    deals = _deals(series)
    decks = {d.pk: d for d in Deck.objects.filter(series=series)}
    analysed = {pk: {str(a.letter): a for a in letters}
                for pk, letters in analyses(decks.values(), tournament.rules).items()}
    flags = _sheet_flags(series, deals, decks)
    for deal in deals:
        if deal.deck is not None and deal.deck in decks:
            flags += _deck_flags(deal, decks[deal.deck], analysed.get(deal.deck, {}),
                                 tournament.rules)
    flags += _field_flags(series)
    flags.sort(key=lambda f: (f.table, f.deal or 0, f.kind))
    return flags


def mark(series: Series, key: str, user, checked: bool = True) -> Flag | None:
    """Mark the flag ``key`` checked (or not), in the audit log; None if no such flag."""
    flag = next((f for f in series_flags(series) if f.key == key), None)
    if flag is None:
        return None
    with transaction.atomic():
        if checked:
            CheckedFlag.objects.get_or_create(series=series, key=key,
                                              defaults={"checked_by": user})
        else:
            CheckedFlag.objects.filter(series=series, key=key).delete()
        table = Table.objects.get(series=series, number=flag.table)
        record_change(series.tournament, user,
                      AuditAction.FLAG_CHECKED if checked else AuditAction.FLAG_REOPENED,
                      flag.why, series=series, table=table, deal=flag.deal)
    return flag


def unchecked(series: Series) -> int:
    return sum(1 for f in series_flags(series) if f.checked is None)
