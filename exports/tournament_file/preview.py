"""What an uploaded tournament file would become, said before anything is saved: the file
read into the database in full and rolled back (``load.import_document(dry_run=True)``), so
that the preview names every refusal the confirmation would meet, and the short name the
new tournament would get."""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass

from engine import ScoringSystem, UnknownRuleSet, get_rule_set
from tournament.models import SeriesStatus
from tournament.words import word

from .document import FileRefused, read_document
from .load import import_document


@dataclass(frozen=True)
class SeriesLine:
    number: int
    status: str
    tables: int
    deals: int

    @property
    def status_label(self) -> str:
        return str(SeriesStatus(self.status).label)


@dataclass(frozen=True)
class Preview:
    """The preview page's facts (kept as JSON beside the waiting file); ``problems``: the
    refusals, each at its place, when the file cannot be read in."""

    problems: tuple[str, ...] = ()
    name: str = ""
    start_date: str = ""
    end_date: str | None = None
    rule_set: str = ""
    scoring_system: str = ""
    comparative: bool = False
    entries: int = 0
    series: tuple[SeriesLine, ...] = ()
    deals: int = 0
    slug: str = ""
    new_clubs: tuple[str, ...] = ()
    exported_at: str | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def start(self) -> datetime.date | None:
        return datetime.date.fromisoformat(self.start_date) if self.start_date else None

    @property
    def end(self) -> datetime.date | None:
        return datetime.date.fromisoformat(self.end_date) if self.end_date else None

    @property
    def exported(self) -> datetime.datetime | None:
        return datetime.datetime.fromisoformat(self.exported_at) if self.exported_at else None

    @property
    def rule_set_name(self) -> str:
        try:
            return f"{word(get_rule_set(self.rule_set).name)} ({self.rule_set})"
        except UnknownRuleSet:
            return self.rule_set

    @property
    def scoring_name(self) -> str:
        return word(ScoringSystem(self.scoring_system).label) if self.scoring_system else ""

    def as_json(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Preview:
        fields = {f.name for f in dataclasses.fields(cls)}
        known = {key: value for key, value in data.items() if key in fields}
        known["series"] = tuple(SeriesLine(**line) for line in known.get("series", ()))
        for name in ("problems", "new_clubs"):
            known[name] = tuple(known.get(name, ()))
        return cls(**known)


def preview_file(data: bytes, owner) -> Preview:
    """What ``data`` would become as ``owner``'s new tournament, or every refusal."""
    try:
        document = read_document(data)
        imported = import_document(document, owner, dry_run=True)
    except FileRefused as refused:
        return Preview(problems=tuple(str(problem) for problem in refused.problems))
    tournament = document["tournament"]
    return Preview(
        name=tournament["name"], start_date=tournament["start_date"],
        end_date=tournament["end_date"], rule_set=tournament["rule_set"],
        scoring_system=tournament["scoring_system"],
        comparative=document["comparative"] is not None, entries=imported.entries,
        series=tuple(SeriesLine(s["number"], s["status"], len(s["tables"]),
                                sum(len(t["deals"]) for t in s["tables"]))
                     for s in document["series"]),
        deals=imported.deals, slug=imported.slug, new_clubs=tuple(imported.new_clubs),
        exported_at=document.get("exported_at"))
