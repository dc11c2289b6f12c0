"""Comparative Skat standings (docs/rules.md §13): matchpoints per deck, the Neuberg scaling,
the comparative ranking by mean percentage, and the book's columns per seat letter.

Pure functions over plain frozen dataclasses, computed exactly with ``fractions.Fraction``:
nothing is rounded until it is printed, so equal values tie and nearly equal ones do not.
``python -m scoring.comparative`` reads results as JSON lines and prints the ranking (the
contract is in ``main``'s docstring); the site's pages call the same functions.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NoReturn, TextIO

from engine import LETTERS  # the seat letters on the decks' backs: N, E, S (and W)
from scoring.standings import place_label, ranked

# A player earns this for every player of his letter he out-scored on a deck, half of it for a tie.
WIN = 2


class InvalidResults(ValueError):
    """Results the comparison cannot read: a duplicate, an unknown letter, too few expected."""


@dataclass(frozen=True)
class DeckResult:
    """One player's score on one deck, held in one seat letter."""

    deck: int
    letter: str  # "N", "E", "S" or "W"
    player: int
    score: int | Fraction  # what the tournament's scoring system gave him for that deal


@dataclass(frozen=True)
class DeckMatchpoints:
    """One result compared with the others of its deck and letter."""

    deck: int
    letter: str
    player: int
    score: int | Fraction
    unscaled: int  # 2 for each one out-scored, 1 for each tie, among the `results` present
    matchpoints: Fraction  # after the Neuberg scaling to `expected` results
    top: int  # 2 × (expected − 1)
    percent: Fraction  # matchpoints / top × 100
    results: int  # A: the results present on this deck and letter
    expected: int  # E: the results there should have been


@dataclass(frozen=True)
class ComparativeStanding:
    player: int
    decks: int  # the decks he was compared on
    matchpoints: Fraction  # scaled matchpoints summed over those decks
    percent: Fraction  # the mean of his per-deck percentages, 0..100
    rank: int  # equal percentages share a rank; the next rank skips ("3=", "3=", 5)
    tied: bool

    @property
    def place(self) -> str:
        return place_label(self.rank, self.tied)


@dataclass(frozen=True)
class LetterStanding:
    """A line of the book's column of one seat letter (seed 000 L5142–L5149)."""

    letter: str
    player: int
    decks: int  # the decks he has a result on in this letter
    points: int | Fraction  # his scores summed over those decks
    rank: int
    tied: bool

    @property
    def place(self) -> str:
        return place_label(self.rank, self.tied)


def _results(count: int) -> str:
    return f"{count} result" if count == 1 else f"{count} results"


def neuberg(mp: int | Fraction, expected: int, actual: int) -> Fraction:
    """Scale matchpoints earned among `actual` results to a field of `expected` ones.

    On the 2-point scale: MP' = (MP + 1) × E / A − 1. With E = A nothing changes; a result
    in a smaller field is stretched so that the deck weighs as much as a complete one.
    """
    if actual < 1:
        raise InvalidResults(f"Neuberg needs at least one actual result, not {actual}.")
    if expected < actual:
        raise InvalidResults(f"{_results(expected)} expected but {actual} present.")
    return (Fraction(mp) + 1) * expected / actual - 1


def _check(results: Sequence[DeckResult], expected: Mapping[int, int]) -> None:
    seen: dict[tuple[int, int], str] = {}
    for r in results:
        if r.letter not in LETTERS:
            raise InvalidResults(
                f"Deck {r.deck}, player {r.player}: letter {r.letter!r} is not one of "
                f"{', '.join(LETTERS)}."
            )
        if (r.deck, r.player) in seen:
            raise InvalidResults(
                f"Deck {r.deck}: player {r.player} has two results "
                f"({seen[(r.deck, r.player)]} and {r.letter})."
            )
        seen[(r.deck, r.player)] = r.letter
    for deck, count in expected.items():
        if count < 1:
            raise InvalidResults(f"Deck {deck}: the expected results must be at least 1.")
    present = Counter((r.deck, r.letter) for r in results)
    for (deck, letter), actual in sorted(present.items()):
        if deck in expected and expected[deck] < actual:
            raise InvalidResults(
                f"Deck {deck}, letter {letter}: {_results(expected[deck])} expected but "
                f"{actual} present."
            )


