"""Issue 22's money at congress size: the ledger, the payout sheet page, its PDF and the cash
book's download.

``python bench/bench_money.py`` builds a congress with ``manage.py generate_congress
--players 3150 --series 3`` on a fresh SQLite file in a temporary folder (113,400 deals,
every series played and confirmed), gives it the Preisskat preset with series prizes and
table money on top (every pool pays), and then, in this process through Django's test client
(``DEBUG`` off) as its organizer, measures each request cold (every cache emptied first: the
results and the money are computed again) and warm: the payout sheet page, its PDF, the cash
book as XLSX, the standings with the prize money column; and ``money_book`` itself, cold.
Each: wall milliseconds, queries, bytes. ``--players 300`` tries it in a minute. Prints one
JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

SLUG = "money-bench"
CODE = Path(__file__).resolve().parent.parent
RULES = {
    "entry_fee": 1500, "series_fee": 200, "lost_game_fee": [[1, 50], [4, 100]],
    "passed_deal_fee": {"from_three": 4, "from_four": 5, "cents": 50},
    "table_rank_fee": {"three": [50, 100, 150], "four": [50, 100, 150, 200]},
    "destinations": {"entry_fee": {"prizes": 100}, "series_fee": {"series_prizes": 100},
                     "table_rank_fee": {"table": 100},
                     "lost_game_fee": {"jackpot": 50, "organizer": 50}},
    "prizes": {"places": {"tables": True}, "shares": "linear", "unit": 100},
    "series_prizes": {"places": {"every": 4}, "shares": "equal", "unit": 100},
    "table": "winner",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3150)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-money-")
    database = f"sqlite:///{folder}/bench.sqlite3"
    env = {**os.environ, "DJANGO_DEBUG": "1", "DATABASE_URL": database,
           "DJANGO_CACHE_DIR": f"{folder}/cache"}
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=CODE, env=env, check=True)
    started = time.perf_counter()
    subprocess.run([python, "manage.py", "generate_congress", "--players", str(args.players),
                    "--series", "3", "--slug", SLUG], cwd=CODE, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    built = time.perf_counter() - started
    os.environ.update(DJANGO_SETTINGS_MODULE="config.settings", DJANGO_DEBUG="1",
                      DJANGO_ALLOWED_HOSTS="testserver", DJANGO_PUBLIC_BUDGET="0",
                      DATABASE_URL=database, DJANGO_CACHE_DIR=f"{folder}/cache")
    sys.path.insert(0, str(CODE))
    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.cache import caches
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from page_timing import time_pages

    from money.models import MoneySettings
    from money.rules import read_rules
    from money.services import money_book
    from scoring.cache import forget_recent
    from tournament.models import Tournament

    settings.DEBUG = False
    tournament = Tournament.objects.get(slug=SLUG)
    # set as the page would have before the first deal (the bench's congress is played)
    read_rules(RULES)  # a bench of rules the site would refuse measures nothing
    MoneySettings.objects.create(tournament=tournament, rules=RULES, currency="EUR")
    user = get_user_model().objects.create_user("bench-organizer")
    tournament.organizers.add(user)
    client = Client()
    client.force_login(user)

    def empty() -> None:
        for each in caches.all():
            each.clear()
        forget_recent()

    found: dict[str, object] = {"players": args.players, "build_s": round(built, 1)}
    empty()
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        book = money_book(tournament)
        found["money_book_cold"] = {"ms": round((time.perf_counter() - started) * 1000),
                                    "queries": len(queries),
                                    "payouts": len(book.ledger.payouts)}
    pages = {"payouts": reverse("money:payouts", args=[SLUG]),
             "payouts_pdf": reverse("money:payouts_pdf", args=[SLUG]),
             "cash_book_xlsx": reverse("money:cash_book_export", args=[SLUG, "xlsx"]),
             "standings": reverse("scoring:standings", args=[SLUG])}
    time_pages(client, pages, empty, found)
    print(json.dumps(found))


if __name__ == "__main__":
    main()
