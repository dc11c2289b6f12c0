"""The audit page's words: what an entry stored, said in the reader's language when shown.

An audit entry is kept as it was written (its subject, the data keys and values of its before
and after); this module says them: the place from the entry's numbers, each data key as a
plain word, and the values that are the site's vocabulary (a series' or a sheet's status, a
seating method, a game, a trump, a penalty, a role…). Numbers, names and seeds stay as
stored, and so does anything this module does not know (an old entry, a new key).
"""

from __future__ import annotations

import re
from contextlib import suppress

from django.conf import settings
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from engine import (
    EngineError,
    Revoker,
    RuleSet,
    ScoringSystem,
    Suit,
    UnknownRuleSet,
    evaluate_deal,
    get_rule_set,
)
from engine.games import game_phrase
from tournament.deal_words import say_deal, say_penalty, say_words
from tournament.models import AuditAction, SeatingMethod, SeriesStatus, SheetStatus
from tournament.models.events import PUBLICATION_CHOICES
from tournament.seating.algorithms import TablePolicy
from tournament.stored_words import PHRASES, said_all
from tournament.words import say, word

A = AuditAction

# Every data key the site records (the snapshots of ``record_change``'s callers), as a plain
# word; a deal record's keys ("record.game") by their last part. A key not here is shown as
# stored.
FIELDS = {
    # a deal (sheets.confirmation.deal_state) and its record (engine.RecordKey)
    "number": pgettext_lazy("audit log field", "number"),
    "declarer": pgettext_lazy("audit log field", "declarer"),
    "value": pgettext_lazy("audit log field", "value"),
    "text": pgettext_lazy("audit log field", "description"),
    "contra_by": pgettext_lazy("audit log field", "contra by"),
    "revoked_by": pgettext_lazy("audit log field", "revoke by"),
    "game": pgettext_lazy("audit log field", "game"),
    "trump": pgettext_lazy("audit log field", "trump"),
    "matadors": pgettext_lazy("audit log field", "matadors"),
    "card_points": pgettext_lazy("audit log field", "card points"),
    "tricks": pgettext_lazy("audit log field", "tricks"),
    "schneider_announced": pgettext_lazy("audit log field", "Schneider announced"),
    "schwarz_announced": pgettext_lazy("audit log field", "Schwarz announced"),
    "passt_nicht": pgettext_lazy("audit log field", "Passt Nicht"),
    "conceded": pgettext_lazy("audit log field", "conceded"),
    # Translators: the flag of a game played from the hand, without the Skat
    "hand": pgettext_lazy("audit log field", "hand"),
    "ouvert": pgettext_lazy("audit log field", "ouvert"),
    "contra": pgettext_lazy("audit log field", "contra"),
    "recontra": pgettext_lazy("audit log field", "re-contra"),
    "bid": pgettext_lazy("audit log field", "bid"),
    "revoke": pgettext_lazy("audit log field", "revoke"),
    "loser": pgettext_lazy("audit log field", "loser"),
    "jungfer": pgettext_lazy("audit log field", "Jungfer"),
    # Translators: one player took every trick of a Ramsch
    "all_tricks": pgettext_lazy("audit log field", "all tricks"),
    "seat": pgettext_lazy("audit log field", "seat"),
    "reason": pgettext_lazy("audit log field", "reason"),
    "points": pgettext_lazy("audit log field", "points"),
    # a deal deleted or inserted (sheets.edits), a penalty, a substitute, an early end
    "later_deals": pgettext_lazy("audit log field", "later deals"),
    "mended": pgettext_lazy("audit log field", "mended"),
    "ended_after": pgettext_lazy("audit log field", "ended after deal"),
    "ended_by": pgettext_lazy("audit log field", "ended by"),
    "scheduled": pgettext_lazy("audit log field", "deals scheduled"),
    "note": pgettext_lazy("audit log field", "note"),
    "by_organizer": pgettext_lazy("audit log field", "by an organizer"),
    "deal": pgettext_lazy("audit log field", "deal"),
    "from_deal": pgettext_lazy("audit log field", "from deal"),
    "substitute": pgettext_lazy("audit log field", "substitute"),
    "replaces": pgettext_lazy("audit log field", "replaces"),
    # a score sheet (sheets.confirmation)
    "status": pgettext_lazy("audit log field", "status"),
    "submitted_by": pgettext_lazy("audit log field", "submitted by"),
    "submitted_from": pgettext_lazy("audit log field", "submitted from device"),
    "confirmed_by": pgettext_lazy("audit log field", "confirmed by"),
    # Translators: why a submitted sheet was opened again ("deal 7 corrected")
    "because": pgettext_lazy("audit log field", "because"),
    "totals": pgettext_lazy("audit log field", "totals"),
    # a series' plan (seating)
    "method": pgettext_lazy("audit log field", "method"),
    "seed": pgettext_lazy("audit log field", "seed"),
    "tables": pgettext_lazy("audit log field", "tables"),
    "repeat_pairs": pgettext_lazy("audit log field", "repeat pairs"),
    "table": pgettext_lazy("audit log field", "table"),
    "player": pgettext_lazy("audit log field", "player"),
    "other": pgettext_lazy("audit log field", "other player"),
    "other_table": pgettext_lazy("audit log field", "other player's table"),
    "other_seat": pgettext_lazy("audit log field", "other player's seat"),
    "players": pgettext_lazy("audit log field", "players"),
    "names": pgettext_lazy("audit log field", "names"),
    "name": pgettext_lazy("audit log field", "name"),
    # an entry, a keep-apart pair, an import (registration)
    "first_name": pgettext_lazy("audit log field", "first name"),
    "last_name": pgettext_lazy("audit log field", "last name"),
    "club": pgettext_lazy("audit log field", "club"),
    "email": pgettext_lazy("audit log field", "e-mail"),
    "publication": pgettext_lazy("audit log field", "name on public pages"),
    "pseudonym": pgettext_lazy("audit log field", "pseudonym"),
    "checked_in": pgettext_lazy("audit log field", "checked in"),
    "withdrawn": pgettext_lazy("audit log field", "withdrawn"),
    "same_person_as_before": pgettext_lazy("audit log field", "same person as before"),
    "first": pgettext_lazy("audit log field", "first player"),
    "second": pgettext_lazy("audit log field", "second player"),
    "imported": pgettext_lazy("audit log field", "imported"),
    "new_clubs": pgettext_lazy("audit log field", "new clubs"),
    "rows": pgettext_lazy("audit log field", "rows"),
    "linked_to_known_persons": pgettext_lazy("audit log field", "linked to known players"),
    "part": pgettext_lazy("audit log field", "part"),
    # clubs
    "city": pgettext_lazy("audit log field", "city"),
    "entries": pgettext_lazy("audit log field", "entries"),
    "entries_moved": pgettext_lazy("audit log field", "entries moved"),
    # a tournament imported from a file (exports.tournament_file.load)
    "deals": pgettext_lazy("audit log field", "deals"),
    # the tournament (views.organize._summary), its staff, its comparative set
    "rule_set": pgettext_lazy("audit log field", "rule set"),
    "options": pgettext_lazy("audit log field", "options"),
    "scoring_system": pgettext_lazy("audit log field", "scoring system"),
    "series_count": pgettext_lazy("audit log field", "series"),
    "deals_per_player": pgettext_lazy("audit log field", "deals per player"),
    "table_policy": pgettext_lazy("audit log field", "table sizes"),
    "public": pgettext_lazy("audit log field", "public"),
    "start_date": pgettext_lazy("audit log field", "start date"),
    "venue": pgettext_lazy("audit log field", "venue"),
    "blind_check": pgettext_lazy("audit log field", "blind check"),
    "provisional_public": pgettext_lazy("audit log field", "provisional standings public"),
    "time_zone": pgettext_lazy("audit log field", "time zone"),
    "paper": pgettext_lazy("audit log field", "paper"),
    "language": pgettext_lazy("audit log field", "language"),
    "settlement_rate": pgettext_lazy("audit log field", "settlement rate"),
    "series_removed": pgettext_lazy("audit log field", "series removed"),
    "role": pgettext_lazy("audit log field", "role"),
    "account_created": pgettext_lazy("audit log field", "account created"),
    "table_size": pgettext_lazy("audit log field", "table size"),
    "decks": pgettext_lazy("audit log field", "decks"),
    # the results (scoring: settings, teams, prizes, lots)
    "count_unconfirmed": pgettext_lazy("audit log field", "count unconfirmed sheets"),
    "one_prize_per_player": pgettext_lazy("audit log field", "one prize per player"),
    "club_best": pgettext_lazy("audit log field", "clubs count their best"),
    "prize_places": pgettext_lazy("audit log field", "places with a prize"),
    "league_schedule": pgettext_lazy("audit log field", "League Prize Schedule as well"),
    "substitutes": pgettext_lazy("audit log field", "substitutes"),
    "missing_deals": pgettext_lazy("audit log field", "missing deals"),
    "members": pgettext_lazy("audit log field", "members"),
    "winner": pgettext_lazy("audit log field", "winner"),
    "title": pgettext_lazy("audit log field", "title"),
    "kind": pgettext_lazy("audit log field", "kind"),
    "place": pgettext_lazy("audit log field", "place"),
    "games": pgettext_lazy("audit log field", "games that count"),
    "label": pgettext_lazy("audit log field", "short name"),
    # the money rules (money.services.snapshot)
    "preset": pgettext_lazy("audit log field", "preset"),
    "currency": pgettext_lazy("audit log field", "currency"),
    "settle_at_rate": pgettext_lazy("audit log field", "settle at the tables at a rate"),
    "rules": pgettext_lazy("audit log field", "money rules"),
}

