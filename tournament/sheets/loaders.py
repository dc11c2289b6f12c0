"""Reading a table's score sheet: a deal scored by the engine, the sheet with its running
totals (who sits where is ``seated``'s; its names are kept here for the callers). Queries and
the engine; nothing is written here."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from engine import (
    EngineError,
    GameKey,
    InvalidRecord,
    Outcome,
    Revoker,
    evaluate_deal,
)
from engine.errors import field_words
from engine.words import Phrase, gettext_noop, phrase
from tournament.deal_words import (
    encode_words,
    say_deal,
    say_penalty_row,
    say_words,
    stored_words_problem,
)
from tournament.models import Deal, Penalty
from tournament.sheets.seated import Player, Substitute, TableInfo, table_info  # noqa: F401
from tournament.sheets.sheet import (
    SEATS,
    Sheet,
    SheetDeal,
    SheetPenalty,
    build_sheet,
    deal_entries,
    scoring_columns,
)
from tournament.words import refusal


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
    text: str  # the engine's words in English (``Deal.description``)
    entries: dict[int, int]
    words: tuple[Phrase, ...] = ()  # the same as msgids (``Deal.words``, ``say_words``)


def refused_seat(field: str, rule: str, label: str, reason: str,
                 **params: str | int | Phrase) -> InvalidRecord:
    """The site's own refusal of a deal's field, as the engine words its own: "Declarer:
    choose who played." (``label`` and ``reason`` msgids, marked ``gettext_noop``; a page says
    it with ``tournament.words.refusal``)."""
    return InvalidRecord(field, rule, field_words(phrase(label), phrase(reason, **params)))


def check_seats(info: TableInfo, number: int, data: DealInput) -> None:
    """The seats a deal names, against the table as it sits in deal ``number`` (who plays,
    who sits out); raises InvalidRecord on the field at fault. The record's own shape is the
    engine's (``engine.check_record``)."""
    record = data.record
    game = info.rules.game(record.get("game", ""))
    dealer = info.dealer(number)
    seats = {p.position for p in info.players}
    sits_out = dealer if info.size == 4 else None
    declared = game is not None and game.is_declared
    if declared:
        if data.declarer not in seats:
            raise refused_seat("declarer", "declarer_missing", gettext_noop("Declarer"),
                               gettext_noop("choose who played."))
        if data.declarer == sits_out:
            raise refused_seat("declarer", "dealer_sits_out", gettext_noop("Declarer"),
                               gettext_noop("the dealer sits out at a four-table and cannot "
                                            "play this deal."))
    elif data.declarer is not None:
        raise refused_seat("declarer", "no_declarer", gettext_noop("Declarer"),
                           gettext_noop("nobody plays a %(game)s."),
                           # Translators: "nobody plays a deal": a game the rules do not know
                           game=phrase(game.name if game else gettext_noop("deal")))
    if record.get("game") == GameKey.RAMSCH and record.get("loser") == sits_out:
        raise refused_seat("loser", "dealer_sits_out", gettext_noop("Loser"),
                           gettext_noop("the dealer sits out at a four-table and took no "
                                        "tricks."))
    for key, seat, label, reason in (
            ("contra_by", data.contra_by, gettext_noop("Contra by"),
             gettext_noop("only an opponent of the declarer said Contra.")),
            ("revoked_by", data.revoked_by, gettext_noop("Revoked by"),
             gettext_noop("only an opponent of the declarer revoked."))):
        if seat is None:
            continue
        if seat not in seats or seat in (data.declarer, sits_out):
            raise refused_seat(key, "not_an_opponent", label, reason)
    if record.get("contra") and data.contra_by is None:
        raise refused_seat("contra_by", "contra_by_missing", gettext_noop("Contra by"),
                           gettext_noop("choose the opponent who said Contra."))
    if record.get("revoke") == Revoker.OPPONENT and data.revoked_by is None:
        raise refused_seat("revoked_by", "revoked_by_missing", gettext_noop("Revoked by"),
                           gettext_noop("choose the opponent who revoked."))


def score_input(info: TableInfo, number: int, data: DealInput) -> Scored:
    """Check the seats against the table and score the record, from one parse; raises
    InvalidRecord."""
    check_seats(info, number, data)
    record = data.record
    evaluation = evaluate_deal(record, info.rules, info.options)
    outcome = evaluation.outcome
    entries = deal_entries(
        outcome.value, data.declarer, loser=record.get("loser"),
        contra_by=data.contra_by, contra_value=outcome.contra_value,
        revoked_by=data.revoked_by if record.get("revoke") == Revoker.OPPONENT else None,
        revoke_value=outcome.revoke_value,
    )
    return Scored(outcome, evaluation.text, entries, evaluation.words)


# what a sheet shows of a stored deal, read as plain values (no model instances: the sheet is
# read after every deal saved, half of its reading time went to building Deal objects)
# What a sheet's row reads of a stored deal: its scoring columns, the same the standings sum
# (``scoring_columns``), never the JSON record.
SHEET_DEAL_FIELDS = ("pk", "number", "dealer", "declarer", "words", "value", "won",
                     *(f"points_{seat}" for seat in SEATS))


