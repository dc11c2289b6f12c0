"""Deals on a table's score sheet: record, correct, delete, penalties, submit and confirm.

One transaction per action; every change is kept in the audit log with before and after.
A form's version guards against two devices on one sheet: a stale save is refused and the
newer data kept.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from engine import (
    EngineError,
    GameKey,
    InvalidRecord,
    Outcome,
    Revoker,
    RuleSet,
    dealer_seat,
    describe,
    evaluate_outcome,
    get_rule_set,
)
from tournament import lifecycle
from tournament.audit import record_change
from tournament.models import Deal, Penalty, SeriesStatus, SheetStatus, Table
from tournament.permissions import Role, role_of
from tournament.sheets.sheet import Sheet, SheetDeal, SheetPenalty, build_sheet, deal_entries


class SheetError(ValueError):
    """A change the sheet refuses, in one sentence for the person at the table."""


class StaleSheet(SheetError):
    pass


@dataclass(frozen=True)
class Player:
    position: int
    number: int
    name: str


@dataclass(frozen=True)
class TableInfo:
    table: Table
    rules: RuleSet
    options: dict[str, bool]
    players: tuple[Player, ...]  # seat order
    deal_count: int

    @property
    def size(self) -> int:
        return len(self.players)

    @property
    def tournament(self):
        return self.table.series.tournament

    def name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return next((p.name for p in self.players if p.position == seat), f"seat {seat}")

    def dealer(self, number: int) -> int:
        return dealer_seat(number, self.size, self.rules)


def table_info(table: Table) -> TableInfo:
    tournament = table.series.tournament
    players = tuple(
        Player(position, number, f"{first} {last}")
        for position, number, first, last in table.seats.order_by("position").values_list(
            "position", "entry__number", "entry__first_name",
            "entry__last_name")
    )
    return TableInfo(table=table, rules=get_rule_set(tournament.rule_set),
                     options=tournament.resolved_options, players=players,
                     deal_count=tournament.deals_at(len(players)))


@dataclass(frozen=True)
class DealInput:
    """What the entry form produced: the canonical record plus the seats it names."""

    record: dict
    declarer: int | None = None
    contra_by: int | None = None
    revoked_by: int | None = None


@dataclass(frozen=True)
class Scored:
    outcome: Outcome
    text: str
    entries: dict[int, int]


def score_input(info: TableInfo, number: int, data: DealInput) -> Scored:
    """Check the seats against the table and score the record; raises InvalidRecord."""
    record = data.record
    game = info.rules.game(record.get("game", ""))
    dealer = info.dealer(number)
    seats = {p.position for p in info.players}
    sits_out = dealer if info.size == 4 else None
    declared = game is not None and game.is_declared
    if declared:
        if data.declarer not in seats:
            raise InvalidRecord("declarer", "declarer_missing", "Declarer: choose who played.")
        if data.declarer == sits_out:
            raise InvalidRecord("declarer", "dealer_sits_out",
                                "Declarer: the dealer sits out at a four-table and cannot "
                                "play this deal.")
    elif data.declarer is not None:
        raise InvalidRecord("declarer", "no_declarer", "Declarer: nobody plays a "
                            f"{game.name if game else 'deal'}.")
    if record.get("game") == GameKey.RAMSCH and record.get("loser") == sits_out:
        raise InvalidRecord("loser", "dealer_sits_out",
                            "Loser: the dealer sits out at a four-table and took no tricks.")
    for key, seat, what in (("contra_by", data.contra_by, "said Contra"),
                            ("revoked_by", data.revoked_by, "revoked")):
        if seat is None:
            continue
        if seat not in seats or seat in (data.declarer, sits_out):
            raise InvalidRecord(key, "not_an_opponent",
                                f"{'Contra' if key == 'contra_by' else 'Revoked'} by: only an "
                                f"opponent of the declarer {what}.")
    if record.get("contra") and data.contra_by is None:
        raise InvalidRecord("contra_by", "contra_by_missing",
                            "Contra by: choose the opponent who said Contra.")
    if record.get("revoke") == Revoker.OPPONENT and data.revoked_by is None:
        raise InvalidRecord("revoked_by", "revoked_by_missing",
                            "Revoked by: choose the opponent who revoked.")
    outcome = evaluate_outcome(record, info.rules, info.options)
    text = describe(record, info.rules, info.options)
    entries = deal_entries(
        outcome.value, data.declarer, loser=record.get("loser"),
        contra_by=data.contra_by, contra_value=outcome.contra_value,
        revoked_by=data.revoked_by if record.get("revoke") == Revoker.OPPONENT else None,
        revoke_value=outcome.revoke_value,
    )
    return Scored(outcome, text, entries)


def _sheet_deal(deal: Deal) -> SheetDeal:
    outcome = deal.outcome
    return SheetDeal(
        number=deal.number, dealer=deal.dealer, declarer=deal.declarer, text=deal.description,
        value=deal.value, won=outcome.get("won") if deal.declarer else None, key=deal.pk,
        entries=deal_entries(deal.value, deal.declarer, loser=deal.record.get("loser"),
                             contra_by=deal.contra_by, contra_value=outcome.get("contra_value"),
                             revoked_by=deal.revoked_by,
                             revoke_value=outcome.get("revoke_value")),
    )


def penalty_text(info: TableInfo, penalty: Penalty) -> str:
    kind = info.rules.penalty(penalty.reason)
    text = kind.text if kind else penalty.reason
    return f"Penalty: {text}" + (f" ({penalty.note})" if penalty.note else "")


def load_sheet(info: TableInfo, extra: SheetDeal | None = None) -> Sheet:
    """The sheet from the database (two queries), optionally with a deal not yet saved."""
    deals = list(info.table.deals.all())
    sheet_deals = [_sheet_deal(d) for d in deals]
    if extra is not None:
        sheet_deals = [d for d in sheet_deals if d.number != extra.number] + [extra]
    penalties = [
        SheetPenalty(p.after_deal, p.seat, p.points, penalty_text(info, p), key=p.pk)
        for p in info.table.penalties.all()
    ]
    sheet = build_sheet(info.size, info.deal_count, sheet_deals, penalties, info.rules)
    problems = list(sheet.problems)
    for deal in deals:  # a stored value must still be what the rules give
        try:
            value = evaluate_outcome(deal.record, info.rules, info.options).value
        except EngineError as exc:
            problems.append(f"Deal {deal.number}: {exc}")
            continue
        if value != deal.value:
            problems.append(f"Deal {deal.number}: stored {deal.value}, the rules give {value}.")
    if problems != list(sheet.problems):
        sheet = Sheet(sheet.seats, sheet.deal_count, sheet.rows, sheet.totals, sheet.played,
                      tuple(problems))
    return sheet


def preview(info: TableInfo, number: int, data: DealInput) -> tuple[Scored, Sheet]:
    scored = score_input(info, number, data)
    candidate = SheetDeal(number, info.dealer(number), data.declarer, scored.text,
                          scored.outcome.value, scored.entries, scored.outcome.won)
    return scored, load_sheet(info, extra=candidate)


def _lock(table: Table) -> Table:
    return Table.objects.select_for_update().select_related("series__tournament").get(
        pk=table.pk)


def _require_open(table: Table, user) -> None:
    series = table.series
    if series.status == SeriesStatus.DRAFT:
        raise SheetError(f"Series {series.number} is not published yet; deals cannot be "
                         "entered.")
    seated = table.seats.count()
    if seated not in (3, 4):
        raise SheetError(f"Table {table.number} has {seated} players; a score "
                         "sheet needs 3 or 4. An organizer corrects the series plan first.")
    if table.sheet_status != SheetStatus.CONFIRMED:
        return
    if role_of(user, series.tournament) is not Role.ORGANIZER:
        raise SheetError("This sheet is confirmed; only an organizer can change it now.")
    if series.is_released:
        raise SheetError(f"The results of series {series.number} are released; reopen this "
                         "sheet first (the public pages then say a correction is in "
                         "progress).")


def _changed(table: Table, actor: str, user, session: str = "") -> None:
    """Bump the sheet's version; a change to a submitted sheet reopens it."""
    table.sheet_version += 1
    fields = ["sheet_version"]
    if table.sheet_status == SheetStatus.SUBMITTED:
        table.sheet_status = SheetStatus.OPEN
        table.submitted_by, table.submitted_at = "", None
        fields += ["sheet_status", "submitted_by", "submitted_at"]
        record_change(table.series.tournament, user, "sheet reopened", _subject(table),
                      actor=actor, session=session, before={"status": "submitted"},
                      after={"status": "open"})
    table.save(update_fields=fields)
    lifecycle.deal_recorded(table.series, user, actor)


