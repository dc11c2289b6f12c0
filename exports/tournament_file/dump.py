"""A tournament written as the tournament file (docs/tournament-file.md): one query a kind of
row (entries, tables, seats, deals…), whatever the size of the congress, grouped in Python.
Nothing here is public: the file holds full names and e-mail addresses, for its organizers.

Ids stay inside the database: the document names an entry by its participant number, a series
by its number, a table by its series and number, a deck by its number, so that a tournament
read in and written out again gives the same document. Table links (tokens) are secrets and
are not written: an imported tournament gets new ones."""

from __future__ import annotations

import datetime
import json
from collections import defaultdict

from django.utils import timezone

from scoring.models import CustomPrize, PrizeLot, Team
from scoring.settings.services import scoring_settings
from tournament.comparative.services import deal_set_of
from tournament.models import (
    Deal,
    Deck,
    Entry,
    KeepApart,
    Penalty,
    Seat,
    Series,
    Substitution,
    Table,
    Tournament,
)

from .document import FORMAT, VERSION
from .parts import PARTS

TOURNAMENT_FIELDS = ("name", "slug", "start_date", "end_date", "venue", "rule_set", "options",
                     "scoring_system", "series_count", "deals_per_player", "table_policy",
                     "public", "provisional_public", "blind_check", "settlement_rate",
                     "paper", "time_zone", "language", "publication", "anonymized_at")
RESULTS_FIELDS = ("count_unconfirmed", "one_prize_per_player", "club_best", "prize_places",
                  "league_schedule", "substitutes", "missing_deals")
ENTRY_FIELDS = ("number", "first_name", "last_name", "club__name", "email", "checked_in",
                "checked_in_at", "withdrawn", "publication", "pseudonym")
SERIES_FIELDS = ("number", "status", "seating_method", "seed", "repeat_pairs",
                 "apart_violations", "seated_at")
# a sheet's state on the table row, by the document's key
SHEET_FIELDS = {"version": "sheet_version", "status": "sheet_status",
                "submitted_by": "submitted_by", "submitted_session": "submitted_session",
                "submitted_at": "submitted_at", "confirmed_by": "confirmed_by",
                "confirmed_at": "confirmed_at", "confirmation_override": "confirmation_override",
                "withdrawal": "withdrawal", "blind_checked": "blind_checked",
                "ended_after": "ended_after", "ended_by": "ended_by", "ended_at": "ended_at",
                "ended_reason": "ended_reason"}
SUBSTITUTION_FIELDS = ("seat", "from_deal", "substitute__number", "replaced__number", "reason",
                       "created_by")
PENALTY_FIELDS = ("after_deal", "seat", "deal", "reason", "points", "note", "entered_by",
                  "by_organizer")
PRIZE_FIELDS = ("number", "title", "kind", "place", "games", "label")


def plain(value):
    """A value as the document writes it: dates and times as ISO text (times in UTC), the
    settlement rate as text with its four decimals, anything else as it is."""
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if hasattr(value, "as_tuple"):  # a Decimal: exact, as text
        return f"{value:.4f}"
    return value


def _row(names, values, renamed: dict[str, str] | None = None) -> dict:
    renamed = renamed or {}
    return {renamed.get(name, name): plain(value) for name, value in zip(names, values,
                                                                         strict=True)}


def tournament_document(tournament: Tournament) -> dict:
    """The whole tournament as the file's document (a dict ready for ``json.dumps``)."""
    settings = scoring_settings(tournament)
    deal_set = deal_set_of(tournament)
    entries = [_row(ENTRY_FIELDS, values, {"club__name": "club"}) for values in
               Entry.objects.filter(tournament=tournament).order_by("number")
               .values_list(*ENTRY_FIELDS)]
    clubs = sorted({e["club"] for e in entries if e["club"]})
    cities = dict(Entry.objects.filter(tournament=tournament, club__isnull=False)
                  .values_list("club__name", "club__city").distinct())
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": plain(timezone.now()),
        "tournament": {name: plain(getattr(tournament, name)) for name in TOURNAMENT_FIELDS},
        "results_settings": {name: getattr(settings, name) for name in RESULTS_FIELDS},
        "comparative": None if deal_set is None else {
            "table_size": deal_set.table_size, "decks": deal_set.decks, "seed": deal_set.seed},
        "clubs": [{"name": name, "city": cities.get(name, "")} for name in clubs],
        "entries": entries,
        "keep_apart": [{"first": first, "second": second, "reason": reason}
                       for first, second, reason in
                       KeepApart.objects.filter(tournament=tournament)
                       .values_list("first__number", "second__number", "reason")
                       .order_by("first__number", "second__number")],
        "series": _series(tournament),
        "teams": _teams(tournament),
        "custom_prizes": [_row(PRIZE_FIELDS, values) for values in
                          CustomPrize.objects.filter(tournament=tournament).order_by("number")
                          .values_list(*PRIZE_FIELDS)],
        "lots": [{"prize": prize, "winner": winner, "note": note}
                 for prize, winner, note in PrizeLot.objects.filter(tournament=tournament)
                 .order_by("prize_number").values_list("prize_number", "winner__number",
                                                        "note")],
    }
    for key, part in PARTS.items():  # the outer apps' parts (exports.tournament_file.parts)
        value = part.dump(tournament)
        if value is not None:
            document[key] = value
    return document


