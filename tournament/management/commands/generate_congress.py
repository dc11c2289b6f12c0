"""`manage.py generate_congress`: a congress of any size for the benchmarks (issue 13).

The League's congress is the default: 3,150 players, three series, every deal played and
every sheet confirmed (about 113,000 deals). Smaller sizes for a quick run: ``--players 300``.
``--unplayed 1`` leaves the last series seated with no deal (bench/bench_congress.py's load test).
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from tournament.demo import build_congress
from tournament.models import Deal, Table


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext("Build a congress through the seating services, its deals scored by the "
                       "engine: players, series and the share of deals played as options.")

    def add_arguments(self, parser):
        parser.add_argument("--slug", default="congress-bench")
        parser.add_argument("--players", type=int, default=3150)
        parser.add_argument("--series", type=int, default=3)
        parser.add_argument("--played", type=float, default=1.0,
                            help=gettext("share of each sheet's deals played, 0..1 "
                                         "(default 1)"))
        parser.add_argument("--unplayed", type=int, default=0,
                            help=gettext("the last n series seated and published, no deal "
                                         "entered"))
        parser.add_argument("--seed", default="bench")
        parser.add_argument("--reset", action="store_true",
                            help=gettext("delete the tournament of that slug and build it anew"))

    def handle(self, *args, slug, players, series, played, unplayed, seed, reset, **options):
        if not 6 <= players <= 20_000:
            raise CommandError(gettext("--players: between 6 and 20,000."))
        if not 1 <= series <= 10:
            raise CommandError(gettext("--series: between 1 and 10."))
        if not 0 <= played <= 1:
            raise CommandError(gettext("--played: a share between 0 and 1."))
        if not 0 <= unplayed <= series:
            raise CommandError(gettext("--unplayed: between 0 and the number of series."))
        tournament = build_congress(slug, players, series, seed, played, reset, unplayed)
        tables = Table.objects.filter(series__tournament=tournament).count()
        deals = Deal.objects.filter(table__series__tournament=tournament).count()
        self.stdout.write(gettext("%(slug)s: %(players)s players, %(series)s series, "
                                  "%(tables)s tables, %(deals)s deals")
                          % {"slug": tournament.slug, "players": tournament.entries.count(),
                             "series": series, "tables": tables, "deals": deals})