def _subject(table: Table, number: int | None = None) -> str:
    where = f"series {table.series.number} table {table.number}"
    return f"{where} deal {number}" if number else where


def _deal_state(deal: Deal) -> dict:
    return {"number": deal.number, "declarer": deal.declarer, "record": deal.record,
            "value": deal.value, "text": deal.description, "contra_by": deal.contra_by,
            "revoked_by": deal.revoked_by}


def add_deal(table: Table, data: DealInput, sheet_version: int, actor: str, user=None,
             session: str = "") -> Deal:
    """Record the next deal of the sheet."""
    with transaction.atomic():
        table = _lock(table)
        _require_open(table, user)
        if table.sheet_version != sheet_version:
            raise StaleSheet(STALE_ENTRY)
        info = table_info(table)
        number = table.deals.count() + 1
        if number > info.deal_count:
            raise SheetError(f"All {info.deal_count} deals of this series are entered.")
        scored = score_input(info, number, data)
        try:
            with transaction.atomic():
                deal = Deal.objects.create(
                    table=table, number=number, dealer=info.dealer(number),
                    declarer=data.declarer, contra_by=data.contra_by,
                    revoked_by=data.revoked_by, record=data.record,
                    outcome=scored.outcome.as_dict(), value=scored.outcome.value,
                    description=scored.text, entered_by=actor,
                )
        except IntegrityError as exc:
            raise StaleSheet(f"Deal {number} is already on this sheet.") from exc
        _changed(table, actor, user, session)
        record_change(table.series.tournament, user, "deal entered", _subject(table, number),
                      actor=actor, session=session, after=_deal_state(deal))
    return deal


