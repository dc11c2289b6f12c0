"""Anonymizing a tournament that has ended: every player becomes "Player 17", the results stay.

What is kept and what is replaced is written in docs/access.md ("Privacy"). One transaction:
the names go from the entries, the persons no other tournament knows, the audit log's words,
and the names typed for the scorekeepers; the e-mails and pseudonyms are dropped.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy

from tournament.audit import record_change
from tournament.models import (
    AuditAction,
    AuditEntry,
    Deal,
    Entry,
    Penalty,
    Player,
    SeriesStatus,
    Table,
    Tournament,
)
from tournament.privacy import full
from tournament.refusals import Refusal

# Translators: the name an anonymized tournament gives each player, by his number
ANONYMOUS = gettext_lazy("Player %(number)s")


class AnonymizeError(Refusal):
    """Why this tournament cannot be anonymized now."""


def refusal(tournament: Tournament) -> str | None:
    """Why ``tournament`` may not be anonymized, or None: it must have ended (its last day
    passed, or every series is released) and not be anonymized already."""
    if tournament.anonymized_at is not None:
        return gettext("This tournament was anonymized already.")
    last_day = tournament.end_date or tournament.start_date
    today = timezone.localdate(timezone=tournament.zone)
    statuses = set(tournament.series.values_list("status", flat=True))
    if last_day < today or (statuses and statuses <= {SeriesStatus.RELEASED}):
        return None
    return gettext("Anonymize a tournament once it has ended: after its last day, or once "
                   "every series is released.")


def anonymous_name(tournament: Tournament, number: int) -> str:
    """ "Player 17" in the tournament's language (the site's where it has none): stored, so
    every reader reads the same."""
    with translation.override(tournament.language or settings.LANGUAGE_CODE):
        return str(ANONYMOUS) % {"number": number}


def anonymize(tournament: Tournament, user) -> int:
    """Replace every player's name by "Player <number>", keep every result; returns the
    number of entries anonymized. Refused (``AnonymizeError``) before the tournament ended."""
    problem = refusal(tournament)
    if problem:
        raise AnonymizeError(problem)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        problem = refusal(tournament)
        if problem:
            raise AnonymizeError(problem)
        entries = list(Entry.objects.filter(tournament=tournament).select_related("player"))
        replaced = _replacements(tournament, entries)
        _rename_entries(tournament, entries)
        _scrub_words(tournament, replaced)
        tournament.anonymized_at = timezone.now()
        tournament.save(update_fields=["anonymized_at"])
        record_change(tournament, user, AuditAction.TOURNAMENT_ANONYMIZED, tournament.name,
                      after={"entries": len(entries)})
    return len(entries)


def _replacements(tournament: Tournament, entries: list[Entry]) -> list[tuple[str, str]]:
    """(what was written, what replaces it): each player's names as pages and logs wrote them,
    longest first so that "Müller, Jürgen" goes before "Jürgen"."""
    found: dict[str, str] = {}
    for entry in entries:
        anonymous = anonymous_name(tournament, entry.number)
        for written in (entry.name, entry.sort_name, f"{entry.last_name} {entry.first_name}",
                        entry.pseudonym, entry.player.name):
            if written and len(written.strip()) > 2:
                found.setdefault(written.strip(), anonymous)
    return sorted(found.items(), key=lambda pair: -len(pair[0]))


def _rename_entries(tournament: Tournament, entries: list[Entry]) -> None:
    """Each entry named by its number; its person too where no other tournament knows him
    (else the entry gets a person of its own, and the other tournaments keep theirs)."""
    for entry in entries:
        anonymous = anonymous_name(tournament, entry.number)
        person = entry.player
        if _known_elsewhere(person, entry):
            entry.player = Player.objects.create(first_name="", last_name=anonymous)
        else:
            person.first_name, person.last_name = "", anonymous
            person.save(update_fields=["first_name", "last_name"])
        entry.first_name, entry.last_name = "", anonymous
        entry.email, entry.publication, entry.pseudonym = "", "", ""
        entry.save(update_fields=["player", "first_name", "last_name", "email",
                                  "publication", "pseudonym"])


def _known_elsewhere(person: Player, entry: Entry) -> bool:
    """Whether anything besides this entry names the person: another tournament's entry, or
    a record of an outer app (a club's membership, seasons.Member) that keeps his name."""
    for relation in Player._meta.related_objects:
        rows = relation.related_model._default_manager.filter(**{relation.field.name: person})
        if relation.related_model is Entry:
            rows = rows.exclude(pk=entry.pk)
        if rows.exists():
            return True
    return False


def _scrub(value, replaced: list[tuple[str, str]]):
    """``value`` (text, or a stored before/after of lists and dicts) with every name
    replaced."""
    if isinstance(value, str):
        for written, anonymous in replaced:
            if written in value:
                value = value.replace(written, anonymous)
        return value
    if isinstance(value, list):
        return [_scrub(item, replaced) for item in value]
    if isinstance(value, dict):
        found = {key: _scrub(item, replaced) for key, item in value.items()}
        if isinstance(value.get("first_name"), str) and isinstance(value.get("last_name"), str):
            # an entry's snapshot keeps the name in two fields: anonymized as one
            whole = full(value["first_name"], value["last_name"])
            if _scrub(whole, replaced) != whole:
                found["first_name"], found["last_name"] = "", _scrub(whole, replaced)
        for private in ("email", "pseudonym"):
            if private in found:
                found[private] = ""
        return found
    return value


# The free text of the tournament's rows where a player's name may have been written: the
# audit log's words and the names scorekeepers typed on their table links.
_TEXT_FIELDS = (
    (AuditEntry, "tournament", ("subject", "actor", "before", "after")),
    (Deal, "table__series__tournament", ("entered_by",)),
    (Penalty, "table__series__tournament", ("entered_by", "note")),
    (Table, "series__tournament", ("submitted_by", "confirmed_by", "ended_by",
                                   "ended_reason", "withdrawal")),
)


def _scrub_words(tournament: Tournament, replaced: list[tuple[str, str]]) -> None:
    """Every name in the free text of the tournament's rows, replaced: only the rows that
    change are written."""
    for model, to_tournament, fields in _TEXT_FIELDS:
        changed = []
        for row in model.objects.filter(**{to_tournament: tournament}).only("pk", *fields):
            new = {name: _scrub(getattr(row, name), replaced) for name in fields}
            if any(new[name] != getattr(row, name) for name in fields):
                for name, value in new.items():
                    setattr(row, name, value)
                changed.append(row)
        if changed:
            model.objects.bulk_update(changed, fields, batch_size=500)
