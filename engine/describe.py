"""A deal in words, as the score sheet shows it: "Heart Solo with 2, Schneider".

:func:`describe_words` gives the parts as :class:`~engine.words.Phrase` msgids, which the site
says in the reader's language (``tournament.words``); :func:`describe` is their English, joined
by :data:`SEPARATOR`, as the CLI prints it and the site stores it beside them.
"""

from __future__ import annotations

from collections.abc import Iterable

from .declarations import Declaration, PassedDeal, Penalty, RamschResult, Record, Revoker
from .games import GameKind, RuleSet, game_phrase
from .values import Outcome
from .words import Phrase, gettext_noop, phrase

SEPARATOR = ", "  # between the parts, in every language

# Translators: a deal on the score sheet; %(reason)s is the penalty's reason.
PENALTY = gettext_noop("Penalty: %(reason)s")
# Translators: a deal everybody passed, on the score sheet.
PASSED = gettext_noop("Passed")
RAMSCH = gettext_noop("Ramsch")
# Translators: a Ramsch in which one player took every trick (German: Durchmarsch).
RAMSCH_ALL_TRICKS = gettext_noop("Ramsch, one took all tricks")
# Translators: a Ramsch in which a player took no trick (German: Jungfrau).
RAMSCH_JUNGFER = gettext_noop("Ramsch, Jungfer")
# Translators: the game's name, then the NASL flag that the first turned card did not fit.
PASST_NICHT = gettext_noop("%(game)s Passt Nicht")
# Translators: the game's name, then its flags (ISkO): played open, from the hand.
OUVERT = gettext_noop("%(game)s Ouvert")
HAND = gettext_noop("%(game)s Hand")
OUVERT_HAND = gettext_noop("%(game)s Ouvert Hand")
# Translators: the game's name with its matadors (German: "mit 2", "ohne 3").
WITH = gettext_noop("%(game)s with %(n)s")
WITHOUT = gettext_noop("%(game)s without %(n)s")
SCHWARZ_ANNOUNCED = gettext_noop("Schwarz announced")
SCHNEIDER_ANNOUNCED = gettext_noop("Schneider announced")
SCHWARZ = gettext_noop("Schwarz")
SCHNEIDER = gettext_noop("Schneider")
RECONTRA = gettext_noop("Re-Contra")
CONTRA = gettext_noop("Contra")
# Translators: the declarer gave the game up.
CONCEDED = gettext_noop("conceded")
REVOKED = {
    # Translators: an opponent did not follow suit (the declarer wins).
    Revoker.OPPONENT: gettext_noop("opponent revoked"),
    # Translators: the declarer did not follow suit (he loses).
    Revoker.DECLARER: gettext_noop("declarer revoked"),
}
# Translators: the declarer bid more than the game was worth; %(bid)s is his bid.
OVERBID = gettext_noop("overbid on %(bid)s")
# Translators: the declarer's game, at the end of a deal's description.
WON = gettext_noop("won")
LOST = gettext_noop("lost")


def describe(record: Record, rules: RuleSet, outcome: Outcome) -> str:
    """The deal in English words: "Heart Solo with 2, Schneider, won"."""
    return english(describe_words(record, rules, outcome))


def english(words: Iterable[Phrase | str]) -> str:
    """Words of :func:`describe_words` in English, as :func:`describe` joins them."""
    return SEPARATOR.join(str(part) for part in words)


def describe_words(record: Record, rules: RuleSet, outcome: Outcome) -> tuple[Phrase, ...]:
    """The deal's parts in words, each a msgid with its parameters."""
    if isinstance(record, Penalty):
        kind = rules.penalty(record.reason)
        # a reason the rule set does not know is shown as written
        return (phrase(PENALTY, reason=phrase(kind.text) if kind else str(record.reason)),)
    if isinstance(record, PassedDeal):
        return (phrase(PASSED),)
    if isinstance(record, RamschResult):
        if record.all_tricks:
            return (phrase(RAMSCH_ALL_TRICKS),)
        return (phrase(RAMSCH_JUNGFER if record.jungfer else RAMSCH),)
    return _declaration(record, rules, outcome)


def _declaration(d: Declaration, rules: RuleSet, outcome: Outcome) -> tuple[Phrase, ...]:
    game = d.game
    name = game_phrase(rules, game.key, d.trump)
    first = phrase(PASST_NICHT, game=name) if d.passt_nicht else name
    if rules.hand_flags:
        if game.kind is GameKind.NULL:
            # the rule set's own name for the game, its flags after it
            flags = OUVERT_HAND if d.ouvert and d.hand else (
                OUVERT if d.ouvert else HAND if d.hand else None)
            first = phrase(flags, game=name) if flags else name
        elif d.ouvert:
            first = phrase(OUVERT, game=first)
        elif d.hand:
            first = phrase(HAND, game=first)
    if game.has_trumps:
        first = phrase(WITH if d.matadors > 0 else WITHOUT, game=first, n=abs(d.matadors))
    parts = [first]
    if d.schwarz_announced and not d.ouvert:
        parts.append(phrase(SCHWARZ_ANNOUNCED))
    elif d.schneider_announced and not d.ouvert:
        parts.append(phrase(SCHNEIDER_ANNOUNCED))
    if outcome.schwarz:
        parts.append(phrase(SCHWARZ))
    elif outcome.schneider:
        parts.append(phrase(SCHNEIDER))
    if d.recontra:
        parts.append(phrase(RECONTRA))
    elif d.contra:
        parts.append(phrase(CONTRA))
    if d.conceded:
        parts.append(phrase(CONCEDED))
    if d.revoke:
        parts.append(phrase(REVOKED[d.revoke]))
    if outcome.overbid:
        parts.append(phrase(OVERBID, bid=d.bid or game.min_value))
    parts.append(phrase(WON if outcome.won else LOST))
    return tuple(parts)
