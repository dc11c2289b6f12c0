"""A comparative tournament: make it so, deal each series' decks, and say which decks every
table plays in every round (the movement), for the organizer's pages and the room's chart.

The dealing is the engine's (``engine.deal_set``), the movement the seating algorithms'
(``tournament.seating.movements``); this module stores decks and feeds those plain functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext

import engine
from engine import letter_of as letter_of  # the sheets read a seat's letter here
from engine import seat_of as seat_of
from engine.cards import BY_CODE
from tournament.audit import record_change
from tournament.models import AuditAction, Deal, DealSet, Deck, Series, TablePolicy, Tournament
from tournament.refusals import Refusal
from tournament.seating import leftover, movements
from tournament.words import say

MAX_DECKS = 99


class ComparativeError(Refusal):
    """A comparative setting refused, in one sentence for the organizer."""


def make_comparative(tournament: Tournament, *, table_size: int, decks: int, seed: str,
                     user) -> DealSet:
    """Mark ``tournament`` comparative: every series plays ``decks`` pre-dealt decks at
    ``table_size``-tables. Each player deals as often as the others, so the decks are a
    multiple of the table size; the series length and the table policy follow from them."""
    seed = " ".join(seed.split())[:64]
    if table_size not in (3, 4):
        raise ComparativeError(gettext("A comparison needs one table size: 3 or 4."),
                               "table_size")
    if not 1 <= decks <= MAX_DECKS or decks % table_size:
        working = ", ".join(str(n) for n in range(table_size * 2, table_size * 9, table_size))
        raise ComparativeError(gettext(
            "%(decks)s decks: every player of a %(size)s-table deals as often as the others, so "
            "the decks are a multiple of %(size)s (for example %(working)s).")
            % {"decks": decks, "size": table_size, "working": working}, "decks")
    if not seed:
        raise ComparativeError(
            gettext("Give the set a seed: the same seed deals the same decks."), "seed")
    if Deal.objects.filter(table__series__tournament=tournament).exists():
        raise ComparativeError(gettext("Deals are recorded already; a tournament becomes "
                                       "comparative before its first deal."))
    # Dealing is the long part (99 decks for 99 series: seconds of CPU): done before the
    # transaction, so the database is held only for the writing.
    numbers = list(tournament.series.values_list("number", flat=True))
    plan = DealSet(tournament=tournament, table_size=table_size, decks=decks, seed=seed)
    dealt = {number: dealt_decks(plan, number) for number in numbers}
    with transaction.atomic():
        Deck.objects.filter(series__tournament=tournament).delete()
        deal_set, _ = DealSet.objects.update_or_create(
            tournament=tournament,
            defaults={"table_size": table_size, "decks": decks, "seed": seed})
        tournament.deals_per_player = decks // table_size
        tournament.table_policy = (TablePolicy.THREE_ONLY if table_size == 3
                                   else TablePolicy.FOUR_ONLY)
        tournament.save(update_fields=["deals_per_player", "table_policy"])
        series_of = {s.number: s for s in tournament.series.all()}
        Deck.objects.bulk_create(
            (_stored(series_of[number], deck) for number, decks_of in dealt.items()
             if number in series_of for deck in decks_of), batch_size=500)
        for number in series_of.keys() - dealt.keys():  # a series added meanwhile
            deal_series(series_of[number], deal_set)
        queue_analysis(series.pk for series in series_of.values())
        record_change(tournament, user, AuditAction.COMPARATIVE_SET, tournament.name,
                      after={"table_size": table_size, "decks": decks, "seed": seed})
    return deal_set


def dealt_decks(deal_set: DealSet, series_number: int) -> list[engine.Deck]:
    """A series' decks as the engine deals them from the set's seed (no database)."""
    return list(engine.deal_set(deal_set.series_seed(series_number), deal_set.decks,
                                deal_set.table_size))


def _stored(series: Series, deck: engine.Deck) -> Deck:
    data = deck.as_json()
    return Deck(series=series, number=deck.number, dealer=str(deck.dealer),
                hands=data["hands"], skat=data["skat"])


def deal_series(series: Series, deal_set: DealSet) -> list[Deck]:
    """The series' decks, dealt from the set's seed (stored once; the same seed, the same)."""
    Deck.objects.bulk_create(_stored(series, d) for d in dealt_decks(deal_set, series.number))
    queue_analysis([series.pk])
    return list(series.decks.all())


@dataclass(frozen=True)
class TableRounds:
    """One table of the room: its section, and the decks it plays round by round."""

    table: int
    section: int
    rounds: tuple[tuple[int, ...], ...]


def room_movement(series: Series, deal_set: DealSet) -> list[TableRounds]:
    """Which decks every table of ``series`` plays in every round. A room with more tables
    than one set serves is split into sections, each playing its own copy of the decks."""
    sized = list(series.tables.order_by("number").annotate(players=Count("seats"))
                 .values_list("number", "players"))
    numbers = [number for number, _ in sized]
    if not numbers:
        return []
    other = next(((n, p) for n, p in sized if p != deal_set.table_size), None)
    if other is not None:
        raise ComparativeError(gettext(
            "Table %(table)s seats %(players)s players, but the set is dealt for "
            "%(size)s-tables: a comparison needs one table size. Seat the series at "
            "%(size)s-tables only; players left over sit out, or play as a comparative "
            "tournament of their own.")
            % {"table": other[0], "players": other[1], "size": deal_set.table_size})
    try:
        sizes = movements.sections(len(numbers), deal_set.decks)
    except movements.MovementError as exc:
        raise ComparativeError(say(exc.words)) from exc
    room: list[TableRounds] = []
    start = 0
    for section, size in enumerate(sizes, start=1):
        plan = movements.movement(size, deal_set.decks)
        for index in range(size):
            rounds = tuple(plan.decks_of(r, index + 1) for r in range(1, len(plan.rounds) + 1))
            room.append(TableRounds(numbers[start + index], section, rounds))
        start += size
    return room


@dataclass(frozen=True)
class DeckPath:
    """Where one deck goes in its section: the table of every round, round 1 first."""

    section: int
    deck: int
    tables: tuple[int, ...]


def deck_paths(room: list[TableRounds]) -> list[DeckPath]:
    """Every deck's way through the room, section by section (from ``room_movement``)."""
    visits: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for line in room:
        for round_number, decks in enumerate(line.rounds, start=1):
            for deck in decks:
                visits.setdefault((line.section, deck), []).append((round_number, line.table))
    return [DeckPath(section, deck, tuple(table for _, table in sorted(rounds)))
            for (section, deck), rounds in sorted(visits.items())]