def _teams(tournament: Tournament) -> list[dict]:
    members = defaultdict(list)
    for team, number in (Team.members.through.objects.filter(team__tournament=tournament)
                         .values_list("team_id", "entry__number")):
        members[team].append(number)
    return [{"name": name, "members": sorted(members[pk])}
            for pk, name in Team.objects.filter(tournament=tournament).order_by("name")
            .values_list("pk", "name")]


def _series(tournament: Tournament) -> list[dict]:
    """Every series with its decks and tables, each table with its seats, sheet,
    substitutions, deals and penalties: a query a kind of row."""
    of_series = {"series__tournament": tournament}
    of_table = {"table__series__tournament": tournament}
    sits_out = defaultdict(list)
    for series, number in (Series.sits_out.through.objects.filter(**of_series)
                           .values_list("series_id", "entry__number")):
        sits_out[series].append(number)
    decks = defaultdict(list)
    for series, number, dealer, hands, skat in (
            Deck.objects.filter(**of_series).order_by("number")
            .values_list("series_id", "number", "dealer", "hands", "skat")):
        decks[series].append({"number": number, "dealer": dealer, "hands": hands, "skat": skat})
    seats = defaultdict(list)
    for table, position, number in (Seat.objects.filter(**of_series).order_by("position")
                                    .values_list("table_id", "position", "entry__number")):
        seats[table].append({"position": position, "entry": number})
    substitutions = defaultdict(list)
    for table, *values in (Substitution.objects.filter(**of_table)
                           .order_by("seat", "from_deal")
                           .values_list("table_id", *SUBSTITUTION_FIELDS)):
        substitutions[table].append(_row(SUBSTITUTION_FIELDS, values, {
            "substitute__number": "substitute", "replaced__number": "replaced"}))
    penalties = defaultdict(list)
    for table, *values in (Penalty.objects.filter(**of_table).order_by("after_deal", "pk")
                           .values_list("table_id", *PENALTY_FIELDS)):
        penalties[table].append(_row(PENALTY_FIELDS, values))
    deals = _deals(tournament)
    tables = defaultdict(list)
    columns = tuple(SHEET_FIELDS.values())
    for pk, series, number, *sheet in (Table.objects.filter(**of_series).order_by("number")
                                       .values_list("pk", "series_id", "number", *columns)):
        tables[series].append({
            "number": number, "seats": seats[pk],
            "sheet": _row(tuple(SHEET_FIELDS), sheet),
            "substitutions": substitutions[pk], "deals": deals[pk],
            "penalties": penalties[pk]})
    return [{**_row(SERIES_FIELDS, values), "sits_out": sorted(sits_out[pk]),
             "decks": decks[pk], "tables": tables[pk]}
            for pk, *values in Series.objects.filter(tournament=tournament).order_by("number")
            .values_list("pk", *SERIES_FIELDS)]


def _deals(tournament: Tournament) -> dict[int, list[dict]]:
    """Each table's deals: the canonical record beside the seats it names, the deck, the
    outcome stored, who entered it and its version."""
    deals = defaultdict(list)
    for table, number, dealer, declarer, contra_by, revoked_by, deck, record, outcome, \
            version, entered_by in (
                Deal.objects.filter(table__series__tournament=tournament).order_by("number")
                .values_list("table_id", "number", "dealer", "declarer", "contra_by",
                             "revoked_by", "deck__number", "record", "outcome", "version",
                             "entered_by")):
        deals[table].append({"number": number, "dealer": dealer, "declarer": declarer,
                             "contra_by": contra_by, "revoked_by": revoked_by, "deck": deck,
                             **record, "outcome": outcome, "version": version,
                             "entered_by": entered_by})
    return deals


def dumps(document: dict) -> str:
    """The document as the file's text, UTF-8 JSON: its outline indented, and each row of it
    (an entry, a seat, a deal, a penalty, a deck…) on one line, so that a congress of 110,000
    deals stays about 30 MB and a person can still read it."""
    out: list[str] = []
    _write(document, 0, out)
    return "".join(out) + "\n"


def _write(value, depth: int, out: list[str]) -> None:
    if not isinstance(value, (dict, list)) or (depth >= 2 and _row_like(value)):
        out.append(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
        return
    pad, inner = " " * depth, " " * (depth + 1)
    items = list(value.items()) if isinstance(value, dict) else list(enumerate(value))
    if not items:
        out.append("{}" if isinstance(value, dict) else "[]")
        return
    out.append("{\n" if isinstance(value, dict) else "[\n")
    for i, (key, item) in enumerate(items):
        out.append(inner)
        if isinstance(value, dict):
            out.append(json.dumps(key, ensure_ascii=False) + ": ")
        _write(item, depth + 1, out)
        out.append(",\n" if i < len(items) - 1 else "\n")
    out.append(pad + ("}" if isinstance(value, dict) else "]"))


def _row_like(value) -> bool:
    """A row: nothing in it is a list of objects (a table's deals are not one)."""
    if isinstance(value, list) and any(isinstance(item, dict) for item in value):
        return False
    items = value.values() if isinstance(value, dict) else value
    return all(_row_like(item) for item in items if isinstance(item, dict | list))


def file_name(tournament: Tournament, day: datetime.date | None = None) -> str:
    """ "demo-congress-tournament-2027-06-14.json": the tournament, what it is, the day."""
    day = day or timezone.localdate()
    return f"{tournament.slug}-tournament-{day.isoformat()}.json"

