"""A deal in words, as the score sheet shows it: "Heart Solo with 2, Schneider"."""

from __future__ import annotations

from .declarations import Declaration, PassedDeal, Penalty, RamschResult, Record
from .games import GameKind, RuleSet, game_name
from .values import Outcome


def describe(record: Record, rules: RuleSet, outcome: Outcome) -> str:
    if isinstance(record, Penalty):
        kind = rules.penalty(record.reason)
        return f"Penalty: {kind.text if kind else record.reason}"
    if isinstance(record, PassedDeal):
        return "Passed"
    if isinstance(record, RamschResult):
        if record.all_tricks:
            return "Ramsch, one took all tricks"
        return "Ramsch, Jungfer" if record.jungfer else "Ramsch"
    return _declaration(record, rules, outcome)


def _declaration(d: Declaration, rules: RuleSet, outcome: Outcome) -> str:
    game = d.game
    name = game_name(rules, game.key, d.trump)
    parts = [name]
    if d.passt_nicht:
        parts[0] = f"{name} Passt Nicht"
    if rules.hand_flags:
        if game.kind is GameKind.NULL:
            # the rule set's own name for the game, its flags after it
            parts[0] = name + (" Ouvert" if d.ouvert else "") + (" Hand" if d.hand else "")
        else:
            parts[0] += " Ouvert" if d.ouvert else " Hand" if d.hand else ""
    if game.has_trumps:
        parts[0] += f" {'with' if d.matadors > 0 else 'without'} {abs(d.matadors)}"
    if d.schwarz_announced and not d.ouvert:
        parts.append("Schwarz announced")
    elif d.schneider_announced and not d.ouvert:
        parts.append("Schneider announced")
    if outcome.schwarz:
        parts.append("Schwarz")
    elif outcome.schneider:
        parts.append("Schneider")
    if d.recontra:
        parts.append("Re-Contra")
    elif d.contra:
        parts.append("Contra")
    if d.conceded:
        parts.append("conceded")
    if d.revoke:
        parts.append(f"{d.revoke} revoked")
    if outcome.overbid:
        parts.append(f"overbid on {d.bid or game.min_value}")
    parts.append("won" if outcome.won else "lost")
    return ", ".join(parts)
