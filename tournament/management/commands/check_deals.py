"""`manage.py check_deals`: every stored deal scored again by the engine.

A deal is scored once, when it is entered; this finds a stored value the rules no longer give
(an engine change, a hand-edited database) and scoring columns (game, trump, matadors, won,
card points, Passt Nicht, each seat's Points) that are not what the deal's record gives, and a
sheet's foot (what the results sum, tournament/sheets/foot.py) that is not what its deals add
up to. It prints each table's problems and exits with status 1 when there are any;
``--mend-feet`` adds such feet up again (and empties the results' cache).
"""

from django.core.cache import cache
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext

from tournament.models import Table
from tournament.sheets.loaders import stored_value_problems, table_info
from tournament.sheets.rows import feet_to_seats, keep_foot, stale_foot


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext("Score every stored deal again with the engine and report values and "
                       "scoring columns that differ.")

    def add_arguments(self, parser):
        parser.add_argument("--tournament", help=gettext("the tournament's slug (default: all)"))
        parser.add_argument("--mend-feet", action="store_true",
                            help=gettext("add up again each foot that is not what its deals add "
                                         "up to"))

    def handle(self, *args, tournament=None, mend_feet=False, **options):
        tables = Table.objects.select_related("series__tournament").order_by(
            "series__tournament__slug", "series__number", "number")
        if tournament:
            tables = tables.filter(series__tournament__slug=tournament)
        checked = found = feet = mended = 0
        for table in tables.iterator():
            # Translators: a table of a tournament, named by its slug
            where = gettext("%(tournament)s series %(series)s table %(table)s") % {
                "tournament": table.series.tournament.slug, "series": table.series.number,
                "table": table.number}
            if stale_foot(table):
                if mend_feet:
                    with transaction.atomic():
                        table.save(update_fields=keep_foot(table))
                        feet_to_seats(table=table.pk)
                    mended += 1
                    self.stdout.write(gettext("%(where)s: the sheet's foot added up again.")
                                      % {"where": where})
                else:
                    feet += 1
                    self.stdout.write(gettext("%(where)s: the sheet's foot is not what its deals "
                                              "add up to (--mend-feet adds it up again).")
                                      % {"where": where})
            info = table_info(table)
            if info.size not in (3, 4):
                continue
            checked += 1
            for problem in stored_value_problems(info):
                found += 1
                # Translators: a table, then what is wrong with one of its deals
                self.stdout.write(gettext("%(where)s: %(problem)s")
                                  % {"where": where, "problem": problem})
        if mended:
            cache.clear()  # results kept from the feet as they were
        self.stdout.write(gettext("%(checked)s tables checked, %(found)s problem(s), %(feet)s "
                                  "foot (feet) not added up, %(mended)s added up again.")
                          % {"checked": checked, "found": found, "feet": feet,
                             "mended": mended})
        if found or feet:
            raise CommandError(gettext("%(found)s stored deal value(s) differ from the rules or "
                                       "from the deal's record; %(feet)s sheet foot (feet) "
                                       "differ from the deals.")
                               % {"found": found, "feet": feet})