def _unscaled(scores: Sequence[int | Fraction]) -> dict[int | Fraction, int]:
    """Matchpoints of each distinct score among `scores`: 2 per lower score, 1 per other equal."""
    counts = Counter(scores)
    below = 0
    points: dict[int | Fraction, int] = {}
    for score in sorted(counts):
        points[score] = WIN * below + (counts[score] - 1)
        below += counts[score]
    return points


def matchpoints(
    results: Iterable[DeckResult], expected: Mapping[int, int] | None = None
) -> list[DeckMatchpoints]:
    """Every result compared with the others of its deck and letter, by deck, letter, best first.

    `expected`: deck -> how many results each letter of that deck should have had; a deck left
    out expects the results present. A deck and letter with a single result compares nobody and
    is left out; a letter that sat the deck out has no results and is not compared either.
    Raises `InvalidResults` for an unknown letter, a player with two results on one deck, or an
    expectation below the results present.
    """
    results = list(results)
    expected = dict(expected or {})
    _check(results, expected)
    groups: dict[tuple[int, str], list[DeckResult]] = defaultdict(list)
    for r in results:
        groups[(r.deck, r.letter)].append(r)
    rows: list[DeckMatchpoints] = []
    for deck, letter in sorted(groups, key=lambda g: (g[0], LETTERS.index(g[1]))):
        group = groups[(deck, letter)]
        actual = len(group)
        if actual < 2:
            continue
        wanted = expected.get(deck, actual)
        top = WIN * (wanted - 1)
        points = _unscaled([r.score for r in group])
        for r in sorted(group, key=lambda r: (-r.score, r.player)):
            scaled = neuberg(points[r.score], wanted, actual)
            rows.append(
                DeckMatchpoints(
                    r.deck, r.letter, r.player, r.score, points[r.score], scaled, top,
                    scaled / top * 100, actual, wanted,
                )
            )
    return rows


def rank_matchpoints(rows: Iterable[DeckMatchpoints]) -> list[ComparativeStanding]:
    """The comparative ranking from per-deck matchpoints: by the mean per-deck percentage,
    exactly; equal means are ties (player order inside a tie)."""
    decks: dict[int, list[DeckMatchpoints]] = defaultdict(list)
    for row in rows:
        decks[row.player].append(row)
    lines = [
        (
            player,
            len(mine),
            sum((m.matchpoints for m in mine), Fraction(0)),
            sum((m.percent for m in mine), Fraction(0)) / len(mine),
        )
        for player, mine in sorted(decks.items())
    ]
    return [
        ComparativeStanding(player, count, total, percent, rank, tied)
        for (player, count, total, percent), rank, tied in ranked(lines, lambda line: line[3])
    ]


def comparative_standings(
    results: Iterable[DeckResult], expected: Mapping[int, int] | None = None
) -> list[ComparativeStanding]:
    """Players by the mean of their per-deck percentages (docs/rules.md §13), best first.

    A player compared on no deck is not ranked. See `matchpoints` for `expected` and errors.
    """
    return rank_matchpoints(matchpoints(results, expected))


def letter_columns(results: Iterable[DeckResult]) -> dict[str, list[LetterStanding]]:
    """The book's columns: for each seat letter present, its players ranked by total Points.

    Every result counts, single ones too; `decks` says on how many decks a player's total
    rests, so a missing result shows. Letters in the order N, E, S, W.
    """
    results = list(results)
    _check(results, {})
    totals: dict[str, dict[int, list[int | Fraction]]] = defaultdict(lambda: defaultdict(list))
    for r in results:
        totals[r.letter][r.player].append(r.score)
    columns: dict[str, list[LetterStanding]] = {}
    for letter in LETTERS:
        if letter not in totals:
            continue
        lines = [
            (player, len(scores), sum(scores, 0))
            for player, scores in sorted(totals[letter].items())
        ]
        columns[letter] = [
            LetterStanding(letter, player, count, points, rank, tied)
            for (player, count, points), rank, tied in ranked(lines, lambda line: line[2])
        ]
    return columns


# -- command line ---------------------------------------------------------------------------

RESULT_KEYS = ("deck", "letter", "player", "score")
EXPECTATION_KEYS = ("deck", "expected")


class _BadLine(ValueError):
    pass


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number")


def _integer(obj: Mapping[str, Any], key: str, minimum: int | None = None) -> int:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _BadLine(f'the field "{key}" must be an integer')
    if minimum is not None and value < minimum:
        raise _BadLine(f'the field "{key}" must be at least {minimum}')
    return value


