"""``python -m money``: one JSON document on stdin (the rules, the players, each series'
tables, the standings), the ledger on stdout; a document it cannot read is one line
``{"error": "<place>: <what is wrong>"}`` and exit status 1 (docs/money.md)."""

from __future__ import annotations

import json
import sys

from money.ledger import settle
from money.rules import MoneyError, read_document


def main() -> int:
    try:
        document = json.loads(sys.stdin.read(), parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError) as exc:
        print(json.dumps({"error": f"document: not JSON ({exc})"}))
        return 1
    try:
        ledger = settle(read_document(document))
    except MoneyError as exc:
        print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        return 1
    print(json.dumps(ledger.as_json()))
    return 0


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is no number of this document")


if __name__ == "__main__":
    sys.exit(main())
