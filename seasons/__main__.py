"""``python -m seasons``: one JSON document on stdin (the rules, the units, the players, their
results), the ranking on stdout; a document it cannot read is one line
``{"error": "<place>: <what is wrong>"}`` and exit status 1 (docs/seasons.md)."""

from __future__ import annotations

import json
import sys

from seasons.ranking import rank_season, ranking_json
from seasons.rules import SeasonError, read_document


def main() -> int:
    try:
        document = json.loads(sys.stdin.buffer.read(), parse_constant=_no_constant)
    except (json.JSONDecodeError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        print(json.dumps({"error": f"document: not JSON ({exc})"}))
        return 1
    try:
        ranking = ranking_json(rank_season(read_document(document)))
    except SeasonError as exc:
        print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        return 1
    print(json.dumps(ranking, ensure_ascii=False))
    return 0


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is no number of this document")


if __name__ == "__main__":
    sys.exit(main())
