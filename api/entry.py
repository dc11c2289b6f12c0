"""A deal entered through the API by a table's link: the sheet's own service
(``sheets.services.add_deal``: the table's lock, the sheet's version and deal number, the
engine, the audit entry, the sheet's confirmation state, the results' version), under an
Idempotency-Key whose answer is kept (``DealRequest``), so that a request sent twice, or
twice at once, stores one deal and gets one answer.

The key's answer is looked up and kept under the same lock of the table that ``add_deal``
takes (``confirmation.lock_for_entry``: the series' row, then the table's), in the same
transaction as the deal: two requests with one key queue on the lock, and the second finds
the first's answer. The unique constraint on (table, key) holds it where no lock does.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, gettext_noop

from api.models import DealRequest
from api.sheets import stored_deal
from engine import EngineError, InvalidRecord, Letter, Suit, deck_matadors
from tournament.comparative import services as comparative
from tournament.models import Deal, Table
from tournament.sheets.confirmation import lock_for_entry, totals_hidden
from tournament.sheets.loaders import DealInput, TableInfo, load_sheet, refused_seat, table_info
from tournament.sheets.services import SheetError, StaleSheet, add_deal
from tournament.words import refusal

CREATED, CONFLICT, REFUSED = 201, 409, 422
KEY_MAX = 200


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict


def body_digest(body: dict) -> str:
    """The request's body as sent, in one canonical spelling (key order and spaces aside)."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False).encode()).hexdigest()


def enter(table: Table, data: dict, key: str, actor: str, session: str) -> Answer:
    """Enter the deal ``data`` (``DealIn``'s fields) on ``table``'s sheet under the
    Idempotency-Key ``key``: the answer kept for the key if there is one (the same body) or
    a refusal (another body), else the service's answer, kept."""
    digest = body_digest(data)
    try:
        with transaction.atomic():
            lock_for_entry(table)  # held to the end: the key's answer and the deal together
            kept = DealRequest.objects.filter(table=table, key=key).first()
            if kept is not None:
                return replay(kept, digest)
            answer = _add(table, data, actor, session)
            DealRequest.objects.create(table=table, key=key, digest=digest,
                                       status=answer.status, response=answer.body)
            return answer
    except IntegrityError:  # another request with this key was quicker: all of this undone
        kept = DealRequest.objects.filter(table=table, key=key).first()
        if kept is None:
            raise
        return replay(kept, digest)


def replay(kept: DealRequest, digest: str) -> Answer:
    if kept.digest != digest:
        return Answer(REFUSED, {
            "detail": gettext("This Idempotency-Key was sent before with another deal: use a "
                              "new key for a new deal."),
            "errors": {"Idempotency-Key": [gettext("already used for another request: send a "
                                                   "new key with a changed deal")]},
            "rule": "key_reused"})
    return Answer(kept.status, kept.response)


def _add(table: Table, data: dict, actor: str, session: str) -> Answer:
    info = table_info(table)
    number = data["number"]
    try:
        deal_input = DealInput(dict(data["record"]), data.get("declarer"),
                               data.get("contra_by"), data.get("revoked_by"))
        deal_input = _the_decks_matadors(info, number, deal_input, data.get("deck"))
        # savepoint: a refusal undoes the service's writes, and the key's answer is kept
        deal = add_deal(table, deal_input, data["sheet_version"], actor, session=session,
                        number=number, info=info)
    except InvalidRecord as exc:
        field = {"seat": "declarer"}.get(exc.field, exc.field)
        message = refusal(exc)
        return Answer(REFUSED, {"detail": message, "errors": {field: [message]},
                                "rule": exc.rule})
    except StaleSheet as exc:
        now = _now(table)
        return Answer(CONFLICT, {"detail": str(exc), "rule": _conflict(table, data, now),
                                 **now})
    except SheetError as exc:  # confirmed, not published, every deal entered
        return Answer(CONFLICT, {"detail": str(exc), "rule": "sheet_closed", **_now(table)})
    except EngineError as exc:
        return Answer(REFUSED, {"detail": refusal(exc)})
    return Answer(CREATED, entered(table, deal))


