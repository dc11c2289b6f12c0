"""Benchmark the seating algorithms at congress scale: 3,000 players, 750 tables.

Run by hand: ``.venv/bin/python bench/bench_seating.py``. Times the first-series draw and the
reseating of series 2 and 3 (met pairs accumulate), with and without 200 keep-apart pairs, and
prints a verdict against the target of under 2 s per series.
"""

import random
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere

from tournament.seating.algorithms import Plan, TablePolicy, draw, pairs_of, reseat  # noqa: E402

PLAYERS = 3_000
KEEP_APART = 200
TARGET_SECONDS = 2.0


def three_series(label: str, keep_apart: list[tuple[int, int]]) -> list[float]:
    """Seat three series, print one line per series and return the seconds each took."""
    entries = list(range(1, PLAYERS + 1))
    met: set[frozenset[int]] = set()
    seconds = []
    for series in (1, 2, 3):
        seed = f"bench/{label}/series-{series}"
        start = time.perf_counter()
        if series == 1:
            plan: Plan = draw(entries, seed, TablePolicy.PREFER_FOUR, keep_apart=keep_apart)
        else:
            plan = reseat(entries, seed, met, TablePolicy.PREFER_FOUR, keep_apart=keep_apart)
        elapsed = time.perf_counter() - start
        seconds.append(elapsed)
        what = "draw  " if series == 1 else "reseat"
        print(
            f"{label:<16} series {series} {what} {elapsed:7.3f} s  tables {len(plan.tables):4d}  "
            f"repeat_pairs {plan.repeat_pairs:3d}  apart_violations {plan.apart_violations:3d}  "
            f"met so far {len(met):6d}"
        )
        met |= pairs_of(plan)
    return seconds


def main() -> None:
    rng = random.Random("bench/keep-apart")
    pairs: set[tuple[int, int]] = set()
    while len(pairs) < KEEP_APART:
        a, b = sorted(rng.sample(range(1, PLAYERS + 1), 2))
        pairs.add((a, b))
    seconds = three_series("plain", [])
    seconds += three_series(f"{KEEP_APART} keep-apart", sorted(pairs))
    worst = max(seconds)
    verdict = "PASS" if worst < TARGET_SECONDS else "FAIL"
    print(
        f"{verdict}: slowest series took {worst:.3f} s for {PLAYERS} players "
        f"(target: under {TARGET_SECONDS:g} s each)"
    )


def forced_repeats() -> None:
    """Informational worst case: 800 players who all met cannot spread over 750 tables.

    Zero is impossible, so the search runs to its work bound (and must find the forced 50).
    """
    met = {frozenset(p) for p in combinations(range(1, 801), 2)}
    start = time.perf_counter()
    plan = reseat(range(1, PLAYERS + 1), "bench/forced", met)
    elapsed = time.perf_counter() - start
    print(
        f"worst case (not in the verdict): 800 who all met, {len(met)} met pairs: "
        f"{elapsed:.3f} s, repeat_pairs {plan.repeat_pairs} (50 are unavoidable)"
    )


if __name__ == "__main__":
    main()
    forced_repeats()
