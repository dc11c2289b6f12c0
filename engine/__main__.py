"""Command line: ``python -m engine evaluate|rules|bids|decks|solve|iss`` (the contract of
DESIGN.md; ``solve`` and ``iss``: docs/hand-analysis.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from . import (
    DEFAULT_RULE_SET,
    EngineError,
    InvalidDeck,
    InvalidOption,
    deal_set,
    evaluate,
    get_rule_set,
    legal_bids,
)
from .iss import answer as iss_answer
from .rulesets import rule_sets
from .solve_lines import answer
from .words import Phrase


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            # the command line's own words: English, never in the site's catalog
            raise InvalidOption(Phrase(f"Option {pair!r}: write it as key=value, e.g. "
                                       "contra=on."))
        options[key.strip()] = value.strip()
    return options


def run_evaluate(rules: str, options: dict[str, str], lines: TextIO, out: TextIO) -> int:
    rule_set = get_rule_set(rules)
    rule_set.resolve_options(options)  # a bad option stops the run before any line
    for line in lines:
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            result = evaluate(record, rule_set, options)
        except json.JSONDecodeError as exc:
            result = {"error": f"The line is not valid JSON ({exc.msg} at column {exc.colno})."}
        except EngineError as exc:
            result = {"error": str(exc)}
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    return 0


def run_rules(as_json: bool, out: TextIO) -> int:
    if as_json:
        data = [
            {
                "key": r.key, "name": r.name, "source": r.source,
                "default": r.key == DEFAULT_RULE_SET,
                "games": [g.key for g in r.games],
                "options": {o.key: o.default for o in r.options},
                "penalties": {p.key: p.points for p in r.penalties},
            }
            for r in rule_sets()
        ]
        out.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return 0
    for r in rule_sets():
        default = " (default)" if r.key == DEFAULT_RULE_SET else ""
        out.write(f"{r.key:<12} {r.name}{default} [{r.source}]\n")
        out.write(f"{'':<12} games: {', '.join(g.key for g in r.games)}\n")
        if r.options:
            opts = ", ".join(f"{o.key}={'on' if o.default else 'off'}" for o in r.options)
            out.write(f"{'':<12} options: {opts}\n")
    return 0


def run_bids(rules: str, options: dict[str, str], as_json: bool, out: TextIO) -> int:
    rule_set = get_rule_set(rules)
    if not rule_set.numeric_bids:
        ladder = list(rule_set.bid_ladder)
        if as_json:
            out.write(json.dumps({"by": "game", "bids": ladder}, ensure_ascii=False) + "\n")
        else:
            out.write(f"{rule_set.key} bids by the name of the game, lowest first:\n")
            out.write("\n".join(ladder) + "\n")
        return 0
    bids = list(legal_bids(rule_set, rule_set.resolve_options(options)))
    if as_json:
        out.write(json.dumps(bids) + "\n")
    else:
        out.write(" ".join(str(b) for b in bids) + "\n")
    return 0


def _whole_number(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidDeck(Phrase(f"{name}: {text!r} is not a whole number.")) from None


def run_decks(seed: str, decks: str, table_size: str, out: TextIO) -> int:
    """One deck a line, as ``Deck.as_json``; a bad argument stops the run before any line."""
    dealt = deal_set(seed, _whole_number("Decks", decks),
                     _whole_number("Table size", table_size))
    for deck in dealt:
        out.write(json.dumps(deck.as_json(), ensure_ascii=False) + "\n")
    return 0


def run_solve(with_bounds: bool, lines: TextIO, out: TextIO) -> int:
    """One answer a line, as ``solver.answer``; a line that is no JSON says so."""
    for line in lines:
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            result: dict[str, object] = {
                "error": f"The line is not valid JSON ({exc.msg} at column {exc.colno})."}
        else:
            result = answer(data, with_bounds)
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    return 0


def run_iss(lines: TextIO, out: TextIO) -> int:
    """One answer a line of ISS game records, as ``iss.answer``."""
    for line in lines:
        if not line.strip():
            continue
        out.write(json.dumps(iss_answer(line), ensure_ascii=False) + "\n")
        out.flush()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("evaluate", help="score JSON deal records, one per line on stdin")
    bids = sub.add_parser("bids", help="print the legal bids of a rule set")
    for p in (ev, bids):
        p.add_argument("--rules", default=DEFAULT_RULE_SET)
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    bids.add_argument("--json", action="store_true")
    rules = sub.add_parser("rules", help="list the rule sets")
    rules.add_argument("--json", action="store_true")
    decks = sub.add_parser("decks", help="deal a set of comparative decks, one JSON per line")
    decks.add_argument("--seed", required=True, help="the recorded seed of the set")
    decks.add_argument("--decks", required=True, metavar="N", help="how many decks (1..999)")
    decks.add_argument("--table-size", required=True, metavar="3|4")
    solve = sub.add_parser("solve", help="open-card results of positions, one JSON per line")
    solve.add_argument("--bounds", action="store_true",
                       help="also the fewest and the most card points under any play")
    sub.add_parser("iss", help="ISS game records, one a line: the deal record and its value")
    args = parser.parse_args(argv)
    try:
        if args.command == "evaluate":
            return run_evaluate(args.rules, _options(args.option), sys.stdin, sys.stdout)
        if args.command == "bids":
            return run_bids(args.rules, _options(args.option), args.json, sys.stdout)
        if args.command == "decks":
            return run_decks(args.seed, args.decks, args.table_size, sys.stdout)
        if args.command == "solve":
            return run_solve(args.bounds, sys.stdin, sys.stdout)
        if args.command == "iss":
            return run_iss(sys.stdin, sys.stdout)
        return run_rules(args.json, sys.stdout)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