# A 409's rule: what the sheet holds at the deal's number. "stale": the number is still the
# next (a correction moved the version: send it again); "gap": a deal before it is missing;
# "same_deal": this very deal is there (a save whose answer was lost, or the same deal typed
# on two phones); "taken": another deal is there. The outbox settles the first three itself;
# the director's board lists the others (live.board.refusals).
SETTLED_CONFLICTS = ("stale", "gap", "same_deal")


def _conflict(table: Table, data: dict, now: dict) -> str:
    number = data["number"]
    if number == now["next_deal"]:
        return "stale"
    if number > now["next_deal"]:
        return "gap"
    there = Deal.objects.filter(table=table, number=number).first()
    return "same_deal" if there is not None and _same(there, data) else "taken"


def _same(deal: Deal, data: dict) -> bool:
    """The stored deal is the one sent: its seats, and the record's keys as sent (the
    matadors a deck counted aside), as the outbox compares (static/js/outbox_send.js)."""
    sent = {k: v for k, v in dict(data["record"]).items() if v is not None}
    stored = {k: v for k, v in (deal.record or {}).items()
              if k != "matadors" or "matadors" in sent}
    return (deal.declarer == data.get("declarer") and deal.contra_by == data.get("contra_by")
            and deal.revoked_by == data.get("revoked_by") and stored == sent)


def _now(table: Table) -> dict:
    """The sheet's version and next deal as they are now (after a refusal)."""
    version = Table.objects.values_list("sheet_version", flat=True).get(pk=table.pk)
    return {"sheet_version": version, "next_deal": Deal.objects.filter(table=table).count() + 1}


def entered(table: Table, deal: Deal) -> dict:
    """The answer to a deal stored: the deal, the sheet's totals and version after it."""
    fresh = Table.objects.select_related("series__tournament").get(pk=table.pk)
    info = table_info(fresh)
    sheet = load_sheet(info)
    following = sheet.next_number if sheet.next_number <= info.deal_count else None
    return {"deal": stored_deal(deal, info.size),
            "totals": None if totals_hidden(fresh) else list(sheet.totals),
            "sheet_version": fresh.sheet_version, "next_deal": following}


def _the_decks_matadors(info: TableInfo, number: int, data: DealInput,
                        deck_number: int | None) -> DealInput:
    """At a comparative table, as the sheet's form: the deck's number checked against the
    movement's, and the declarer's matadors counted from its cards (sent matadors must be
    those)."""
    deck = info.deck(number)
    if deck is None:
        return data
    if deck_number is not None and deck_number != deck.number:
        raise refused_seat("deck", "wrong_deck", gettext_noop("Deck"),
                           gettext_noop("this table plays deck %(deck)s as deal %(number)s; "
                                        "check the number on the deck."),
                           deck=deck.number, number=number)
    record = data.record
    game = info.rules.game(record.get("game")) if isinstance(record.get("game"), str) else None
    trump = record.get("trump")
    seats = {p.position for p in info.players}
    if (game is None or not game.has_trumps or data.declarer not in seats
            or (trump is not None and trump not in {s.key for s in Suit})):
        return data  # the engine and the seats' check say what is wrong
    cards = deck_matadors(comparative.engine_deck(deck),
                          Letter(comparative.letter_of(data.declarer)),
                          Suit.from_key(trump) if trump else None)
    if "matadors" in record and record["matadors"] != cards:
        raise refused_seat("matadors", "matadors_from_cards", gettext_noop("Matadors"),
                           gettext_noop("the deck's cards give %(count)s."), count=cards)
    return DealInput({**record, "matadors": cards}, data.declarer, data.contra_by,
                     data.revoked_by)
