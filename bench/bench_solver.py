"""Issue 25, point 3: the open-card solver on random deals, on one core.

``.venv/bin/python bench/bench_solver.py`` deals ``--deals`` random deals (the site's seeded
shuffle) and, for each, asks what the hand records will ask: for the declarer in forehand
with the Skat, forehand leading, every game he could declare (four suits, Grand, Null):
won or lost (``engine.solver.wins``) and the exact card points (``engine.solver.solve``),
each timed alone. Targets: won or lost p95 ≤ 1 s, exact p95 ≤ 5 s. ``--bounds`` also times
the fewest and the most under any play. It measures the compiled searches (engine/_solve.c,
built by ``make install``), written to ``bench/results/solver-c-<date>.json``; ``--pure`` the
pure reference instead (``solver-<date>.json``, as its figures always were). ``--quick``: 10
deals.
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

from engine.cards import Suit, deal_cards  # noqa: E402
from engine.solver import COMPILED, Position, bounds, solve, wins  # noqa: E402
from engine.tricks import Contract, Order  # noqa: E402

CONTRACTS = [Contract.suit(s) for s in Suit] + [Contract.grand(), Contract.null()]


def timed(work):
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--bounds", action="store_true")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--pure", action="store_true", help="the pure reference, not the C")
    args = parser.parse_args()
    if not (args.pure or COMPILED):
        parser.error("engine._solve is not built: `make install`, or --pure")
    pure = args.pure
    load = os.getloadavg()  # the other core may be busy: say so beside the figures
    if args.quick:
        args.deals = 10
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    won_times: dict[str, list[float]] = {}
    exact_times: dict[str, list[float]] = {}
    bound_times: list[float] = []
    games_won = {c.key: 0 for c in CONTRACTS}
    for n in range(args.deals):
        dealt = deal_cards(f"solver-bench-{n}")
        for contract in CONTRACTS:
            skat = 0 if contract.order is Order.NULL else sum(c.points for c in dealt.skat)
            position = Position.of(contract, dealt.hands, declarer=0, leader=0, taken=skat)
            won, seconds = timed(lambda p=position: wins(p, pure=pure))
            won_times.setdefault(contract.key, []).append(seconds)
            solved, seconds = timed(lambda p=position: solve(p, pure=pure))
            exact_times.setdefault(contract.key, []).append(seconds)
            assert solved.won == won, (n, contract.key)
            games_won[contract.key] += won
            if args.bounds and contract.order is not Order.NULL:
                (low, high), seconds = timed(lambda p=position: bounds(p, pure=pure))
                assert low <= (solved.card_points or 0) <= high
                bound_times.append(seconds)
        print(f"deal {n + 1}/{args.deals}", flush=True)
    every_won = [t for times in won_times.values() for t in times]
    every_exact = [t for times in exact_times.values() for t in times]
    report = {
        "solver": "pure" if pure else "c", "deals": args.deals, "positions": len(every_won),
        "won_or_lost_seconds": percentiles(every_won),
        "exact_seconds": percentiles(every_exact),
        "by_game": {key: {"won_or_lost": percentiles(won_times[key]),
                          "exact": percentiles(exact_times[key]),
                          "won_by_forehand": games_won[key]} for key in won_times},
        "bounds_seconds": percentiles(bound_times) if args.bounds else None,
        "machine": {"cpus": os.cpu_count(), "one_core": hasattr(os, "sched_setaffinity"),
                    "python": sys.version.split()[0], "load_at_start": load,
                    "date": datetime.date.today().isoformat()},
    }
    name = "solver" if pure else "solver-c"
    out = ROOT / "bench" / "results" / f"{name}-{datetime.date.today().isoformat()}.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps({k: report[k] for k in ("won_or_lost_seconds", "exact_seconds",
                                             "bounds_seconds")}, indent=2))
    won_ok = report["won_or_lost_seconds"]["p95"] <= 1.0
    exact_ok = report["exact_seconds"]["p95"] <= 5.0
    return 0 if won_ok and exact_ok else 1


if __name__ == "__main__":
    sys.exit(main())
