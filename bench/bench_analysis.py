"""Issue 25, point 4: a comparative deck's open-card analysis, as the task makes it, on one core.

``.venv/bin/python bench/bench_analysis.py`` deals ``--decks`` decks of a three-table set
(``engine.deal_set``, the seed ``--seed``) and times ``engine.analysis.solve_deck`` on each:
every letter's six games solved, and the bounds of the five trump games within the budget
(``engine.analysis.BOUNDS_BUDGET``). It reports the seconds a deck and how many bounds stopped
at the budget, and how much wider those were than the exact bounds (``--exact`` times the
exact ones too: minutes for a few). Written to ``bench/results/analysis-<date>.json``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))  # the benches' shared percentiles

from bench_live import percentiles  # noqa: E402

from engine.analysis import BOUNDS_BUDGET, GAMES, position_of, solve_deck  # noqa: E402
from engine.decks import deal_set  # noqa: E402
from engine.solver import COMPILED, bounds  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=int, default=24)
    parser.add_argument("--seed", default="bench-analysis")
    parser.add_argument("--exact", action="store_true",
                        help="also the exact bounds, to see how much the budget widens them")
    args = parser.parse_args()
    if not COMPILED:
        parser.error("engine._solve is not built: `make install`")
    load = os.getloadavg()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    per_deck: list[float] = []
    stopped = widened = 0
    positions = 0
    for deck in deal_set(args.seed, args.decks, 3):
        start = time.perf_counter()
        solved = solve_deck(deck)
        per_deck.append(time.perf_counter() - start)
        for letter, games in solved.items():
            for cards in games:
                if cards.fewest is None:
                    continue
                positions += 1
                position = position_of(deck, letter, cards.game)
                if not args.exact:
                    continue
                exact = bounds(position)
                if exact != (cards.fewest, cards.most):
                    stopped += 1
                    widened += (exact[0] - cards.fewest) + (cards.most - exact[1])
        print(f"deck {deck.number}: {per_deck[-1]:.2f} s", flush=True)
    result = {
        "date": datetime.date.today().isoformat(), "decks": args.decks, "seed": args.seed,
        "games": list(GAMES), "bounds_budget": BOUNDS_BUDGET, "load_average": load,
        "seconds_a_deck": percentiles(per_deck), "total_seconds": round(sum(per_deck), 2),
        "bounds_positions": positions,
    }
    if args.exact:
        result |= {"bounds_wider_than_exact": stopped,
                   "mean_points_wider": round(widened / stopped, 1) if stopped else 0}
    out = ROOT / "bench" / "results" / f"analysis-{result['date']}.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
