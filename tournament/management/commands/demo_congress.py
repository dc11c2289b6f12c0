"""`manage.py demo_congress`: a living demo congress for a new user (used by `make run`)."""

from django.core.management.base import BaseCommand

from tournament.demo import COMPARATIVE_SLUG, DEMO_SLUG, build_comparative_demo, build_demo_congress


class Command(BaseCommand):
    help = ("Build the demo congress: 8 clubs, 62 players (59 checked in), three series "
            "seated; series 1 and 2 played and confirmed, series 3 half played; and a "
            "comparative evening of 18 players and 12 decks, played and released.")

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true",
                            help="delete the demo congress and build it anew")
        parser.add_argument("--site-url", default="http://127.0.0.1:8000",
                            help="where the site is served, for the addresses printed")

    def handle(self, *args, reset, site_url, **options):
        site = site_url.rstrip("/")
        tournament = build_demo_congress(reset=reset, with_deals=True)
        tables = tournament.series.get(number=1).tables.count()
        self.stdout.write(
            f"Demo congress: {site}/t/{DEMO_SLUG}/  "
            f"({tournament.entries.count()} players, {tables} tables per series)"
        )
        comparative = build_comparative_demo(reset=reset)
        self.stdout.write(
            f"Comparative demo: {site}/t/{COMPARATIVE_SLUG}/  "
            f"({comparative.entries.count()} players, 12 decks at six three-tables)"
        )
