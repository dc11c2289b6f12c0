"""The open-card solver in pure Python: what the declarer takes when all three play perfectly
with every card in view (docs/hand-analysis.md). The reference of the compiled searches
(engine/_solve.c), which engine/solver.py asks first; the tests compare the two.

A position is three hands, who leads, and what the declarer has already: the Skat's card
points (they count for him) and the tricks taken so far. The search is alpha-beta over the
cards played, with a transposition table at the start of each trick (the hands left and who
leads decide the rest), the moves ordered (the likely best first) and equivalent cards
tried once (two cards of one kind, next to each other among the cards still out, worth the
same points, are the same move). A Null game asks only whether the declarer can be made to
take a trick. ``bounds`` gives the most and the fewest card points the declarer can take
under any play (everybody helping, or everybody against him), for the checks before release.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import DECK, Card
from .tricks import Contract, Order

INDEX: dict[Card, int] = {card: i for i, card in enumerate(DECK)}
POINTS: tuple[int, ...] = tuple(card.points for card in DECK)
STRIDE = 11  # bits a kind takes: the trumps of a suit game are 11 cards
SLOTS = 5 * STRIDE
WIN = 61  # card points a declarer needs (the Skat's included)


@dataclass(frozen=True)
class Solved:
    """The declarer's card points under perfect play (with the Skat and the tricks he had),
    and what follows: won (61 or more; Null: no trick taken), Schneider (90), Schwarz (every
    trick). A Null game has no card points: ``card_points`` is None."""

    card_points: int | None
    won: bool
    schneider: bool
    schwarz: bool


class _Tables:
    """A contract's cards as bits laid out by kind and rank: kind ``k`` (0-3 the plain suits,
    4 the trumps) holds bits ``11k`` upwards, its lowest card first. A higher bit of a kind is
    a higher card, and the trumps are above every plain card, so the equivalent cards and
    who takes a trick are a few mask operations."""

    def __init__(self, contract: Contract) -> None:
        self.null = contract.order is Order.NULL
        self.slot = [0] * len(DECK)  # a card's bit, by its place in DECK
        self.kind = [-1] * SLOTS
        self.points = [0] * SLOTS
        for kind in range(5):
            cards = sorted((i for i, card in enumerate(DECK)
                            if _kind_number(contract, card) == kind),
                           key=lambda i: contract.power(DECK[i]))
            for j, i in enumerate(cards):
                self.slot[i] = STRIDE * kind + j
                self.kind[STRIDE * kind + j] = kind
                self.points[STRIDE * kind + j] = POINTS[i]
        self.masks = [((1 << STRIDE) - 1) << (STRIDE * kind) for kind in range(5)]

    def mask(self, cards: Iterable[Card]) -> int:
        return sum(1 << self.slot[INDEX[c]] for c in cards)


def _kind_number(contract: Contract, card: Card) -> int:
    kind = contract.kind(card)
    return 4 if kind is None else int(kind) - 1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Search:
    """One position's search: ``declarer`` (0 to 2) maximizes his card points from the tricks
    still to play, the other two minimize them."""

    def __init__(self, tables: _Tables, declarer: int) -> None:
        self.t = tables
        self.declarer = declarer
        self.table: dict[tuple[int, int, int, int], tuple[int, int]] = {}
        self.first: dict[tuple[int, int, int, int], int] = {}  # the best lead found there
        self.hint = -1
        self.lead = -1
        self.nodes = 0

    def moves(self, hands: list[int], player: int, trick: list[tuple[int, int]]) -> list[int]:
        """The legal cards of ``player``, one of each equivalent group, likely best first."""
        t = self.t
        hand = hands[player]
        if trick:
            led = t.kind[trick[0][1]]
            following = hand & t.masks[led]
            if following:
                hand = following
        out = hands[0] | hands[1] | hands[2]  # the cards still out, and the trick's:
        for _player, card in trick:  # a card on the table parts the cards above and below it
            out |= 1 << card
        chosen = []
        points = t.points
        for kind in range(5):
            mine = hand & t.masks[kind]
            above = -1  # the held card above, tried or the same as one tried
            while mine:
                card = mine.bit_length() - 1
                mine ^= 1 << card
                # no card still out between the two, and as many points: the same move
                if above < 0 or out & ((1 << above) - (1 << (card + 1))) or (
                        not t.null and points[above] != points[card]):
                    chosen.append(card)
                above = card
        return self.order(chosen, player, trick)

    def order(self, cards: list[int], player: int, trick: list[tuple[int, int]]) -> list[int]:
        t = self.t
        if not trick:  # lead: trumps, then every suit's highest (its Aces, then Tens ...)
            return sorted(cards, key=lambda c: (t.kind[c] != 4, -(c % STRIDE)))
        best_player, best_card = _taker(t, trick)
        partner = (player == self.declarer) == (best_player == self.declarer)
        points = t.points

        def key(c: int) -> tuple[int, int]:
            beats = c > best_card and (t.kind[c] == t.kind[best_card] or t.kind[c] == 4)
            if partner and not beats:
                return (0, -points[c])  # the partner takes it: add points
            if beats:
                return (1, c)  # take it as cheaply as possible
            return (2, points[c])  # it is lost: give the least
        return sorted(cards, key=key)

    def value(self, hands: list[int], leader: int, alpha: int, beta: int) -> int:
        """The declarer's card points from the tricks left (Null: 1 if he must take one)."""
        if not hands[0] | hands[1] | hands[2]:
            return 0
        key = (hands[0], hands[1], hands[2], leader)
        low, high = self.table.get(key, (0, 121))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        self.hint = self.first.get(key, -1)
        found = self.play(hands, leader, [], alpha, beta)
        self.first[key] = self.lead
        if found <= alpha:
            high = found
        elif found >= beta:
            low = found
        else:
            low = high = found
        self.table[key] = (low, high)
        return found

    def play(self, hands: list[int], player: int, trick: list[tuple[int, int]], alpha: int,
             beta: int) -> int:
        self.nodes += 1
        # the value is the declarer's points, or in Null whether he must take a trick: the
        # Null declarer is the one who wants it low
        maximizing = (player == self.declarer) != self.t.null
        best = -1 if maximizing else 1000
        moves = self.moves(hands, player, trick)
        leading = not trick
        if leading:
            hint = self.hint
            if hint in moves:  # the lead that was best here in the last search, first
                moves.remove(hint)
                moves.insert(0, hint)
            lead = moves[0]
        for card in moves:
            hands[player] ^= 1 << card
            trick.append((player, card))
            if len(trick) == 3:
                taker, _card = _taker(self.t, trick)
                gained = 0
                if taker == self.declarer:
                    gained = 1 if self.t.null else sum(self.t.points[c] for _p, c in trick)
                if self.t.null and gained:
                    found = 1  # a Null declarer who takes a trick has lost
                else:
                    found = gained + self.value(hands, taker, alpha - gained, beta - gained)
            else:
                found = self.play(hands, (player + 1) % 3, trick, alpha, beta)
            trick.pop()
            hands[player] ^= 1 << card
            if found > best if maximizing else found < best:
                best = found
                if leading:
                    lead = card
            if maximizing:
                alpha = max(alpha, found)
            else:
                beta = min(beta, found)
            if alpha >= beta:
                break
        if leading:
            self.lead = lead  # read by value(), which called this for the trick's start
        return best