# keys whose last part is the word: a deal's record, a tournament's options
_RECORD = "record."
_OPTIONS = "options."
# sheets.edits._move_absences: "substitute seat 3" (the seat whose substitute's first deal moved)
_SUBSTITUTE_SEAT = re.compile(r"substitute seat (\d+)")


def field_label(key: str) -> str:
    """A stored data key ("record.card_points") in plain words ("card points")."""
    if key in FIELDS:
        return str(FIELDS[key])
    if key.startswith(_RECORD) and key[len(_RECORD):] in FIELDS:
        return str(FIELDS[key[len(_RECORD):]])
    if key.startswith(_OPTIONS):
        # Translators: a rule set's option in the audit log ("option ramsch"), named by its key
        return pgettext("audit log field", "option %(option)s") % {
            "option": key[len(_OPTIONS):]}
    seat = _SUBSTITUTE_SEAT.fullmatch(key)
    if seat:
        return pgettext("audit log field", "substitute in seat %(seat)s") % {
            "seat": seat.group(1)}
    return key


# --- values --------------------------------------------------------------------------------

# values the site wrote in English, fixed words (lifecycle's reason, staff's roles, "none")
_FIXED = {
    "reason": {"every sheet is confirmed again":
               pgettext_lazy("audit log value", "every sheet is confirmed again")},
    "role": {"organizer": pgettext_lazy("audit log value", "organizer"),
             "assistant": pgettext_lazy("audit log value", "assistant"),
             "none": pgettext_lazy("audit log value", "none")},
    "later_deals": {"none": pgettext_lazy("audit log value", "none")},
    "mended": {"none": pgettext_lazy("audit log value", "none")},
}
_CHOICES: dict[str, dict[str, object]] = {
    "method": dict(SeatingMethod.choices),
    # each language by its own name; none: each visitor reads their own
    "language": {"": pgettext_lazy("a tournament's language", "each visitor's own"),
                 **dict(settings.LANGUAGES)},
    "publication": dict(PUBLICATION_CHOICES),
}
_PENALTY_ACTIONS = frozenset({A.PENALTY_ENTERED, A.PENALTY_DELETED})
_PART = re.compile(r"(\d+) of (\d+)")  # registration.importing: "part 1 of 3"


