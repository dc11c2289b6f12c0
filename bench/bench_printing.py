"""Benchmark the batch PDFs (issue 11): all filled score sheets of a series of 100 and of
1,000 four-tables (48 deals each), made the way ``sheets.pdf`` makes them — a chunk of tables
at a time into one PDF on disk — from plain sheet data, as the document module receives it.

Run by hand: ``.venv/bin/python bench/bench_printing.py`` (``--tables N`` measures one size in
this process). Each size runs in a fresh process so that its peak memory (max RSS) is its own.
Prints one line per size and a verdict: under 60 s for 1,000 tables, and peak memory at
1,000 tables within 20 % (or 25 MiB) of that at 100.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TARGET_SECONDS = 60.0
SIZES = (100, 1_000)
GAMES = ["♥ Solo with 2, won", "Grand with 1, Schneider, won", "♣ Tourné without 3, lost",
         "Null Ouvert, won", "♦ Solo with 1, won", "Grand Hand with 2, won"]


def sheets(count: int):
    """``count`` four-tables of a congress series, every sheet full (48 deals)."""
    from engine import DEFAULT_RULE_SET, get_rule_set
    from printing.score_sheets import SheetPrint
    from tournament.models import Series, Table, Tournament
    from tournament.sheets.loaders import Player, TableInfo
    from tournament.sheets.sheet import SheetDeal, build_sheet

    rules = get_rule_set(DEFAULT_RULE_SET)
    tournament = Tournament(name="North American Skat League · Congress 2027", slug="congress",
                            start_date=datetime.date(2027, 5, 1), deals_per_player=12)
    series = Series(tournament=tournament, number=2)
    for number in range(1, count + 1):
        table = Table(series=series, number=number, token=f"tok{number:05d}abcdefghijklmnop")
        players = tuple(Player(seat, 4 * number + seat, f"Spieler{seat} Müller-{number}")
                        for seat in range(1, 5))
        info = TableInfo(table=table, rules=rules, options={}, players=players, deal_count=48,
                         decks=())
        deals = []
        for n in range(1, 49):
            dealer = info.dealer(n)
            declarer = (dealer % 4) + 1
            value = 24 + (n * 7) % 50
            value = -2 * value if "lost" in GAMES[n % len(GAMES)] else value
            deals.append(SheetDeal(n, dealer, declarer, GAMES[n % len(GAMES)], value,
                                   {declarer: value}, value > 0))
        sheet = build_sheet(4, 48, deals, [], rules, [])
        yield SheetPrint(info, sheet, f"https://skat.example.org/s/{table.token}/")


def measure(count: int) -> dict:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")
    django.setup()
    from printing import score_sheets
    from printing.batches import write_batch

    start, cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryFile() as out:
        write_batch(out, sheets(count), lambda handle, chunk: score_sheets.write_sheets(
            handle, chunk, series_title="Series 2 · score sheets"),
            title="Series 2 · score sheets", total=count)
        size = out.tell()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"tables": count, "seconds": round(seconds, 1), "cpu_seconds": round(cpu, 1),
            "peak_rss_mib": round(peak, 1), "pdf_mib": round(size / 2**20, 1),
            "ms_per_sheet": round(1000 * seconds / count, 1)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int)
    args = parser.parse_args()
    if args.tables:
        print(json.dumps(measure(args.tables)))
        return 0
    results = []
    for count in SIZES:
        line = subprocess.run([sys.executable, __file__, "--tables", str(count)], check=True,
                              capture_output=True, text=True).stdout.strip().splitlines()[-1]
        result = json.loads(line)
        results.append(result)
        print(f"{count:5d} tables  {result['seconds']:6.1f} s "
              f"({result['cpu_seconds']:.1f} s CPU)  {result['ms_per_sheet']:5.1f} ms a sheet  "
              f"peak {result['peak_rss_mib']:6.1f} MiB"
              f"  PDF {result['pdf_mib']:5.1f} MiB")
    small, large = results
    fast = large["seconds"] < TARGET_SECONDS
    flat = large["peak_rss_mib"] <= max(small["peak_rss_mib"] * 1.2,
                                        small["peak_rss_mib"] + 25)
    print(f"1,000 tables under {TARGET_SECONDS:.0f} s: {'yes' if fast else 'NO'}; "
          f"memory flat: {'yes' if flat else 'NO'}")
    print(json.dumps({"printing": results}))
    return 0 if fast and flat else 1


if __name__ == "__main__":
    raise SystemExit(main())
