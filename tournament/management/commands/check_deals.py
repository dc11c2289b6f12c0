"""`manage.py check_deals`: every stored deal scored again by the engine.

A deal is scored once, when it is entered; this finds a stored value the rules no longer give
(an engine change, a hand-edited database) and scoring columns (game, trump, matadors, won,
card points, Passt Nicht, each seat's Points) that are not what the deal's record gives. It
prints each table's problems and exits with status 1 when there are any.
"""

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Table
from tournament.sheets.loaders import stored_value_problems, table_info


class Command(BaseCommand):
    help = ("Score every stored deal again with the engine and report values and scoring "
            "columns that differ.")

    def add_arguments(self, parser):
        parser.add_argument("--tournament", help="the tournament's slug (default: all)")

    def handle(self, *args, tournament=None, **options):
        tables = Table.objects.select_related("series__tournament").order_by(
            "series__tournament__slug", "series__number", "number")
        if tournament:
            tables = tables.filter(series__tournament__slug=tournament)
        checked = found = 0
        for table in tables.iterator():
            info = table_info(table)
            if info.size not in (3, 4):
                continue
            checked += 1
            for problem in stored_value_problems(info):
                found += 1
                where = (f"{table.series.tournament.slug} series {table.series.number} "
                         f"table {table.number}")
                self.stdout.write(f"{where}: {problem}")
        self.stdout.write(f"{checked} tables checked, {found} problem(s).")
        if found:
            raise CommandError(f"{found} stored deal value(s) differ from the rules or from "
                               "the deal's record.")
