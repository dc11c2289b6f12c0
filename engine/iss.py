"""Game records of the International Skat Server (ISS) read as the site's deal records
(docs/hand-analysis.md, "ISS records"; ``python -m engine iss``).

An ISS line is ``(;GM[Skat]…MV[<moves>]R[<result>] ;)``. The moves: ``w`` deals 32 cards
(ten each to seats 0, 1, 2, forehand first, then the Skat), the seats bid (numbers, ``y``,
``p``), the declarer takes the Skat (``s``, then ``w`` shows it) and declares with his two
cards laid away (``G.HK.HQ``, or the game and the cards as two moves), or declares a hand
game (``CH``, ``NOH``); then the cards, forehand leading the first trick. ``SC`` (the
declarer shows his cards), ``RE`` (a player resigns), ``w TI.s`` and ``w LE.s`` (a seat's
time ran out, or it left) may end the game early. The record here is the deal the cards
made: game, trump, matadors of hand and Skat, the declarer's card points (the Skat's
included) and tricks from replaying the tricks, the bid, what was announced; conceded
tricks go to the side that did not give up, as the server counts them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import Card, Suit, card_points, matadors
from .tricks import Contract, IllegalPlay, play_out

LABEL = re.compile(r"(\w+)\[(.*?)\]")
CARD = re.compile(r"^[CSHD][AKQJT987]$")
GAME = re.compile(r"^([GCSHDN])([OHSZ]*)((?:\.[CSHD][AKQJT987])*)$")
SUITS = {"C": Suit.CLUBS, "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS}


class NotAGame(ValueError):
    """A line that holds no deal the site could store, and why."""


@dataclass(frozen=True)
class Line:
    """What one ISS line says: the record, and the server's value (``v:``; 0 passed in)."""

    record: dict[str, object]
    server_value: int


def _cards(text: str) -> list[Card]:
    cards = [c for c in re.split(r"[.|]", text) if c]
    if any(not CARD.match(c) for c in cards):
        raise NotAGame(f"not a card list: {text!r}")
    return [Card.parse(c) for c in cards]


def read_line(line: str) -> Line:
    """The deal of one ISS line; ``NotAGame`` says why there is none."""
    labels = dict(LABEL.findall(line))
    if labels.get("GM") != "Skat" or "MV" not in labels or "R" not in labels:
        raise NotAGame("not an ISS game record: GM[Skat], MV[…] and R[…] are needed")
    result = labels["R"].split()
    if result[:1] == ["passed"]:
        return Line({"game": "passed"}, 0)
    fields = dict(part.split(":", 1) for part in result if ":" in part)
    if "penalty" in result or fields.get("d") == "-1":
        raise NotAGame("a penalty for a seat that timed out or left: no game was played")
    moves = [tuple(m.split(" ", 1)) for m in _pairs(labels["MV"].split())]
    if not moves or moves[0][0] != "w":
        raise NotAGame("the moves do not begin with the deal")
    dealt = _cards(moves[0][1])
    if len(dealt) != 32 or len(set(dealt)) != 32:
        raise NotAGame("the deal is not the 32 cards")
    hands = [dealt[0:10], dealt[10:20], dealt[20:30]]
    skat = dealt[30:32]
    declarer = int(fields["d"])
    return Line(_game(moves[1:], hands, skat, declarer), int(fields.get("v", "0")))


def _pairs(tokens: list[str]) -> list[str]:
    if len(tokens) % 2:
        raise NotAGame("the moves are not pairs of a seat and what it did")
    return [f"{tokens[i]} {tokens[i + 1]}" for i in range(0, len(tokens), 2)]


def _game(moves: list[tuple[str, ...]], hands: list[list[Card]], skat: list[Card],
          declarer: int) -> dict[str, object]:
    bid = 0
    declared: re.Match[str] | None = None
    laid: list[Card] = []
    picked = False
    plays: list[Card] = []
    gave_up: set[int] = set()
    for who, what in moves:
        if declared is None:
            if what.isdigit():
                bid = max(bid, int(what))
            elif who == str(declarer) and what == "s":
                picked = True
            elif who == str(declarer) and (found := GAME.match(what)):
                declared = found
                laid = _cards(found.group(3)[1:]) if found.group(3) else []
            continue
        if who == str(declarer) and not laid and picked and "." in what and not plays:
            laid = _cards(what)  # the game and the cards laid away as two moves
        elif CARD.match(what) and who in "012":
            plays.append(Card.parse(what))
        elif what == "RE":
            gave_up.add(int(who))
        elif who == "w" and what[:3] in ("TI.", "LE."):
            gave_up.add(int(what[3:]))
    if declared is None:
        raise NotAGame("no game was declared")
    letter, options = declared.group(1), declared.group(2)
    hand = list(hands[declarer])
    if picked:
        if len(laid) != 2 or any(c not in hand + skat for c in laid):
            raise NotAGame("the two cards laid away are not in the declarer's hand and Skat")
        hand = [c for c in hand + skat if c not in laid]
        kept = laid
    else:
        kept = skat
    playing = [list(h) for h in hands]
    playing[declarer] = hand
    contract = Contract.null() if letter == "N" else (
        Contract.grand() if letter == "G" else Contract.suit(SUITS[letter]))
    try:
        done = play_out(playing, 0, contract, plays)
    except IllegalPlay as exc:
        raise NotAGame(f"the cards played break the rules: {exc}") from None
    points = done.points[declarer] + card_points(kept)
    tricks = done.tricks[declarer]
    defenders = {0, 1, 2} - {declarer}
    ended_early = len(plays) < 30
    declarer_gave_up = declarer in gave_up and ended_early
    if ended_early and gave_up & defenders and not declarer_gave_up:
        # the opponents gave up (resigned, their time ran out, they left): what is still in
        # the hands is the declarer's, as the server counts it
        points = 120 - sum(done.points[d] for d in defenders)
        tricks = 10 - sum(done.tricks[d] for d in defenders)
    record: dict[str, object] = {"game": "null" if letter == "N" else (
        "grand" if letter == "G" else "suit")}
    if letter in SUITS:
        record["trump"] = SUITS[letter].key
    ouvert = "O" in options
    trump_game = letter != "N"
    if trump_game:
        record["matadors"] = matadors(hands[declarer] + skat, contract.trump)
        # a declarer without a trick has no card points: the Skat goes to the opponents
        record["card_points"] = points if tricks else 0
    record["tricks"] = tricks if trump_game else done.tricks[declarer]
    if declarer_gave_up:
        record["conceded"] = True  # he resigned, or his time ran out, or he left
    record["bid"] = bid or 18
    if "H" in options or not picked:
        record["hand"] = True
    if ouvert:
        record["ouvert"] = True
    if trump_game and ("S" in options or "Z" in options or ouvert):
        record["schneider_announced"] = True
    if trump_game and ("Z" in options or ouvert):
        record["schwarz_announced"] = True
    return record


def answer(line: str) -> dict[str, object]:
    """``python -m engine iss``'s answer to one line: the record and the engine's value of it
    under the ISkO, or ``{"error"}``."""
    from . import EngineError, evaluate

    try:
        read = read_line(line)
        value = evaluate(read.record, "isko")["value"]
    except NotAGame as exc:
        return {"error": str(exc)}
    except (ValueError, KeyError, IndexError) as exc:  # a seat or a number that is none
        return {"error": f"the line cannot be read: {exc!r}"}
    except EngineError as exc:
        return {"error": f"the engine refuses the deal read: {exc}"}
    return {"record": read.record, "value": value}