def seating_advice(tournament: Tournament, deal_set: DealSet) -> leftover.Leftover | None:
    """What to do with checked-in players who do not fill a table of the set's size."""
    present = tournament.entries.filter(checked_in=True, withdrawn=False).count()
    try:
        return leftover.leftover(present, deal_set.table_size)
    except movements.MovementError:
        return None  # too few players for a comparison: the settings page says so


def advice_sentences(advice: leftover.Leftover) -> list[str]:
    """The options in the organizer's words; a section of the other size is compared within
    itself, so here it is a comparative tournament of its own."""
    return [gettext("%(option)s. Set it up as a comparative tournament of its own.")
            % {"option": say(option.words)}
            if option.remedy is leftover.Remedy.SECTION else say(option.words)
            for option in advice.options]


def queue_analysis(series_ids: Iterable[int]) -> None:
    """The decks' open-card analysis, queued once the dealing commits (never in a request)."""
    from tournament.comparative.analysis import queue_analysis as queue

    queue(series_ids)


def engine_deck(deck: Deck) -> engine.Deck:
    """The stored deck as the engine's (to count matadors from the cards)."""
    return engine.Deck(number=deck.number, dealer=deck.dealer,
                       hands={letter: tuple(BY_CODE[c] for c in codes)
                              for letter, codes in deck.hands.items()},
                       skat=(BY_CODE[deck.skat[0]], BY_CODE[deck.skat[1]]))


def deal_set_of(tournament: Tournament) -> DealSet | None:
    """The tournament's deal set, None when it is not comparative; no query when the
    tournament was read with ``select_related("deal_set")`` (as a table's link reads it)."""
    try:
        return tournament.deal_set
    except DealSet.DoesNotExist:
        return None


def table_decks(series: Series, table: int) -> tuple[Deck, ...]:
    """The decks a table of a comparative series plays, in playing order (empty otherwise)."""
    deal_set = deal_set_of(series.tournament)
    if deal_set is None:
        return ()
    by_number = {d.number: d for d in series.decks.all()}
    if not by_number:
        return ()
    try:
        room = room_movement(series, deal_set)
    except ComparativeError:
        return ()  # the movement page names the problem; the sheet then plays no decks
    for line in room:
        if line.table == table:
            return tuple(by_number[n] for decks in line.rounds for n in decks)
    return ()


def first_decks(series: Series) -> dict[int, tuple[int, ...]]:
    """Table number -> the decks it plays in round 1 (for its table card); empty when the
    tournament is not comparative or the room has no movement yet."""
    deal_set = deal_set_of(series.tournament)
    if deal_set is None:
        return {}
    try:
        return {line.table: line.rounds[0] for line in room_movement(series, deal_set)
                if line.rounds}
    except ComparativeError:
        return {}  # the movement page names the problem


def deck_of_deal(series: Series, deal_set: DealSet, table: int, deal_number: int) -> int:
    """The deck a table plays as its ``deal_number``-th deal: round by round, in order."""
    for line in room_movement(series, deal_set):
        if line.table == table:
            played = [deck for decks in line.rounds for deck in decks]
            return played[deal_number - 1]
    raise ComparativeError(gettext("Table %(table)s has no place in the movement.")
                           % {"table": table})