def _taker(t: _Tables, trick: list[tuple[int, int]]) -> tuple[int, int]:
    """Who holds the trick so far, and with which card."""
    best_player, best = trick[0]
    for player, card in trick[1:]:
        if card > best and (t.kind[card] == t.kind[best] or t.kind[card] == 4):
            best_player, best = player, card
    return best_player, best


@dataclass(frozen=True)
class Position:
    """A position to solve: three hands (the declarer's among them), who leads, and the card
    points the declarer already holds (the Skat, earlier tricks) and the tricks he took."""

    contract: Contract
    hands: tuple[frozenset[Card], frozenset[Card], frozenset[Card]]
    declarer: int
    leader: int
    taken: int = 0  # card points the declarer holds already: the Skat, earlier tricks
    tricks: int = 0  # tricks he took already

    @classmethod
    def of(cls, contract: Contract, hands: Sequence[Iterable[Card]], declarer: int,
           leader: int, taken: int = 0, tricks: int = 0) -> Position:
        h = tuple(frozenset(hand) for hand in hands)
        if len(h) != 3:
            raise ValueError("three hands play")
        if len({len(hand) for hand in h}) != 1:
            raise ValueError("the three hands hold as many cards each")
        if len(h[0] | h[1] | h[2]) != sum(len(hand) for hand in h):
            raise ValueError("a card is in two hands")
        if not (0 <= declarer < 3 and 0 <= leader < 3):
            raise ValueError("the declarer and the leader are players 0 to 2")
        return cls(contract, (h[0], h[1], h[2]), declarer, leader, taken, tricks)

    def masks(self, tables: _Tables) -> list[int]:
        return [tables.mask(hand) for hand in self.hands]

    @property
    def left(self) -> int:
        """Card points still in the hands."""
        return sum(c.points for hand in self.hands for c in hand)


def best_play(position: Position) -> int:
    """The declarer's card points of the tricks left under perfect play (Null: 1 if he must
    take a trick, else 0): narrow searches closing in on the value (MTD(f)), one table of
    bounds shared by all, which cut far more than one wide search."""
    search = _Search(_Tables(position.contract), position.declarer)
    masks = position.masks(search.t)
    lower, upper = 0, 1 if position.contract.order is Order.NULL else position.left
    guess = upper // 2
    while lower < upper:
        beta = max(guess, lower + 1)
        guess = search.value(masks, position.leader, beta - 1, beta)
        if guess < beta:
            upper = guess
        else:
            lower = guess
    return lower


