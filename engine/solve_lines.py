"""``python -m engine solve``'s lines (docs/hand-analysis.md): a position read from its JSON
object, each wrong key named, and the answer written back."""

from __future__ import annotations

from collections.abc import Mapping

from .cards import Card
from .rulesets import RULE_SETS
from .seats import Letter
from .solver import Position, bounds, solve
from .tricks import Contract, Order


def answer(data: object, with_bounds: bool = False) -> dict[str, object]:
    """``python -m engine solve``'s answer to one line's object (docs/hand-analysis.md):
    ``{"card_points", "won", "schneider", "schwarz"}``, a Null game ``{"won"}``; with
    ``with_bounds`` also ``"fewest"`` and ``"most"``; ``{"error"}`` naming the key."""
    if not isinstance(data, dict):
        return {"error": "each line is one JSON object"}
    try:
        position = position_of(data)
    except ValueError as exc:
        return {"error": str(exc)}
    solved = solve(position)
    if solved.card_points is None:
        return {"won": solved.won}
    result: dict[str, object] = {"card_points": solved.card_points, "won": solved.won,
                                 "schneider": solved.schneider, "schwarz": solved.schwarz}
    if with_bounds:
        result["fewest"], result["most"] = bounds(position)
    return result


def position_of(data: Mapping[str, object]) -> Position:
    """The position of ``python -m engine solve``'s JSON object (docs/hand-analysis.md);
    ``ValueError`` names what is wrong."""
    from .seats import Letter

    rules = data.get("rules", "isko")
    if rules not in {r.key for r in RULE_SETS}:
        raise ValueError(f"rules: {rules!r} is no rule set (python -m engine rules)")
    game = data.get("game")
    if not isinstance(game, str):
        raise ValueError("game: a suit's key, grand or null")
    try:
        contract = Contract.from_key(game)
    except KeyError:
        raise ValueError(f"game: {game!r} is no game played in tricks (clubs, spades, hearts, "
                         "diamonds, grand, null)") from None
    hands = data.get("hands")
    if not isinstance(hands, dict) or not hands:
        raise ValueError("hands: an object of the three players' cards by letter")
    letters = [letter for letter in Letter if letter.value in hands]
    if len(letters) != 3 or len(hands) != 3:
        raise ValueError("hands: three letters of N, E, S, W, each with its cards")
    read = []
    for letter in letters:
        cards = hands[letter.value]
        if not isinstance(cards, list):
            raise ValueError(f"hands.{letter.value}: a list of cards")
        read.append([_card(c, f"hands.{letter.value}") for c in cards])
    declarer = _letter(data.get("declarer"), "declarer", letters)
    leader = _letter(data.get("leader", letters[0].value), "leader", letters)
    skat = data.get("skat", [])
    if not isinstance(skat, list):
        raise ValueError("skat: a list of cards")
    skat_cards = [_card(c, "skat") for c in skat]
    seen = [c for hand in read for c in hand] + skat_cards
    if len(set(seen)) != len(seen):
        raise ValueError("a card is given twice")
    taken = data.get("taken", 0)
    if not isinstance(taken, int) or isinstance(taken, bool) or not 0 <= taken <= 120:
        raise ValueError("taken: the declarer's card points of earlier tricks, 0 to 120")
    if contract.order is Order.NULL:
        skat_points = 0  # a Null game counts tricks, not points
    else:
        skat_points = sum(c.points for c in skat_cards)
    return Position.of(contract, read, declarer, leader, skat_points + taken)


def _card(text: object, where: str) -> Card:
    if not isinstance(text, str):
        raise ValueError(f"{where}: {text!r} is no card")
    try:
        return Card.parse(text)
    except ValueError:
        raise ValueError(f"{where}: {text!r} is no card (write CJ, H10, SA)") from None


def _letter(text: object, where: str, letters: list[Letter]) -> int:
    for i, letter in enumerate(letters):
        if text == letter.value:
            return i
    raise ValueError(f"{where}: one of the hands' letters ({', '.join(str(x) for x in letters)})")