def _parse_line(text: str) -> DeckResult | tuple[int, int]:
    """A result, or an expectation (deck, expected). Floats are read exactly (as decimals)."""
    try:
        obj = json.loads(text, parse_float=Fraction, parse_constant=_no_constant)
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError):
            msg = f"{exc.msg} at column {exc.colno}"
        else:
            msg = str(exc)
        raise _BadLine(f"not valid JSON ({msg})") from None
    if not isinstance(obj, dict):
        raise _BadLine("not a JSON object")
    keys = EXPECTATION_KEYS if "expected" in obj else RESULT_KEYS
    for key in keys:
        if key not in obj:
            raise _BadLine(f'the field "{key}" is missing')
    unknown = sorted(set(obj) - set(keys))
    if unknown:
        raise _BadLine(f'the field "{unknown[0]}" is unknown here')
    deck = _integer(obj, "deck", 1)
    if "expected" in obj:
        return deck, _integer(obj, "expected", 1)
    letter = obj["letter"]
    if letter not in LETTERS:
        raise _BadLine(f'the field "letter" must be one of {", ".join(LETTERS)}')
    score = obj["score"]
    if isinstance(score, Fraction):
        pass
    elif isinstance(score, bool) or not isinstance(score, int):
        raise _BadLine('the field "score" must be a number')
    return DeckResult(deck, letter, _integer(obj, "player"), score)


def read_lines(lines: Iterable[str]) -> tuple[list[DeckResult], dict[int, int], list[str]]:
    """Results, expectations and one error sentence per malformed line (numbered from 1)."""
    results: list[DeckResult] = []
    expected: dict[int, int] = {}
    errors: list[str] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            item = _parse_line(text)
        except _BadLine as exc:
            errors.append(f"Line {number}: {exc}.")
            continue
        if isinstance(item, DeckResult):
            results.append(item)
            continue
        deck, count = item
        if expected.get(deck, count) != count:
            errors.append(
                f"Line {number}: deck {deck} already expects {_results(expected[deck])}."
            )
            continue
        expected[deck] = count
    return results, expected, errors


def rounded(value: Fraction) -> float:
    """Two decimals, half away from zero (65.625 prints 65.63), for printing only."""
    hundredths = math.floor(abs(value) * 100 + Fraction(1, 2))
    return math.copysign(hundredths / 100, value)


def _write(out: TextIO, obj: Mapping[str, object]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def run(lines: Iterable[str], out: TextIO, columns: bool = False) -> int:
    results, expected, errors = read_lines(lines)
    if not errors:
        try:
            if columns:
                for column in letter_columns(results).values():
                    for c in column:
                        points = c.points if isinstance(c.points, int) else rounded(c.points)
                        _write(out, {"letter": c.letter, "player": c.player, "decks": c.decks,
                                     "points": points, "rank": c.place})
                return 0
            for s in comparative_standings(results, expected):
                _write(out, {"player": s.player, "decks": s.decks,
                             "matchpoints": rounded(s.matchpoints),
                             "percent": rounded(s.percent), "rank": s.place})
            return 0
        except InvalidResults as exc:
            errors.append(str(exc))
    for error in errors:
        _write(out, {"error": error})
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m scoring.comparative [--columns] < results.jsonl``

    Reads one JSON object a line: a result ``{"deck": 1, "letter": "N", "player": 17,
    "score": 40}`` or an expectation ``{"deck": 1, "expected": 6}`` (the results each letter of
    that deck should have had; without one, the results present). Prints one line a player,
    best first: ``{"player": 17, "decks": 12, "matchpoints": 31.5, "percent": 65.63,
    "rank": "1"}``, rounded to 2 decimals only here, ranked by the exact mean percentage.
    With ``--columns``, the book's columns instead: ``{"letter": "N", "player": 17,
    "decks": 12, "points": 140, "rank": "1"}``, letter by letter. A malformed line, or results
    the comparison refuses, print ``{"error": "..."}`` lines, nothing else, and exit 1.
    """
    parser = argparse.ArgumentParser(
        prog="python -m scoring.comparative",
        description="Comparative Skat standings from JSON lines on stdin (docs/rules.md §13).",
    )
    parser.add_argument("--columns", action="store_true",
                        help="print the book's columns per seat letter instead")
    args = parser.parse_args(argv)
    return run(sys.stdin, sys.stdout, args.columns)


if __name__ == "__main__":
    sys.exit(main())
