"""A tournament file read into the database as a NEW tournament, in one transaction: the
document checked (``document``, ``shape``), then every row written as the site's services
write it (entries with their name keys, tables with new links, every deal scored again by the
engine: ``sheets``), one audit entry "Tournament imported from a file". Anything refused
rolls everything back: nothing is half-imported. ``dry_run`` does all of it and rolls back,
for the preview."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.validators import validate_slug
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring.models import CustomPrize, PrizeLot, ScoringSettings, Team
from tournament.audit import record_change
from tournament.comparative.services import queue_analysis
from tournament.forms import RESERVED_SLUGS
from tournament.models import (
    AuditAction,
    Club,
    DealSet,
    Deck,
    Entry,
    KeepApart,
    Player,
    Seat,
    Series,
    Substitution,
    Table,
    Tournament,
)
from tournament.names import person_key
from tournament.registration.clubs import find_club

from .document import FileRefused, Found, Problem, TooMany, read_document
from .dump import RESULTS_FIELDS, SHEET_FIELDS, TOURNAMENT_FIELDS
from .parts import PARTS
from .shape import check_document
from .sheets import score_series

SLUG_MAX = Tournament._meta.get_field("slug").max_length


@dataclass(frozen=True)
class Imported:
    """What an import made (or, in a dry run, would make)."""

    tournament: Tournament
    slug: str
    entries: int
    series: int
    tables: int
    deals: int
    new_clubs: list[str] = field(default_factory=list)


class _DryRun(Exception):
    def __init__(self, imported: Imported):
        self.imported = imported


def read_file(data: bytes, owner, *, slug: str | None = None,
              dry_run: bool = False) -> Imported:
    """The file's bytes read into a new tournament owned by ``owner`` (its organizer; None:
    nobody yet); raises FileRefused with every problem, each at its place."""
    return import_document(read_document(data), owner, slug=slug, dry_run=dry_run)


def import_document(document: dict, owner, *, slug: str | None = None,
                    dry_run: bool = False) -> Imported:
    """``document`` (its envelope read) checked and read into a new tournament, in one
    transaction; ``slug``: the short name wanted instead of the file's (the next free one,
    ``-2``, ``-3`` …, if it is taken)."""
    if slug is not None:
        try:
            validate_slug(slug)
        except Exception:  # ValidationError: said as the option's refusal
            raise FileRefused([Problem("slug", _("“%(slug)s” is no short name: letters, "
                                                 "digits, - and _ only.") % {"slug": slug})]
                              ) from None
    clean = check_document(document)
    try:
        with transaction.atomic():
            imported = _load(clean, owner, slug)
            if dry_run:
                raise _DryRun(imported)
    except _DryRun as done:
        return done.imported
    return imported


def free_slug(wanted: str) -> str:
    """``wanted`` if no tournament has it, else the first free of ``wanted-2``, ``-3`` …"""
    base = wanted[:SLUG_MAX]
    taken = set(Tournament.objects.filter(slug__startswith=base[:SLUG_MAX - 6])
                .values_list("slug", flat=True))
    taken |= RESERVED_SLUGS
    number, slug = 1, base
    while slug in taken:
        number += 1
        suffix = f"-{number}"
        slug = base[:SLUG_MAX - len(suffix)] + suffix
    return slug


def _load(clean: dict, owner, slug: str | None) -> Imported:
    tournament = _tournament(clean["tournament"], owner, slug)
    ScoringSettings.objects.create(tournament=tournament, **{
        name: clean["results_settings"][name] for name in RESULTS_FIELDS})
    new_clubs = []
    club_of = {}
    for club in clean["clubs"]:
        found = find_club(club["name"])
        if found is None:
            found = Club.objects.create(name=club["name"], city=club["city"], created_by=owner)
            new_clubs.append(found.name)
        club_of[club["name"]] = found
    entry_of = _entries(tournament, clean["entries"], club_of)
    KeepApart.objects.bulk_create(
        KeepApart(tournament=tournament, first=entry_of[pair["first"]],
                  second=entry_of[pair["second"]], reason=pair["reason"])
        for pair in clean["keep_apart"])
    if clean["comparative"] is not None:
        DealSet.objects.create(tournament=tournament, **clean["comparative"])
    tables = deals = 0
    found = Found()
    try:
        for data in clean["series"]:
            series, placed = _series(tournament, data, entry_of)
            tables += len(placed)
            deals += score_series(series, placed, found)
    except TooMany:
        pass
    found.refuse()
    _results(tournament, clean, entry_of)
    for key, value in clean["parts"].items():
        PARTS[key].load(tournament, value)
    imported = Imported(tournament, tournament.slug, len(entry_of), len(clean["series"]),
                        tables, deals, new_clubs)
    record_change(tournament, owner, AuditAction.TOURNAMENT_IMPORTED, tournament.name,
                  after={"entries": imported.entries, "series_count": imported.series,
                         "tables": tables, "deals": deals, "new_clubs": new_clubs})
    return imported


def _tournament(data: dict, owner, slug: str | None) -> Tournament:
    """The tournament row under the first free short name (a race for it tries the next)."""
    fields = {name: data[name] for name in TOURNAMENT_FIELDS if name != "slug"}
    for _attempt in range(5):
        try:
            with transaction.atomic():
                tournament = Tournament.objects.create(
                    slug=free_slug(slug or data["slug"]), created_by=owner, **fields)
                break
        except IntegrityError:
            continue
    else:
        raise FileRefused([Problem("tournament.slug", _("no free short name was found; give "
                                                        "one."))])
    if owner is not None:
        tournament.organizers.add(owner)
    return tournament


def _entries(tournament: Tournament, entries: list[dict], club_of: dict) -> dict[int, Entry]:
    """A new person for each entry (the file does not say who they are elsewhere on this
    site) and the entry with its search key, in bulk."""
    people = Player.objects.bulk_create(
        [Player(first_name=e["first_name"], last_name=e["last_name"]) for e in entries],
        batch_size=1000)
    rows = Entry.objects.bulk_create(
        [Entry(tournament=tournament, player=person, club=club_of.get(e["club"]),
               name_key=person_key(e["first_name"], e["last_name"]),
               **{key: e[key] for key in ("number", "first_name", "last_name", "email",
                                          "checked_in", "checked_in_at", "withdrawn",
                                          "publication", "pseudonym")})
         for person, e in zip(people, entries, strict=True)], batch_size=1000)
    return {entry.number: entry for entry in rows}


def _series(tournament: Tournament, data: dict, entry_of: dict[int, Entry]):
    """The series, its decks, tables (new links), seats and substitutes; returns the series
    and its tables beside what the file holds of each, to be scored."""
    series = Series.objects.create(tournament=tournament, **{
        key: data[key] for key in ("number", "status", "seating_method", "seed",
                                   "repeat_pairs", "apart_violations", "seated_at")})
    series.sits_out.set([entry_of[n] for n in data["sits_out"]])
    Deck.objects.bulk_create(Deck(series=series, **deck) for deck in data["decks"])
    if data["decks"]:
        queue_analysis([series.pk])  # the open-card analysis, as after dealing
    tables = Table.objects.bulk_create(
        [Table(series=series, number=t["number"], substituted=bool(t["substitutions"]),
               **{column: t["sheet"][key] for key, column in SHEET_FIELDS.items()})
         for t in data["tables"]], batch_size=500)
    Seat.objects.bulk_create(
        (Seat(table=table, series=series, position=s["position"], entry=entry_of[s["entry"]])
         for table, t in zip(tables, data["tables"], strict=True) for s in t["seats"]),
        batch_size=1000)
    Substitution.objects.bulk_create(
        Substitution(table=table, seat=s["seat"], from_deal=s["from_deal"],
                     substitute=entry_of[s["substitute"]], replaced=entry_of[s["replaced"]],
                     reason=s["reason"], created_by=s["created_by"])
        for table, t in zip(tables, data["tables"], strict=True) for s in t["substitutions"])
    return series, list(zip(tables, data["tables"], strict=True))


def _results(tournament: Tournament, clean: dict, entry_of: dict[int, Entry]) -> None:
    """Teams, the organizer's own prizes and the lots that settled ties."""
    teams = Team.objects.bulk_create(Team(tournament=tournament, name=t["name"])
                                     for t in clean["teams"])
    Team.members.through.objects.bulk_create(
        Team.members.through(team=team, entry=entry_of[number])
        for team, t in zip(teams, clean["teams"], strict=True) for number in t["members"])
    CustomPrize.objects.bulk_create(CustomPrize(tournament=tournament, **prize)
                                    for prize in clean["custom_prizes"])
    PrizeLot.objects.bulk_create(
        PrizeLot(tournament=tournament, prize_number=lot["prize"],
                 winner=entry_of[lot["winner"]], note=lot["note"])
        for lot in clean["lots"])