def can_reach(position: Position, target: int) -> bool:
    """Whether the declarer takes at least ``target`` card points of the tricks left against
    perfect defence: one narrow search, quicker than the exact points."""
    search = _Search(_Tables(position.contract), position.declarer)
    return search.value(position.masks(search.t), position.leader, target - 1,
                        target) >= target


def wins(position: Position) -> bool:
    """Whether the declarer wins against perfect defence: 61 card points with the Skat and
    his earlier tricks (Null: no trick)."""
    if position.contract.order is Order.NULL:
        return position.tricks == 0 and best_play(position) == 0
    return can_reach(position, WIN - position.taken)


def solve(position: Position) -> Solved:
    """The position's open-card result: the declarer's card points (with the Skat and his
    earlier tricks), won, Schneider (he has 90 or more, or 30 or fewer) and Schwarz (one side
    takes every trick, the declarer's earlier ones counted)."""
    if position.contract.order is Order.NULL:
        return Solved(None, wins(position), False, False)
    return solved_at(position, position.taken + best_play(position), _every_trick)


def solved_at(position: Position, points: int,
              every_trick: Callable[[Position, bool], bool]) -> Solved:
    """What the declarer's final card points make of a trump game; ``every_trick`` (the
    pure or the compiled search) asks Schwarz, only where one side may have every trick."""
    schwarz = False
    if points == 120 or points == position.taken:
        schwarz = every_trick(position, points == 120)
    return Solved(points, points >= WIN, points >= 90 or points <= 30, schwarz)


def _every_trick(position: Position, declarer_side: bool) -> bool:
    """Whether the declarer (or, not ``declarer_side``, his opponents) take every trick
    against the other side's best play, the tricks before this position counted."""
    size = len(position.hands[0])
    before = 10 - size
    if position.tricks != (before if declarer_side else 0):
        return False
    search = _TrickCount(_Tables(position.contract), position.declarer)
    masks = position.masks(search.t)
    if declarer_side:
        return search.value(masks, position.leader, size - 1, size) >= size
    return search.value(masks, position.leader, 0, 1) < 1


class _TrickCount(_Search):
    """The same search counting the declarer's tricks instead of card points."""

    def play(self, hands: list[int], player: int, trick: list[tuple[int, int]], alpha: int,
             beta: int) -> int:
        self.nodes += 1
        maximizing = player == self.declarer
        best = -1 if maximizing else 1000
        for card in self.moves(hands, player, trick):
            hands[player] ^= 1 << card
            trick.append((player, card))
            if len(trick) == 3:
                taker, _card = _taker(self.t, trick)
                gained = 1 if taker == self.declarer else 0
                found = gained + self.value(hands, taker, alpha - gained, beta - gained)
            else:
                found = self.play(hands, (player + 1) % 3, trick, alpha, beta)
            trick.pop()
            hands[player] ^= 1 << card
            if maximizing:
                best, alpha = max(best, found), max(alpha, found)
            else:
                best, beta = min(best, found), min(beta, found)
            if alpha >= beta:
                break
        return best


def bounds(position: Position) -> tuple[int, int]:
    """The fewest and the most card points the declarer can hold at the end under any play
    (the Skat and earlier tricks included): everybody playing against him, or for him."""
    tables = _Tables(position.contract)
    masks = position.masks(tables)
    low = _Extreme(tables, position.declarer, most=False).value(masks, position.leader)
    high = _Extreme(tables, position.declarer, most=True).value(masks, position.leader)
    return position.taken + low, position.taken + high


class _Extreme:
    """Everybody plays to one end: the most (or the fewest) card points for the declarer.
    Branch and bound over the same moves, with a table at each trick's start."""

    def __init__(self, tables: _Tables, declarer: int, most: bool) -> None:
        self.search = _Search(tables, declarer)
        self.t = tables
        self.declarer = declarer
        self.most = most
        self.table: dict[tuple[int, int, int, int], int] = {}

    def value(self, hands: list[int], leader: int) -> int:
        if not hands[0] | hands[1] | hands[2]:
            return 0
        key = (hands[0], hands[1], hands[2], leader)
        found = self.table.get(key)
        if found is None:
            found = self.play(hands, leader, [])
            self.table[key] = found
        return found

    def play(self, hands: list[int], player: int, trick: list[tuple[int, int]]) -> int:
        points = self.t.points
        left = sum(points[c] for c in _bits(hands[0] | hands[1] | hands[2])) + sum(
            points[c] for _p, c in trick)
        best: int | None = None
        for card in self.search.moves(hands, player, trick):
            hands[player] ^= 1 << card
            trick.append((player, card))
            if len(trick) == 3:
                taker, _card = _taker(self.t, trick)
                gained = sum(points[c] for _p, c in trick) if taker == self.declarer else 0
                found = gained + self.value(hands, taker)
            else:
                found = self.play(hands, (player + 1) % 3, trick)
            trick.pop()
            hands[player] ^= 1 << card
            if best is None or (found > best if self.most else found < best):
                best = found
            if best == (left if self.most else 0):
                break  # no play does better than all, or nothing
        return best if best is not None else 0
