"""The prize list (docs/rules.md §11), kept in the cache beside the standings it was awarded
from; the lots that settle a tie; the tournament's own prizes after the schedule's."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from scoring.awards.loaders import AGAINST_KINDS, load_prize_deals, prize_schedule, prize_specs
from scoring.cache import cached
from scoring.models import CustomPrize, PrizeLot
from scoring.prizes import PrizeKind, PrizeResult, against_games, award
from scoring.ranking import ranking_of
from scoring.refusals import ScoringError
from scoring.results.services import Computation, compute
from scoring.settings.services import scoring_settings
from tournament.audit import record_change
from tournament.models import AuditAction, Entry, Tournament
from tournament.versions import version
from tournament.words import word


def prizes(comp: Computation) -> list[PrizeResult]:
    """The prize list over the whole tournament (docs/rules.md §11), kept in the cache beside
    the standings it was awarded from."""
    tournament = comp.tournament
    return list(cached(tournament, comp.version or version(tournament, comp.released_only),
                        ("prizes", comp.series, comp.released_only), lambda: _prizes(comp)))


def _prizes(comp: Computation) -> list[PrizeResult]:
    settings = scoring_settings(comp.tournament)
    lots = dict(PrizeLot.objects.filter(tournament=comp.tournament).values_list(
        "prize_number", "winner_id"))
    specs = prize_specs(comp.tournament, settings)
    points = {s.entry: s.points for s in comp.league}
    return award(specs, comp.league,
                 load_prize_deals(comp.scope, specs, comp.results.bests, points),
                 one_prize_per_player=settings.one_prize_per_player, lots=lots,
                 ranking=comp.standings)


def record_lot(tournament: Tournament, prize_number: int, entry_number: int, user,
               note: str = "") -> PrizeLot:
    """Record the lot that settled a tie; the prize must be tied between that player."""
    comp = compute(tournament)
    result = next((p for p in prizes(comp) if p.number == prize_number), None)
    entry = Entry.objects.filter(tournament=tournament, number=entry_number).first()
    if result is None or entry is None:
        raise ScoringError(gettext("No such prize or player."))
    if entry.id not in result.candidates or len(result.candidates) < 2:
        raise ScoringError(gettext("Player %(player)s is not among the players tied for prize "
                                   "%(prize)s.") % {"player": entry_number,
                                                    "prize": prize_number})
    with transaction.atomic():
        before = PrizeLot.objects.filter(tournament=tournament, prize_number=prize_number)
        old = before.values_list("winner__number", flat=True).first()
        before.delete()
        lot = PrizeLot.objects.create(tournament=tournament, prize_number=prize_number,
                                      winner=entry, note=note, recorded_by=user)
        record_change(tournament, user, AuditAction.LOT_RECORDED, f"prize {prize_number}",
                      before={"winner": old} if old else None,
                      after={"winner": entry_number, "note": note})
    return lot


def _prize_snapshot(prize: CustomPrize) -> dict:
    return {"number": prize.number, "title": prize.title, "kind": prize.kind,
            "place": prize.place, "games": prize.games, "label": prize.label}


def _check_prize(tournament: Tournament, prize: CustomPrize) -> None:
    """A number after the schedule's prizes; games the tournament's rule set knows (a typed
    "grnd" would count nothing and the prize list would say no Grands were won)."""
    taken = len(prize_schedule(tournament))
    if prize.number <= taken:
        raise ScoringError(str(ranking_of(tournament.scoring_system).numbers_taken) % {
            "taken": taken, "next": taken + 1}, "number")
    rules = tournament.rules
    kind = PrizeKind[prize.kind] if prize.kind in PrizeKind.__members__ else None
    if kind in AGAINST_KINDS and not against_games(kind, rules):
        raise ScoringError(gettext("Won by: the rule set %(rules)s has no Tourné.")
                           % {"rules": word(rules.name)}, "kind")
    for key in (g for g in prize.games.split(",") if g):
        if rules.game(key) is None:
            raise ScoringError(gettext("Games that count: “%(game)s” is not a game of the rule "
                                       "set %(rules)s.") % {"game": key, "rules": word(rules.name)},
                               "games")
    if prize.kind == PrizeKind.COUNT_WON.name and not prize.games:
        raise ScoringError(gettext("Games that count: tick at least one game."), "games")


def add_custom_prize(tournament: Tournament, prize: CustomPrize, user) -> CustomPrize:
    """Add an extra prize after the schedule's (their numbers are taken)."""
    _check_prize(tournament, prize)
    prize.tournament = tournament
    try:
        with transaction.atomic():
            prize.save()
            record_change(tournament, user, AuditAction.PRIZE_ADDED, prize.title,
                          after=_prize_snapshot(prize))
    except IntegrityError:
        raise ScoringError(gettext("Prize number %(number)s exists already.")
                           % {"number": prize.number}, "number") from None
    return prize


def edit_custom_prize(prize: CustomPrize, user) -> CustomPrize:
    """Save the changes a form made to ``prize`` (audited with what it was)."""
    tournament = prize.tournament
    _check_prize(tournament, prize)
    try:
        with transaction.atomic():
            before = _prize_snapshot(CustomPrize.objects.select_for_update().get(pk=prize.pk))
            prize.save()
            after = _prize_snapshot(prize)
            if after != before:
                record_change(tournament, user, AuditAction.PRIZE_EDITED, prize.title,
                              before=before, after=after)
    except IntegrityError:
        raise ScoringError(gettext("Prize number %(number)s exists already.")
                           % {"number": prize.number}, "number") from None
    return prize


def delete_custom_prize(prize: CustomPrize, user) -> None:
    with transaction.atomic():
        before = _prize_snapshot(prize)
        prize.delete()
        record_change(prize.tournament, user, AuditAction.PRIZE_DELETED, before["title"],
                      before=before)
