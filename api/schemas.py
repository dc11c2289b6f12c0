"""The shapes of the API's answers (pydantic, through django-ninja): field names are English
identifiers, numbers stay numbers, words (a game, a prize's reason) are in the request's
language. The rows are the page layer's (``scoring/*/page.py``), field for field."""

from __future__ import annotations

import datetime

from ninja import Field, Schema

from api.paging import Page


class Error(Schema):
    """Every refusal: ``detail`` says what happened in a sentence; a refused field names
    itself in ``errors`` (with the engine's machine ``rule``); a stale sheet gives the
    current ``sheet_version``."""

    detail: str
    errors: dict[str, list[str]] | None = None
    rule: str | None = None
    sheet_version: int | None = None
    next_deal: int | None = None


# -- tournaments --------------------------------------------------------------------------------


class TournamentItem(Schema):
    slug: str
    name: str
    start_date: datetime.date
    end_date: datetime.date | None
    venue: str
    public: bool
    url: str = Field(description="The tournament's public page.")


class TournamentList(Page):
    items: list[TournamentItem]


class SeriesItem(Schema):
    number: int
    status: str = Field(description="draft, seated, playing, confirmed, released or "
                                    "correcting.")
    seating_published: bool
    results_visible: bool = Field(description="Whether the caller sees this series' results "
                                              "(the public: once released).")
    counted: bool = Field(description="Whether the caller's standings count it.")
    tables: int


class TournamentDetail(TournamentItem):
    rule_set: str
    options: dict[str, bool]
    scoring_system: str
    series_count: int
    deals_per_player: int
    language: str
    time_zone: str
    comparative: bool
    staff: bool = Field(description="The caller is an organizer or assistant: he sees every "
                                    "series.")
    series: list[SeriesItem]


# -- results ------------------------------------------------------------------------------------


class PlayerRef(Schema):
    number: int
    name: str = Field(description="As the public pages name him (his publication choice); "
                                  "the full name for the staff.")
    club: str


class StandingRow(Schema):
    place: str = Field(description='"3", or "3=" for a tie.')
    rank: int
    tied: bool
    number: int
    name: str
    club: str
    points: int
    won: int
    lost: int
    games: int
    score: int = Field(description="What the scoring system ranks: Points (League) or the "
                                   "Seeger-Fabian score.")


class Results(Page):
    """What every result table says besides its rows."""

    tournament: str
    series: int | None = Field(description="The series; null: the whole tournament.")
    counted: list[int] = Field(description="The series counted for the caller.")
    provisional: bool


class Standings(Results):
    system: str
    items: list[StandingRow]
    notes: list[str] = Field(description="Tables that could not finish, and how they count.")
    absent: list[PlayerRef] = Field(description="Registered players who did not play.")


class GroupRow(Schema):
    place: str
    rank: int
    name: str
    score: int
    counted: int = Field(description="Players counted.")
    members: list[str]


class Groups(Results):
    explain: str
    items: list[GroupRow]


class Prize(Schema):
    number: int
    title: str
    reason: str
    winners: list[PlayerRef]
    candidates: list[PlayerRef] = Field(description="The players tied for it, while a lot "
                                                    "decides.")
    tie: bool
    by_lot: bool
    unawarded: bool
    provisional: bool


class Prizes(Results):
    lead: str
    items: list[Prize]


class DealLine(Schema):
    """A deal or penalty that moved the player's Points."""

    series: int
    table: int
    deal: int | None = Field(description="null for a penalty.")
    game: str
    role: str
    points: int
    penalty: bool


class PlayerResults(Page):
    tournament: str
    number: int
    name: str
    club: str
    place: str | None = Field(description="null: not ranked.")
    points: int | None
    score: int | None
    total: int = Field(description="The sum of the rows: his Points.")
    counted: list[int]
    provisional: bool
    items: list[DealLine]


# -- comparative --------------------------------------------------------------------------------


class ComparativeRow(Schema):
    place: str
    rank: int
    tied: bool
    number: int
    name: str
    decks: int
    matchpoints: float
    percent: float


class Comparative(Results):
    items: list[ComparativeRow]


class TravellerCell(Schema):
    letter: str
    player: PlayerRef
    score: int
    matchpoints: float | None
    percent: float | None


class TravellerLine(Schema):
    table: int
    deal: int
    declarer_letter: str | None
    declarer: PlayerRef | None
    game: str
    value: int
    won: bool | None
    cells: list[TravellerCell]


class Traveller(Schema):
    tournament: str
    series: int
    deck: int
    dealer: str | None = Field(description="The dealer's letter; null: no counted table "
                                           "played the deck.")
    top: int | None
    letters: list[str]
    lines: list[TravellerLine]