STALE_ENTRY = ("This sheet was changed on another device: your entry was not saved. The newer "
               "sheet is shown; enter the deal again if it is still missing.")


def correct_deal(table: Table, number: int, data: DealInput, version: int, actor: str,
                 user=None, session: str = "") -> Deal:
    """Replace deal ``number``; the old version stays in the audit log."""
    with transaction.atomic():
        table = _lock(table)
        _require_open(table, user)
        deal = table.deals.filter(number=number).first()
        if deal is None:
            raise SheetError(f"There is no deal {number} on this sheet.")
        if deal.version != version:
            raise StaleSheet(f"Deal {number} was changed on another device: your correction "
                             "was not saved. The newer entry is shown.")
        info = table_info(table)
        scored = score_input(info, number, data)
        before = _deal_state(deal)
        deal.declarer, deal.contra_by, deal.revoked_by = (data.declarer, data.contra_by,
                                                          data.revoked_by)
        deal.record, deal.outcome = data.record, scored.outcome.as_dict()
        deal.value, deal.description = scored.outcome.value, scored.text
        deal.version += 1
        deal.entered_by = actor
        deal.save()
        _changed(table, actor, user, session)
        record_change(table.series.tournament, user, "deal corrected", _subject(table, number),
                      actor=actor, session=session, before=before, after=_deal_state(deal))
    return deal


