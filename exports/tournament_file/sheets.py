"""The sheets of an imported tournament, scored again: every deal through the one writer of
a deal's row (``sheets.rows.scored_row``: its seats checked against the table, its record
scored and put in words by the engine, its scoring columns), its stored outcome compared
with the rules', every penalty through the engine's penalty; then each sheet's foot and each
seat's column of it, as the demo writes them in bulk. A disagreement is a problem named by
its place ("series 2, table 14, deal 7: …"), never a deal stored as the file says."""

from __future__ import annotations

from django.utils.translation import gettext as _

from engine import EngineError, GameKey, evaluate_outcome
from tournament.models import Deal, Penalty, Series, Table
from tournament.sheets.foot import FOOT_COLUMNS, GAMES_COLUMN
from tournament.sheets.loaders import DealInput
from tournament.sheets.rows import feet_to_seats, foot_of_rows, scored_row, set_foot
from tournament.sheets.seated import TableInfo, table_info
from tournament.words import refusal

from .document import Found, at


def score_series(series: Series, tables: list[tuple[Table, dict]], found: Found) -> int:
    """Score and store the deals and penalties of ``series``' tables (each saved, with its
    seats, beside what the file holds of it), their feet and the seats' columns; returns the
    deals stored. Problems go to ``found``; the caller refuses the file if it holds any."""
    deals: list[Deal] = []
    penalties: list[Penalty] = []
    for table, data in tables:
        info = table_info(table)
        place = {"series": series.number, "table": table.number}
        for sub in data["substitutions"]:
            if sub["from_deal"] > max(info.deal_count, 1):
                found.add(at(sub["path"], "from_deal"),
                          _("%(where)s: the sheet has %(count)s deals.")
                          % {"where": _("series %(series)s, table %(table)s") % place,
                             "count": info.deal_count})
        scored = [row for deal in data["deals"]
                  if (row := _scored(info, deal, {**place, "deal": deal["number"]}, found))]
        set_foot(table, foot_of_rows(scored))
        deals += scored
        penalties += [penalty for item in data["penalties"]
                      if (penalty := _penalty(info, item, place, found))]
    if found.problems:
        return 0
    Deal.objects.bulk_create(deals, batch_size=500)
    Penalty.objects.bulk_create(penalties, batch_size=500)
    Table.objects.bulk_update([table for table, _data in tables],
                              [*FOOT_COLUMNS, GAMES_COLUMN], batch_size=500)
    feet_to_seats(series=series.pk)
    return len(deals)


def _scored(info: TableInfo, deal: dict, place: dict, found: Found) -> Deal | None:
    """The deal's row as the site writes it, or None after its problem."""
    path, number = deal["path"], deal["number"]
    where = _("series %(series)s, table %(table)s, deal %(deal)s") % place
    if number > info.deal_count:
        found.add(at(path, "number"), _("%(where)s: the sheet has %(count)s deals.")
                  % {"where": where, "count": info.deal_count})
        return None
    dealer, deck = info.dealer(number), info.deck(number)
    if deal["dealer"] != dealer:
        found.add(at(path, "dealer"), _("%(where)s: seat %(seat)s deals it, not seat "
                                        "%(given)s.")
                  % {"where": where, "seat": dealer, "given": deal["dealer"]})
        return None
    if deal["deck"] != (deck.number if deck else None):
        found.add(at(path, "deck"), _("%(where)s: the table plays deck %(deck)s as this deal.")
                  % {"where": where, "deck": deck.number if deck else "–"})
        return None
    data = DealInput(record=deal["record"], declarer=deal["declarer"],
                     contra_by=deal["contra_by"], revoked_by=deal["revoked_by"])
    try:
        row = scored_row(info, number, data, deal["entered_by"])
    except EngineError as exc:
        field = getattr(exc, "field", "") or ""
        found.add(at(path, field) if field else path, _("%(where)s: %(refusal)s")
                  % {"where": where, "refusal": refusal(exc)})
        return None
    if row.outcome != deal["outcome"]:
        found.add(at(path, "outcome"), _("%(where)s: the file's outcome is not the rules' "
                                         "(%(differences)s).")
                  % {"where": where, "differences": _differences(deal["outcome"], row.outcome)})
        return None
    row.version = deal["version"]
    return row


def _differences(stored: dict, computed: dict) -> str:
    """ "value: the file says 48, the rules give 72" for each key that differs."""
    absent = _("nothing")
    keys = [*computed, *(k for k in stored if k not in computed)]
    return "; ".join(
        _("%(key)s: the file says %(stored)s, the rules give %(computed)s")
        % {"key": key[:40], "stored": _shown(stored.get(key, absent)),
           "computed": _shown(computed.get(key, absent))}
        for key in keys if key not in stored or key not in computed
        or stored[key] != computed[key])


def _shown(value) -> str:
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return text if len(text) <= 40 else text[:40] + "…"


def _penalty(info: TableInfo, penalty: dict, place: dict, found: Found) -> Penalty | None:
    """The penalty's row, its reason and points checked by the engine as the sheet's form
    has them checked (no points given: the rule set's own), or None after its problem."""
    path = penalty["path"]
    where = _("series %(series)s, table %(table)s") % place
    for key in ("after_deal", "deal"):
        if (penalty[key] or 0) > info.deal_count:
            found.add(at(path, key), _("%(where)s: the sheet has %(count)s deals.")
                      % {"where": where, "count": info.deal_count})
            return None
    record = {"game": GameKey.PENALTY, "seat": penalty["seat"], "reason": penalty["reason"]}
    if penalty["points"]:
        record["points"] = penalty["points"]
    try:
        outcome = evaluate_outcome(record, info.rules, info.options)
    except EngineError as exc:
        found.add(at(path, getattr(exc, "field", "") or "reason"),
                  _("%(where)s: %(refusal)s") % {"where": where, "refusal": refusal(exc)})
        return None
    if -outcome.value != penalty["points"]:
        found.add(at(path, "points"), _("%(where)s: the rule set charges %(points)s points "
                                        "for this penalty.")
                  % {"where": where, "points": -outcome.value})
        return None
    return Penalty(table=info.table, **{key: penalty[key] for key in (
        "after_deal", "seat", "deal", "reason", "points", "note", "entered_by",
        "by_organizer")})
