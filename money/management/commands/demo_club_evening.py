"""`manage.py demo_club_evening`: a club evening with its money for a new user (`make run`)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext

from money.demo import CLUB_SLUG, build_club_evening


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext("Build the demo club evening: 24 players, two series at four-tables, "
                       "a stake each series paid out that series, a list fee and lost-game "
                       "money, played and confirmed.")

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true",
                            help=gettext("delete the demo club evening and build it anew"))
        parser.add_argument("--site-url", default="http://127.0.0.1:8000",
                            help=gettext("where the site is served, for the addresses printed"))

    def handle(self, *args, reset, site_url, **options):
        tournament = build_club_evening(reset=reset)
        self.stdout.write(gettext("Demo club evening: %(address)s  (%(players)s players, the "
                                  "money on its organizer's Money page)")
                          % {"address": f"{site_url.rstrip('/')}/t/{CLUB_SLUG}/",
                             "players": tournament.entries.count()})
