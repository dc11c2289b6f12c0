"""`manage.py demo_congress`: a living demo congress for a new user (used by `make run`)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext

from tournament.demo import COMPARATIVE_SLUG, DEMO_SLUG, build_comparative_demo, build_demo_congress


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext("Build the demo congress: 8 clubs, 62 players (59 checked in), three "
                       "series seated; series 1 and 2 played and confirmed, series 3 half "
                       "played; and a comparative evening of 18 players and 12 decks, played "
                       "and released.")

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true",
                            help=gettext("delete the demo congress and build it anew"))
        parser.add_argument("--site-url", default="http://127.0.0.1:8000",
                            help=gettext("where the site is served, for the addresses printed"))

    def handle(self, *args, reset, site_url, **options):
        site = site_url.rstrip("/")
        tournament = build_demo_congress(reset=reset, with_deals=True)
        tables = tournament.series.get(number=1).tables.count()
        self.stdout.write(
            gettext("Demo congress: %(address)s  (%(players)s players, %(tables)s tables per "
                    "series)") % {"address": f"{site}/t/{DEMO_SLUG}/",
                                  "players": tournament.entries.count(), "tables": tables}
        )
        comparative = build_comparative_demo(reset=reset)
        self.stdout.write(
            gettext("Comparative demo: %(address)s  (%(players)s players, 12 decks at six "
                    "three-tables)") % {"address": f"{site}/t/{COMPARATIVE_SLUG}/",
                                        "players": comparative.entries.count()}
        )