def register_values(key: str, choices) -> None:
    """Let an app say its own stored values: ``choices`` as a model field's (value, label)
    pairs, for the data key ``key`` (the results' settings register theirs: the tournament
    app imports no scoring)."""
    _CHOICES[key] = dict(choices)


def say_value(key: str, value, action: str, rules: RuleSet | None) -> str | None:
    """A stored value of ``key`` in the reader's language, or None: shown as stored."""
    if not isinstance(value, str):
        return None
    name = key[len(_RECORD):] if key.startswith(_RECORD) else key
    if name in _CHOICES:  # a choice may be the empty value ("each visitor's own" language)
        label = _CHOICES[name].get(value)
        return None if label is None else str(label)
    if not value:
        return None
    if name == "status":
        return _status(value, action)
    if name == "reason" and (action in _PENALTY_ACTIONS or key.startswith(_RECORD)):
        return say_penalty(rules, value) if rules is not None else None
    if name in _FIXED:
        fixed = _FIXED[name].get(value)
        return None if fixed is None else str(fixed)
    sayer = _SAYERS.get(name)
    return sayer(value, rules) if sayer is not None else None


def _status(value: str, action: str) -> str | None:
    """A series' status, or a sheet's (a sheet's reopening): "confirmed" is either."""
    first, then = ((SheetStatus, SeriesStatus) if action == A.SHEET_REOPENED
                   else (SeriesStatus, SheetStatus))
    for states in (first, then):
        if value in states.values:
            return str(states(value).label)
    return None


def _game(key: str, rules: RuleSet | None) -> str | None:
    if rules is None:
        return None
    try:
        return say(game_phrase(rules, key))
    except KeyError:  # not a game of the tournament's rule set (any more)
        return None


