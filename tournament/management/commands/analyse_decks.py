"""`manage.py analyse_decks`: the open-card analysis of every comparative deck that has none
yet, here and now (what the background task does; for a set whose task failed or was lost)."""

from django.core.management.base import BaseCommand
from django.utils.translation import gettext

from tournament.comparative.analysis import analyse_waiting
from tournament.models import Series


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext("Analyse with open cards every comparative deck that is not analysed "
                       "yet.")

    def add_arguments(self, parser):
        parser.add_argument("--tournament", help=gettext("the tournament's slug (default: all)"))

    def handle(self, *args, tournament=None, **options):
        series = Series.objects.filter(decks__analysis__isnull=True, decks__isnull=False)
        if tournament:
            series = series.filter(tournament__slug=tournament)
        done = 0
        for pk, number, slug in series.distinct().values_list(
                "pk", "number", "tournament__slug").order_by("tournament__slug", "number"):
            analysed = analyse_waiting(pk)
            done += analysed
            self.stdout.write(gettext("%(tournament)s series %(series)s: %(decks)s decks "
                                      "analysed.") % {"tournament": slug, "series": number,
                                                      "decks": analysed})
        self.stdout.write(gettext("%(decks)s decks analysed in all.") % {"decks": done})
