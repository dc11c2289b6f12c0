"""`manage.py demo_club_season`: a club with a season of 20 evenings for a new user
(`make run`)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext

from seasons.demo import YEAR_SLUG, build_club_season


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext("Build the demo club season: a club of 26 members and 6 guests, 20 "
                       "weekly evenings of two series played and released, the year's and "
                       "the first quarter's rankings.")

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true",
                            help=gettext("delete the demo club and build it anew"))
        parser.add_argument("--site-url", default="http://127.0.0.1:8000",
                            help=gettext("where the site is served, for the addresses printed"))

    def handle(self, *args, reset, site_url, **options):
        club = build_club_season(reset=reset)
        self.stdout.write(gettext("Demo club season: %(address)s  (%(evenings)s evenings, "
                                  "%(members)s members)")
                          % {"address": f"{site_url.rstrip('/')}/club/{club.pk}/{YEAR_SLUG}/",
                             "evenings": club.evenings.count(),
                             "members": club.members.count()})