def _sheet_deal(key: int, number: int, dealer: int, declarer: int | None, words: str,
                value: int, won: bool | None, *points: int) -> SheetDeal:
    return SheetDeal(
        number=number, dealer=dealer, declarer=declarer, text=say_deal(words),
        value=value, won=won if declarer else None, key=key,
        entries={seat: p for seat, p in zip(SEATS, points, strict=True) if p},
    )


def penalty_text(info: TableInfo, penalty: Penalty) -> str:
    """A penalty's row on the sheet, in the reader's language: "Penalty: misdeal (charged to
    the dealer) at deal 3 (a note)"."""
    return say_penalty_row(info.rules, penalty.reason, penalty.note, penalty.deal)


def load_sheet(info: TableInfo, extra: SheetDeal | None = None,
               penalties: list[Penalty] | None = None) -> Sheet:
    """The sheet from the database (two queries), optionally with a deal not yet saved;
    ``penalties``: the table's penalties when the caller has read them (one query less).

    A deal is scored once, when it is stored; the stored values are checked against the
    engine by ``manage.py check_deals`` (``stored_value_problems``), not on every page."""
    sheet_deals = [_sheet_deal(*values)
                   for values in info.table.deals.values_list(*SHEET_DEAL_FIELDS)]
    if extra is not None:
        sheet_deals = [d for d in sheet_deals if d.number != extra.number] + [extra]
    if penalties is None:
        penalties = list(info.table.penalties.all())
    sheet_penalties = [
        SheetPenalty(p.after_deal, p.seat, p.points, penalty_text(info, p), key=p.pk,
                     deal=p.deal)
        for p in penalties
    ]
    dealers = [info.dealer(n) for n in range(1, len(info.decks) + 1)]
    return build_sheet(info.size, info.deal_count, sheet_deals, sheet_penalties, info.rules,
                       dealers)


def stored_value_problems(info: TableInfo) -> list[str]:
    """Deals of the table whose stored value is no longer what the rules give, or whose
    scoring columns are not what the rules give for its record (``column_problems``), or whose
    words (``Deal.words``, what the sheet shows) are not the rules' words for it."""
    problems = []
    for deal in info.table.deals.all():
        try:
            evaluation = evaluate_deal(deal.record, info.rules, info.options)
        except EngineError as exc:
            problems.append(_("Deal %(number)s: %(refusal)s")
                            % {"number": deal.number, "refusal": refusal(exc)})
            problems += column_problems(deal, deal.outcome, deal.value)
            continue
        outcome = evaluation.outcome
        if outcome.value != deal.value:
            problems.append(f"Deal {deal.number}: stored {deal.value}, the rules give "
                            f"{outcome.value}.")
        problems += column_problems(deal, outcome.as_dict(), outcome.value)
        if deal.words != encode_words(evaluation.words):  # what the sheet shows
            problems.append(stored_words_problem(deal.number, deal.words, evaluation.words))
    return problems


def column_problems(deal: Deal, outcome: dict, value: int) -> list[str]:
    """The deal's scoring columns (what the standings sum) that differ from what
    ``scoring_columns`` makes of its record and ``outcome``, in one line for the deal."""
    wrong = [f"{column} {getattr(deal, column)!r}, the record gives {expected!r}"
             for column, expected in scoring_columns(deal.record, outcome, value,
                                                     deal.declarer, deal.contra_by,
                                                     deal.revoked_by).items()
             if getattr(deal, column) != expected]
    return [f"Deal {deal.number}: stored {'; '.join(wrong)}."] if wrong else []


def preview(info: TableInfo, number: int, data: DealInput) -> tuple[Scored, Sheet]:
    scored = score_input(info, number, data)
    candidate = SheetDeal(number, info.dealer(number), data.declarer, say_words(scored.words),
                          scored.outcome.value, scored.entries, scored.outcome.won)
    return scored, load_sheet(info, extra=candidate)


@dataclass(frozen=True)
class Preview:
    """What saving a deal would give: its value, the totals after it and at the end of the
    sheet (the same for the next deal; not for a correction or an inserted deal)."""

    scored: Scored
    after: tuple[int, ...]
    end: tuple[int, ...]


def preview_totals(info: TableInfo, number: int, data: DealInput,
                   insert: bool = False) -> Preview:
    """The deal as deal ``number`` (a new or corrected deal, or one ``insert``-ed before the
    deal of that number), with the totals after it and at the end of the sheet."""
    if not insert:
        scored, sheet = preview(info, number, data)
        row = next((r for r in sheet.rows if r.kind == "deal" and r.number == number), None)
        return Preview(scored, row.totals if row else sheet.totals, sheet.totals)
    scored = score_input(info, number, data)
    sheet = load_sheet(info)
    before = (0,) * info.size
    for row in sheet.rows:
        if row.kind == "deal" and row.number is not None and row.number >= number:
            break
        before = row.totals
    moved = [scored.entries.get(seat, 0) for seat in range(1, info.size + 1)]
    return Preview(scored, tuple(t + m for t, m in zip(before, moved, strict=True)),
                   tuple(t + m for t, m in zip(sheet.totals, moved, strict=True)))