def delete_deal(table: Table, number: int, user, session: str = "") -> None:
    """Remove deal ``number`` (organizers only); later deals move up one number."""
    with transaction.atomic():
        table = _lock(table)
        if role_of(user, table.series.tournament) is not Role.ORGANIZER:
            raise SheetError("Only an organizer can delete a deal.")
        _require_open(table, user)
        deal = table.deals.filter(number=number).first()
        if deal is None:
            raise SheetError(f"There is no deal {number} on this sheet.")
        before = _deal_state(deal)
        deal.delete()
        info = table_info(table)
        for later in table.deals.filter(number__gt=number).order_by("number"):
            later.number -= 1
            later.dealer = info.dealer(later.number)
            later.version += 1
            later.save(update_fields=["number", "dealer", "version"])
        table.penalties.filter(after_deal__gte=number).update(after_deal=F("after_deal") - 1)
        _changed(table, user.get_username(), user, session)
        record_change(table.series.tournament, user, "deal deleted", _subject(table, number),
                      session=session, before=before)


def add_penalty(table: Table, seat: int, reason: str, points: int | None, note: str,
                sheet_version: int, actor: str, user=None, session: str = "") -> Penalty:
    with transaction.atomic():
        table = _lock(table)
        _require_open(table, user)
        if table.sheet_version != sheet_version:
            raise StaleSheet("This sheet was changed on another device: the penalty was not "
                             "saved. The newer sheet is shown.")
        info = table_info(table)
        if seat not in {p.position for p in info.players}:
            raise InvalidRecord("seat", "seat_missing", "Seat: choose the penalised player.")
        record = {"game": GameKey.PENALTY, "seat": seat, "reason": reason}
        if points:
            record["points"] = points
        outcome = evaluate_outcome(record, info.rules, info.options)
        by_organizer = role_of(user, info.tournament) is Role.ORGANIZER
        penalty = Penalty.objects.create(
            table=table, after_deal=table.deals.count(), seat=seat, reason=reason,
            points=-outcome.value, note=note, entered_by=actor, by_organizer=by_organizer,
        )
        _changed(table, actor, user, session)
        record_change(table.series.tournament, user, "penalty entered", _subject(table),
                      actor=actor, session=session,
                      after={"seat": seat, "reason": reason, "points": penalty.points,
                             "note": note, "by_organizer": by_organizer})
    return penalty


def delete_penalty(table: Table, penalty_id: int, actor: str, user=None,
                   session: str = "") -> None:
    """Remove a penalty; one an organizer gave only an organizer removes."""
    with transaction.atomic():
        table = _lock(table)
        _require_open(table, user)
        penalty = table.penalties.filter(pk=penalty_id).first()
        if penalty is None:
            raise SheetError("That penalty is not on this sheet.")
        if penalty.by_organizer and role_of(user, table.series.tournament) is not Role.ORGANIZER:
            raise SheetError("An organizer gave this penalty; only an organizer can remove it.")
        before = {"seat": penalty.seat, "reason": penalty.reason, "points": penalty.points}
        penalty.delete()
        _changed(table, actor, user, session)
        record_change(table.series.tournament, user, "penalty deleted", _subject(table),
                      actor=actor, session=session, before=before)


def submit_sheet(table: Table, name: str, user=None, session: str = "") -> None:
    """The scorekeeper hands in a complete sheet for a second person to confirm."""
    name = name.strip()
    with transaction.atomic():
        table = _lock(table)
        _require_open(table, user)
        if table.sheet_status != SheetStatus.OPEN:
            raise SheetError("This sheet is already submitted.")
        if not name:
            raise SheetError("Enter your name to submit the sheet.")
        sheet = load_sheet(table_info(table))
        if not sheet.complete:
            missing = (f"{sheet.deal_count - sheet.played} deal(s) are missing"
                       if sheet.played < sheet.deal_count else "; ".join(sheet.problems))
            raise SheetError(f"The sheet cannot be submitted yet: {missing}.")
        table.sheet_status = SheetStatus.SUBMITTED
        table.submitted_by, table.submitted_at = name, timezone.now()
        table.submitted_session = session
        table.sheet_version += 1
        table.save(update_fields=["sheet_status", "submitted_by", "submitted_at",
                                  "submitted_session", "sheet_version"])
        record_change(table.series.tournament, user, "sheet submitted", _subject(table),
                      actor=name, session=session, after={"totals": list(sheet.totals)})


