"""Who sits at a table and what its sheet plays by (``TableInfo``): the players by seat (as
the reader may read their names, ``tournament.privacy``), their substitutes, the rules and a
comparative table's decks. Queries only; every sheet reader starts here."""

from __future__ import annotations

import copy
from dataclasses import dataclass

from django.db import connection
from django.utils.translation import gettext as _

from engine import RuleSet, dealer_seat
from tournament.comparative import services as comparative
from tournament.models import Deck, Entry, Seat, Table
from tournament.privacy import full, name_fields, shown


@dataclass(frozen=True)
class Player:
    position: int
    number: int
    name: str


@dataclass(frozen=True)
class Substitute:
    """A substitute in seat ``seat`` from deal ``from_deal`` on, in place of ``replaces``."""

    seat: int
    from_deal: int
    number: int
    name: str
    replaces: str
    key: int | None = None

    @property
    def words(self) -> str:
        return (_("From deal %(deal)s %(name)s (#%(number)s) plays seat %(seat)s in place of "
                  "%(replaces)s.")
                % {"deal": self.from_deal, "name": self.name, "number": self.number,
                   "seat": self.seat, "replaces": self.replaces})


@dataclass(frozen=True)
class TableInfo:
    table: Table
    rules: RuleSet
    options: dict[str, bool]
    players: tuple[Player, ...]  # seat order
    deal_count: int  # the deals of this sheet: fewer than scheduled when it was ended early
    decks: tuple[Deck, ...] = ()  # a comparative table's decks, in the order it plays them
    substitutes: tuple[Substitute, ...] = ()  # by seat and first deal
    scheduled: int = 0  # the deals the series has at this table (0: ``deal_count``)

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def ended_early(self) -> bool:
        return self.table.ended_after is not None

    @property
    def ended_words(self) -> str:
        """ "Ended after deal 24 of 48 by the director (…): deals 25–48 are not played." """
        after, scheduled = self.table.ended_after, self.scheduled or self.deal_count
        if after is None:
            return ""
        missing = (_("deal %(deal)s is not played") % {"deal": scheduled}
                   if after + 1 == scheduled
                   else _("deals %(first)s–%(last)s are not played")
                   % {"first": after + 1, "last": scheduled})
        words = {"after": after, "scheduled": scheduled, "missing": missing,
                 # Translators: who ended a sheet early when no name was kept
                 "by": self.table.ended_by or _("the director"),
                 "reason": self.table.ended_reason}
        if self.table.ended_reason:
            return _("Ended after deal %(after)s of %(scheduled)s by %(by)s (%(reason)s): "
                     "%(missing)s.") % words
        return _("Ended after deal %(after)s of %(scheduled)s by %(by)s: %(missing)s.") % words

    def name_at(self, seat: int | None, number: int | None) -> str:
        """Who played seat ``seat`` in deal ``number``: the seated player or his substitute."""
        if seat is None:
            return ""
        holder = self.name(seat)
        for sub in self.substitutes:
            if sub.seat == seat and number is not None and number >= sub.from_deal:
                holder = sub.name
        return holder

    @property
    def everyone(self) -> tuple[str, ...]:
        """The names of everybody who played at the table, substitutes included."""
        return tuple(p.name for p in self.players) + tuple(s.name for s in self.substitutes)

    @property
    def tournament(self):
        return self.table.series.tournament

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        for p in self.players:
            if p.position == seat:
                return p.name
        return _("seat %(seat)s") % {"seat": seat}

    def dealer(self, number: int) -> int:
        deck = self.deck(number)
        if deck is not None:  # comparative: the deck's dealer letter deals, whatever the turn
            return comparative.seat_of(deck.dealer)
        return dealer_seat(number, self.size, self.rules)

    def deck(self, number: int) -> Deck | None:
        """The deck of deal ``number`` at a comparative table, else None."""
        return self.decks[number - 1] if 0 < number <= len(self.decks) else None

    def seat_words(self, seat: int) -> str:
        """"Seat 2"; at a comparative table "Seat 2 · E", the letter the decks' hands of
        that seat are marked by."""
        if self.decks:
            # Translators: a seat at a comparative table and the letter of its hands: "Seat 2 · E"
            return (_("Seat %(seat)s · %(letter)s")
                    % {"seat": seat, "letter": comparative.letter_of(seat)})
        return _("Seat %(seat)s") % {"seat": seat}

    def seat_label(self, seat: int | None, number: int | None = None) -> str:
        """The seat and who plays it (in deal ``number``: a substitute) as choices and headings
        show them: "1 Anna Becker", at a comparative table "Seat 1 · N Anna Becker"."""
        if not seat:
            return ""
        return f"{self.seat_words(seat) if self.decks else seat} {self.name_at(seat, number)}"


def _seated(table: Table) -> list[tuple[int, int, str, str, str, str]]:
    """(seat, entry number, first name, last name, publication, pseudonym) of the table's
    players, by seat: written out, as every deal and every sheet page reads it (the ORM's
    compiling of this join cost ten times its running)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT s.position, e.number, e.first_name, e.last_name, e.publication,"
            f" e.pseudonym FROM {Seat._meta.db_table} s INNER JOIN {Entry._meta.db_table} e"
            f" ON e.id = s.entry_id WHERE s.table_id = %s ORDER BY s.position", [table.pk])
        return cursor.fetchall()


def table_info(table: Table, public: bool = False) -> TableInfo:
    """The table's players, rules and decks; ``public``: named as the public reads them
    (``tournament.privacy``), for the public's copy of a released sheet."""
    tournament = table.series.tournament
    default = tournament.publication

    def named(*name: str) -> str:
        return full(*shown(*name, default=default, public=public))

    seated = _seated(table)
    players = tuple(Player(position, number, named(*name)) for position, number, *name in seated)
    if public:  # who submitted and confirmed, named as the public reads the players
        table = _as_published(table, {full(*name[:2]).casefold(): named(*name)
                                      for _, _, *name in seated})
    decks = comparative.table_decks(table.series, table.number) if len(players) in (3, 4) else ()
    scheduled = tournament.deals_at(len(players))
    return TableInfo(table=table, rules=tournament.rules,
                     options=tournament.resolved_options, players=players,
                     deal_count=(scheduled if table.ended_after is None
                                 else min(table.ended_after, scheduled)),
                     decks=decks,
                     substitutes=_substitutes(table, named) if table.substituted else (),
                     scheduled=scheduled)


def _as_published(table: Table, published: dict[str, str]) -> Table:
    """A copy of ``table`` (never saved) whose scorekeepers' names, where they are names of
    its players (the confirm form offers them), read as the public reads those players."""
    table = copy.copy(table)
    for name in ("submitted_by", "confirmed_by"):
        typed = getattr(table, name)
        setattr(table, name, published.get(typed.strip().casefold(), typed))
    return table


def _substitutes(table: Table, named) -> tuple[Substitute, ...]:
    """The table's substitutes (one query; none at most tables), ``named`` as the reader
    reads them."""
    return tuple(
        Substitute(seat, from_deal, number, named(*sub), named(*replaced), key)
        for key, seat, from_deal, number, *names
        in table.substitutions.order_by("seat", "from_deal").values_list(
            "pk", "seat", "from_deal", "substitute__number", *name_fields("substitute__"),
            *name_fields("replaced__"))
        for sub, replaced in [(names[:4], names[4:])])