def _games(keys: str, rules: RuleSet | None) -> str | None:
    """A prize's games, "grand,grand_ouvert": each by its name."""
    names = [_game(key, rules) or key for key in keys.split(",") if key]
    return ", ".join(names) or None


def _trump(key: str, rules: RuleSet | None) -> str | None:
    try:
        return say(Suit.from_key(key).plural_words)
    except KeyError:
        return None


def _revoke(key: str, rules: RuleSet | None) -> str | None:
    return word(Revoker(key).label) if key in Revoker.__members__.values() else None


def _rule_set(key: str, rules: RuleSet | None) -> str | None:
    try:
        return word(get_rule_set(key).name)
    except UnknownRuleSet:
        return None


def _scoring_system(key: str, rules: RuleSet | None) -> str | None:
    try:
        return word(ScoringSystem(key).label)
    except ValueError:  # not a system's key: shown as stored
        return None


def _table_policy(key: str, rules: RuleSet | None) -> str | None:
    return gettext(TablePolicy(key).label) if key in TablePolicy.__members__.values() else None


def _paper(key: str, rules: RuleSet | None) -> str | None:
    return gettext("US Letter") if key == "letter" else None


def _part(value: str, rules: RuleSet | None) -> str | None:
    part = _PART.fullmatch(value)
    # Translators: one part of a players' import in several ("part 1 of 3")
    return (pgettext("audit log value", "%(part)s of %(parts)s")
            % {"part": part.group(1), "parts": part.group(2)}) if part else None


_SAYERS = {"game": _game, "games": _games, "trump": _trump, "revoke": _revoke,
           "rule_set": _rule_set, "scoring_system": _scoring_system,
           "table_policy": _table_policy, "paper": _paper, "part": _part}


def readable(state, rules: RuleSet | None = None, options=None):
    """A stored before or after, its deal's English ``text`` said in the reader's language:
    from the deal's ``words`` when the snapshot holds them (no key of their own then), else
    from its ``record`` scored again under ``rules`` and ``options`` if that gives the very
    English stored (an entry kept before the words were); otherwise as stored. The values
    kept with their words (``stored_words``: why a sheet reopened, the later deals a delete
    moved…) are said from them."""
    if isinstance(state, dict) and PHRASES in state:
        state = said_all(state)
    if not isinstance(state, dict) or ("words" not in state
                                       and not isinstance(state.get("text"), str)):
        return state
    state = dict(state)
    words = state.pop("words", None)
    if words and isinstance(words, str):
        with suppress(ValueError, TypeError, KeyError):  # unreadable words: the English
            state["text"] = say_deal(words)
    elif (isinstance(state.get("text"), str) and isinstance(state.get("record"), dict)
          and rules is not None):
        with suppress(EngineError, ValueError, TypeError, KeyError):  # a record gone wrong
            evaluation = evaluate_deal(state["record"], rules, options)
            if evaluation.text == state["text"]:
                state["text"] = say_words(evaluation.words)
    return state


# --- the subject ---------------------------------------------------------------------------

_IMPORTED = re.compile(r"(\d+) players from CSV(?: \(rows (\d+) to (\d+), part (\d+) of "
                       r"(\d+)\))?")
_PRIZE = re.compile(r"prize (\d+)")


def subject_words(entry) -> str:
    """What an entry is about: the place from its numbers ("series 1 table 2 deal 3"), the
    few subjects the site wrote in English said again, else the subject as stored (a player,
    a club, a tournament, a team, a prize: names)."""
    if entry.series is not None:
        place = {"series": entry.series, "table": entry.table, "deal": entry.deal}
        if entry.table is None:
            return gettext("series %(series)s") % place
        if entry.deal is None:
            return gettext("series %(series)s table %(table)s") % place
        return gettext("series %(series)s table %(table)s deal %(deal)s") % place
    subject = entry.subject
    if entry.action == A.PLAYERS_IMPORTED and (found := _IMPORTED.fullmatch(subject)):
        count, first, last, part, parts = found.groups()
        words = {"count": count, "first": first, "last": last, "part": part, "parts": parts}
        if first is None:
            return ngettext("%(count)s player from CSV", "%(count)s players from CSV",
                            int(count)) % words
        return ngettext("%(count)s player from CSV (rows %(first)s to %(last)s, part "
                        "%(part)s of %(parts)s)",
                        "%(count)s players from CSV (rows %(first)s to %(last)s, part "
                        "%(part)s of %(parts)s)", int(count)) % words
    if entry.action == A.LOT_RECORDED and (found := _PRIZE.fullmatch(subject)):
        return gettext("prize %(number)s") % {"number": found.group(1)}
    return subject