def confirm_sheet(table: Table, name: str, user=None, totals: list[int] | None = None,
                  override: bool = False, session: str = "") -> None:
    """A second person confirms: another player of the table, on another device than the one
    that submitted, or the tournament's staff. Only an organizer may override (confirm his
    own submission, skip the blind check)."""
    name = name.strip()
    with transaction.atomic():
        table = _lock(table)
        tournament = table.series.tournament
        role = role_of(user, tournament)
        override = override and role is Role.ORGANIZER
        if table.sheet_status != SheetStatus.SUBMITTED:
            raise SheetError("Only a submitted sheet can be confirmed.")
        info = table_info(table)
        if role >= Role.ASSISTANT and not name:
            name = user.get_username()
        players = {p.name.lower() for p in info.players}
        if role is Role.NONE and name.lower() not in players:
            raise SheetError("Confirm with the name of a player of this table.")
        same_person = name.lower() == table.submitted_by.lower()
        if same_person and not override:
            raise SheetError(f"{table.submitted_by} submitted this sheet and cannot confirm "
                             "it too; another player of the table (or an organizer) confirms.")
        same_device = bool(session) and session == table.submitted_session
        if same_device and not override:
            raise SheetError("This sheet was submitted from this device. The confirmation "
                             "comes from a second phone: another player of the table opens "
                             "the table's link on his own phone (or an organizer confirms).")
        sheet = load_sheet(info)
        blind = tournament.blind_check and not override
        if blind and (totals is None or list(totals) != list(sheet.totals)):
            raise SheetError("The totals you typed do not match the sheet; check the "
                             "paper sheet with the scorekeeper.")
        table.sheet_status = SheetStatus.CONFIRMED
        table.confirmed_by, table.confirmed_at = name, timezone.now()
        table.confirmation_override = bool((same_person or same_device) and override)
        table.blind_checked = bool(tournament.blind_check and totals is not None)
        table.sheet_version += 1
        table.save(update_fields=["sheet_status", "confirmed_by", "confirmed_at",
                                  "confirmation_override", "blind_checked", "sheet_version"])
        record_change(tournament, user, "sheet confirmed" + (" (override)" if
                      table.confirmation_override else ""), _subject(table), actor=name,
                      session=session,
                      after={"totals": list(sheet.totals), "submitted_by": table.submitted_by,
                             "submitted_from": table.submitted_session})
        lifecycle.sheet_confirmed(table.series, user, name)


def reopen_sheet(table: Table, user, released_ok: bool = False, session: str = "") -> None:
    """An organizer reopens a submitted or confirmed sheet for corrections. In a released
    series that needs ``released_ok``: the organizer agreed that the public pages say a
    correction is in progress until the sheet is confirmed again."""
    with transaction.atomic():
        table = _lock(table)
        if role_of(user, table.series.tournament) is not Role.ORGANIZER:
            raise SheetError("Only an organizer can reopen a sheet.")
        if table.sheet_status == SheetStatus.OPEN:
            raise SheetError(f"The sheet of table {table.number} is open already.")
        try:
            lifecycle.sheet_reopened(table.series, user, released_ok=released_ok)
        except lifecycle.LifecycleError as exc:
            raise SheetError(str(exc)) from exc
        before = {"status": table.sheet_status, "confirmed_by": table.confirmed_by}
        table.sheet_status = SheetStatus.OPEN
        table.submitted_by = table.confirmed_by = table.submitted_session = ""
        table.submitted_at = table.confirmed_at = None
        table.sheet_version += 1
        table.save()
        record_change(table.series.tournament, user, "sheet reopened", _subject(table),
                      session=session, before=before, after={"status": "open"})
